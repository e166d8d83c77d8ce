"""A killed server loses nothing: every acknowledged move is there after a restart, and play goes on.

The real ``feint serve`` runs as a subprocess and is killed with SIGKILL
mid-game: on SQLite with one worker and a bot seat, and on PostgreSQL with
two workers sharing the tables through Redis.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.server.services import Postgres, Server, redis_server

WAIT = 30.0
"""Seconds a message may take before the test fails (a hung server, never a slow one)."""


class Seat:
    def __init__(self, server: Server, table_id: str, token: str | None) -> None:
        self.socket: ClientConnection = connect(
            server.url.replace("http", "ws") + f"/ws/{table_id}"
        ).__enter__()
        self.token = token
        self.state: dict[str, Any] = {}

    def hello(self, since: int | None = None) -> dict[str, Any]:
        self.socket.send(json.dumps({"type": "hello", "token": self.token, "since": since}))
        return self.receive()

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=WAIT))
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, done: Any) -> dict[str, Any]:
        """Read states until ``done(state)`` holds."""
        while not done(self.state):
            self.receive()
        return self.state

    def move(self, rng: random.Random) -> int:
        """Play a random legal move and wait for its acknowledgement; the seq it made."""
        choice = rng.choice(self.state["legal"])
        self.socket.send(json.dumps({"type": "move", "move": choice["text"], "seq": self.state["seq"]}))
        before = self.state["seq"]
        answer = self.until(lambda s: s["seq"] > before)
        return int(answer["seq"])

    def close(self) -> None:
        self.socket.close()


def create(server: Server, **spec: Any) -> dict[str, Any]:
    response = httpx.post(server.url + "/api/tables", json=spec, timeout=WAIT)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def token(table: dict[str, Any], seat: int) -> str:
    return str(table["seats"][seat]["link"].split("token=")[1])


def my_turn(state: dict[str, Any]) -> bool:
    return bool(state.get("legal")) or bool(state.get("over"))


def play_one(seats: list[Seat], rng: random.Random) -> int:
    """A move by a seat to move, once every seat has seen it: its seq."""
    mover = next(s for s in seats if s.state["legal"])
    seq = mover.move(rng)
    for seat in seats:
        seat.until(lambda state: state["seq"] >= seq)
    return seq


@contextmanager
def running(database: str, *extra: str) -> Iterator[Server]:
    with Server(database, *extra) as server:
        yield server


def test_a_killed_server_keeps_every_acknowledged_move_and_its_clocks(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'feint.db'}"
    rng = random.Random(21)
    server = Server(database)
    server.start()
    try:
        table = create(
            server,
            game="guile",
            players=2,
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
            clock={"bank": 900, "increment": 5},
        )
        me = Seat(server, table["table_id"], token(table, 0))
        me.hello()
        acknowledged = 0
        for _ in range(6):
            me.until(my_turn)
            acknowledged = me.move(rng)
        clock_before = me.state["clock"]["seats"][0]["remaining"]
    finally:
        server.kill()
    with running(database) as again:
        back = Seat(again, table["table_id"], token(table, 0))
        state = back.hello()
        assert state["seq"] >= acknowledged
        assert [e["seq"] for e in state["events"]] == list(range(1, state["seq"] + 1))
        assert state["clock"]["seats"][0]["remaining"] <= clock_before + 5
        for _ in range(6):
            back.until(my_turn)
            assert back.move(rng) > state["seq"]
        assert back.state["presence"][1]["kind"] == "bot"
        back.close()


def test_two_workers_share_tables_through_postgresql_and_redis_and_survive_a_kill(postgres: Postgres) -> None:
    database = postgres.new_database()
    rng = random.Random(22)
    with redis_server() as redis:
        extra = ("--workers", "2", "--redis", redis)
        server = Server(database, *extra)
        server.start()
        try:
            table = create(server, game="guile", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
            seats = [Seat(server, table["table_id"], token(table, n)) for n in (0, 1)]
            for seat in seats:
                seat.hello()
            acknowledged = 0
            for _ in range(12):
                acknowledged = play_one(seats, rng)
        finally:
            server.kill()
        with running(database, *extra) as again:
            seats = [Seat(again, table["table_id"], token(table, n)) for n in (0, 1)]
            for seat in seats:
                assert seat.hello()["seq"] >= acknowledged
            for _ in range(12):
                assert play_one(seats, rng) > acknowledged
