"""The chat with two workers sharing tables through PostgreSQL and Redis (the ``shared`` fixture).

A line said on one worker reaches the connections on the other through the
fan-out, the spectators' chat never reaches a seat on either, and lines said
at once on both are numbered apart, each once.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Socket, new_table, token_of

PEOPLE = {"game": "guile", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture
def at_table(
    shared: tuple[TestClient, TestClient, str],
) -> tuple[TestClient, TestClient, dict[str, Any], str]:
    """The two workers, a table of two people made on the first, and the table's websocket path."""
    one, two, _ = shared
    table = new_table(one, **PEOPLE)
    return one, two, table, f"/ws/{table['table_id']}"


def next_chat(sock: Socket) -> list[tuple[int, str, int | None, str]]:
    """The lines of the next ``chat`` message (number, channel, seat, text), past any state (presence)."""
    while (message := sock.receive())["type"] != "chat":
        assert message["type"] == "state", message
    return [(line["line"], line["channel"], line["seat"], line["text"]) for line in message["lines"]]


def test_a_line_said_on_one_worker_reaches_the_other_and_the_spectators_chat_no_seat(
    at_table: tuple[TestClient, TestClient, dict[str, Any], str],
) -> None:
    one, two, table, path = at_table
    with (
        one.websocket_connect(path) as a,
        one.websocket_connect(path) as b,
        two.websocket_connect(path) as c,
        two.websocket_connect(path) as d,
    ):
        seat0, watcher_one, seat1, watcher_two = Socket(a), Socket(b), Socket(c), Socket(d)
        for sock, token in ((seat0, token_of(table, 0)), (watcher_one, None)):
            assert sock.hello(token)["type"] == "state"
        for sock, token in ((seat1, token_of(table, 1)), (watcher_two, None)):
            assert sock.hello(token)["type"] == "state"
        seat0.send(type="chat", text="hello from worker one")
        for sock in (seat0, watcher_one, seat1, watcher_two):
            assert next_chat(sock) == [(0, "seats", 0, "hello from worker one")]
        watcher_two.send(type="chat", text="between us watchers")
        for sock in (watcher_two, watcher_one):
            assert next_chat(sock) == [(1, "spectators", None, "between us watchers")]
        seat1.send(type="react", reaction="👏")
        for sock in (seat0, seat1, watcher_one, watcher_two):
            # A seat's next line is seat 1's reaction: the spectators' line reached no seat.
            assert next_chat(sock) == [(2, "seats", 1, "👏")]


def test_lines_said_at_once_on_two_workers_are_numbered_apart(
    at_table: tuple[TestClient, TestClient, dict[str, Any], str],
) -> None:
    one, two, table, path = at_table
    with one.websocket_connect(path) as a, two.websocket_connect(path) as b:
        seat0, seat1 = Socket(a), Socket(b)
        seat0.hello(token_of(table, 0))
        seat1.hello(token_of(table, 1))
        for n in range(5):
            seat0.send(type="chat", text=f"one {n}")
            seat1.send(type="chat", text=f"two {n}")
        seen: list[list[tuple[int, str, int | None, str]]] = []
        for sock in (seat0, seat1):
            lines: list[tuple[int, str, int | None, str]] = []
            while len(lines) < 10:
                lines += next_chat(sock)
            seen.append(sorted(lines))
            assert sorted(number for number, *_ in lines) == list(range(10))
            texts = {text for *_, text in lines}
            assert texts == {f"{who} {n}" for who in ("one", "two") for n in range(5)}
        # Both workers' connections were told each line under the same number.
        assert seen[0] == seen[1]
