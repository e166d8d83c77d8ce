"""Two workers sharing tables through PostgreSQL and Redis: presence notices are bounded, never echoed.

Two apps (each a worker, with its own hub and fan-out) run under the ASGI
test client against one PostgreSQL database and one real Redis server; a
third Redis connection counts the notices on the channel.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import redis
from fastapi.testclient import TestClient

from feint.server.hub import Fanout
from tests.server.conftest import Socket, new_table, token_of

QUIET = 1.5
"""Seconds of listening for notices after the ones expected (an echo loop sends thousands)."""
WAIT = 30.0
"""Seconds the expected notices may take (a hung server, never a slow one)."""


def presence_notices(channel: Any, count: int = 0) -> list[tuple[list[int], bool]]:
    """The next ``count`` presence notices (seats, ask), then any that come in ``QUIET`` seconds more."""
    notices: list[tuple[list[int], bool]] = []
    until = time.monotonic() + WAIT
    while len(notices) < count and time.monotonic() < until:
        notices += _read(channel, until - time.monotonic())
    until = time.monotonic() + QUIET
    while (left := until - time.monotonic()) > 0:
        notices += _read(channel, left)
    return sorted(notices)


def _read(channel: Any, timeout: float) -> list[tuple[list[int], bool]]:
    message = channel.get_message(ignore_subscribe_messages=True, timeout=timeout)
    if message is None or message["type"] != "message":
        return []
    notice = json.loads(message["data"])
    return [(notice["seats"], notice["ask"])] if "seats" in notice else []


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
        # Seat 0 came (one notice), seat 1 came (one notice, and worker one's answer with seat 0;
        # worker two answers seat 0's notice too if seat 1 was there when it came); then nothing.
        # When worker two's answer carries seat 1 before it announced seat 1 itself, the answer
        # is its announcement: seat 1 is published already, so it is not told again.
        notices = presence_notices(listener, 2)
        assert notices in (
            [([0], True), ([1], False)],
            [([0], False), ([0], True), ([1], True)],
            [([0], False), ([0], True), ([1], False), ([1], True)],
        )
        assert presence_notices(listener) == []
        first.close()
        until_connected(seat1, [False, True])
        # Seat 0 left (worker one has no seats now; worker two answers with seat 1).
        assert presence_notices(listener, 2) == [([], True), ([1], False)]
    # Seat 1 left: nobody has seats to answer with.
    assert presence_notices(listener, 1) == [([], True)]
    assert presence_notices(listener) == []
    listener.close()


def until_seq(sock: Socket, seq: int) -> dict[str, Any]:
    """Read until a state of at least ``seq`` comes (other workers' changes come through Redis)."""
    while True:
        message = sock.receive()
        assert message["type"] != "error", message
        if message["type"] == "state" and message["seq"] >= seq:
            return message


def both_here(sock: Socket) -> dict[str, Any]:
    """The latest state, once both seats are here: a ping's pong comes after every state sent before it."""
    state: dict[str, Any] = {"presence": []}
    while [p["connected"] for p in state["presence"]] != [True, True]:
        state = sock.receive()
    sock.send(type="ping")
    while (message := sock.receive())["type"] != "pong":
        state = message
    return state


def test_the_shared_review_reaches_every_worker(unthrottled: tuple[TestClient, TestClient, str]) -> None:
    one, two, _ = unthrottled
    table = new_table(one, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    rng = random.Random(6)
    with (
        one.websocket_connect(f"/ws/{table['table_id']}") as first,
        two.websocket_connect(f"/ws/{table['table_id']}") as second,
    ):
        socks = [Socket(first), Socket(second)]
        socks[0].hello(token_of(table, 0))
        socks[1].send(type="hello", token=token_of(table, 1), since=None)
        last = [both_here(sock) for sock in socks]
        # Seat 0 plays on worker one, seat 1 on worker two, to the end.
        while not last[0]["over"]:
            seat = rng.choice(last[0]["view"]["to_move"])
            move = rng.choice(last[seat]["legal"])["text"]
            socks[seat].send(type="move", move=move, seq=last[seat]["seq"])
            last[seat] = until_seq(socks[seat], last[seat]["seq"] + 1)
            last[1 - seat] = until_seq(socks[1 - seat], last[seat]["seq"])
        # Seat 0 leads on worker one: worker two's seat and a newcomer there hear it.
        socks[0].send(type="review", frame=4)
        for sock in socks:
            while (message := sock.receive())["type"] != "review":
                pass
            assert message == {"type": "review", "frame": 4, "by": 0}
        with two.websocket_connect(f"/ws/{table['table_id']}") as third:
            watcher = Socket(third)
            assert watcher.hello(None)["type"] == "state"
            assert watcher.receive() == {"type": "review", "frame": 4, "by": 0}
