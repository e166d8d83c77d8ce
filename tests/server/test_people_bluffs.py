"""Bluff statistics on the wire: with a seat's ``state`` once the game is over, and with each replay frame."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from feint.arena.bluffs import bluff_statistics
from feint.engine.registry import new_game
from tests.server.conftest import Players, new_table, stored, token_of
from tests.server.test_api import play_to_end
from tests.server.test_replay_frames import frames_of


def test_each_frame_holds_the_statistics_as_they_stand_after_its_move(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guardians", players=2, seats=[{"kind": "human"}] * 2)
    table_id = table["table_id"]
    players = Players(sqlite_client, table, [0, 1], spectators=1)
    try:
        rng = random.Random(3)
        for _ in range(6):
            seat = rng.choice(players.state()["view"]["to_move"])
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
            assert "bluffs" not in players.state(0) and "bluffs" not in players.state(1)
        last = play_to_end(players, rng)
        ends = {seat: players.state(seat) for seat in (0, 1)}
        watched = players.last[players.sockets[None][0]]
    finally:
        players.close()
    live = stored(sqlite_client, table_id)
    assert last["over"] and watched["over"] and "bluffs" not in watched
    for seat, message in ends.items():
        assert message["bluffs"] == bluff_statistics(live.state, seat)
    frames = frames_of(sqlite_client, table_id, token_of(table, 1)).json()["frames"]
    creator = frames_of(sqlite_client, table_id, table["creator_token"]).json()["frames"]
    state = new_game("guardians", 2, live.seed, live.options, live.setup)
    claims = []
    for number, frame in enumerate(frames):
        if number:
            state.apply(*live.moves[number - 1])
        assert frame["bluffs"] == bluff_statistics(state, 1)
        assert creator[number]["bluffs"] == bluff_statistics(state, None)
        claims.append(sum(seat["claims"] for seat in frame["bluffs"]))
    # The counts grow as the game goes: none at the deal, the end screen's at the last frame.
    assert claims[0] == 0 and claims == sorted(claims) and claims[-1] > 0
    assert frames[-1]["bluffs"] == ends[1]["bluffs"]


def test_a_game_without_claims_sends_none(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1])
    try:
        play_to_end(players, random.Random(4))
        assert players.state(0)["bluffs"] is None
    finally:
        players.close()
    frames = frames_of(sqlite_client, table["table_id"], token_of(table, 0)).json()["frames"]
    assert {frame["bluffs"] is None for frame in frames} == {True}
