"""A table's chat on the wire: what may be said, who reads which channel, history, storage, rate limits.

The tables here seat people only, so nothing moves unless a test moves it:
every message a socket receives is one the test made happen, and "a seat
never receives the spectators' chat" is read as "the next thing a seat
receives after a spectator spoke is the line a seat said after it".
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from feint.server.chat import HISTORY, MAX_CHARS, REACTIONS, SEATS, TEXT, Line
from feint.server.chat_room import BURST, RATE, ChatRoom
from feint.server.db import ChatRow
from feint.server.hub import Connection, Hub
from tests.server.conftest import Players, Socket, make_client, new_table, token_of

PEOPLE = {"game": "guile", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
LINE_KEYS = {"line", "channel", "seat", "kind", "text", "seq", "time"}


def stored_lines(client: TestClient, table_id: str) -> list[tuple[int, str, int | None, str, str, int]]:
    """The table's chat as the database holds it: number, channel, seat, kind, text, seq."""
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    query = (
        select(ChatRow.number, ChatRow.channel, ChatRow.seat, ChatRow.kind, ChatRow.text, ChatRow.seq)
        .where(ChatRow.table_id == table_id)
        .order_by(ChatRow.number)
    )
    with engine.connect() as connection:
        return [tuple(row) for row in connection.execute(query)]  # type: ignore[misc]


def chat_lines(message: dict[str, Any]) -> list[tuple[str, int | None, str, str]]:
    """A ``chat`` message's lines: channel, seat, kind, text."""
    assert message["type"] == "chat", message
    assert message.keys() == {"type", "history", "lines"}
    assert all(line.keys() == LINE_KEYS for line in message["lines"])
    return [(line["channel"], line["seat"], line["kind"], line["text"]) for line in message["lines"]]


@pytest.fixture
def table(sqlite_client: TestClient) -> Iterator[tuple[TestClient, dict[str, Any], Players]]:
    """Two seats and two spectators at a table of people."""
    made = new_table(sqlite_client, **PEOPLE)
    players = Players(sqlite_client, made, [0, 1], spectators=2)
    try:
        yield sqlite_client, made, players
    finally:
        players.close()


def everybody(players: Players) -> list[Socket]:
    return [sock for _, sock in players.viewers]


def test_a_seat_s_line_reaches_both_seats_and_the_spectators(table: Any) -> None:
    client, made, players = table
    players.seat_socket(0).send(type="chat", text="  Good luck, both of you  ")
    for sock in everybody(players):
        message = sock.receive()
        assert chat_lines(message) == [("seats", 0, "text", "Good luck, both of you")]
        assert message["lines"][0]["seq"] == players.state(0)["seq"]
        assert message["history"] is False
    assert stored_lines(client, made["table_id"]) == [(0, "seats", 0, "text", "Good luck, both of you", 0)]


def test_the_spectators_chat_never_reaches_a_seat(table: Any) -> None:
    client, made, players = table
    spectator = players.sockets[None][0]
    spectator.send(type="chat", text="seat 1 is bluffing")
    spectator.send(type="react", reaction="😂")
    for sock in players.sockets[None]:
        assert chat_lines(sock.receive()) == [("spectators", None, "text", "seat 1 is bluffing")]
        assert chat_lines(sock.receive()) == [("spectators", None, "reaction", "😂")]
    players.seat_socket(1).send(type="react", reaction="👍")
    for sock in everybody(players):
        # Each seat's next message is seat 1's reaction: the spectators' lines never came.
        assert chat_lines(sock.receive()) == [("seats", 1, "reaction", "👍")]
    assert [line[1] for line in stored_lines(client, made["table_id"])] == ["spectators"] * 2 + ["seats"]


def test_history_after_hello_holds_only_what_the_newcomer_may_read(table: Any) -> None:
    client, made, players = table
    spectator, seat = players.sockets[None][0], players.seat_socket(0)
    spectator.send(type="chat", text="watching")
    seat.send(type="chat", text="hello")
    for sock in players.sockets[None]:
        sock.receive(), sock.receive()
    for sock in [*players.sockets[0], *players.sockets[1]]:
        sock.receive()
    with client.websocket_connect(f"/ws/{made['table_id']}") as raw:
        again = Socket(raw)
        assert again.hello(token_of(made, 1))["type"] == "state"
        assert chat_lines(again.receive()) == [("seats", 0, "text", "hello")]
    with client.websocket_connect(f"/ws/{made['table_id']}") as raw:
        watcher = Socket(raw)
        assert watcher.hello(None)["type"] == "state"
        history = watcher.receive()
        assert chat_lines(history) == [
            ("spectators", None, "text", "watching"),
            ("seats", 0, "text", "hello"),
        ]
        assert [line["line"] for line in history["lines"]] == [0, 1]
        assert history["history"] is True
    with client.websocket_connect(f"/ws/{made['table_id']}") as raw:
        # A reconnect that saw line 0 is sent what came after it only.
        back = Socket(raw)
        back.send(type="hello", token=None, since=None, chat_since=0)
        assert back.receive()["type"] == "state"
        assert chat_lines(back.receive()) == [("seats", 0, "text", "hello")]


def test_history_is_the_latest_lines(sqlite_client: TestClient) -> None:
    made = new_table(sqlite_client, **PEOPLE)
    sqlite_client.app.state.chat.clock = lambda: 0.0  # type: ignore[attr-defined]
    engine = sqlite_client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.begin() as connection:
        connection.execute(
            ChatRow.__table__.insert(),  # type: ignore[attr-defined]
            [
                {
                    "table_id": made["table_id"],
                    "number": n,
                    "channel": "seats",
                    "seat": n % 2,
                    "kind": "text",
                    "text": f"line {n}",
                    "seq": 0,
                    "said": 0.0,
                }
                for n in range(HISTORY + 20)
            ],
        )
    with sqlite_client.websocket_connect(f"/ws/{made['table_id']}") as raw:
        sock = Socket(raw)
        assert sock.hello(token_of(made, 0))["type"] == "state"
        lines = sock.receive()["lines"]
        assert [line["line"] for line in lines] == list(range(20, HISTORY + 20))
        # The next line is numbered after the stored ones.
        sock.send(type="chat", text="and one more")
        assert sock.receive()["lines"][0]["line"] == HISTORY + 20


BAD = [
    ({"text": 7}, "chat_not_text"),
    ({}, "chat_not_text"),
    ({"text": ["hi"]}, "chat_not_text"),
    ({"text": "   \u3000 "}, "chat_empty"),
    ({"text": ""}, "chat_empty"),
    ({"text": "x" * (MAX_CHARS + 1)}, "chat_too_long"),
    # 301 decomposed characters are 301 after NFC too: e + combining acute is one é.
    ({"text": "e\u0301" * (MAX_CHARS + 1)}, "chat_too_long"),
    ({"text": "two\nlines"}, "chat_bad_character"),
    ({"text": "bell\x07"}, "chat_bad_character"),
    ({"text": "evil\u202eelif.exe"}, "chat_bad_character"),
    ({"text": "zero\u200bwidth"}, "chat_bad_character"),
    ({"text": "private\ue000use"}, "chat_bad_character"),
]


@pytest.mark.parametrize(("message", "code"), BAD)
def test_a_bad_line_is_refused_with_its_code_and_nothing_is_stored(
    table: Any, message: Any, code: str
) -> None:
    client, made, players = table
    sender = players.seat_socket(0)
    sender.send(type="chat", **message)
    error = sender.receive()
    assert error["type"] == "error" and error["code"] == code and error["about"] == "chat", error
    assert error["message"]
    sender.send(type="ping")
    assert sender.receive() == {"type": "pong"}  # the connection lives on, and nobody was sent anything
    assert stored_lines(client, made["table_id"]) == []


@pytest.mark.parametrize("reaction", ["🙂", "", None, 1, "👍👍", "thumbs up"])
def test_only_the_fixed_reactions_are_reactions(table: Any, reaction: Any) -> None:
    client, made, players = table
    sender = players.sockets[None][0]
    sender.send(type="react", reaction=reaction)
    error = sender.receive()
    assert (error["type"], error["code"], error["about"]) == ("error", "chat_unknown_reaction", "chat")
    assert stored_lines(client, made["table_id"]) == []


def test_long_lines_and_joined_emoji_are_kept_whole(table: Any) -> None:
    client, made, players = table
    longest = "é" * MAX_CHARS
    family = "👨\u200d👩\u200d👧 <b>&amp;</b>"
    players.seat_socket(0).send(type="chat", text="e\u0301" * MAX_CHARS)  # NFC: 300 é
    players.seat_socket(0).send(type="chat", text=family)
    for sock in everybody(players):
        assert chat_lines(sock.receive())[0][3] == longest
        assert chat_lines(sock.receive())[0][3] == family
    assert [line[4] for line in stored_lines(client, made["table_id"])] == [longest, family]


def test_every_reaction_is_said_and_stored(table: Any) -> None:
    client, made, players = table
    for reaction in REACTIONS:
        players.seat_socket(1).send(type="react", reaction=reaction)
        for sock in everybody(players):
            assert chat_lines(sock.receive()) == [("seats", 1, "reaction", reaction)]
    assert [line[4] for line in stored_lines(client, made["table_id"])] == list(REACTIONS)


def test_a_flood_is_throttled_per_seat_and_per_spectator_with_nothing_stored(table: Any) -> None:
    client, made, players = table
    now = [100.0]
    client.app.state.chat.clock = lambda: now[0]  # type: ignore[attr-defined]
    seat = players.seat_socket(0)
    # A second connection of the same seat shares its bucket.
    second = players.join(0, token_of(made, 0))
    said = []
    for n in range(BURST + 3):
        sender, other = (seat, second) if n % 2 else (second, seat)
        sender.send(type="chat", text=f"spam {n}")
        answer = sender.receive()
        said.append(answer["type"] == "chat")
        if answer["type"] == "chat":
            assert other.receive() == answer
        else:
            assert (answer["code"], answer["about"]) == ("throttled", "chat")
    assert said == [True] * BURST + [False] * 3
    assert len(stored_lines(client, made["table_id"])) == BURST
    # The other seat and a spectator have buckets of their own.
    players.seat_socket(1).send(type="react", reaction="🤔")
    spectator = players.sockets[None][1]
    spectator.send(type="chat", text="calm down")
    for sock in players.sockets[None]:
        # The spectators were sent the burst, then seat 1's reaction and the spectator's line.
        got = [sock.receive()["lines"][0]["text"] for _ in range(BURST + 2)]
        assert got[BURST:] == ["🤔", "calm down"]
    for sock in (seat, second):
        assert sock.receive()["lines"][0]["text"] == "🤔"  # and never the spectator's line
    # Two seconds later the seat may say one more line; then it waits again.
    now[0] += 1 / RATE
    seat.send(type="chat", text="sorry")
    assert seat.receive()["lines"][0]["text"] == "sorry"
    seat.send(type="chat", text="really")
    assert seat.receive()["code"] == "throttled"
    assert len(stored_lines(client, made["table_id"])) == BURST + 3


def test_chat_is_kept_with_the_table_across_a_restart(database: str) -> None:
    with make_client(database) as first:
        made = new_table(first, **PEOPLE)
        with first.websocket_connect(f"/ws/{made['table_id']}") as raw:
            sock = Socket(raw)
            sock.hello(token_of(made, 0))
            sock.send(type="chat", text="before the restart")
            assert sock.receive()["type"] == "chat"
    with make_client(database) as second, second.websocket_connect(f"/ws/{made['table_id']}") as raw:
        sock = Socket(raw)
        assert sock.hello(token_of(made, 1))["type"] == "state"
        assert chat_lines(sock.receive()) == [("seats", 0, "text", "before the restart")]
        engine = second.app.state.tables.store.engine  # type: ignore[attr-defined]
        with engine.connect() as connection:
            count = select(func.count()).select_from(ChatRow).where(ChatRow.table_id == made["table_id"])
            assert connection.execute(count).scalar_one() == 1


def test_the_replay_frames_carry_the_chat_each_may_read_with_its_seq(table: Any) -> None:
    client, made, players = table
    players.sockets[None][0].send(type="chat", text="from the stands")
    for sock in players.sockets[None]:
        sock.receive()
    said_at = []
    while not players.state(0)["over"]:
        seat = players.state(0)["view"]["to_move"][0]
        if len(said_at) < 3:
            players.seat_socket(seat).send(type="chat", text=f"move {len(said_at)}")
            told = [sock.receive()["lines"][0]["seq"] for sock in everybody(players)]
            said_at.append(told[0])
        players.move(seat, players.state(seat)["legal"][0]["text"])
    url = f"/api/tables/{made['table_id']}/replay/frames"
    seat_frames = client.get(url, headers={"Authorization": f"Bearer {token_of(made, 1)}"}).json()
    creator_frames = client.get(url, headers={"Authorization": f"Bearer {made['creator_token']}"}).json()
    seat_chat = [(line["channel"], line["text"], line["seq"]) for line in seat_frames["chat"]]
    assert [text for _, text, _ in seat_chat] == ["move 0", "move 1", "move 2"]
    assert {channel for channel, _, _ in seat_chat} == {"seats"}
    assert [line["text"] for line in creator_frames["chat"]] == [
        "from the stands",
        "move 0",
        "move 1",
        "move 2",
    ]
    # Each line's seq is the table's when it was said: a frame's, the one the replay shows it from.
    assert [seq for _, _, seq in seat_chat] == said_at
    assert said_at == sorted(set(said_at)) and set(said_at) <= {
        frame["seq"] for frame in seat_frames["frames"]
    }


def test_the_creator_watching_without_a_seat_chats_with_the_spectators(table: Any) -> None:
    _, made, players = table
    creator = players.join(None, made["creator_token"])  # one more of the spectators' sockets
    creator.send(type="chat", text="the host speaks")
    for sock in players.sockets[None]:
        assert chat_lines(sock.receive()) == [("spectators", None, "text", "the host speaks")]
    players.seat_socket(0).send(type="chat", text="seats hear this")
    for sock in everybody(players):
        assert chat_lines(sock.receive()) == [("seats", 0, "text", "seats hear this")]


def newcomer(
    history: list[Line], meanwhile: Callable[[ChatRoom], None] = lambda room: None
) -> tuple[ChatRoom, Connection]:
    """A room of table "t" with seat 1 just come in, whose history read gives ``history``, and calls
    ``meanwhile`` while it reads."""
    hub = Hub()
    conn = Connection(websocket=None, table_id="t", viewer=1)  # type: ignore[arg-type]
    hub.join(conn, 1, creator=False)

    class Store:
        engine = None

        async def run(self, read: Any, *args: Any) -> list[Line]:
            meanwhile(room)
            return history

    room = ChatRoom(SimpleNamespace(store=Store()), hub)  # type: ignore[arg-type]
    return room, conn


def told(conn: Connection) -> list[tuple[bool, list[str]]]:
    """Each chat message sent to ``conn`` so far: whether it was the history, and its lines' texts."""
    sent = [json.loads(conn.outbox.get_nowait()) for _ in range(conn.outbox.qsize())]
    return [(m["history"], [line["text"] for line in m["lines"]]) for m in sent]


def numbered(*numbers: int) -> list[Line]:
    return [Line(n, SEATS, 0, TEXT, f"line {n}", 3, 0.0) for n in numbers]


def test_a_line_said_while_the_history_is_read_is_sent_once() -> None:
    """A newcomer is in the room before its history is read: a line said meanwhile reaches it live and
    is in the history too; the history leaves it out, so the line is told once."""
    before, during = numbered(0, 1)
    # Said by another seat while the history is read.
    room, conn = newcomer([before, during], lambda room: room._deliver("t", during))
    asyncio.run(room.history(conn, None))
    assert told(conn) == [(False, ["line 1"]), (True, ["line 0"])]
    assert conn.chat_heard is None


def test_a_line_stored_before_the_history_is_read_and_delivered_after_it_is_sent_once() -> None:
    """A worker stores a line, then delivers it: a history read between the two holds the line, which
    then comes live too (on a loaded machine, two workers saying lines at once told a seat line 0
    twice). The live copy is left out, and a later line still comes."""
    stored, later = numbered(0, 1)
    room, conn = newcomer([stored])
    asyncio.run(room.history(conn, None))
    room._deliver("t", stored)  # the sayer's worker delivers it only now
    room._remote_line("t", later.to_json())
    assert told(conn) == [(True, ["line 0"]), (False, ["line 1"])]
