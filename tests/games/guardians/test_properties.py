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


# The engine's conformance suite checks every sample against the seat's information;
# these check what only Guardian's Call's counting knows.


def position(moves: list[tuple[int, str]], **setup: object) -> GuardiansState:
    state = new_game(
        "guardians",
        2,
        3,
        setup={
            "hands": [["shield", "shield", "spell"], ["villager"] * 3],
            "pool": ["weapon", "artifact", "shield", "villager", "curse"],
            **setup,
        },
    )
    assert isinstance(state, GuardiansState)
    for seat, move in moves:
        state.apply(seat, move)
    return state


def samples(state: GuardiansState, viewer: int | None, count: int = 40) -> list[GuardiansState]:
    info = InfoState.of(state, viewer)
    return [GuardiansState.sample(info, random.Random(k)) for k in range(count)]


def test_a_card_taken_from_the_pool_is_in_that_hand_in_every_sample() -> None:
    moves = [(0, "draw pool curse"), (0, "draw pool weapon"), (0, "offer 2 shield to 1 as shield")]
    state = position([*moves, (1, "believe")])
    worlds = samples(state, 1)
    assert all({"curse", "weapon"} <= set(w.hands[0]) for w in worlds)
    assert len({tuple(sorted(w.hands[0])) for w in worlds}) > 1  # the third card is not known


def test_war_and_council_are_sampled_within_their_piles() -> None:
    state = new(4, 5)
    low_war, high_war = state.war_pile
    low_council, high_council = state.council_pile
    wars, councils = set(), set()
    for world in samples(state, 2, 60):
        from_bottom = world.deck[::-1]
        wars.add(from_bottom.index(WAR))
        councils.add(from_bottom.index(COUNCIL))
    assert all(low_war <= w < high_war for w in wars) and len(wars) > 10
    assert all(low_council <= c < high_council for c in councils) and len(councils) > 10


def test_a_treasure_put_back_stays_where_its_seat_knows_it_is() -> None:
    state = position(
        [(0, "treasure"), (0, "keep 10")], tableaux=[{"artifact": ["artifact"] * 3}, {}], treasures=[5, 10]
    )
    assert state.treasure_deck[-1] == 5
    assert all(world.treasure_deck[-1] == 5 for world in samples(state, 0))
    assert {world.treasure_deck[-1] for world in samples(state, 1)} != {5}


def test_the_views_own_json_is_the_generic_one() -> None:
    state = new(4, 21)
    chooser = random.Random(21)
    for _ in random_play(state, chooser):
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            assert view.to_json() == View.to_json(view)
