"""The tables in the database: create, load (rebuilt from the moves), change under a per-table lock.

Every change runs in :meth:`Store.change`: one transaction that locks the
table's row (``SELECT ... FOR UPDATE`` on PostgreSQL, so two workers never
apply two moves to one table at once; SQLite serves one process, whose
asyncio lock is enough), catches the cached table up with moves another
worker stored, makes the change in memory, writes what it changed and
commits. A move is acknowledged and broadcast only after that commit. The
hot path is SQLAlchemy Core, not the ORM: a move costs an insert and the
updates of what changed. These calls block: the service runs them through
:meth:`Store.run`, in threads for PostgreSQL and on the loop for SQLite.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, replace
from typing import Any, TypeVar

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.engine import Engine

from feint.server.db import MoveRow, SeatRow, TableRow, is_shared
from feint.server.tables import Clock, SeatState, Table

T = TypeVar("T")


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.shared = is_shared(engine)
        # PostgreSQL is a network round trip away: threads wait for it while the loop goes on.
        # SQLite (one process, WAL, synchronous=NORMAL) commits to the OS in tens of microseconds
        # without syncing, so the work is the interpreter's: run in a thread, it only fought the
        # loop for the interpreter lock (each hand-over up to its 5 ms switch interval), so it runs
        # on the loop itself.
        self._threads = ThreadPoolExecutor(8, thread_name_prefix="feint-db") if self.shared else None

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)``: in the store's threads for PostgreSQL, on the loop for SQLite."""
        if self._threads is None:
            return work(*args)
        return await asyncio.get_running_loop().run_in_executor(self._threads, work, *args)

    def close(self) -> None:
        if self._threads is not None:
            self._threads.shutdown(wait=True)
        self.engine.dispose()

    def create(self, table: Table) -> None:
        with self.engine.begin() as connection:
            _add(connection, table)

    def load(self, table_id: str) -> Table | None:
        """The table rebuilt from its set-up and every stored move; None if there is none."""
        with self.engine.connect() as connection:
            row = connection.execute(select(TableRow.__table__).where(TableRow.id == table_id)).first()
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
                seats=_seats(connection, table_id),
                rematch=row.rematch,
                clocks_started=row.clocks_started,
            )
            table.catch_up(_moves_after(connection, table_id, 0))
            return table

    def change(self, table: Table, make: Callable[[Table], T], create: Table | None = None) -> T:
        """Run ``make`` on ``table`` under the table's lock, store what it changed and commit.

        ``create`` (a rematch) is stored in the same transaction if ``make``
        left ``table.rematch`` naming it. ``make`` raises TableError having
        changed nothing, and nothing is written. If the write fails after
        ``make`` changed the table, the table is marked broken, so the
        service loads it afresh.
        """
        with self.engine.begin() as connection:
            if self.shared:
                self._refresh(connection, table, lock=True)
            known = len(table.moves)
            seats = [replace(seat) for seat in table.seats]
            before = (table.over, table.rematch, table.clocks_started)
            result = make(table)
            try:
                self._write(connection, table, known, seats, before, create)
            except BaseException:
                table.broken = True
                raise
        return result

    def _write(
        self,
        connection: Connection,
        table: Table,
        known: int,
        seats: list[SeatState],
        before: tuple[bool, str | None, bool],
        create: Table | None,
    ) -> None:
        now = time.time()
        new = table.moves[known:]
        if new:
            rows = [
                {
                    "table_id": table.id,
                    "number": number,
                    "seat": seat,
                    "move": move,
                    "played": now,
                    "stand_in": applied.stand_in,
                }
                for number, ((seat, move), applied) in enumerate(
                    zip(new, table.applied[known:], strict=True), start=known
                )
            ]
            connection.execute(insert(MoveRow), rows)
        for old, seat in zip(seats, table.seats, strict=True):
            if old != seat:
                where = (SeatRow.table_id == table.id) & (SeatRow.seat == seat.seat)
                connection.execute(update(SeatRow).where(where).values(**_seat_values(seat)))
        if create is not None and before[1] is None and table.rematch == create.id:
            _add(connection, create)
        after = (table.over, table.rematch, table.clocks_started)
        if after != before:
            values = {"over": table.over, "rematch": table.rematch, "clocks_started": table.clocks_started}
            connection.execute(update(TableRow).where(TableRow.id == table.id).values(**values))

    def refresh(self, table: Table) -> None:
        """Catch ``table`` up with what other workers stored."""
        with self.engine.connect() as connection:
            self._refresh(connection, table, lock=False)

    def _refresh(self, connection: Connection, table: Table, lock: bool) -> None:
        query = select(TableRow.rematch, TableRow.clocks_started).where(TableRow.id == table.id)
        row = connection.execute(query.with_for_update() if lock else query).one()
        table.catch_up(_moves_after(connection, table.id, len(table.moves)))
        table.seats = _seats(connection, table.id)
        table.rematch, table.clocks_started = row.rematch, row.clocks_started

    def lobby(self) -> list[str]:
        """The ids of public tables not over with a seat open to the lobby that nobody has taken."""
        query = (
            select(TableRow.id)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(TableRow.public, ~TableRow.over, SeatRow.lobby, ~SeatRow.claimed)
            .distinct()
            .order_by(TableRow.id)
            .limit(100)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def unfinished(self) -> list[str]:
        """Tables whose game goes on: the service resumes their bots and clocks on start."""
        with self.engine.connect() as connection:
            return list(connection.execute(select(TableRow.id).where(~TableRow.over)).scalars())


def _add(connection: Connection, table: Table) -> None:
    clock = table.clock
    connection.execute(
        insert(TableRow),
        {
            "id": table.id,
            "game": table.game,
            "players": table.players,
            "options": dict(table.options),
            "seed": table.seed,
            "setup": dict(table.setup),
            "bot_stream": table.bot_stream,
            "public": table.public,
            "creator_hash": table.creator_hash,
            "clock_bank": None if clock is None else clock.bank,
            "clock_increment": None if clock is None else clock.increment,
            "over": False,
            "rematch": None,
            "clocks_started": table.clocks_started,
            "created": time.time(),
        },
    )
    connection.execute(insert(SeatRow), [{"table_id": table.id, **_seat_values(s)} for s in table.seats])


def _seat_values(seat: SeatState) -> dict[str, Any]:
    return asdict(seat)


def _seats(connection: Connection, table_id: str) -> list[SeatState]:
    query = select(SeatRow.__table__).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    return [
        SeatState(
            r.seat,
            r.kind,
            r.bot,
            r.token_hash,
            r.claimed,
            r.stand_in,
            r.remaining,
            r.running_since,
            r.lobby,
            r.pending,
        )
        for r in connection.execute(query)
    ]


def _moves_after(connection: Connection, table_id: str, known: int) -> list[tuple[int, str, bool]]:
    query = (
        select(MoveRow.seat, MoveRow.move, MoveRow.stand_in)
        .where(MoveRow.table_id == table_id, MoveRow.number >= known)
        .order_by(MoveRow.number)
    )
    return [(seat, move, stand_in) for seat, move, stand_in in connection.execute(query)]
