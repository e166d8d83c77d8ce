"""Guardian's Call's notation: every move round-trips, types may be plural, indices are stable."""

from __future__ import annotations

import pytest

from feint.engine import NotationError
from feint.games.guardians.moves import MOVES, Assign, Offer, parse_move


def test_every_move_round_trips_through_its_notation_and_index() -> None:
    assert len({str(m) for m in MOVES}) == len(MOVES)
    for index, move in enumerate(MOVES):
        assert move.index == index
        assert parse_move(str(move)) is move


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Offer 2 Weapons to 1 as Shields", "offer 2 weapon to 1 as shield"),
        ("  draw   pool   villagers ", "draw pool villager"),
        ("assign 1 spells to artifacts first", "assign 1 spell to artifact first"),
        ("assign 3 spell to weapons", "assign 3 spells to weapon"),
        ("DISCARD spells", "discard spell"),
        ("keep 10", "keep 10"),
        ("treasure", "treasure"),
    ],
)
def test_case_spacing_and_plurals_do_not_matter(text: str, canonical: str) -> None:
    assert str(parse_move(text)) == canonical


@pytest.mark.parametrize(
    "text", ["", "offer 7 weapon to 1 as shield", "offer 1 weapon to 5 as shield", "keep 4", "buy"]
)
def test_text_outside_the_notation_is_refused_with_the_usage(text: str) -> None:
    with pytest.raises(NotationError, match="moves are: draw pool <type>"):
        parse_move(text)


def test_the_universe_holds_every_offer_and_assignment() -> None:
    offers = [m for m in MOVES if isinstance(m, Offer)]
    assert len(offers) == 6 * 6 * 5 * 6  # count, real type, target seat, declared type
    assigns = [m for m in MOVES if isinstance(m, Assign)]
    assert len(assigns) == 20 * 4 * 2


def test_a_hand_built_offer_is_the_listed_one_and_is_accepted() -> None:
    from feint.engine import new_game

    state = new_game("guardians", 2, 1, setup={"hands": [["weapon", "weapon", "shield"], ["villager"] * 3]})
    offer = Offer(2, "weapon", 1, "shield")  # type: ignore[arg-type]
    assert offer == parse_move("offer 2 weapon to 1 as shield")
    assert MOVES.intern(offer) is parse_move("offer 2 weapon to 1 as shield")
    played = state.apply(0, offer)
    assert played is MOVES[played.index]
    assert state.to_move() == (1,)
