"""The tables in the database: create, load (rebuilt from the moves), change under a per-table lock.

Every change runs in :meth:`Store.change`: one transaction that locks the
table's row (``SELECT ... FOR UPDATE`` on PostgreSQL, so two workers never
apply two moves to one table at once; SQLite serves one process, whose
asyncio lock is enough), catches the cached table up with moves another
worker stored, makes the change in memory, writes what it changed and
commits. A move is acknowledged and broadcast only after that commit. The
hot path is SQLAlchemy Core, not the ORM, with statements built once: a
move costs an insert and the updates of what changed. On PostgreSQL the
transaction's start, the lock and the catching up (one read of the
table's row, its seats and the moves after the ones held) go in one
pipeline, one round trip, and a connection is not pinged when it leaves
the pool: one the database dropped fails on the change's first
statement, before anything changed, and the change is retried once on a
fresh connection. These calls block: the service runs them through
:meth:`Store.run`, in threads for PostgreSQL and on the loop for SQLite.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, replace
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update
from sqlalchemy import Table as Table_
from sqlalchemy.engine import Engine, Row
from sqlalchemy.exc import DBAPIError

from feint.server.db import ContactRow, MoveRow, OutcomeRow, SeatRow, TableRow, is_shared
from feint.server.outcomes import outcome_rows
from feint.server.tables import Clock, SeatState, Table
from feint.server.undo import UndoRequest, rebuild

T = TypeVar("T")

_TABLES, _SEATS, _MOVES = (cast(Table_, row.__table__) for row in (TableRow, SeatRow, MoveRow))
_INSERT_MOVE = insert(_MOVES)
_INSERT_OUTCOMES = insert(cast(Table_, OutcomeRow.__table__))
_UPDATE_SEAT = update(_SEATS).where(
    _SEATS.c.table_id == bindparam("where_table"), _SEATS.c.seat == bindparam("where_seat")
)
_UPDATE_TABLE = update(_TABLES).where(_TABLES.c.id == bindparam("where_table"))
_FORGET_CONTACTS = delete(cast(Table_, ContactRow.__table__)).where(
    ContactRow.table_id == bindparam("where_table")
)
_TRUNCATE = delete(_MOVES).where(
    _MOVES.c.table_id == bindparam("where_table"), _MOVES.c.number >= bindparam("kept")
)
# PostgreSQL's driver runs these in one pipeline (one round trip with the transaction's BEGIN):
# the lock, then what another worker may have changed: part 0 the table's row, 1 its seats (in
# SeatState's field order), 2 the moves after the ones held. The server runs them in turn, so the
# read waits for the lock; under READ COMMITTED it takes its own snapshot then, and so reads what
# the lock's last holder committed (the locking statement's own snapshot predates its wait).
_LOCK = "SELECT 1 FROM tables WHERE id = %(table)s FOR UPDATE"
_CATCH_UP = (
    "SELECT 0 AS part, undos AS n, NULL AS seat, NULL AS kind, NULL AS bot, NULL AS token_hash,"
    " clocks_started AS claimed, expired AS stand_in, NULL AS remaining, NULL AS running_since,"
    " NULL AS lobby, undo AS pending, NULL AS name, rematch AS move FROM tables WHERE id = %(table)s"
    " UNION ALL SELECT 1, seat, seat, kind, bot, token_hash, claimed, stand_in, remaining,"
    " running_since, lobby, pending, name, NULL FROM seats WHERE table_id = %(table)s"
    " UNION ALL SELECT 2, number, seat, NULL, NULL, NULL, NULL, stand_in, NULL, NULL, NULL, NULL, NULL, move"
    " FROM moves WHERE table_id = %(table)s AND number >= %(known)s"
    " ORDER BY part, n"
)


class _Dropped(Exception):
    """The database dropped the connection (a restart, a failover, an idle timeout)."""


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

    def create(self, table: Table, now: float | None = None) -> None:
        """Store a new table, made at wall time ``now`` (the clock's now if None)."""
        with self.engine.begin() as connection:
            _add(connection, table, time.time() if now is None else now)

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
                undos=row.undos,
                undo=UndoRequest.from_text(row.undo),
                expired=row.expired,
                teach=row.teach,
            )
            table.catch_up(_moves_after(connection, table_id, 0))
            return table

    def change(
        self, table: Table, make: Callable[[Table], T], create: Table | None = None, now: float | None = None
    ) -> T:
        """Run ``make`` on ``table`` under the table's lock, store what it changed (at wall time ``now``,
        the clock's now if None: what the idle tables' sweep reads) and commit.

        ``create`` (a rematch) is stored in the same transaction if ``make``
        left ``table.rematch`` naming it. ``make`` raises TableError having
        changed nothing, and nothing is written. If the write fails after
        ``make`` changed the table, the table is marked broken, so the
        service loads it afresh.
        """
        for attempt in (1, 2):
            made = False
            try:
                with self.engine.begin() as connection:
                    if self.shared:
                        self._refresh(connection, table, lock=True)
                    known = len(table.moves)
                    seats = [replace(seat) for seat in table.seats]
                    before = _table_values(table)
                    made = True
                    result = make(table)
                    try:
                        when = time.time() if now is None else now
                        self._write(connection, table, known, seats, before, create, when)
                    except BaseException:
                        table.broken = True
                        raise
                return result
            except (_Dropped, DBAPIError) as error:
                # Only a connection dropped before ``make`` ran: nothing was changed or written yet.
                if made or attempt == 2 or not _dropped(error):
                    raise
        raise AssertionError("unreachable")

    def _write(
        self,
        connection: Connection,
        table: Table,
        known: int,
        seats: list[SeatState],
        before: dict[str, Any],
        create: Table | None,
        now: float,
    ) -> None:
        after = _table_values(table)
        if after["undos"] != before["undos"]:  # moves taken back: from the first no longer kept on
            connection.execute(_TRUNCATE, {"where_table": table.id, "kept": len(table.moves)})
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
            connection.execute(_INSERT_MOVE, rows[0] if len(rows) == 1 else rows)
        for old, seat in zip(seats, table.seats, strict=True):
            if old != seat:
                where = {"where_table": table.id, "where_seat": seat.seat}
                connection.execute(_UPDATE_SEAT, {**where, **_seat_values(seat)})
        if create is not None and before["rematch"] is None and table.rematch == create.id:
            _add(connection, create, now)
        if table.over and not before["over"]:  # this change ended the game: who sat where, and the result
            connection.execute(_INSERT_OUTCOMES, outcome_rows(table, now))
        if (table.over and not before["over"]) or (table.expired and not before["expired"]):
            connection.execute(_FORGET_CONTACTS, {"where_table": table.id})  # nobody is to move any more
        if after != before:
            connection.execute(_UPDATE_TABLE, {"where_table": table.id, **after})

    def refresh(self, table: Table) -> None:
        """Catch ``table`` up with what other workers stored."""
        for attempt in (1, 2):
            try:
                with self.engine.connect() as connection:
                    self._refresh(connection, table, lock=False)
                return
            except (_Dropped, DBAPIError) as error:
                if attempt == 2 or not _dropped(error):
                    raise

    def _refresh(self, connection: Connection, table: Table, lock: bool) -> None:
        params = {"table": table.id, "known": len(table.moves)}
        driver = connection.connection.driver_connection
        try:
            with driver.pipeline():  # type: ignore[union-attr]
                if lock:
                    driver.execute(_LOCK, params)  # type: ignore[union-attr]
                rows = driver.execute(_CATCH_UP, params).fetchall()  # type: ignore[union-attr]
        except connection.dialect.loaded_dbapi.Error as error:
            if driver.broken:  # type: ignore[union-attr]
                connection.invalidate(error)
                raise _Dropped from error
            raise
        if not rows or rows[0][0] != 0:
            raise RuntimeError(f"table {table.id!r} is not in the database")
        table.rematch, table.clocks_started, table.expired = rows[0][13], rows[0][6], rows[0][7]
        table.seats = [SeatState(*row[2:13]) for row in rows if row[0] == 1]
        table.undo = UndoRequest.from_text(rows[0][11])
        if rows[0][1] != table.undos:  # another worker took moves back: replay what is kept
            rebuild(table, _moves_after(connection, table.id, 0))
            table.undos = rows[0][1]
        else:
            table.catch_up([(row[2], row[13], row[7]) for row in rows if row[0] == 2])

    def lobby(self) -> list[str]:
        """The ids of public tables not over with a seat open to the lobby that nobody has taken."""
        query = (
            select(TableRow.id)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(TableRow.public, ~TableRow.over, ~TableRow.expired, SeatRow.lobby, ~SeatRow.claimed)
            .distinct()
            .order_by(TableRow.id)
            .limit(100)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def unfinished(self) -> list[str]:
        """Tables whose game goes on: the service resumes their bots and clocks on start."""
        with self.engine.connect() as connection:
            query = select(TableRow.id).where(~TableRow.over, ~TableRow.expired)
            return list(connection.execute(query).scalars())

    def idle(self, since: float) -> list[str]:
        """Tables whose game goes on with no move stored since wall time ``since`` (nor made since)."""
        last = select(func.max(MoveRow.played)).where(MoveRow.table_id == TableRow.id).scalar_subquery()
        query = select(TableRow.id).where(
            ~TableRow.over, ~TableRow.expired, func.coalesce(last, TableRow.created) < since
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())


def _dropped(error: Exception) -> bool:
    return isinstance(error, _Dropped) or (isinstance(error, DBAPIError) and error.connection_invalidated)


def _add(connection: Connection, table: Table, now: float) -> None:
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
            "teach": table.teach,
            "created": now,
        },
    )
    connection.execute(insert(SeatRow), [{"table_id": table.id, **_seat_values(s)} for s in table.seats])


def _table_values(table: Table) -> dict[str, Any]:
    """The table's row as a change may change it."""
    return {
        "over": table.over,
        "rematch": table.rematch,
        "clocks_started": table.clocks_started,
        "undos": table.undos,
        "undo": None if table.undo is None else table.undo.to_text(),
        "expired": table.expired,
    }


def _seat_values(seat: SeatState) -> dict[str, Any]:
    return asdict(seat)


def _seats(connection: Connection, table_id: str) -> list[SeatState]:
    query = select(SeatRow.__table__).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    return [_seat_state(row) for row in connection.execute(query)]


def _seat_state(row: Row[Any]) -> SeatState:
    return SeatState(
        row.seat,
        row.kind,
        row.bot,
        row.token_hash,
        row.claimed,
        row.stand_in,
        row.remaining,
        row.running_since,
        row.lobby,
        row.pending,
        row.name,
    )


def _moves_after(connection: Connection, table_id: str, known: int) -> list[tuple[int, str, bool]]:
    query = (
        select(MoveRow.seat, MoveRow.move, MoveRow.stand_in)
        .where(MoveRow.table_id == table_id, MoveRow.number >= known)
        .order_by(MoveRow.number)
    )
    return [(seat, move, stand_in) for seat, move, stand_in in connection.execute(query)]
