"""The registry of games: every game is found by its declaration, looked up by name and started.

A game is a package under ``feint.games`` that declares ``GAME`` (a
:class:`~feint.engine.game.Game`) in its ``__init__``, or a package another
distribution names under the entry point group ``feint.games``. Finding them
imports each game's rules and nothing else of it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

import feint.games
from feint.engine.errors import SetupError, StateFormatError
from feint.engine.game import Game
from feint.engine.seeding import SEEDS, is_seed
from feint.engine.state import GameState
from feint.engine.types import is_whole
from feint.engine.words import Phrase

ENTRY_POINTS = "feint.games"
"""The entry point group through which another distribution adds a game: a package, or its ``GAME``."""


@cache
def _declared() -> dict[str, Game]:
    found: list[Any] = [
        importlib.import_module(module.name)
        for module in pkgutil.iter_modules(feint.games.__path__, f"{feint.games.__name__}.")
    ]
    found += [point.load() for point in entry_points(group=ENTRY_POINTS)]
    games: dict[str, Game] = {}
    for thing in found:
        game = getattr(thing, "GAME", None) if isinstance(thing, ModuleType) else thing
        if not isinstance(game, Game):
            raise SetupError(
                Phrase(
                    "{thing!r} declares no game: it needs GAME = Game(...)",
                    thing=getattr(thing, "__name__", thing),
                )
            )
        if game.name in games and games[game.name] != game:
            raise SetupError(
                Phrase(
                    "two games are named {name!r}: {package} and {other}",
                    name=game.name,
                    package=games[game.name].package,
                    other=game.package,
                )
            )
        games[game.name] = game
    return dict(sorted(games.items()))


def refresh() -> None:
    """Look for games again: one installed (or written, as the tests do) since the first look."""
    _declared.cache_clear()


def declarations() -> list[Game]:
    """Every game's declaration, by name."""
    return list(_declared().values())


def declaration(name: str) -> Game:
    try:
        return _declared()[name]
    except KeyError:
        raise SetupError(
            Phrase("unknown game {name!r}; games are {listed}", name=name, listed=", ".join(game_names()))
        ) from None


def game_names() -> list[str]:
    return list(_declared())


def get_game(name: str) -> type[GameState]:
    return declaration(name).state


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
        raise SetupError(Phrase("players must be a whole number, not {count!r}", count=count))
    if not cls.MIN_PLAYERS <= count <= cls.MAX_PLAYERS:
        allowed = (
            str(cls.MIN_PLAYERS)
            if cls.MIN_PLAYERS == cls.MAX_PLAYERS
            else f"{cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}"
        )
        raise SetupError(
            Phrase(
                "{game} is played by {allowed} players, not {count}",
                game=Phrase(cls.TITLE),
                allowed=allowed,
                count=count,
            )
        )
    if not is_seed(seed):
        raise SetupError(
            Phrase(
                "the seed must be a whole number from 0 to {last}, not {seed!r}", last=SEEDS[-1], seed=seed
            )
        )
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
