"""A deliberately slow bot for the time-limit test: the heuristic sleeps, every other bot answers."""

from __future__ import annotations

import time
from collections.abc import Sequence

from feint.server.bots import choose

SLOW_BOT = "heuristic"


def slow_choose(game: str, bot: str, seed: int, info: bytes, legal: Sequence[int]) -> int:
    """In a worker process: ``SLOW_BOT`` never answers in time; the others choose as the server's do."""
    if bot == SLOW_BOT:
        time.sleep(600)
    return choose(game, bot, seed, info, legal)
