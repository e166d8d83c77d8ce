"""Bots by name: ``random`` plays every game, ``heuristic`` has one module per game."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from feint.bots.base import Bot
from feint.bots.random_bot import RandomBot
from feint.engine.errors import SetupError

BOT_KINDS = ("random", "heuristic")
_HEURISTICS = {"guile": "feint.bots.guile_heuristic"}


def make_bot(kind: str, game: str, seed: int = 0) -> Bot:
    """A new bot of ``kind`` for ``game``, with its own seeded generator."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        module = _HEURISTICS.get(game)
        if module is None:
            raise SetupError(f"no heuristic bot for {game!r} yet; use random")
        factory: Callable[[int], Bot] = importlib.import_module(module).HeuristicBot
        return factory(seed)
    raise SetupError(f"unknown bot {kind!r}; bots are {', '.join(BOT_KINDS)}")
