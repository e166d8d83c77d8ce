"""Properties of random Knights of Glory games: they end, conserve the weapon
cards and the KOG tokens after every move, and hide what a seat cannot know.
The contract every game keeps (determinism, JSON, illegal moves, clones) is
checked in tests/engine/test_conformance.py."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import new_game
from feint.games.knights import moves as mv
from feint.games.knights.cards import (
    DIE_FACES,
    PATH_KINDS,
    PATH_PLACES,
    TOKEN,
    TOKEN_CAP,
    PathCard,
    weapon_deck,
)
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
        cards += hand
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
                assert not known - hand
        assert weapon_cards(state) == deck
        winners = state.result().winners
        assert winners == tuple(sorted(state.exits)) or (not state.exits and state.round == state.max_rounds)


def scramble_hidden(
    state: KnightsState, viewer: int, shuffler: random.Random, hands_only: bool = False
) -> KnightsState:
    """A copy in which everything ``viewer`` cannot know is dealt anew.

    The cards the viewer cannot see (other hands but their known cards, the
    Unknown Deck, the Discard Pile, other seats' unrevealed covers) are
    shuffled among those places, keeping every pile's size; unflipped path
    cards, future dice, the generator and votes not yet revealed change too.
    With ``hands_only``, only the unknown cards of the other hands are
    shuffled among those hands.
    """
    other = state.clone()
    slots: list[tuple[str, Any]] = []
    for seat in range(other.players):
        if seat != viewer:
            hidden = other.hands[seat] - other.known[seat]
            slots += (("hand", seat) for _ in range(sum(hidden.values())))
            other.hands[seat] = Counter(other.known[seat])
    pool = [
        c
        for seat in range(state.players)
        if seat != viewer
        for c in (state.hands[seat] - state.known[seat]).elements()
    ]
    if not hands_only:
        slots += (("unknown", i) for i in range(len(other.unknown)))
        slots += (("discard", i) for i in range(len(other.discard)))
        covers = other.attempt.covers if other.attempt is not None and other.attempt.covers else []
        if other.active != viewer:
            slots += (("cover", c) for c in covers if not c.public and c.card != TOKEN)
        pool += state.unknown + state.discard
        if state.active != viewer and state.attempt is not None and state.attempt.covers:
            pool += [c.card for c in state.attempt.covers if not c.public and c.card != TOKEN]
    shuffler.shuffle(pool)
    for (where, key), card in zip(slots, pool, strict=True):
        if where == "hand":
            other.hands[key][card] += 1
        elif where == "unknown":
            other.unknown[key] = card
        elif where == "discard":
            other.discard[key] = card
        else:
            key.card = card
    if hands_only:
        other._forget()
        return other
    for place in PATH_PLACES:
        if not other.revealed[place]:
            other.path[place - 1] = PathCard(other.path[place - 1].tier, shuffler.choice(PATH_KINDS))
    other.dice_queue = [shuffler.choice(DIE_FACES) for _ in range(shuffler.randrange(4))]
    other.rng.state = shuffler.getrandbits(64)
    if other.phase is Phase.VOTE:
        for seat in other.voters:
            if seat != viewer and other.votes[seat] is not None:
                other.votes[seat] = shuffler.random() < 0.5
    other._forget()
    return other


def seen(state: KnightsState, viewer: int) -> str:
    legal = [str(m) for m in state.legal_moves(viewer)]
    return json.dumps([state.view(viewer).to_json(), legal])


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
    scrambled = scramble_hidden(state, viewer, random.Random(seed + 1))
    assert weapon_cards(scrambled) == weapon_cards(state)
    assert seen(scrambled, viewer) == seen(state, viewer)
    # What follows the viewer's own move must not depend on the other hands either
    # (say, whether another seat is asked to choose a card). Only the hands are dealt
    # anew here: the flips, dice and deals that follow a move may rightly show the rest.
    if viewer in state.to_move():
        other_hands = scramble_hidden(state, viewer, random.Random(seed + 2), hands_only=True)
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
        if isinstance(m, mv.Cover) and m.cover not in ("wild", "token") and not state.known[seat][m.cover]
    ]
    pairs += [(a, b) for a in hidden for b in hidden if a.face == b.face and a.cover < b.cover]
    discards = [
        m for m in legal if isinstance(m, mv.Discard) and not any(state.known[seat][c] for c in m.cards)
    ]
    pairs += [
        (a, b) for a in discards for b in discards if len(a.cards) == len(b.cards) and a.index < b.index
    ]
    if state.phase is Phase.VOTE and len(state.to_move()) > 1:
        pairs.append((mv.VOTE_AGREE, mv.VOTE_DISAGREE))
    return pairs


@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_secret_choices_look_the_same_to_every_other_seat(players: int, seed: int) -> None:
    """The log records what others saw of a move: a face-down card, a discard or a vote
    before all are cast must reach every other view identically, whatever it was."""
    state = new(players, seed, [])
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
                if reshuffled_since(one, len(state.log)) or reshuffled_since(two, len(state.log)):
                    continue  # a reshuffled discard pile deals what was discarded: chance, not a leak
                for viewer in (None, *(s for s in range(players) if s != seat)):
                    assert one.view(viewer).to_json() == two.view(viewer).to_json()
                checked += 1
    assert checked > 0


def reshuffled_since(state: KnightsState, start: int) -> bool:
    return any(e.public.get("event") == "reshuffle" for e in state.log[start:])
