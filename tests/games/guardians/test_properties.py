"""Properties of random Guardian's Call games: they end with the right winners,
conserve every card and Treasure after every move, hide what a seat cannot
know, and draw worlds consistent with a seat's information. The contract
every game keeps (determinism, JSON, illegal moves, clones) is checked in
tests/engine/."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import InfoState, View, new_game
from feint.games.guardians.cards import COUNCIL, TREASURES, TYPES, WAR, all_cards
from feint.games.guardians.moves import GuardiansMove
from feint.games.guardians.state import GuardiansState

SEATS = (2, 3, 4, 5)
CARDS = {2: 92, 3: 122, 4: 122, 5: 122}


def new(players: int, seed: int) -> GuardiansState:
    state = new_game("guardians", players, seed)
    assert isinstance(state, GuardiansState)
    return state


def random_play(state: GuardiansState, chooser: random.Random) -> Iterator[tuple[int, GuardiansMove]]:
    """Play random legal moves to the end, yielding each (seat, move) after it is applied."""
    while not state.is_over():
        seat = state.to_move()[0]
        move = chooser.choice(state.legal_moves(seat))
        state.apply(seat, move)
        yield seat, move


@pytest.mark.parametrize("players", SEATS)
def test_random_games_end_at_war_with_the_best_score_winning(players: int) -> None:
    chooser = random.Random(players)
    for seed in range(30):
        state = new(players, seed)
        for _ in random_play(state, chooser):
            pass
        assert WAR in state.removed
        result = state.result()
        totals = [points.total() for points in state.points]
        assert result.scores == tuple(float(t) for t in totals)
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        most_coins = max(state.coins[s] for s in leaders)
        assert result.winners == tuple(s for s in leaders if state.coins[s] == most_coins)


@pytest.mark.parametrize("players", SEATS)
def test_cards_and_treasures_are_conserved_after_every_move(players: int) -> None:
    chooser = random.Random(10 + players)
    whole = Counter(all_cards(players))
    assert sum(whole.values()) == CARDS[players]
    assert whole[COUNCIL] == whole[WAR] == 1
    assert all(whole[t] == (15 if players == 2 else 20) for t in TYPES)
    for seed in range(6):
        state = new(players, seed)
        assert state.cards_in_play() == whole
        for _ in random_play(state, chooser):
            assert state.cards_in_play() == whole
            assert state.treasures_in_play() == Counter(TREASURES)


def hidden_shuffle(state: GuardiansState, viewer: int | None, chooser: random.Random) -> GuardiansState:
    """The state with everything ``viewer`` may not see changed at random.

    The deck order, the other seats' hands (cards swapped with the deck, sizes
    kept), the real type of another seat's pending offer, the Treasure deck,
    Treasures drawn by another seat and the generator all change; the public
    record does not.
    """
    changed = state.clone()
    deck = changed.deck
    chooser.shuffle(deck)
    slots = [i for i, card in enumerate(deck) if card in TYPES]
    for seat, hand in enumerate(changed.hands):
        if seat == viewer or not slots:
            continue
        for i in range(len(hand)):
            j = chooser.choice(slots)
            hand[i], deck[j] = deck[j], hand[i]
    offer = changed.offer
    if offer is not None and offer.offerer != viewer:
        card = changed.offer_cards[0]
        other = chooser.choice([t for t in TYPES if t != card])
        found = [i for i, c in enumerate(deck) if c == other][: offer.count]
        if len(found) == offer.count:
            for i in found:
                deck[i] = card
            changed.offer_cards = (other,) * offer.count
    if changed.treasure_choice and changed.current != viewer:
        mixed = list(changed.treasure_choice) + changed.treasure_deck
        chooser.shuffle(mixed)
        changed.treasure_choice = tuple(mixed[:2])
        changed.treasure_deck = mixed[2:]
    else:
        chooser.shuffle(changed.treasure_deck)
    changed.rng.state = chooser.getrandbits(64)
    changed._check_consistent()
    return changed


@given(
    players=st.sampled_from(SEATS),
    seed=st.integers(0, 2**40),
    bot_seed=st.integers(0, 999),
    viewer_index=st.integers(0, 5),
)
@settings(max_examples=40, deadline=None)
def test_a_view_does_not_change_when_what_the_seat_cannot_know_changes(
    players: int, seed: int, bot_seed: int, viewer_index: int
) -> None:
    viewer = viewer_index if viewer_index < players else None
    state = new(players, seed)
    chooser = random.Random(bot_seed)
    checked = 0
    for _ in random_play(state, chooser):
        if chooser.random() < 0.1:
            other = hidden_shuffle(state, viewer, chooser)
            assert other.to_json() != state.to_json()
            assert other.view(viewer) == state.view(viewer)
            checked += 1
    assert checked > 0


@given(
    players=st.sampled_from(SEATS),
    seed=st.integers(0, 2**40),
    bot_seed=st.integers(0, 999),
    viewer_index=st.integers(0, 5),
)
@settings(max_examples=25, deadline=None)
def test_a_sample_gives_the_viewer_its_information_fits_the_belief_and_plays_on(
    players: int, seed: int, bot_seed: int, viewer_index: int
) -> None:
    viewer = viewer_index if viewer_index < players else None
    state = new(players, seed)
    chooser = random.Random(bot_seed)
    checked = 0
    for _ in random_play(state, chooser):
        if chooser.random() >= 0.05:
            continue
        info = InfoState.of(state, viewer)
        belief = GuardiansState.belief(info)
        placement = state.hidden_placement(viewer)
        assert Counter(placement.values()) == belief.unseen()
        assert all(belief.allows(place, card) for place, card in placement.items())
        sample = GuardiansState.sample(info, random.Random(chooser.random()))
        assert sample.view(viewer) == info.view
        assert list(sample.events(viewer)) == info.events
        sample._check_consistent()
        assert (
            GuardiansState.sample(
                InfoState.of(hidden_shuffle(state, viewer, chooser), viewer), random.Random(3)
            ).to_json()
            == GuardiansState.sample(info, random.Random(3)).to_json()
        )
        fitted = sample.hidden_placement(viewer)
        assert Counter(fitted.values()) == belief.unseen()
        assert all(belief.allows(place, card) for place, card in fitted.items())
        list(random_play(sample, chooser))
        assert sample.is_over()
        checked += 1
    assert checked >= 0


def test_the_views_own_json_is_the_generic_one() -> None:
    state = new(4, 21)
    chooser = random.Random(21)
    for _ in random_play(state, chooser):
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            assert view.to_json() == View.to_json(view)
