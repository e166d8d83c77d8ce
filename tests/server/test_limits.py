"""What a client may send: body sizes, malformed values, booleans where numbers go.

Every refusal is in the JSON error format (HTTP: ``{"error": {"code",
"message"}}``; websocket: an ``error`` message, the connection living on)
and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from feint.server.api import MAX_BODY
from feint.server.guards import BodyLimit
from feint.server.hub import Connection
from feint.server.protocol import HANDLERS, Protocol
from tests.server.conftest import Players, Socket, make_client, new_table, stored
from tests.server.services import Server

GUILE_PEOPLE = {"game": "guile", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
LONG_INTEGER = "1" * 5000
"""Digits past Python's 4,300-digit limit on reading an integer: ``json.loads`` raises ValueError."""


class Sent:
    """An ASGI ``send`` that keeps the response's status and body."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.body = b""

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
        elif message["type"] == "http.response.body":
            self.body += message.get("body", b"")

    def error(self) -> Any:
        return json.loads(self.body)["error"]


async def never_called(scope: Scope, receive: Receive, send: Send) -> None:
    raise AssertionError("the app was called with a body over the limit")


def run_alone(call: Coroutine[Any, Any, None]) -> None:
    """Run ``call`` on an event loop of its own thread: a browser test on the same worker keeps one
    running in this thread (Playwright's), where asyncio.run is refused."""
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, call).result()


def post(headers: list[tuple[bytes, bytes]]) -> Scope:
    return {"type": "http", "method": "POST", "path": "/api/tables", "headers": headers}


def test_a_body_longer_than_the_limit_by_its_length_is_refused_before_a_byte_is_read() -> None:
    async def receive() -> Message:
        raise AssertionError("the body was read")

    sent = Sent()
    run_alone(BodyLimit(never_called)(post([(b"content-length", b"200000000")]), receive, sent))
    assert sent.status == 413
    assert sent.error() == {"code": "too_large", "message": f"a request body is at most {MAX_BODY} bytes"}


def test_a_streamed_body_is_cut_off_at_the_limit() -> None:
    """A chunked body (no Content-Length) is read a chunk at a time and refused once past the limit."""
    read = []

    async def receive() -> Message:
        read.append(1024)
        return {"type": "http.request", "body": b" " * 1024, "more_body": True}  # a body without end

    sent = Sent()
    run_alone(BodyLimit(never_called)(post([]), receive, sent))
    assert sent.status == 413 and sent.error()["code"] == "too_large"
    assert sum(read) == MAX_BODY + 1024  # the first chunk past the limit, and not one more


def chunks(size: int) -> Iterator[bytes]:
    for start in range(0, size, 4096):
        yield b" " * min(4096, size - start)


def test_bodies_over_the_limit_are_refused_with_413_and_make_nothing(sqlite_client: TestClient) -> None:
    spec = json.dumps(GUILE_PEOPLE).encode()
    at_limit = spec + b" " * (MAX_BODY - len(spec))
    for body in (at_limit + b" ", (at_limit + piece for piece in chunks(10 * MAX_BODY))):
        response = sqlite_client.post("/api/tables", content=body)
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "too_large"
    assert sqlite_client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]
    assert sqlite_client.post("/api/tables", content=at_limit).status_code == 201


BAD_VALUES: list[tuple[str, bytes]] = [
    ("an integer too long to read", f'{{"game": "guile", "players": {LONG_INTEGER}}}'.encode()),
    ("players true", b'{"game": "guile", "players": true}'),
    ("a clock bank true", b'{"game": "guile", "clock": {"bank": true, "increment": 0}}'),
    ("a clock increment false", b'{"game": "guile", "clock": {"bank": 60, "increment": false}}'),
]


@pytest.mark.parametrize(("case", "body"), BAD_VALUES, ids=[case for case, _ in BAD_VALUES])
def test_a_malformed_value_in_a_table_request_gets_a_json_400(
    sqlite_client: TestClient, case: str, body: bytes
) -> None:
    response = sqlite_client.post("/api/tables", content=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] in ("bad_json", "bad_request") and error["message"]
    assert sqlite_client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("seat", ["true", "false", "1.0", '"1"', LONG_INTEGER])
def test_a_lobby_join_takes_a_seat_number_and_nothing_else(sqlite_client: TestClient, seat: str) -> None:
    table = new_table(sqlite_client, **GUILE_PEOPLE, public=True)
    table_id = table["table_id"]
    response = sqlite_client.post(f"/api/tables/{table_id}/join", content=f'{{"seat": {seat}}}'.encode())
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] in ("bad_json", "bad_request")
    assert [s.claimed for s in stored(sqlite_client, table_id).seats] == [False, False]


BAD_FRAMES: list[tuple[str, str, str]] = [
    (
        "a seq too long to read",
        f'{{"type": "move", "move": "faction arthur", "seq": {LONG_INTEGER}}}',
        "bad_json",
    ),
    (
        "an index too long to read",
        f'{{"type": "move", "move": {{"index": {LONG_INTEGER}}}, "seq": 0}}',
        "bad_json",
    ),
    ("a seq true", '{"type": "move", "move": "faction arthur", "seq": true}', "bad_json"),
    ("a seq false", '{"type": "move", "move": "faction arthur", "seq": false}', "bad_json"),
    ("a seq 0.0", '{"type": "move", "move": "faction arthur", "seq": 0.0}', "bad_json"),
    ("an index true", '{"type": "move", "move": {"index": true}, "seq": 0}', "not_a_move"),
    ("an index false", '{"type": "move", "move": {"index": false}, "seq": 0}', "not_a_move"),
    ("a since true", '{"type": "hello", "token": null, "since": true}', "bad_json"),
    ("a since too long to read", f'{{"type": "hello", "token": null, "since": {LONG_INTEGER}}}', "bad_json"),
]


@pytest.mark.parametrize(("case", "text", "code"), BAD_FRAMES, ids=[case for case, _, _ in BAD_FRAMES])
def test_a_malformed_value_on_the_websocket_gets_an_error_and_the_connection_lives_on(
    sqlite_client: TestClient, case: str, text: str, code: str
) -> None:
    table = new_table(sqlite_client, **GUILE_PEOPLE)
    players = Players(sqlite_client, table, [0, 1])
    try:
        sock = players.seat_socket(0)
        sock.session.send_text(text)
        error = sock.receive()
        assert error["type"] == "error" and error["code"] == code and error["message"], error
        sock.send(type="ping")
        assert sock.receive() == {"type": "pong"}
        assert stored(sqlite_client, table["table_id"]).moves == []
    finally:
        players.close()


@pytest.mark.parametrize("seat", ["true", "false", "1.0", LONG_INTEGER])
def test_the_creator_hands_a_seat_to_a_bot_by_its_number_and_nothing_else(
    sqlite_client: TestClient, seat: str
) -> None:
    table = new_table(sqlite_client, **GUILE_PEOPLE)
    with sqlite_client.websocket_connect(f"/ws/{table['table_id']}") as session:
        creator = Socket(session)
        assert creator.hello(table["creator_token"])["type"] == "state"
        session.send_text(f'{{"type": "hand_to_bot", "seat": {seat}, "bot": "random"}}')
        assert creator.receive()["code"] == "bad_json"
        creator.send(type="ping")
        assert creator.receive() == {"type": "pong"}
    assert [s.bot for s in stored(sqlite_client, table["table_id"]).seats] == [None, None]


def test_asking_for_tables_that_do_not_exist_leaves_nothing_behind(sqlite_client: TestClient) -> None:
    tables = sqlite_client.app.state.tables  # type: ignore[attr-defined]
    for n in range(1000):
        response = sqlite_client.get(f"/api/tables/{n:024x}/replay", headers={"Authorization": "Bearer x"})
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    for n in range(20):
        with sqlite_client.websocket_connect(f"/ws/missing{n}") as session:
            assert Socket(session).receive()["code"] == "not_found"
    assert len(tables._locks) == 0 and tables._cache == {}
    assert tables.hub._rooms == {}


def test_a_client_flooding_reads_is_throttled_and_may_still_make_tables(sqlite_url: str) -> None:
    with make_client(sqlite_url, throttle=2.0) as client:
        client.app.state.read_throttles.clock = lambda: 1000.0  # type: ignore[attr-defined]
        answers = [client.get("/api/lobby") for _ in range(10)]
        assert [a.status_code for a in answers] == [200] * 6 + [429] * 4  # a burst of 3 s, the clock still
        assert answers[-1].json()["error"] == {
            "code": "throttled",
            "message": "too many requests; slow down to 2 a second and try again",
        }
        assert answers[-1].headers["retry-after"] == "1"
        with client.websocket_connect("/ws/anything") as session:
            assert Socket(session).receive()["code"] == "throttled"
            with pytest.raises(WebSocketDisconnect) as closed:
                session.receive_text()
            assert closed.value.code == 1013
        # Making a table has its own bucket; the list of games is not a table read.
        assert client.post("/api/tables", json=GUILE_PEOPLE).status_code == 201
        assert client.get("/api/games").status_code == 200


def test_spectators_are_capped_and_their_coming_and_going_sends_the_seats_nothing(sqlite_url: str) -> None:
    with make_client(sqlite_url, spectators=2) as client:
        table = new_table(client, **GUILE_PEOPLE)
        players = Players(client, table, [0, 1], spectators=2)  # Players checks the seats got nothing
        try:
            for sock in players.sockets[0] + players.sockets[1]:
                sock.send(type="ping")
                assert sock.receive() == {"type": "pong"}  # no state came before it
            with client.websocket_connect(f"/ws/{table['table_id']}") as session:
                third = Socket(session)
                full = third.hello(None)
                assert (
                    full["type"] == "error" and full["code"] == "full" and "2 spectators" in full["message"]
                )
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive()
                assert closed.value.code == 1013
            players.leave(players.sockets[None][0])  # Players checks nobody is told of it
            for sock in players.sockets[0] + players.sockets[None]:
                sock.send(type="ping")
                assert sock.receive() == {"type": "pong"}
            again = players.join(None, None)
            assert players.last[again]["seat"] is None and players.last[again]["legal"] == []
            # The creator watching is no spectator: never turned away.
            creator = players.join(None, table["creator_token"])
            assert players.last[creator]["type"] == "state"
            # A seat coming and going is still told to everybody.
            players.leave(players.seat_socket(1))
            assert [p["connected"] for p in players.state(0)["presence"]] == [True, False]
            assert [p["connected"] for p in players.last[again]["presence"]] == [True, False]
        finally:
            players.close()


def tables_made(server: Server, forwarded: list[str]) -> list[int]:
    """POST a table once per address in ``forwarded``, each claimed in X-Forwarded-For: the statuses."""
    statuses = []
    for address in forwarded:
        response = httpx.post(
            server.url + "/api/tables", json=GUILE_PEOPLE, headers={"X-Forwarded-For": address}, timeout=30
        )
        assert response.status_code in (201, 429), response.text
        if response.status_code == 429:
            assert response.json()["error"]["code"] == "throttled"
        statuses.append(response.status_code)
    return statuses


def test_a_client_naming_other_addresses_in_x_forwarded_for_is_throttled_by_its_own(tmp_path: Path) -> None:
    addresses = [f"203.0.113.{n}" for n in range(12)]
    with Server(f"sqlite:///{tmp_path / 'a.db'}", "--throttle", "1") as server:
        # A burst of 3, then 1 a second, all counted against 127.0.0.1 whatever the header says.
        assert 429 in tables_made(server, addresses)
    # Behind a proxy, the proxy's forwarded address is the client's: each address has its own bucket.
    proxied = ("--throttle", "1", "--forwarded-allow-ips", "127.0.0.1")
    with Server(f"sqlite:///{tmp_path / 'b.db'}", *proxied) as server:
        assert tables_made(server, addresses) == [201] * len(addresses)


def test_an_unknown_path_or_method_and_a_server_failure_answer_in_the_json_error_format(
    sqlite_url: str,
) -> None:
    with make_client(sqlite_url) as client:
        missing = client.get("/api/no-such-thing")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
        wrong = client.put("/api/tables")
        assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "bad_request"
        assert "PUT /api/tables" in wrong.json()["error"]["message"]

    def fails() -> list[str]:
        raise RuntimeError("the database is gone")

    app = make_client(sqlite_url).app
    with TestClient(app, raise_server_exceptions=False) as client:
        client.app.state.tables.store.lobby = fails  # type: ignore[attr-defined]
        failed = client.get("/api/lobby")
        assert failed.status_code == 500
        assert failed.json()["error"] == {
            "code": "internal",
            "message": "the server failed to answer GET /api/lobby",
        }


def test_a_failure_of_the_servers_own_on_the_websocket_is_told_and_the_connection_lives_on(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def fails(protocol: Protocol, conn: Connection, data: dict[str, Any]) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setitem(HANDLERS, "rematch", fails)
    table = new_table(sqlite_client, **GUILE_PEOPLE)
    players = Players(sqlite_client, table, [0])
    try:
        sock = players.seat_socket(0)
        sock.send(type="rematch")
        assert sock.receive() == {
            "type": "error",
            "code": "internal",
            "message": "the server failed to handle this message",
            "legal": [],
        }
        sock.send(type="ping")
        assert sock.receive() == {"type": "pong"}
    finally:
        players.close()
