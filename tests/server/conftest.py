"""Fixtures of the server tests: a database of each kind, the app under the ASGI test client."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from feint.server.app import STATIC, Settings, create_app
from feint.server.tables import Table
from tests.server.services import TABLE_SEED, Postgres, redis_server

SERVER_TEST_TIMEOUT = 120
"""Seconds before a server test that hangs (a message that never comes) fails instead."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/server/" in str(item.path):
            item.add_marker(pytest.mark.timeout(SERVER_TEST_TIMEOUT))


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    server = Postgres()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: SQLite in a file, and PostgreSQL on a throwaway server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'feint.db'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def shared(postgres: Postgres) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two workers on one database and one Redis, and that Redis's URL."""
    yield from workers(postgres)


@pytest.fixture
def unthrottled(postgres: Postgres) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two such workers that let a client send as fast as a test does."""
    yield from workers(postgres, throttle=10_000.0)


def workers(postgres: Postgres, **settings: Any) -> Iterator[tuple[TestClient, TestClient, str]]:
    database = postgres.new_database()
    with redis_server() as url:
        both = Settings(
            database=database,
            redis=url,
            bot_pause=0.0,
            bot_processes=1,
            table_seed=TABLE_SEED,
            **settings,
        )
        with TestClient(create_app(both)) as one, TestClient(create_app(both)) as two:
            yield one, two, url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'feint.db'}"


def make_client(
    database: str, static: Path = STATIC, throttle: float = 10_000.0, **settings: Any
) -> TestClient:
    """The app under the test client; no bot pause, and a throttle no test but its own reaches."""
    settings = Settings(
        database=database,
        bot_pause=0.0,
        bot_processes=1,
        throttle=throttle,
        static=static,
        table_seed=TABLE_SEED,
        **settings,
    )
    return TestClient(create_app(settings))


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with make_client(database) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url) as test_client:
        yield test_client


def new_table(client: TestClient, **spec: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=spec)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def token_of(table: dict[str, Any], seat: int) -> str:
    link: str = table["seats"][seat]["link"]
    return link.split("token=")[1]


class Socket:
    """A websocket of the test client, speaking the protocol's JSON."""

    def __init__(self, session: WebSocketTestSession) -> None:
        self.session = session

    def send(self, **message: Any) -> None:
        self.session.send_text(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.session.receive_json()
        return message

    def hello(self, token: str | None, since: int | None = None) -> dict[str, Any]:
        self.send(type="hello", token=token, since=since)
        return self.receive()


def stored(client: TestClient, table_id: str) -> Table:
    """The table as the database holds it, rebuilt from its moves."""
    table = client.app.state.tables.store.load(table_id)  # type: ignore[attr-defined]
    assert table is not None
    return table


class Players:
    """Sockets at one table, one per seat (and spectators), all told of every change.

    With no bot at the table, every accepted move sends one ``state`` to each
    socket, and a refused one an ``error`` to its sender only.
    """

    def __init__(self, client: TestClient, table: dict[str, Any], seats: list[int], spectators: int = 0):
        self.client = client
        self.table_id = table["table_id"]
        self.contexts: list[Any] = []
        self.sockets: dict[int | None, list[Socket]] = {}
        self.last: dict[Socket, dict[str, Any]] = {}
        self.history: dict[Socket, list[dict[str, Any]]] = {}
        """Every state each socket got, the first with the events since its hello's ``since``."""
        self.viewers: list[tuple[int | None, Socket]] = []
        for seat in seats:
            self.join(seat, token_of(table, seat))
        for _ in range(spectators):
            self.join(None, None)

    def join(self, seat: int | None, token: str | None, since: int | None = None) -> Socket:
        context = self.client.websocket_connect(f"/ws/{self.table_id}")
        sock = Socket(context.__enter__())
        self.contexts.append(context)
        first = sock.hello(token, since)
        assert first["type"] == "state", first
        if seat is not None and not self.sockets.get(seat):
            # A seat coming is told to everybody; a spectator or a seat's second connection is not.
            for others in self.sockets.values():
                for other in others:
                    self._got(other, other.receive())
        self.sockets.setdefault(seat, []).append(sock)
        self.viewers.append((seat, sock))
        self.history[sock] = []
        self._got(sock, first)
        return sock

    def _got(self, sock: Socket, message: dict[str, Any]) -> None:
        self.last[sock] = message
        self.history[sock].append(message)

    def leave(self, sock: Socket) -> None:
        seat = next(seat for seat, socks in self.sockets.items() if sock in socks)
        self.sockets[seat].remove(sock)
        sock.session.close()
        del self.last[sock]
        if seat is not None and not self.sockets[seat]:
            for others in self.sockets.values():
                for other in others:
                    self._got(other, other.receive())

    def seat_socket(self, seat: int) -> Socket:
        return self.sockets[seat][0]

    def state(self, seat: int | None = None) -> dict[str, Any]:
        if seat is None:
            return next(iter(self.last.values()))
        return self.last[self.seat_socket(seat)]

    def move(self, seat: int, move: Any, seq: int | None = None) -> dict[str, dict[str, Any]]:
        """Send a move for ``seat``; return each socket's answer."""
        return self.send(seat, type="move", move=move, seq=self.state(seat)["seq"] if seq is None else seq)

    def send(self, seat: int, **message: Any) -> dict[str, dict[str, Any]]:
        """Send ``message`` from ``seat``: ``{"error": ...}`` if refused, else ``{"state": ...}`` (the
        sender's new state), every socket having got its own."""
        sender = self.seat_socket(seat)
        sender.send(**message)
        first = sender.receive()
        if first["type"] == "error":
            return {"error": first}
        self._got(sender, first)
        for socks in self.sockets.values():
            for sock in socks:
                if sock is not sender:
                    self._got(sock, sock.receive())
        return {"state": first}

    def close(self) -> None:
        for context in self.contexts:
            with contextlib.suppress(Exception):
                context.__exit__(None, None, None)
