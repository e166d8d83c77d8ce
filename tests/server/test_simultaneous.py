"""Simultaneous secret choices over the websocket: the second person's choice is not stale.

The first choice of a simultaneous phase moves the seq on; a second seat's
choice made from the state before it is accepted, since only another seat's
secret choice came between. Anything else that came between still makes a
move stale, and a move is never applied twice.
"""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.server.conftest import Players, new_table, stored


def test_both_guile_seats_pick_from_the_same_state_of_the_draft(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1], spectators=1)
    try:
        assert "state" in players.move(0, "faction arthur")
        start = players.state(0)["legal"][0]["text"]
        assert "state" in players.move(0, start)
        seen = players.state(1)["seq"]
        assert players.state(0)["view"]["phase"] == "draft"
        assert players.state(0)["view"]["to_move"] == [0, 1]
        picks = {seat: players.state(seat)["legal"][0]["text"] for seat in (0, 1)}
        assert "state" in players.move(0, picks[0], seq=seen)
        assert players.state(1)["seq"] > seen
        assert "state" in players.move(1, picks[1], seq=seen)
        moves = stored(sqlite_client, table["table_id"]).moves
        assert moves[-2:] == [(0, picks[0]), (1, picks[1])]
        # The step is over and the hands passed: a choice from before it is stale now, and so is a repeat.
        for seat in (0, 1):
            refused = players.move(seat, picks[seat], seq=seen)["error"]
            assert refused["code"] == "stale"
        assert stored(sqlite_client, table["table_id"]).moves == moves
    finally:
        players.close()


def test_a_guile_seat_cannot_repeat_its_own_secret_choice(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1])
    try:
        players.move(0, "faction mordred")
        players.move(0, players.state(0)["legal"][0]["text"])
        seen = players.state(0)["seq"]
        pick = players.state(0)["legal"][0]["text"]
        assert "state" in players.move(0, pick, seq=seen)
        assert players.move(0, pick, seq=seen)["error"]["code"] in {"stale", "not_your_turn"}
        assert len(stored(sqlite_client, table["table_id"]).moves) == 3
    finally:
        players.close()


def test_two_knights_voters_vote_from_the_same_state(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="knights", players=3, seats=[{"kind": "human"}] * 3)
    players = Players(sqlite_client, table, [0, 1, 2])
    rng = random.Random(2)
    try:
        for _ in range(500):
            view = players.state()["view"]
            if view["phase"] == "vote" and len(view["to_move"]) >= 2:
                break
            seat = rng.choice(view["to_move"])
            assert "state" in players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
        else:
            raise AssertionError("no vote with two voters in 500 moves")
        first, second = view["to_move"][:2]
        seen = players.state(second)["seq"]
        assert "state" in players.move(first, "vote agree", seq=seen)
        assert "state" in players.move(second, "vote disagree", seq=seen)
        moves = stored(sqlite_client, table["table_id"]).moves
        assert moves[-2:] == [(first, "vote agree"), (second, "vote disagree")]
        assert players.move(second, "vote disagree", seq=seen)["error"]["code"] in {"stale", "not_your_turn"}
        assert stored(sqlite_client, table["table_id"]).moves == moves
    finally:
        players.close()
