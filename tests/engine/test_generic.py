"""A game's state is generic over its view and move types, ``GameState[GuileView, GuileMove]``:
the types it declares are the types its views and moves really have, so neither its rules nor a
reader of its views needs a cast (mypy checks the rest)."""

from __future__ import annotations

import random
import types
import typing
from typing import Any

import pytest

from feint.engine import GameState, InfoState, MoveBase, View, game_names, get_game, new_game


def declared(cls: type) -> tuple[Any, ...]:
    """The view and move types ``cls`` gives GameState, through any generic base between them."""
    for base in getattr(cls, "__orig_bases__", ()):
        origin, args = typing.get_origin(base), typing.get_args(base)
        if origin is GameState:
            return args
        if isinstance(origin, type) and issubclass(origin, GameState):
            bound = dict(zip(origin.__parameters__, args, strict=True))  # type: ignore[attr-defined]
            return tuple(bound.get(arg, arg) for arg in declared(origin))
    return next(declared(base) for base in cls.__bases__ if issubclass(base, GameState))


@pytest.mark.parametrize("name", game_names())
def test_a_games_views_and_moves_are_of_the_types_its_state_declares(name: str) -> None:
    cls = get_game(name)
    view_type, move_type = declared(cls)
    assert isinstance(view_type, type) and issubclass(view_type, View) and view_type is not View
    members = typing.get_args(move_type) if isinstance(move_type, types.UnionType) else (move_type,)
    assert members and all(issubclass(kind, MoveBase) for kind in members)
    assert all(isinstance(move, move_type) for move in cls.MOVES)
    state = new_game(name, None, 4)
    chooser = random.Random(4)
    for number in range(100_000):
        if state.is_over():
            break
        for viewer in (None, *range(state.players)) if number % 7 == 0 else ():
            assert isinstance(state.view(viewer), view_type)
            assert isinstance(InfoState.of(state, viewer).view, view_type)
        seat = chooser.choice(state.to_move())
        legal = state.legal_moves(seat)
        assert all(isinstance(move, move_type) for move in legal)
        assert isinstance(state.apply(seat, str(chooser.choice(legal))), move_type)
    assert state.is_over()
    assert isinstance(state.revealed_view(), view_type)
