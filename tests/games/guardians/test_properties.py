"""Properties of random Guardian's Call games: they end with the right winners,
conserve every card and Treasure after every move, and hide what a seat cannot
know. The contract every game keeps (determinism, JSON, illegal moves, clones)
is checked in tests/engine/test_conformance.py."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import new_game, state_from_json
from feint.games.guardians.cards import COUNCIL, TREASURES, TYPES, WAR
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


def every_card(data: dict[str, Any]) -> Counter[str]:
    """The cards of a state's JSON, counted wherever they lie."""
    cards = Counter(data["deck"] + data["pool"] + data["discard"] + data["removed"] + data["drawn"])
    offer = data["offer"]
    if offer is not None:
        cards[offer["card"]] += offer["count"]
    for seat in data["seats"]:
        cards.update(seat["hand"])
        for stack in seat["tableau"].values():
            cards.update(stack)
    return cards


def every_treasure(data: dict[str, Any]) -> Counter[int]:
    treasures = Counter(data["treasure_deck"] + data["treasure_choice"])
    for seat in data["seats"]:
        treasures.update(seat["treasures"])
    return treasures


@pytest.mark.parametrize("players", SEATS)
def test_random_games_end_at_war_with_the_best_score_winning(players: int) -> None:
    chooser = random.Random(players)
    for seed in range(30):
        state = new(players, seed)
        for _ in random_play(state, chooser):
            pass
        assert WAR in state.removed
        result = state.result()
        totals = [seat.score() for seat in state.seats]
        assert result.scores == tuple(float(t) for t in totals)
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        most_coins = max(state.seats[s].coins for s in leaders)
        assert result.winners == tuple(s for s in leaders if state.seats[s].coins == most_coins)


@pytest.mark.parametrize("players", SEATS)
def test_cards_and_treasures_are_conserved_after_every_move(players: int) -> None:
    chooser = random.Random(10 + players)
    for seed in range(6):
        state = new(players, seed)
        data = state.to_json()
        assert sum(every_card(data).values()) == CARDS[players]
        whole = every_card(data)
        assert whole[COUNCIL] == whole[WAR] == 1
        assert all(whole[t] == (15 if players == 2 else 20) for t in TYPES)
        for _ in random_play(state, chooser):
            data = state.to_json()
            assert every_card(data) == whole
            assert every_treasure(data) == Counter(TREASURES)


def hidden_shuffle(data: dict[str, Any], viewer: int | None, chooser: random.Random) -> dict[str, Any]:
    """The state with everything ``viewer`` may not see changed at random.

    The deck order, the other seats' hands (cards swapped with the deck, sizes
    kept), the real type of another seat's pending offer, the Treasure deck,
    Treasures drawn by another seat, the secret cards of other seats' log
    entries and the generator all change; the public record does not.
    """
    changed = json.loads(json.dumps(data))
    deck = changed["deck"]
    chooser.shuffle(deck)
    guardian_slots = [i for i, card in enumerate(deck) if card in TYPES]
    for seat, record in enumerate(changed["seats"]):
        if seat == viewer:
            continue
        for i in range(len(record["hand"])):
            if guardian_slots:
                j = chooser.choice(guardian_slots)
                record["hand"][i], deck[j] = deck[j], record["hand"][i]
    offer = changed["offer"]
    if offer is not None and offer["offerer"] != viewer:
        other = chooser.choice([t for t in TYPES if t != offer["card"]])
        slots = [i for i, card in enumerate(deck) if card == other][: offer["count"]]
        if len(slots) == offer["count"]:
            for i in slots:
                deck[i] = offer["card"]
            offer["card"] = other
    treasures = changed["treasure_deck"]
    if changed["treasure_choice"] and changed["current"] != viewer:
        mixed = changed["treasure_choice"] + treasures
        chooser.shuffle(mixed)
        changed["treasure_choice"] = mixed[:2]
        changed["treasure_deck"] = mixed[2:]
    else:
        chooser.shuffle(treasures)
    for event in changed["log"]:
        if event[6] and event[1] != viewer:
            event[2] = [chooser.choice(TYPES) for _ in event[2]]
    changed["rng"] = chooser.getrandbits(64)
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
            data = state.to_json()
            other = state_from_json(hidden_shuffle(data, viewer, chooser))
            assert other.to_json() != data
            assert other.view(viewer) == state.view(viewer)
            checked += 1
    assert checked > 0
