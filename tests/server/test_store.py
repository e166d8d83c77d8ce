"""The store on PostgreSQL: a worker catches up in one read; a connection the database dropped is replaced."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy.engine import make_url

from feint.server.db import open_database
from feint.server.store import Store
from feint.server.tables import SeatState, Table
from tests.server.services import Postgres


def _guile(table_id: str) -> Table:
    return Table.new(
        id=table_id,
        game="guile",
        players=2,
        options={},
        seed=7,
        setup={},
        bot_stream=8,
        public=False,
        creator_hash="c" * 64,
        clock=None,
        seats=[SeatState(0, "human"), SeatState(1, "human")],
        clocks_started=False,
    )


def _first_move(table: Table) -> None:
    seat = table.state.to_move()[0]
    table.play(seat, str(table.state.legal_moves(seat)[0]), table.seq, 0.0)


@pytest.fixture
def url(postgres: Postgres) -> str:
    return postgres.new_database()


@pytest.fixture
def stores(url: str) -> Iterator[tuple[Store, Store]]:
    """Two workers' stores on one database."""
    first, second = Store(open_database(url)), Store(open_database(url))
    yield first, second
    first.close()
    second.close()


def _drop_connections(url: str) -> int:
    """End every other session on the database, as a restart or a failover would: how many."""
    parts = make_url(url)
    with psycopg.connect(
        f"host={parts.host} port={parts.port} user={parts.username} dbname=postgres", autocommit=True
    ) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            (parts.database,),
        ).fetchall()
    return len(rows)


def test_another_workers_moves_seats_and_clocks_are_caught_up(stores: tuple[Store, Store]) -> None:
    first, second = stores
    first.create(_guile("t1"))
    mine, theirs = first.load("t1"), second.load("t1")
    assert mine is not None and theirs is not None

    def claim_start_and_move(table: Table) -> None:
        table.seats[1].claimed = True
        table.clocks_started = True
        _first_move(table)

    first.change(mine, claim_start_and_move)
    second.refresh(theirs)
    assert theirs.moves == mine.moves and len(mine.moves) == 1
    assert theirs.seats == mine.seats and theirs.seats[1].claimed
    assert theirs.clocks_started and theirs.seq == mine.seq
    # The second worker's change starts from there: it catches up under the lock, then moves.
    first.change(mine, _first_move)
    second.change(theirs, _first_move)
    assert [len(t.moves) for t in (mine, theirs)] == [2, 3]
    assert first.load("t1").moves == theirs.moves  # type: ignore[union-attr]


def test_a_change_on_a_dropped_connection_is_retried_once_and_stored_once(
    stores: tuple[Store, Store], url: str
) -> None:
    store, other = stores
    store.create(_guile("t2"))
    table, elsewhere = store.load("t2"), other.load("t2")
    assert table is not None and elsewhere is not None
    store.change(table, _first_move)  # the pools now hold open connections
    other.refresh(elsewhere)
    assert _drop_connections(url) >= 2
    calls = []

    def move(t: Table) -> None:
        calls.append(t.seq)
        _first_move(t)

    store.change(table, move)
    assert len(calls) == 1  # the dropped connection failed before the move was made
    assert store.load("t2").moves == table.moves and len(table.moves) == 2  # type: ignore[union-attr]
    assert _drop_connections(url) >= 1
    other.refresh(elsewhere)  # a read is retried the same way
    assert elsewhere.moves == table.moves
