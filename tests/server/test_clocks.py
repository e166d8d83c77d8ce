"""Table clocks on a clock of the test's own: they wait for everybody, and the time down is not charged.

No test sleeps: the tables' wall time is ``Now``, moved by hand (``Tables.clock``).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Players, make_client, new_table, stored, token_of
from tests.server.test_bots_and_clocks import until

CLOCKED = {
    "game": "guile",
    "players": 2,
    "seats": [{"kind": "human"}, {"kind": "human"}],
    "clock": {"bank": 60, "increment": 5},
}


class Now:
    """A wall clock that moves only when the test says so."""

    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


def clocked(database: str, now: Now) -> TestClient:
    client = make_client(database)
    client.app.state.tables.clock = now  # type: ignore[attr-defined]
    return client


def running(client: TestClient, table_id: str) -> list[tuple[float | None, float | None]]:
    """Each seat's stored bank and the wall time its clock started (None when stopped)."""
    return [(s.remaining, s.running_since) for s in stored(client, table_id).seats]


def started_at(at: float, to_move: list[int]) -> list[tuple[float, float | None]]:
    """What ``running`` holds once the clocks run from ``at``: the seats to move running, each bank full."""
    return [(60.0, at if seat in to_move else None) for seat in range(2)]


def test_the_clocks_start_once_every_persons_seat_has_been_opened(database: str) -> None:
    now = Now(1000.0)
    with clocked(database, now) as client:
        table = new_table(client, **CLOCKED)
        table_id = table["table_id"]
        assert running(client, table_id) == [(60.0, None), (60.0, None)]
        now.at = 1100.0
        players = Players(client, table, [0])
        try:
            # Seat 1's friend is late: nobody's clock runs, so no bot stands in for anybody.
            assert not stored(client, table_id).clocks_started
            assert running(client, table_id) == [(60.0, None), (60.0, None)]
            assert players.state(0)["clock"]["started"] is False
            assert client.app.state.tables.loaded(table_id).next_deadline() is None  # type: ignore[attr-defined]
            now.at = 1170.0
            players.join(1, token_of(table, 1))
            to_move = players.state(1)["view"]["to_move"]
            assert to_move and players.state(1)["clock"]["started"] is True
            assert running(client, table_id) == started_at(1170.0, to_move)
        finally:
            players.close()


def test_the_creator_may_start_the_clocks_before_everybody_is_here(sqlite_url: str) -> None:
    now = Now(50.0)
    with clocked(sqlite_url, now) as client:
        table = new_table(client, **CLOCKED)
        players = Players(client, table, [0])
        try:
            seat = players.seat_socket(0)
            seat.send(type="start_clocks")
            assert seat.receive()["code"] == "forbidden"  # only the creator may
            creator = players.join(None, table["creator_token"])
            now.at = 80.0
            creator.send(type="start_clocks")
            started = creator.receive()
            assert started["clock"]["started"] is True
            to_move = started["view"]["to_move"]
            assert running(client, table["table_id"]) == started_at(80.0, to_move)
            seat.receive()
            creator.send(type="start_clocks")
            assert creator.receive()["message"] == "the clocks have started already"
        finally:
            players.close()
    without = {**CLOCKED, "clock": None}
    with clocked(sqlite_url, now) as client:
        table = new_table(client, **without)
        players = Players(client, table, [], spectators=0)
        try:
            creator = players.join(None, table["creator_token"])
            creator.send(type="start_clocks")
            assert creator.receive()["message"] == "this table has no clock"
        finally:
            players.close()


def test_the_time_the_server_is_down_is_not_charged(database: str) -> None:
    now = Now(1000.0)
    with clocked(database, now) as client:
        table = new_table(client, **CLOCKED)
        players = Players(client, table, [0, 1])
        to_move = players.state(0)["view"]["to_move"]
        players.close()
        now.at = 1030.0
    table_id = table["table_id"]
    assert running(client, table_id) == started_at(1000.0, to_move)
    now.at = 5000.0  # the server comes back more than an hour later
    with clocked(database, now) as again:
        assert running(again, table_id) == started_at(5000.0, to_move)
        assert stored(again, table_id).clocks_started


def test_what_a_stand_in_bot_does_for_a_seat_is_told_as_the_bots(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [], spectators=0)
    try:
        creator = players.join(None, table["creator_token"])
        for seat in (0, 1):
            creator.send(type="hand_to_bot", seat=seat, bot="random")
            until(creator, lambda m, seat=seat: m["presence"][seat]["stand_in"])
        until(creator, lambda m: m["over"])
        back = players.join(1, token_of(table, 1))
        told: list[dict[str, Any]] = players.history[back][0]["events"]
    finally:
        players.close()
    by_seat = [e for e in told if e["actor"] is not None]
    assert by_seat and all(e.get("stand_in") is True for e in by_seat)
    assert all("stand_in" not in e for e in told if e["actor"] is None)
    # Stored with the moves: the table rebuilt from the database tells it the same way.
    rebuilt = stored(sqlite_client, table["table_id"])
    assert {e["seq"] for e in by_seat} <= set(rebuilt.stood_in)
    assert all(a.stand_in for a in rebuilt.applied)
    # And so does the end screen's replay.
    url = f"/api/tables/{table['table_id']}/replay/frames"
    frames = sqlite_client.get(url, headers={"Authorization": f"Bearer {table['creator_token']}"}).json()
    replayed = [e for frame in frames["frames"] for e in frame["events"] if e["actor"] is not None]
    assert replayed and all(e.get("stand_in") is True for e in replayed)
