"""Guile's notation (rulings, "Set-up as moves" and "Play") and the stable move indices."""

import pytest

from feint.engine.errors import NotationError
from feint.games.guile.moves import MOVES, Look, Place, Swap, parse_move
from feint.games.guile.state import GuileState


def test_every_move_prints_and_parses_back_to_itself() -> None:
    for move in MOVES:
        assert parse_move(str(move)) is move
        assert MOVES[move.index] is move


def test_knights_by_number_and_any_case_or_spacing() -> None:
    assert parse_move("swap 5") is parse_move("swap meliagant")
    assert parse_move("  PLACE 3   Lancelot ") is parse_move("place 3 2")
    assert parse_move("start 0") is parse_move("start tristan")
    assert parse_move("pick 4") is not parse_move("pick 4d")


def test_rulings_examples() -> None:
    assert [
        str(parse_move(t)) for t in ("faction arthur", "start tristan", "pick 4d", "place 3 lancelot")
    ] == ["faction arthur", "start tristan", "pick 4d", "place 3 lancelot"]
    assert isinstance(parse_move("look"), Look)
    assert parse_move("swap 5") == Swap(5)
    assert parse_move("place isolde tristan") == Place("isolde", 0)


@pytest.mark.parametrize(
    "text", ["", "swap", "swap 8", "swap arthur", "pick 5", "place 3", "faction merlin", "look 2"]
)
def test_unparsable_text_is_a_notation_error_that_lists_the_moves(text: str) -> None:
    with pytest.raises(NotationError, match="not a Guile move; moves are"):
        parse_move(text)


def test_indices_are_stable() -> None:
    """Learning code stores these numbers: changing them breaks saved models."""
    assert len(MOVES) == 91
    assert [str(MOVES[i]) for i in (0, 1, 2, 9, 10, 17, 18, 81, 82, 83, 90)] == [
        "faction arthur",
        "faction mordred",
        "start tristan",
        "start breunor",
        "pick 1",
        "pick merlin",
        "place 1 tristan",
        "place merlin breunor",
        "look",
        "swap tristan",
        "swap breunor",
    ]
    assert GuileState.move_from_index(82) is parse_move("look")
    with pytest.raises(NotationError):
        GuileState.move_from_index(91)
