"""The registry of games: look a game up by name and start one.

The engine knows the built-in games only by module name, so it imports no game
code until a game is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from feint.engine.errors import SetupError, StateFormatError
from feint.engine.seeding import SEEDS, is_seed
from feint.engine.state import GameState
from feint.engine.types import is_whole

_BUILTIN_GAMES = ("feint.games.guile", "feint.games.knights", "feint.games.guardians")
_games: dict[str, type[GameState]] = {}
_loaded = False


def register(cls: type[GameState]) -> type[GameState]:
    """Class decorator: make a game available under ``cls.NAME``."""
    _games[cls.NAME] = cls
    return cls


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        for module in _BUILTIN_GAMES:
            importlib.import_module(module)
        _loaded = True


def game_names() -> list[str]:
    _load_builtins()
    return sorted(_games)


def get_game(name: str) -> type[GameState]:
    _load_builtins()
    try:
        return _games[name]
    except KeyError:
        raise SetupError(f"unknown game {name!r}; games are {', '.join(game_names())}") from None


def new_game(
    name: str,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> GameState:
    """A new game of ``name``: the same arguments always give the same game."""
    cls = get_game(name)
    count = (cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS) if players is None else players
    if not is_whole(count):
        raise SetupError(f"players must be a whole number, not {count!r}")
    if not cls.MIN_PLAYERS <= count <= cls.MAX_PLAYERS:
        allowed = (
            str(cls.MIN_PLAYERS)
            if cls.MIN_PLAYERS == cls.MAX_PLAYERS
            else f"{cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}"
        )
        raise SetupError(f"{cls.TITLE} is played by {allowed} players, not {count}")
    if not is_seed(seed):
        raise SetupError(f"the seed must be a whole number from 0 to {SEEDS[-1]}, not {seed!r}")
    return cls.new(count, seed, options or {}, setup or {})


def state_from_json(data: Mapping[str, Any]) -> GameState:
    """Any game's state from the JSON its ``to_json`` wrote."""
    name = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(name, str):
        raise StateFormatError("a state needs a 'game' name")
    try:
        cls = get_game(name)
    except SetupError as err:
        raise StateFormatError(str(err)) from None
    return cls.from_json(data)
