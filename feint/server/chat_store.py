"""A table's chat in the database (the ``chat`` table of :class:`~feint.server.db.ChatRow`).

A line is numbered when it is written: one more than the table's highest,
read in the insert itself. Two workers saying a line at once at one table
may pick the same number; the second insert then breaks the primary key,
and is tried again with the next number. These calls block: the service
runs them through :meth:`Store.run <feint.server.store.Store.run>`.
"""

from __future__ import annotations

from typing import cast

from sqlalchemy import Table as Table_
from sqlalchemy import func, insert, literal, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from feint.server.chat import Line
from feint.server.db import ChatRow

_CHAT = cast(Table_, ChatRow.__table__)
TRIES = 20
"""Inserts tried before giving up on a line (each lost only to a line another worker said first)."""


def add_line(engine: Engine, table_id: str, line: Line) -> Line:
    """Store ``line`` (its number is ignored) as the table's next line; the line as stored."""
    for _ in range(TRIES):
        with engine.connect() as connection:
            number = connection.execute(
                select(func.coalesce(func.max(_CHAT.c.number) + 1, literal(0))).where(
                    _CHAT.c.table_id == table_id
                )
            ).scalar_one()
            stored = Line(number, line.channel, line.seat, line.kind, line.text, line.seq, line.said)
            try:
                connection.execute(insert(_CHAT), {"table_id": table_id, **_values(stored)})
                connection.commit()
            except IntegrityError:
                connection.rollback()
                continue
            return stored
    raise RuntimeError(f"table {table_id!r}: no free chat line number after {TRIES} tries")


def recent_lines(
    engine: Engine, table_id: str, channels: tuple[str, ...], after: int = -1, limit: int | None = None
) -> list[Line]:
    """The lines of ``channels`` numbered after ``after``, the latest ``limit`` of them, oldest first."""
    query = (
        select(_CHAT)
        .where(_CHAT.c.table_id == table_id, _CHAT.c.channel.in_(channels), _CHAT.c.number > after)
        .order_by(_CHAT.c.number.desc())
        .limit(limit)
    )
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    return [Line(r.number, r.channel, r.seat, r.kind, r.text, r.seq, r.said) for r in reversed(rows)]


def _values(line: Line) -> dict[str, object]:
    return {
        "number": line.number,
        "channel": line.channel,
        "seat": line.seat,
        "kind": line.kind,
        "text": line.text,
        "seq": line.seq,
        "said": line.said,
    }
