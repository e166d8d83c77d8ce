"""Knights of Glory set-up (rulebook "Game Setup", "Weapon Card Distribution"; KG1-KG3, KG18)
and the replay ``setup`` and ``options`` keys, each refused with a clear reason when wrong."""

from collections import Counter
from typing import Any

import pytest

from feint.engine import SetupError, new_game
from feint.games.knights.cards import cards_of
from feint.games.knights.state import KnightsState

HANDS_3 = {"0": ["bomb", "key"], "1": ["wild", "wild", "wild"], "2": []}


def knights(players: int = 3, options: Any = None, setup: Any = None) -> KnightsState:
    state = new_game("knights", players, 9, options or {}, setup or {})
    assert isinstance(state, KnightsState)
    return state


@pytest.mark.parametrize(("players", "deck", "unknown"), [(2, 15, 5), (3, 15, 0), (4, 25, 5), (5, 25, 0)])
def test_five_cards_each_and_the_rest_is_the_unknown_deck(players: int, deck: int, unknown: int) -> None:
    state = knights(players)
    assert [sum(h) for h in state.hands] == [5] * players
    assert len(state.unknown) == unknown
    assert sum(sum(h) for h in state.hands) + len(state.unknown) == deck
    assert [card.tier for card in state.path] == [1, 1, 2, 2, 3, 3]
    assert sorted(card.tier for card in state.box) == [1] * 10 + [2] * 10 + [3] * 10
    assert state.active == 0 and state.first == 0 and state.place == [0] * players


def test_a_fixed_setup_deals_exactly_what_it_names() -> None:
    paths = ["sword", "deathtrap", "key", "bomb", "torch", "deathtrap"]
    state = knights(setup={"paths": paths, "hands": HANDS_3, "dice": ["blank"], "reshuffle": False})
    assert [card.kind for card in state.path] == paths
    assert [card.glory for card in state.path] == [0, 0, 0, 0, 0, 2]
    assert cards_of(state.hands[1]) == ("wild",) * 3
    assert Counter(state.unknown) == Counter(bomb=1, key=1, shield=2, sword=2, torch=2, jester=2)
    assert state.dice_queue == ["blank"] and state.reshuffle is False


def test_absent_seats_are_dealt_nothing_and_wait_to_join() -> None:
    state = knights(4, options={"absent": [1, 3]})
    assert [sum(h) for h in state.hands] == [5, 0, 5, 0]
    assert len(state.unknown) == 15
    assert [str(s) for s in state.status] == ["playing", "absent", "playing", "absent"]
    assert [str(m) for m in state.table_moves(1)] == ["join"]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"deck": []}, "unknown setup key 'deck'"),
        ({"paths": ["sword"] * 5}, "six kinds, not 5"),
        ({"paths": ["sword"] * 5 + ["exit"]}, "'exit' in paths is not one of"),
        ({"hands": {"0": [], "1": []}}, "exactly the seats dealt at set-up: 0, 1, 2"),
        ({"hands": {**HANDS_3, "2": ["bomb"] * 6}}, "dealt 6 cards; a hand holds at most 5"),
        ({"hands": {**HANDS_3, "2": ["wild"]}}, "4 wild cards dealt; a 3-seat deck has 3"),
        ({"hands": {**HANDS_3, "2": ["spoon"]}}, "'spoon' in hand of seat 2 is not one of"),
        ({"unknown": ["bomb"]}, "setup.unknown needs setup.hands"),
        ({"hands": HANDS_3, "unknown": ["bomb"]}, "exactly the weapon cards not dealt"),
        ({"dice": ["sword", "skull"]}, "'skull' in dice is not one of"),
        ({"dice": "sword"}, "dice must be a list of names"),
        ({"reshuffle": "no"}, "reshuffle must be true or false"),
    ],
)
def test_a_bad_setup_is_refused_with_its_reason(setup: Any, reason: str) -> None:
    with pytest.raises(SetupError, match=reason):
        knights(setup=setup)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"max_rounds": 0}, "max_rounds must be a whole number of at least 1"),
        ({"max_rounds": "ten"}, "max_rounds must be a whole number"),
        ({"absent": [3]}, "absent seat 3 does not exist; seats are 0 to 2"),
        ({"absent": [0, 1, 2]}, "at least one seat must be at the table"),
        ({"absent": "1"}, "absent must be a list of seats"),
        ({"variants": ["wild-jesters"]}, "unknown variant 'wild-jesters'"),
        ({"rounds": 3}, "unknown option 'rounds'"),
    ],
)
def test_bad_options_are_refused_with_their_reason(options: Any, reason: str) -> None:
    with pytest.raises(SetupError, match=reason):
        knights(options=options)


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_seats(players: int) -> None:
    with pytest.raises(SetupError, match="2 to 5"):
        knights(players)
