"""The tables in the database: create, load (rebuilt from the moves), change under a per-table lock.

Every change runs in :meth:`Store.change`: one transaction that locks the
table's row (``SELECT ... FOR UPDATE`` on PostgreSQL, so two workers never
apply two moves to one table at once; SQLite serves one process, whose
asyncio lock is enough), catches the cached table up with moves another
worker stored, makes the change in memory, writes it and commits. A move
is acknowledged and broadcast only after that commit. These calls block:
the service runs them in threads.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from feint.server.db import MoveRow, SeatRow, TableRow, is_shared
from feint.server.tables import Clock, SeatState, Table

T = TypeVar("T")


class Store:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self.shared = is_shared(sessions.kw["bind"])

    def create(self, table: Table) -> None:
        with self.sessions.begin() as session:
            _add(session, table)

    def load(self, table_id: str) -> Table | None:
        """The table rebuilt from its set-up and every stored move; None if there is none."""
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            clock = None if row.clock_bank is None else Clock(row.clock_bank, row.clock_increment or 0.0)
            table = Table.new(
                id=row.id,
                game=row.game,
                players=row.players,
                options=row.options,
                seed=row.seed,
                setup=row.setup,
                bot_stream=row.bot_stream,
                public=row.public,
                creator_hash=row.creator_hash,
                clock=clock,
                seats=_seats(session, table_id),
                rematch=row.rematch,
            )
            table.catch_up(_moves_after(session, table_id, 0))
            return table

    def change(self, table: Table, make: Callable[[Table], T], create: Table | None = None) -> T:
        """Run ``make`` on ``table`` under the table's lock, store what it changed and commit.

        ``create`` (a rematch) is stored in the same transaction if ``make``
        left ``table.rematch`` naming it.

        ``make`` raises TableError having changed nothing, and nothing is
        written. If the write fails after ``make`` changed the table, the
        table is marked broken, so the service loads it afresh.
        """
        with self.sessions.begin() as session:
            row = session.get(TableRow, table.id, with_for_update=self.shared)
            assert row is not None, "a cached table is stored"
            if self.shared:
                self._refresh(session, table, row)
            known = len(table.moves)
            result = make(table)
            try:
                now = time.time()
                session.add_all(
                    MoveRow(table_id=table.id, number=number, seat=seat, move=move, played=now)
                    for number, (seat, move) in enumerate(table.moves[known:], start=known)
                )
                rows = {
                    r.seat: r for r in session.scalars(select(SeatRow).where(SeatRow.table_id == table.id))
                }
                for seat in table.seats:
                    _write_seat(rows[seat.seat], seat)
                row.over = table.over
                if create is not None and row.rematch is None and table.rematch == create.id:
                    _add(session, create)
                row.rematch = table.rematch
                session.flush()
            except BaseException:
                table.broken = True
                raise
        return result

    def refresh(self, table: Table) -> None:
        """Catch ``table`` up with what other workers stored."""
        with self.sessions() as session:
            row = session.get(TableRow, table.id)
            assert row is not None, "a cached table is stored"
            self._refresh(session, table, row)

    def _refresh(self, session: Session, table: Table, row: TableRow) -> None:
        table.catch_up(_moves_after(session, table.id, len(table.moves)))
        table.seats = _seats(session, table.id)
        table.rematch = row.rematch

    def lobby(self) -> list[str]:
        """The ids of public tables not over that have a person's seat nobody has opened."""
        with self.sessions() as session:
            query = (
                select(TableRow.id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(TableRow.public, ~TableRow.over, SeatRow.kind == "human", ~SeatRow.claimed)
                .distinct()
                .order_by(TableRow.id)
                .limit(100)
            )
            return list(session.scalars(query))

    def unfinished(self) -> list[str]:
        """Tables whose game goes on: the service resumes their bots and clocks on start."""
        with self.sessions() as session:
            return list(session.scalars(select(TableRow.id).where(~TableRow.over)))


def _add(session: Session, table: Table) -> None:
    session.add(
        TableRow(
            id=table.id,
            game=table.game,
            players=table.players,
            options=dict(table.options),
            seed=table.seed,
            setup=dict(table.setup),
            bot_stream=table.bot_stream,
            public=table.public,
            creator_hash=table.creator_hash,
            clock_bank=None if table.clock is None else table.clock.bank,
            clock_increment=None if table.clock is None else table.clock.increment,
            over=False,
            rematch=None,
            created=time.time(),
        )
    )
    session.flush()  # the table's row before its seats', which refer to it
    session.add_all(
        SeatRow(
            table_id=table.id,
            seat=seat.seat,
            kind=seat.kind,
            bot=seat.bot,
            token_hash=seat.token_hash,
            claimed=seat.claimed,
            stand_in=seat.stand_in,
            remaining=seat.remaining,
            running_since=seat.running_since,
        )
        for seat in table.seats
    )


def _seats(session: Session, table_id: str) -> list[SeatState]:
    rows = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))
    return [
        SeatState(r.seat, r.kind, r.bot, r.token_hash, r.claimed, r.stand_in, r.remaining, r.running_since)
        for r in rows
    ]


def _moves_after(session: Session, table_id: str, known: int) -> list[tuple[int, str]]:
    query = (
        select(MoveRow.seat, MoveRow.move)
        .where(MoveRow.table_id == table_id, MoveRow.number >= known)
        .order_by(MoveRow.number)
    )
    return [(seat, move) for seat, move in session.execute(query)]


def _write_seat(row: SeatRow, seat: SeatState) -> None:
    row.kind = seat.kind
    row.bot = seat.bot
    row.token_hash = seat.token_hash
    row.claimed = seat.claimed
    row.stand_in = seat.stand_in
    row.remaining = seat.remaining
    row.running_since = seat.running_since
