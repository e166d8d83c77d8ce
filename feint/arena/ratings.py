"""Openskill ratings (Plackett-Luce) from each game's finishing order.

The order is the winners first, all tied, then the other seats by score,
equal scores tied. A bot that holds several seats of one game is rated once
per seat against the same ratings, and its new rating is the mean of those.
Games are rated in index order, so the ratings are the same however the
games were played.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from feint.arena.records import GameRecord


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` that tables are sorted by."""
        return self.mu - 3 * self.sigma


def finishing_ranks(record: GameRecord) -> list[int]:
    """Each seat's rank, 1 for the best; ties share a rank."""
    keys = [(seat not in record.winners, -record.scores[seat]) for seat in range(record.players)]
    return [1 + sum(other < key for other in keys) for key in keys]


def rate(records: Iterable[GameRecord]) -> dict[str, Rating]:
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for record in sorted(records, key=lambda r: r.index):
        if len(set(record.bots)) < 2:
            continue
        for bot in record.bots:
            ratings.setdefault(bot, model.rating(name=bot))
        teams = [[ratings[bot]] for bot in record.bots]
        rated = model.rate(teams, ranks=finishing_ranks(record))  # type: ignore[arg-type]
        for bot in set(record.bots):
            mine = [team[0] for team, name in zip(rated, record.bots, strict=True) if name == bot]
            ratings[bot] = model.rating(
                mu=statistics.fmean(r.mu for r in mine),
                sigma=statistics.fmean(r.sigma for r in mine),
                name=bot,
            )
    return {bot: Rating(r.mu, r.sigma) for bot, r in ratings.items()}  # type: ignore[attr-defined]
