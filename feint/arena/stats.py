"""Win shares with 95% Wilson score intervals, grouped by bot, seat position or configuration."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from feint.arena.records import GameRecord
from feint.engine.types import Seat

K = TypeVar("K", bound=Hashable)

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson 1927; Newcombe 1998, method 3).

    ``successes`` may be fractional (a shared win counts its share).
    """
    if trials <= 0:
        raise ValueError("an interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # The interval always holds p; rounding must not push an end past it at 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class Share:
    """A proportion over ``trials`` with its 95% Wilson interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    def excludes(self, fair: float) -> bool:
        low, high = self.interval
        return not low <= fair <= high

    def text(self) -> str:
        low, high = self.interval
        return f"{self.value:6.1%} [{low:.1%}, {high:.1%}]"


def shares(records: Iterable[GameRecord], key: Callable[[GameRecord, Seat], K | None]) -> dict[K, Share]:
    """Win shares of every seat of every game, grouped by ``key`` (None leaves the seat out)."""
    won: dict[K, float] = {}
    played: dict[K, int] = {}
    for record in records:
        for seat in range(record.players):
            group = key(record, seat)
            if group is not None:
                won[group] = won.get(group, 0.0) + record.win_share(seat)
                played[group] = played.get(group, 0) + 1
    return {group: Share(won[group], played[group]) for group in played}


def by_bot(record: GameRecord, seat: Seat) -> str:
    return record.bots[seat]


def by_seat(record: GameRecord, seat: Seat) -> Seat:
    return seat


def by_bot_and_seat(record: GameRecord, seat: Seat) -> tuple[str, Seat]:
    return record.bots[seat], seat


def by_matchup(record: GameRecord, seat: Seat) -> tuple[str, str] | None:
    """The bot and its opponent, in games between exactly two bots; None in the others."""
    bot = record.bots[seat]
    others = set(record.bots) - {bot}
    return (bot, others.pop()) if len(others) == 1 else None


def proportion(successes: int, trials: int) -> Share | None:
    return Share(successes, trials) if trials else None


@dataclass(frozen=True, slots=True)
class Spread:
    """A sample's mean with a 95% normal interval of the mean, its median and 10th-90th percentiles."""

    values: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values)

    @property
    def half_width(self) -> float:
        n = len(self.values)
        return Z95 * statistics.stdev(self.values) / math.sqrt(n) if n > 1 else math.inf

    def percentile(self, q: float) -> float:
        ordered = sorted(self.values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def text(self) -> str:
        return (
            f"{self.mean:.1f} ± {self.half_width:.1f} (median {self.percentile(0.5):g}, "
            f"10-90% {self.percentile(0.1):g}-{self.percentile(0.9):g})"
        )


def spread(values: Sequence[float]) -> Spread:
    return Spread(tuple(values))
