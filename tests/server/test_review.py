"""The shared review's refusals: each with its code, to its sender only, and nothing changed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.server import hub
from tests.server.conftest import Players, new_table, token_of


def finished_guile(client: TestClient) -> tuple[dict[str, Any], Players]:
    table = new_table(client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(client, table, [0, 1])
    rng = random.Random(8)
    while not players.state()["over"]:
        seat = rng.choice(players.state()["view"]["to_move"])
        players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
    return table, players


def test_a_review_before_the_end_is_refused(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1])
    try:
        sock = players.seat_socket(0)
        sock.send(type="review", frame=0)
        refused = sock.receive()
        assert refused["type"] == "error" and refused["code"] == "not_over"
        assert "shared review opens when the game is over" in refused["message"]
    finally:
        players.close()


def test_a_bad_frame_is_refused_and_the_review_stays_where_it_was(sqlite_client: TestClient) -> None:
    table, players = finished_guile(sqlite_client)
    try:
        frames = sqlite_client.get(
            f"/api/tables/{table['table_id']}/replay/frames",
            headers={"Authorization": f"Bearer {table['creator_token']}"},
        ).json()["frames"]
        last = len(frames) - 1
        lead, other = players.seat_socket(0), players.seat_socket(1)
        lead.send(type="review", frame=2)
        assert lead.receive()["frame"] == other.receive()["frame"] == 2
        # Bools are not integers here, nor are floats or strings; -1 and past the last frame are out.
        for frame, code in [
            (True, "bad_json"),
            (2.0, "bad_json"),
            ("3", "bad_json"),
            (None, "bad_json"),
            (-1, "bad_frame"),
            (last + 1, "bad_frame"),
        ]:
            lead.send(type="review", frame=frame)
            refused = lead.receive()
            assert (refused["type"], refused["code"]) == ("error", code), frame
        lead.send(type="review", frame=last)
        assert lead.receive() == other.receive() == {"type": "review", "frame": last, "by": 0}
        lead.send(type="review", frame=last + 1)
        assert lead.receive()["code"] == "bad_frame"
        # A newcomer is told the last good step: nothing refused changed it.
        again = players.join(1, token_of(table, 1))
        assert again.receive() == {"type": "review", "frame": last, "by": 0}
    finally:
        players.close()


def test_the_review_is_throttled_per_connection(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No steps come back after the burst: the test does not depend on how fast it runs.
    monkeypatch.setattr(hub, "REVIEW_RATE", 0.0)
    _, players = finished_guile(sqlite_client)
    try:
        lead, other = players.seat_socket(0), players.seat_socket(1)
        for frame in range(hub.REVIEW_BURST):
            lead.send(type="review", frame=frame)
            assert lead.receive()["frame"] == other.receive()["frame"] == frame
        lead.send(type="review", frame=1)
        assert lead.receive()["code"] == "throttled"
        # Seat 1 has steps of its own, and seat 0's refused step changed nothing.
        other.send(type="review", frame=7)
        assert lead.receive() == other.receive() == {"type": "review", "frame": 7, "by": 1}
    finally:
        players.close()
