"""Bots by name: ``random`` plays every game, ``heuristic`` has one module per game."""

from __future__ import annotations

from collections.abc import Callable

from feint.bots.base import Bot
from feint.bots.guardians_heuristic import HeuristicBot as GuardiansHeuristic
from feint.bots.guile_heuristic import HeuristicBot as GuileHeuristic
from feint.bots.knights_heuristic import HeuristicBot as KnightsHeuristic
from feint.bots.random_bot import RandomBot
from feint.engine.errors import SetupError

BOT_KINDS = ("random", "heuristic")
STRONGEST = "heuristic"
"""The strongest bot of ``BOT_KINDS``: the opponent a front-end offers when none is asked for."""
_HEURISTICS: dict[str, Callable[[int], Bot]] = {
    "guile": GuileHeuristic,
    "knights": KnightsHeuristic,
    "guardians": GuardiansHeuristic,
}


def make_bot(kind: str, game: str, seed: int = 0) -> Bot:
    """A new bot of ``kind`` for ``game``, with its own seeded generator."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        factory = _HEURISTICS.get(game)
        if factory is None:
            raise SetupError(f"no heuristic bot for {game!r} yet; use random")
        return factory(seed)
    raise SetupError(f"unknown bot {kind!r}; bots are {', '.join(BOT_KINDS)}")
