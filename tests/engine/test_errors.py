"""A move refused is either no move of the game (NotationError) or a move the rules forbid now
(IllegalMove): siblings under MoveError, told apart by every front-end, on every game."""

from __future__ import annotations

import json

import pytest

from feint.engine import IllegalMove, MoveError, NotationError, game_names, get_game, new_game
from feint.engine.replay import Replay, ReplayMoveError


def test_a_notation_error_and_an_illegal_move_are_siblings() -> None:
    assert not issubclass(NotationError, IllegalMove)
    assert not issubclass(IllegalMove, NotationError)
    for kind in (NotationError, IllegalMove):
        assert issubclass(kind, MoveError) and issubclass(kind, ValueError)


@pytest.mark.parametrize("name", game_names())
def test_text_that_is_no_move_raises_a_notation_error_and_changes_nothing(name: str) -> None:
    state = new_game(name, None, 3)
    before = json.dumps(state.to_json())
    seat = state.to_move()[0]
    with pytest.raises(NotationError) as caught:
        state.apply(seat, "steal the crown")
    assert not isinstance(caught.value, IllegalMove)
    assert caught.value.move == "steal the crown" and caught.value.reason
    with pytest.raises(NotationError):
        type(state).move_from_index(len(type(state).MOVES))
    assert json.dumps(state.to_json()) == before


@pytest.mark.parametrize("name", game_names())
def test_a_move_of_the_game_not_allowed_now_raises_an_illegal_move_not_a_notation_error(name: str) -> None:
    state = new_game(name, None, 3)
    before = json.dumps(state.to_json())
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    forbidden = next(m for m in get_game(name).MOVES if m not in legal and m not in state.table_moves(seat))
    with pytest.raises(IllegalMove) as caught:
        state.apply(seat, str(forbidden))
    assert not isinstance(caught.value, NotationError)
    assert str(caught.value).startswith(f"illegal move {str(forbidden)!r}: ")
    assert json.dumps(state.to_json()) == before


def test_a_replay_names_the_move_it_cannot_read_as_well_as_one_it_may_not_play() -> None:
    unreadable = Replay("guile", 2, 0, moves=((0, "faction arthur"), (1, "steal the crown")))
    with pytest.raises(ReplayMoveError, match=r"move 1 \(seat 1, 'steal the crown'\): not a Guile move"):
        unreadable.play()
    forbidden = Replay("guile", 2, 0, moves=((0, "pick 4d"),))
    with pytest.raises(ReplayMoveError, match=r"move 0 \(seat 0, 'pick 4d'\)"):
        forbidden.play()
