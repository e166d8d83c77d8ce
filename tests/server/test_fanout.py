"""Two workers sharing tables through PostgreSQL and Redis: presence notices are bounded, never echoed.

Two apps (each a worker, with its own hub and fan-out) run under the ASGI
test client against one PostgreSQL database and one real Redis server; a
third Redis connection counts the notices on the channel.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient

from feint.server.app import Settings, create_app
from feint.server.hub import Fanout
from tests.server.conftest import Socket, new_table, token_of
from tests.server.services import TABLE_SEED, Postgres, redis_server

QUIET = 1.5
"""Seconds of listening that count the notices of a settled table (an echo loop sends thousands)."""


@pytest.fixture
def shared(postgres: Postgres) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two workers on one database and one Redis, and that Redis's URL."""
    database = postgres.new_database()
    with redis_server() as url:
        settings = Settings(
            database=database, redis=url, bot_pause=0.0, bot_processes=1, table_seed=TABLE_SEED
        )
        with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
            yield one, two, url


def presence_notices(channel: Any, seconds: float) -> list[dict[str, Any]]:
    """The presence notices published in the next ``seconds``."""
    notices = []
    until = time.monotonic() + seconds
    while (left := until - time.monotonic()) > 0:
        message = channel.get_message(ignore_subscribe_messages=True, timeout=left)
        if message is not None and message["type"] == "message":
            notice = json.loads(message["data"])
            if "seats" in notice:
                notices.append(notice)
    return notices


def until_connected(sock: Socket, seats: list[bool]) -> None:
    """Read states until one shows exactly ``seats`` connected."""
    while [p["connected"] for p in sock.receive()["presence"]] != seats:
        pass


def test_two_workers_tell_each_other_who_is_here_once_and_then_are_quiet(
    shared: tuple[TestClient, TestClient, str],
) -> None:
    one, two, url = shared
    table = new_table(one, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    listener = redis.Redis.from_url(url).pubsub()
    listener.subscribe(Fanout.CHANNEL)
    assert listener.get_message(timeout=5)["type"] == "subscribe"  # type: ignore[index]
    with (
        one.websocket_connect(f"/ws/{table['table_id']}") as first,
        two.websocket_connect(f"/ws/{table['table_id']}") as second,
    ):
        seat0, seat1 = Socket(first), Socket(second)
        assert seat0.hello(token_of(table, 0))["type"] == "state"
        seat1.send(type="hello", token=token_of(table, 1), since=None)
        # Each worker learns of the other's seat: seat 0 (worker one) sees seat 1 come.
        until_connected(seat0, [True, True])
        until_connected(seat1, [True, True])
        notices = presence_notices(listener, QUIET)
        # Seat 0 came (one notice, nobody else had seats), seat 1 came (one notice, and worker
        # one's answer with seat 0).
        assert sorted((n["seats"], n["ask"]) for n in notices) == [([0], False), ([0], True), ([1], True)]
        assert presence_notices(listener, QUIET) == []  # idle: nothing at all
        first.close()
        until_connected(seat1, [False, True])
        # Seat 0 left (worker one has no seats now; worker two answers with seat 1).
        notices = presence_notices(listener, QUIET)
        assert sorted((n["seats"], n["ask"]) for n in notices) == [([], True), ([1], False)]
    # Seat 1 left: nobody has seats to answer with.
    assert [(n["seats"], n["ask"]) for n in presence_notices(listener, QUIET)] == [([], True)]
    assert presence_notices(listener, QUIET) == []
    listener.close()
