"""Knights of Glory's notation (docs/rules/knights-of-glory.md, "Move notation") and stable indices."""

import pytest

from feint.engine.errors import NotationError
from feint.games.knights.moves import MOVES, Cover, Discard, Substitute, Vote, parse_move
from feint.games.knights.state import KnightsState


def test_every_move_prints_and_parses_back_to_itself() -> None:
    for move in MOVES:
        assert parse_move(str(move)) is move
        assert MOVES[move.index] is move


def test_any_case_spacing_and_order_of_discarded_cards() -> None:
    assert parse_move("  COVER Sword  with Torch ") is parse_move("cover sword with torch")
    assert parse_move("discard wild bomb jester") is parse_move("discard bomb jester wild")
    assert str(parse_move("discard key key")) == "discard key key"


def test_the_issue_examples_and_each_kind_of_move() -> None:
    assert parse_move("cover sword with token") == Cover("sword", "token")
    assert parse_move("cover key with wild face-down") == Cover("key", "wild", face_down=True)
    assert parse_move("substitute bomb with jester") == Substitute("bomb", "jester")
    assert parse_move("discard torch") == Discard(("torch",))
    assert parse_move("vote disagree") == Vote(False)
    for text in ("advance", "pass", "glory 2", "redeem", "retreat", "free advance", "stay", "trade jesters"):
        assert str(parse_move(text)) == text
    for text in ("sit out", "sit in", "leave", "join"):
        assert parse_move(text) in KnightsState.TABLE_MOVES


@pytest.mark.parametrize(
    "text",
    [
        "",
        "cover sword",
        "cover blank with sword",
        "cover sword with dagger",
        "discard",
        "discard bomb bomb bomb bomb",
        "glory 3",
        "vote maybe",
        "substitute sword with token",
        "cover sword with torch face-down",
    ],
)
def test_unparsable_text_is_a_notation_error_that_lists_the_moves(text: str) -> None:
    with pytest.raises(NotationError, match="not a Knights of Glory move; moves are"):
        parse_move(text)


def test_indices_are_stable() -> None:
    """Learning code stores these numbers: changing them breaks saved models."""
    assert len(MOVES) == 222
    assert [
        str(MOVES[i]) for i in (0, 1, 10, 11, 129, 130, 133, 138, 172, 173, 177, 178, 212, 213, 215, 221)
    ] == [
        "advance",
        "pass",
        "join",
        "discard bomb",
        "discard wild wild wild",
        "glory 0",
        "cover bomb with bomb",
        "cover bomb with jester",
        "cover torch with token",
        "cover bomb with wild face-down",
        "cover torch with wild face-down",
        "substitute bomb with bomb",
        "substitute torch with wild",
        "vote agree",
        "reveal bomb",
        "reveal wild",
    ]
    assert KnightsState.move_from_index(213) is parse_move("vote agree")
    with pytest.raises(NotationError):
        KnightsState.move_from_index(222)
