"""Turn-based play over days: clocks in days, "your turn" messages to people away, idle tables expire.

The e-mails go to an aiosmtpd server and the webhooks to an HTTP server of
the test's own, both on loopback; the tables' wall time is the test's own
(``Tables.clock``), so no test waits for a day to pass.
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import json
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import select

from feint.server.db import ContactRow
from tests.server.conftest import Players, Socket, make_client, new_table, stored, token_of, workers
from tests.server.services import Postgres, free_port
from tests.server.test_clocks import Now

DAY = 86400.0
PUBLIC = "https://feint.example"
TURN_BASED = {
    "game": "liars_dice",
    "players": 2,
    "seats": [{"kind": "human"}, {"kind": "human"}],
    "clock": {"bank": 3 * DAY, "increment": DAY},
}
BOB = "bob@example.org"


class Inbox:
    """An aiosmtpd handler that keeps every e-mail it is sent."""

    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(envelope)
        return "250 Message accepted for delivery"

    def texts(self) -> list[str]:
        """Each e-mail's subject and body, decoded."""
        read = [email.message_from_bytes(mail.content, policy=email.policy.default) for mail in self.mails]
        return [f"Subject: {m['Subject']}\n{m.get_content()}" for m in read]  # type: ignore[attr-defined]


@pytest.fixture
def inbox() -> Iterator[tuple[str, Inbox]]:
    """An SMTP server on loopback: its URL and what it received."""
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{controller.port}", handler
    finally:
        controller.stop()


class Hooks(ThreadingHTTPServer):
    """A webhook receiver on loopback: keeps each POST's path and JSON body."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, Any]]] = []
        hooks = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                hooks.received.append((self.path, json.loads(body)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)


@pytest.fixture
def hooks() -> Iterator[Hooks]:
    server = Hooks()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def serving(database: str, now: Now, **settings: Any) -> TestClient:
    client = make_client(database, public_url=PUBLIC, **settings)
    client.app.state.tables.clock = now  # type: ignore[attr-defined]
    return client


def settle(client: TestClient) -> None:
    """Wait for the your-turn messages under way to be sent (or to fail)."""
    client.portal.call(client.app.state.tables.notices.settle)  # type: ignore[attr-defined,union-attr]


def notify(sock: Socket, **contact: Any) -> dict[str, Any]:
    sock.send(type="notify", **contact)
    return sock.receive()


def bid(players: Players, seat: int) -> None:
    """``seat`` makes its lowest bid (the game goes on)."""
    legal = players.state(seat)["legal"]
    move = next(entry for entry in legal if entry["text"].startswith("bid"))
    assert "state" in players.move(seat, {"index": move["index"]})


def contacts(client: TestClient) -> list[tuple[Any, ...]]:
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        query = select(ContactRow.table_id, ContactRow.seat, ContactRow.kind, ContactRow.address)
        return [tuple(row) for row in connection.execute(query)]


def link_of(table: dict[str, Any], seat: int) -> str:
    return f"{PUBLIC}/table/{table['table_id']}#seat={seat}&token={token_of(table, seat)}"


def test_a_person_away_gets_one_email_a_turn_and_one_here_none(
    database: str, inbox: tuple[str, Inbox]
) -> None:
    url, mails = inbox
    with serving(database, Now(1000.0), smtp=url, smtp_from="feint@feint.example") as client:
        table = new_table(client, **TURN_BASED)
        players = Players(client, table, [0, 1])
        try:
            assert notify(players.seat_socket(1), email=BOB) == {"type": "notify", "kind": "email"}
            bid(players, 0)  # seat 1's move, and seat 1 is here: nothing is sent
            settle(client)
            assert mails.mails == []
            bid(players, 1)
            players.leave(players.seat_socket(1))
            bid(players, 0)  # seat 1's move again, and now it is away
            settle(client)
            assert len(mails.mails) == 1
            mail = mails.mails[0]
            assert mail.rcpt_tos == [BOB] and mail.mail_from == "feint@feint.example"
            text = mails.texts()[0]
            assert "Subject: Your turn at Liar's Dice" in text
            assert link_of(table, 1) in text and token_of(table, 0) not in text
            # Another change while it is still seat 1's turn: no second message.
            assert "state" in players.send(0, type="name", name="Ann")
            settle(client)
            assert len(mails.mails) == 1
            # Seat 1 comes back, moves and goes: its next turn away is told again, once.
            players.join(1, token_of(table, 1))
            bid(players, 1)
            players.leave(players.seat_socket(1))
            bid(players, 0)
            settle(client)
            assert len(mails.mails) == 2
            # The other seat never saw the address, nor did anything it was sent.
            seen = json.dumps([players.history[sock] for sock in players.sockets[0]])
            assert BOB not in seen
        finally:
            players.close()


def test_a_webhook_under_a_prefix_the_host_allows_is_posted_the_link(sqlite_url: str, hooks: Hooks) -> None:
    prefix = f"http://127.0.0.1:{hooks.server_port}/hooks/"
    with serving(sqlite_url, Now(1000.0), webhook_prefixes=(prefix,)) as client:
        table = new_table(client, **TURN_BASED)
        players = Players(client, table, [0, 1])
        try:
            seat = players.seat_socket(1)
            assert notify(seat, email=BOB)["code"] == "bad_contact"  # no --smtp: no e-mail
            assert notify(seat, webhook=prefix + "T0/B1") == {"type": "notify", "kind": "webhook"}
            players.leave(seat)
            bid(players, 0)
            settle(client)
            assert len(hooks.received) == 1
            path, body = hooks.received[0]
            assert path == "/hooks/T0/B1" and set(body) == {"text"}
            assert "your turn at Liar's Dice" in body["text"] and link_of(table, 1) in body["text"]
        finally:
            players.close()


BAD_CONTACTS = [
    ({"email": "bob"}, "bad_contact"),
    ({"email": "bob@"}, "bad_contact"),
    ({"email": "bob@example"}, "bad_contact"),
    ({"email": "bo b@example.org"}, "bad_contact"),
    ({"email": "bob@example.org\r\nBcc: eve@example.org"}, "bad_contact"),
    ({"email": "bob..x@example.org"}, "bad_contact"),
    ({"email": "x" * 65 + "@example.org"}, "bad_contact"),
    ({"email": 5}, "bad_contact"),
    ({"webhook": "http://127.0.0.1:{port}/other/1"}, "bad_contact"),  # outside the prefix's path
    ({"webhook": "{hooks}../other/1"}, "bad_contact"),  # out of it again, once resolved
    ({"webhook": "{hooks}%2E%2E/other/1"}, "bad_contact"),
    ({"webhook": "http://127.0.0.1:1/hooks/1"}, "bad_contact"),  # another port
    ({"webhook": "http://localhost:{port}/hooks/1"}, "bad_contact"),  # another host name
    ({"webhook": "https://127.0.0.1:{port}/hooks/1"}, "bad_contact"),  # another scheme
    ({"webhook": "http://eve@127.0.0.1:{port}/hooks/1"}, "bad_contact"),  # a user
    ({"webhook": "{hooks}1 2"}, "bad_contact"),
    ({"webhook": "{hooks}..\\..\\other"}, "bad_contact"),  # a backslash, which some parsers take for "/"
    ({"webhook": "{hooks}" + "x" * 500}, "bad_contact"),
    ({"email": BOB, "webhook": "{hooks}1"}, "bad_json"),
    ({"email": BOB, "cc": "eve@example.org"}, "bad_json"),
]


def test_a_bad_contact_is_refused_and_nothing_stored(sqlite_url: str, hooks: Hooks) -> None:
    port = hooks.server_port
    prefix = f"http://127.0.0.1:{port}/hooks/"
    with serving(sqlite_url, Now(1000.0), smtp="smtp://127.0.0.1:1", webhook_prefixes=(prefix,)) as client:
        table = new_table(client, **TURN_BASED)
        players = Players(client, table, [0, 1], spectators=1)
        try:
            seat = players.seat_socket(1)
            assert notify(seat, email=BOB)["kind"] == "email"
            kept = contacts(client)
            assert kept == [(table["table_id"], 1, "email", BOB)]
            for contact, code in BAD_CONTACTS:
                given = {
                    k: v.format(hooks=prefix, port=port) if isinstance(v, str) else v
                    for k, v in contact.items()
                }
                answer = notify(seat, **given)
                assert answer["type"] == "error" and answer["code"] == code, (contact, answer)
                assert contacts(client) == kept
            assert notify(players.sockets[None][0], email=BOB)["code"] == "forbidden"  # a spectator
            assert notify(seat) == {"type": "notify", "kind": None}  # stop
            assert contacts(client) == []
        finally:
            players.close()


def test_a_server_with_no_channel_refuses_every_contact(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, **TURN_BASED)
    players = Players(sqlite_client, table, [0])
    try:
        assert notify(players.seat_socket(0), email=BOB)["code"] == "bad_contact"
        assert contacts(sqlite_client) == []
    finally:
        players.close()


def test_a_message_that_fails_is_logged_without_the_contact_and_the_game_goes_on(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    closed = f"smtp://127.0.0.1:{free_port()}"  # nobody listens there
    with serving(sqlite_url, Now(1000.0), smtp=closed) as client:
        table = new_table(client, **TURN_BASED)
        players = Players(client, table, [0, 1])
        try:
            assert notify(players.seat_socket(1), email=BOB)["kind"] == "email"
            players.leave(players.seat_socket(1))
            with caplog.at_level(logging.WARNING, logger="feint.server"):
                bid(players, 0)
                settle(client)
            failures = [r.getMessage() for r in caplog.records if "your-turn" in r.getMessage()]
            assert len(failures) == 1
            assert BOB not in caplog.text and token_of(table, 1) not in caplog.text
            players.join(1, token_of(table, 1))
            bid(players, 1)  # the table goes on
        finally:
            players.close()


@pytest.mark.parametrize(
    ("clock", "accepted"),
    [
        ({"bank": 3 * DAY, "increment": DAY}, True),
        ({"bank": 30 * DAY, "increment": 30 * DAY}, True),
        ({"bank": 30 * DAY + 1, "increment": 0}, False),
        ({"bank": DAY, "increment": 30 * DAY + 1}, False),
    ],
)
def test_a_clock_may_run_in_days_up_to_thirty(
    sqlite_client: TestClient, clock: dict[str, float], accepted: bool
) -> None:
    response = sqlite_client.post("/api/tables", json={**TURN_BASED, "clock": clock})
    assert response.status_code == (201 if accepted else 400), response.text


def test_an_idle_table_expires_refuses_moves_and_keeps_its_replay(database: str) -> None:
    now = Now(1000.0)
    with serving(database, now, smtp="smtp://127.0.0.1:1") as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        moved = new_table(client, **TURN_BASED)
        idle = new_table(
            client,
            **{**TURN_BASED, "public": True, "seats": [{"kind": "human"}, {"kind": "human", "lobby": True}]},
        )
        players = Players(client, moved, [0])
        try:
            assert notify(players.seat_socket(0), email=BOB)["kind"] == "email"
            now.at += DAY
            bid(players, 0)
            now.at += 1.5 * DAY
            assert client.portal.call(tables.expire_idle, 2 * DAY) == [idle["table_id"]]  # type: ignore[union-attr]
            assert stored(client, idle["table_id"]).expired and not stored(client, moved["table_id"]).expired
            assert client.get("/api/lobby").json() == []
            assert (
                client.post(f"/api/tables/{idle['table_id']}/join", json={"seat": 1}).json()["error"]["code"]
                == "expired"
            )
            now.at += DAY
            assert client.portal.call(tables.expire_idle, 2 * DAY) == [moved["table_id"]]  # type: ignore[union-attr]
            state = players.seat_socket(0).receive()  # told at once: the table expired
            assert state["expired"] is True and state["replay_url"]
            assert state["view"]["to_move"] == [1]
            players.join(1, token_of(moved, 1))  # the page still opens, to show how it stood
            assert players.move(1, "bid 1 6s")["error"]["code"] == "expired"
            assert contacts(client) == []  # nobody is to move any more: the contact is forgotten
            headers = {"Authorization": f"Bearer {token_of(moved, 0)}"}
            replay = client.get(f"/api/tables/{moved['table_id']}/replay", headers=headers)
            assert replay.status_code == 200 and len(replay.json()["moves"]) == 1
            frames = client.get(f"/api/tables/{moved['table_id']}/replay/frames", headers=headers)
            assert frames.status_code == 200 and len(frames.json()["frames"]) == 2
            assert BOB not in replay.text + frames.text
        finally:
            players.close()


def test_with_two_workers_only_the_one_that_made_the_move_sends(
    postgres: Postgres, inbox: tuple[str, Inbox]
) -> None:
    url, mails = inbox
    with contextlib.contextmanager(workers)(postgres, smtp=url, public_url=PUBLIC) as (one, two, _):
        table = new_table(one, **TURN_BASED)
        path = f"/ws/{table['table_id']}"
        with one.websocket_connect(path) as first:
            away = Socket(first)
            away.hello(token_of(table, 1))
            assert notify(away, email=BOB)["kind"] == "email"
        with one.websocket_connect(path) as watching, two.websocket_connect(path) as second:
            Socket(watching).hello(None)  # worker one is told of the move, and must not send too
            seat = Socket(second)
            state = seat.hello(token_of(table, 0))
            while any(entry["connected"] for entry in state["presence"] if entry["seat"] == 1):
                state = seat.receive()  # worker two hears through Redis that seat 1 left worker one
            move = next(entry for entry in state["legal"] if entry["text"].startswith("bid"))
            seat.send(type="move", move={"index": move["index"]}, seq=state["seq"])
            assert seat.receive()["seq"] > state["seq"]
            settle(two)
            settle(one)
        assert [mail.rcpt_tos for mail in mails.mails] == [[BOB]]
        assert link_of(table, 1) in mails.texts()[0]
