"""Who sits where: a schedule that puts every bot in every seat position equally often.

A *block* is the unit of fairness. Its tables are the cyclic windows of the
bot list, ``bots[i], bots[i + 1], ..., bots[i + players - 1]`` (indices
mod the number of bots), one for each ``i``; each table is played in every
rotation of its seats. Over a block of ``bots x players`` games every bot
then sits exactly ``players`` times in every seat position, whether there
are more bots than seats (each game picks some of them) or fewer (a bot
holds several seats of one game). With two seats the block is every ordered
pair of bots. The order of the games within each block is shuffled by the
seed, so the schedule is fixed by the seed and nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Lineup = tuple[str, ...]
"""The bot at each seat of one game, by seat."""


def block_size(bots: int, players: int) -> int:
    """How many games make every bot sit in every seat position equally often."""
    return bots * players


def block(bots: Sequence[str], players: int) -> list[Lineup]:
    """One block of line-ups, in a fixed order: every rotation of every cyclic window."""
    count = len(bots)
    tables = [tuple(bots[(start + seat) % count] for seat in range(players)) for start in range(count)]
    return [table[turn:] + table[:turn] for table in tables for turn in range(players)]


def rounded_games(games: int, bots: int, players: int) -> int:
    """``games`` rounded up to whole blocks."""
    size = block_size(bots, players)
    return -(-games // size) * size


def schedule(bots: Sequence[str], players: int, games: int, seed: int | str) -> list[Lineup]:
    """The line-ups of ``games`` games (a whole number of blocks), each block shuffled by ``seed``."""
    size = block_size(len(bots), players)
    if games % size:
        raise ValueError(f"{games} games is not a whole number of blocks of {size}")
    rng = random.Random(f"feint arena schedule {seed}")
    lineups: list[Lineup] = []
    for _ in range(games // size):
        shuffled = block(bots, players)
        rng.shuffle(shuffled)
        lineups.extend(shuffled)
    return lineups
