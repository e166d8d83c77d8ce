"""The arena's bots: made for each seat of one game, the omniscient instrument with that game's state, and
each timed at every decision.

Only here is a bot handed the true state: ``omniscient`` (a ceiling for
measurement, :func:`feint.bots.registry.make_omniscient`) reads the state the
arena plays; every other bot is made by :func:`~feint.bots.registry.make_bot`
and sees its seat's information only.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from feint.bots.base import Bot
from feint.bots.registry import OMNISCIENT, make_bot, make_omniscient
from feint.bots.spec import parse_spec
from feint.engine.info import InfoState
from feint.engine.state import GameState, Move


def arena_bot(name: str, game: str, seed: int, state: GameState) -> Bot:
    """The bot ``name`` for a seat of ``state``, the game the arena plays."""
    if parse_spec(name).kind == OMNISCIENT:
        return make_omniscient(name, game, seed, lambda: state)
    return make_bot(name, game, seed)


class Timed:
    """A bot whose every decision is timed: wall-clock milliseconds, forced moves included."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        start = time.perf_counter()
        move = self.bot.choose(info, legal)
        self.times.append((time.perf_counter() - start) * 1000)
        return move
