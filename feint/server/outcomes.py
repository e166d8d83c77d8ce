"""Bots against people, recorded: each finished table's seats and result, and the shares they add up to.

When a move ends a game the store writes one ``outcomes`` row a seat in the
same transaction (:func:`outcome_rows`): the seat's kind (``person`` or
``bot``), a bot seat's spec, how many of a person's moves a stand-in bot
made, the score, whether it won and its share of the win (a tie shares it).

:func:`people_shares` reads those rows back as each bot's record against
people, per game and bot spec: only bot seats at a table with at least one
person count, and a table at which a stand-in bot made any of a person's
moves is left out (its result is partly a bot's, not the person's) and
counted apart. A bot in several seats of a table counts once per seat, as in
the arena. The fair share is what the bot would win if every seat were as
strong: the mean of 1/players over its seat-games. Intervals are the
arena's (:class:`feint.arena.stats.Share`, Wilson's).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from feint.arena.stats import Share
from feint.engine.types import JsonObject
from feint.server.tables import Table

PERSON, BOT = "person", "bot"


def outcome_rows(table: Table, finished: float) -> list[dict[str, Any]]:
    """The ``outcomes`` rows of ``table``, whose game is over: one a seat."""
    result = table.state.result()
    winners = set(result.winners)
    stood_in = [0] * table.players
    for applied in table.applied:
        stood_in[applied.seat] += applied.stand_in
    return [
        {
            "table_id": table.id,
            "seat": seat.seat,
            "game": table.game,
            "players": table.players,
            "kind": BOT if seat.kind == "bot" else PERSON,
            "bot": seat.bot if seat.kind == "bot" else None,
            "stand_in_moves": stood_in[seat.seat],
            "score": float(result.scores[seat.seat]),
            "won": seat.seat in winners,
            "share": 1 / len(winners) if seat.seat in winners else 0.0,
            "finished": finished,
        }
        for seat in table.seats
    ]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One ``outcomes`` row, as the report reads it."""

    table_id: str
    game: str
    players: int
    kind: str
    bot: str | None
    stand_in_moves: int
    share: float


@dataclass(slots=True)
class BotRecord:
    """A bot's seat-games against people in one game: its win shares and the fair share's sum."""

    won: float = 0.0
    games: int = 0
    fair_sum: float = 0.0

    @property
    def share(self) -> Share:
        return Share(self.won, self.games)

    @property
    def fair(self) -> float:
        return self.fair_sum / self.games


@dataclass(slots=True)
class PeopleReport:
    """Each (game, bot spec)'s record against people, and the tables the report leaves out."""

    records: dict[tuple[str, str], BotRecord] = field(default_factory=dict)
    tables: int = 0
    """Tables read."""
    stood_in: int = 0
    """Tables with people left out because a stand-in bot made some of a person's moves."""

    def to_json(self) -> JsonObject:
        return {
            "tables": self.tables,
            "left_out_stand_in": self.stood_in,
            "bots": [
                {
                    "game": game,
                    "bot": bot,
                    "games": record.games,
                    "wins": record.won,
                    "share": record.share.value,
                    "fair": record.fair,
                    "interval": list(record.share.interval),
                }
                for (game, bot), record in sorted(self.records.items())
            ],
        }


def people_shares(outcomes: Iterable[Outcome]) -> PeopleReport:
    """The report from ``outcomes``, which must come grouped by table (ordered by table id)."""
    report = PeopleReport()
    for _, rows in groupby(outcomes, key=lambda outcome: outcome.table_id):
        seats = list(rows)
        report.tables += 1
        people = [seat for seat in seats if seat.kind == PERSON]
        if not people:
            continue
        if any(seat.stand_in_moves for seat in people):
            report.stood_in += 1
            continue
        for seat in seats:
            if seat.kind == BOT and seat.bot is not None:
                record = report.records.setdefault((seat.game, seat.bot), BotRecord())
                record.won += seat.share
                record.games += 1
                record.fair_sum += 1 / seat.players
    return report


def outcomes_of(rows: Iterable[Any]) -> Iterator[Outcome]:
    """Rows of the ``outcomes`` table (any object with its columns as attributes) as outcomes."""
    for row in rows:
        yield Outcome(row.table_id, row.game, row.players, row.kind, row.bot, row.stand_in_moves, row.share)
