"""Properties of random Knights of Glory games: they end, conserve the weapon
cards and the KOG tokens after every move, and hide what a seat cannot know.
The contract every game keeps (determinism, JSON, illegal moves, clones) is
checked for every game in tests/engine/."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import InfoState, ViewerError, new_game
from feint.engine.replay import Replay
from feint.engine.view import HIDDEN
from feint.games.knights import moves as mv
from feint.games.knights.belief import placement
from feint.games.knights.cards import (
    TOKEN,
    TOKEN_CAP,
    add,
    cards_of,
    counts_of,
    weapon_deck,
)
from feint.games.knights.kinds import Kind
from feint.games.knights.model import Phase
from feint.games.knights.state import KnightsState

VARIANTS = ("bluffing-wilds", "blanks-less-rewarding", "agreeing-not-safe")
VARIANT_SETS = [[], *([v] for v in VARIANTS), list(VARIANTS)]


def new(players: int, seed: int, variants: list[str]) -> KnightsState:
    state = new_game("knights", players, seed, {"variants": variants})
    assert isinstance(state, KnightsState)
    return state


def random_play(state: KnightsState, chooser: random.Random) -> Iterator[tuple[int, Any]]:
    """Random legal moves to the end, yielding each (seat, move) before it is applied."""
    while not state.is_over():
        seat = chooser.choice(state.to_move())
        move = chooser.choice(state.legal_moves(seat))
        yield seat, move
        state.apply(seat, move)


def weapon_cards(state: KnightsState) -> Counter[str]:
    """Every weapon card wherever it is: hands, Unknown Deck, Discard Pile, covers in play."""
    cards: Counter[str] = Counter(state.unknown) + Counter(state.discard)
    for hand in state.hands:
        cards += Counter(cards_of(hand))
    if state.attempt is not None and state.attempt.covers:
        cards += Counter(c.card for c in state.attempt.covers if c.card != TOKEN)
    return cards


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
def test_random_games_end_and_conserve_cards_and_tokens_after_every_move(
    players: int, variants: list[str]
) -> None:
    deck = Counter(weapon_deck(players))
    assert sum(deck.values()) == (15 if players <= 3 else 25)
    chooser = random.Random(players)
    for seed in range(12):
        state = new(players, seed, variants)
        for _ in random_play(state, chooser):
            assert weapon_cards(state) == deck
            assert sum(state.tokens) + state.supply == 20
            assert all(0 <= t <= TOKEN_CAP for t in state.tokens)
            for hand, known in zip(state.hands, state.known, strict=True):
                assert all(k <= h for k, h in zip(known, hand, strict=True))
        assert weapon_cards(state) == deck
        winners = state.result().winners
        assert winners == tuple(sorted(state.exits)) or (not state.exits and state.round == state.max_rounds)


def other_hands_dealt_anew(state: KnightsState, viewer: int, shuffler: random.Random) -> KnightsState:
    """A copy in which the cards of the other hands that nobody else knows are dealt anew among them."""
    other = state.clone()
    places = {k: v for k, v in placement(other, viewer).items() if k.startswith("hand ")}
    pool = list(places.values())
    shuffler.shuffle(pool)
    dealt = dict(zip(places, pool, strict=True))
    for seat in range(other.players):
        if seat != viewer:
            mine = [card for where, card in dealt.items() if where.startswith(f"hand {seat} ")]
            other.hands[seat] = add(other.known[seat], counts_of(mine))
    other._forget()
    return other


def seen(state: KnightsState, viewer: int | None) -> str:
    """Everything ``viewer`` has: its view, its events and (a seat's) legal moves."""
    legal = [] if viewer is None else [str(m) for m in state.legal_moves(viewer)]
    events = [e.to_json() for e in state.events(viewer)]
    return json.dumps([state.view(viewer).to_json(), events, legal])


@given(
    players=st.integers(2, 5),
    variants=st.sampled_from(VARIANT_SETS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    viewer=st.integers(0, 4),
)
@settings(max_examples=150, deadline=None)
def test_a_view_does_not_change_when_what_its_seat_cannot_know_changes(
    players: int, variants: list[str], seed: int, steps: int, viewer: int
) -> None:
    viewer %= players
    state = new(players, seed, variants)
    chooser = random.Random(seed)
    for step, _ in enumerate(random_play(state, chooser)):
        if step == steps:
            break
    # A world drawn from the viewer's information: hidden cards, path cards, votes and the
    # generator all drawn anew.
    world = KnightsState.sample(InfoState.of(state, viewer), random.Random(seed + 1))
    assert weapon_cards(world) == weapon_cards(state)
    assert seen(world, viewer) == seen(state, viewer)
    # What follows the viewer's own move must not depend on the other hands either
    # (say, whether another seat is asked to choose a card). Only the hands are dealt
    # anew here: the flips, dice and deals that follow a move may rightly show the rest.
    if viewer in state.to_move():
        other_hands = other_hands_dealt_anew(state, viewer, random.Random(seed + 2))
        move = chooser.choice(state.legal_moves(viewer))
        state.apply(viewer, move)
        other_hands.apply(viewer, move)
        assert seen(other_hands, viewer) == seen(state, viewer)


def twin_moves(state: KnightsState, seat: int) -> list[tuple[Any, Any]]:
    """Pairs of moves of ``seat`` that others must not tell apart: the same die
    covered by different face-down cards, different discards of as many cards,
    and opposite votes while other votes are still to come."""
    legal = state.legal_moves(seat)
    pairs = []
    hidden = [
        m
        for m in legal
        if isinstance(m, mv.Cover)
        and (m.cover not in ("wild", "token") or m.face_down)
        and not state.face_up_only()
    ]
    pairs += [(a, b) for a in hidden for b in hidden if a.face == b.face and a.index < b.index]
    discards = [m for m in legal if isinstance(m, mv.Discard)]
    pairs += [
        (a, b) for a in discards for b in discards if len(a.cards) == len(b.cards) and a.index < b.index
    ]
    if state.phase is Phase.VOTE and len(state.to_move()) > 1:
        pairs.append((mv.VOTE_AGREE, mv.VOTE_DISAGREE))
    return pairs


@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), variants=st.sampled_from(VARIANT_SETS))
@settings(max_examples=40, deadline=None)
def test_secret_choices_look_the_same_to_every_other_seat(
    players: int, seed: int, variants: list[str]
) -> None:
    """What others saw of a move: a face-down card (even one the table knew was in the hand,
    Blanks Are Less Rewarding), a discard or a vote before all are cast must reach every
    other seat's view and events identically, whatever it was."""
    state = new(players, seed, variants)
    chooser = random.Random(seed)
    checked = 0
    for _ in random_play(state, chooser):
        if checked >= 20:
            break
        for seat in state.to_move():
            for first, second in twin_moves(state, seat)[:2]:
                one, two = state.clone(), state.clone()
                one.apply(seat, first)
                two.apply(seat, second)
                if reshuffled_since(one, state.seq) or reshuffled_since(two, state.seq):
                    continue  # a reshuffled discard pile deals what was discarded: chance, not a leak
                for viewer in (None, *(s for s in range(players) if s != seat)):
                    assert seen(one, viewer) == seen(two, viewer)
                checked += 1
    assert checked > 0


def reshuffled_since(state: KnightsState, start: int) -> bool:
    return any(e.kind == Kind.RESHUFFLE for e in state.events(None, since=start))


# --- views share nothing, and determinization ------------------------------------------


def test_a_view_is_for_a_seat_or_the_spectator_only() -> None:
    state = new(4, 1, [])
    for viewer in (-1, 4, True, "0"):
        with pytest.raises(ViewerError):
            state.view(viewer)  # type: ignore[arg-type]
        with pytest.raises(ViewerError):
            state.events(viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_views_and_events_are_immutable_and_share_nothing_with_the_state(players: int) -> None:
    state = new(players, 7, list(VARIANTS))
    chooser = random.Random(7)
    for step, _ in enumerate(random_play(state, chooser)):
        if step % 7:
            continue
        before = json.dumps(state.to_json())
        for viewer in (None, *range(players)):
            view = state.view(viewer)
            hash(view)  # only immutable values inside
            for event in state.events(viewer, since=max(0, state.seq - 20)):
                assert isinstance(event.data, MappingProxyType)
                for value in event.fields().values():
                    assert not isinstance(value, list | dict | set | Counter)
                    hash(value)
            with pytest.raises(AttributeError):
                view.seats = ()  # type: ignore[misc]
        assert json.dumps(state.to_json()) == before


def info_at(players: int, seed: int, variants: list[str], steps: int, viewer: int | None) -> Any:
    state = new(players, seed, variants)
    for step, _ in enumerate(random_play(state, random.Random(seed))):
        if step == steps:
            break
    return state, InfoState.of(state, viewer)


@given(
    players=st.integers(2, 5),
    variants=st.sampled_from(VARIANT_SETS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
    viewer=st.integers(-1, 4),
)
@settings(max_examples=120, deadline=None)
def test_a_sample_gives_the_viewer_the_same_information_and_plays_on(
    players: int, variants: list[str], seed: int, steps: int, viewer: int
) -> None:
    seat = None if viewer < 0 else viewer % players
    state, info = info_at(players, seed, variants, steps, seat)
    sample = KnightsState.sample(info, random.Random(seed))
    assert sample.view(seat) == info.view
    assert list(sample.events(seat)) == info.events
    assert weapon_cards(sample) == weapon_cards(state)
    assert sorted(map(repr, (*sample.path, *sample.box))) == sorted(map(repr, (*state.path, *state.box)))
    sample._check_consistent()
    belief = KnightsState.belief(info)
    placed = state.hidden_placement(seat)
    assert Counter(placed.values()) == belief.unseen()
    assert all(belief.allows(where, card) for where, card in placed.items())
    assert Counter(sample.hidden_placement(seat).values()) == belief.unseen()
    list(random_play(sample, random.Random(seed + 1)))
    assert sample.is_over()


def test_the_same_information_gives_the_same_sample_and_cards_move_between_samples() -> None:
    state, info = info_at(4, 3, [], 40, 1)
    twin = KnightsState.sample(info, random.Random(9))
    other = InfoState.of(twin, 1)
    assert twin.to_json() != state.to_json()
    one = KnightsState.sample(info, random.Random(5))
    two = KnightsState.sample(other, random.Random(5))
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())
    where: dict[Any, set[str]] = {}
    for n in range(60):
        for place, card in KnightsState.sample(info, random.Random(n)).hidden_placement(1).items():
            where.setdefault(card, set()).add(place)
    assert where and all(len(places) > 1 for places in where.values())


def test_a_card_played_face_down_is_never_shown_under_blanks_are_less_rewarding() -> None:
    """Seat 0 reveals a bomb for the blank at place 1, then at place 2 plays a bomb face-down:
    the others no longer know what it holds, and the cover shows as hidden to them."""
    setup = {
        "paths": ["sword", "deathtrap", "key", "bomb", "torch", "deathtrap"],
        "hands": {
            "0": ["bomb", "bomb", "key", "shield", "wild"],
            "1": ["sword", "key", "shield", "torch", "wild"],
        },
        "dice": ["blank", "key"],
    }
    replay = {"game": "knights", "players": 2, "seed": 1, "options": {"variants": ["blanks-less-rewarding"]}}
    state = Replay.from_json({**replay, "setup": setup, "moves": [[0, "advance"], [0, "reveal bomb"]]}).play()
    assert cards_of(state.known[0]) == ("bomb",)
    state.apply(0, "advance")
    state.apply(0, "cover key with bomb")
    assert cards_of(state.known[0]) == ()
    for viewer in (None, 1):
        view = state.view(viewer)
        assert view.covers[0].card is HIDDEN and view.seats[0].known == ()
        assert all(e.get("card") != "bomb" for e in state.events(viewer) if e.kind == Kind.COVER)
    assert state.view(0).covers[0].card == "bomb"
