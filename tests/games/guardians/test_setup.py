"""Set-up step 5 (the deck in four piles, War in the bottom pile, Council in the
second) and the checks on a replay's fixed ``setup``."""

from __future__ import annotations

from typing import Any

import pytest

from feint.engine import SetupError, StateFormatError, new_game, state_from_json
from feint.games.guardians.cards import COUNCIL, GUARDIANS, WAR
from feint.games.guardians.state import GuardiansState


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_war_is_in_the_bottom_pile_and_council_in_the_second(players: int) -> None:
    guardian_cards = 90 if players == 2 else 120
    rest = guardian_cards - 3 * players - 5
    base, extra = divmod(rest, 4)
    bottom = base + 1  # with War; extra cards go to the upper piles first
    second = base + (1 if extra >= 3 else 0) + 1  # with Council
    seen_war, seen_council = set(), set()
    for seed in range(60):
        state = new_game("guardians", players, seed)
        assert isinstance(state, GuardiansState)
        deck = state.deck
        assert len(deck) == rest + 2
        war, council = deck.index(WAR), deck.index(COUNCIL)
        assert len(deck) - bottom <= war < len(deck)
        assert len(deck) - bottom - second <= council < len(deck) - bottom
        seen_war.add(war)
        seen_council.add(council)
    assert len(seen_war) > 10 and len(seen_council) > 10  # shuffled into the pile, not placed


def test_guardians_and_quests_are_dealt_from_the_seed() -> None:
    dealt = {_state(seed).guardians for seed in range(30)}
    assert len(dealt) > 10
    assert all(len(set(g)) == 5 and set(g) == set(GUARDIANS) for g in dealt)
    quests = {_state(seed).quests for seed in range(30)}
    assert len(quests) > 10 and all(len(set(q)) == 3 for q in quests)
    assert _state(4).to_json() == _state(4).to_json()


def _state(seed: int) -> GuardiansState:
    state = new_game("guardians", 5, seed)
    assert isinstance(state, GuardiansState)
    return state


def test_a_fixed_deck_top_keeps_the_rest_of_set_up() -> None:
    state = new_game("guardians", 3, 1, setup={"deck": ["spell", "war"], "pool": ["curse"] * 5})
    assert isinstance(state, GuardiansState)
    assert state.deck[:2] == ["spell", "war"]
    assert state.deck.count(WAR) == 1 and state.deck.count(COUNCIL) == 1
    assert state.pool == ["curse"] * 5


def test_a_short_pool_is_refilled_from_the_deck_top_on_the_first_turn() -> None:
    state = new_game("guardians", 2, 1, setup={"pool": ["weapon"], "deck": ["council", "shield", "spell"]})
    assert isinstance(state, GuardiansState)
    assert state.pool[:3] == ["weapon", "shield", "spell"] and len(state.pool) == 5
    assert state.council_done and state.removed == [COUNCIL]


def test_reading_a_state_from_json_deals_no_new_game(monkeypatch: pytest.MonkeyPatch) -> None:
    data = new_game("guardians", 3, 8).to_json()

    def no_deal(*args: Any) -> None:
        raise AssertionError("from_json dealt a new game")

    monkeypatch.setattr("feint.games.guardians.state.deal", no_deal)
    assert state_from_json(data).to_json() == data


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"hand": []}, "unknown setup key 'hand'"),
        ({"guardians": ["mage", "mage"]}, "must list 2 different Guardians"),
        ({"guardians": ["mage", "druid"]}, "unknown Guardian 'druid'"),
        ({"quests": [1, 2]}, "must list 3 different Quest numbers"),
        ({"quests": [1, 2, 17]}, "there is no Quest 17"),
        ({"treasures": [4]}, "Treasure values"),
        ({"treasures": [3] * 6}, "more often than the five"),
        ({"pool": ["weapon"] * 6}, "setup.pool must be a list of at most 5 cards"),
        ({"deck": "curse"}, "setup.deck must be a list of cards"),
        ({"pool": ["war"]}, "'war' is not a card here"),
        ({"hands": [["weapon"]]}, "one entry per seat (2)"),
        ({"deck": ["curse"] * 16}, "more curse cards than a 2-seat game has"),
        ({"coins": [1, -1]}, "whole number of at least 0"),
        ({"tableaux": [{"weapon": ["spell"]}, {}]}, "Spells need a weapon in their stack"),
        ({"tableaux": [{"weapon": ["shield"]}, {}]}, "'shield' is not a card here"),
        ({"tableaux": [{"curse": ["curse"]}, {}]}, "must map stacks"),
    ],
)
def test_a_bad_setup_is_refused_clearly(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as raised:
        new_game("guardians", 2, 0, setup=setup)
    assert message in str(raised.value)


def test_state_from_json_refuses_a_broken_state() -> None:
    data = new_game("guardians", 2, 1).to_json()
    with pytest.raises(StateFormatError, match=r"not a Guardian.s Call state: hands"):
        state_from_json({**data, "hands": None})
    with pytest.raises(StateFormatError, match="one entry per seat"):
        state_from_json({**data, "coins": [0]})
    with pytest.raises(StateFormatError, match="one whole deck"):
        state_from_json({**data, "pool": [*data["pool"], "curse"]})
    with pytest.raises(StateFormatError, match="Treasures are not all there"):
        state_from_json({**data, "treasure_deck": data["treasure_deck"][1:]})
