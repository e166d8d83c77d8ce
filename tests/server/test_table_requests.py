"""Table moves asked for when the rules let them happen only later: kept, then played at the first chance."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from feint.engine.registry import new_game
from tests.server.conftest import Players, new_table, stored


def table_move(players: Players, seat: int, move: str) -> dict[str, Any]:
    """Send a table move for ``seat``; every socket is told; returns the state ``seat`` got."""
    players.seat_socket(seat).send(type="table_move", move=move, seq=players.state(seat)["seq"])
    for socks in players.sockets.values():
        for sock in socks:
            players._got(sock, sock.receive())
    return players.state(seat)


def offered(state: dict[str, Any]) -> dict[str, tuple[bool, bool]]:
    """The table moves the page offers: text to (later, pending)."""
    return {m["text"]: (m.get("later", False), m.get("pending", False)) for m in state["table_moves"]}


def test_a_knights_sit_in_asked_for_mid_turn_is_kept_and_played_when_the_turn_ends(
    client: TestClient,
) -> None:
    # Knights of Glory, Poker Attributes (docs/rules/knights-of-glory.md): sitting out and in happen
    # between turns; asked for during a turn, the request waits for the turn to end.
    table = new_table(client, game="knights", players=3, seats=[{"kind": "human"}] * 3)
    table_id = table["table_id"]
    players = Players(client, table, [0, 1, 2])
    rng = random.Random(4)
    try:
        active = players.state(0)["view"]["to_move"][0]
        sitter = (active + 1) % 3
        sat_out = table_move(players, sitter, "sit out")
        assert offered(sat_out) == {"sit in": (False, False), "leave": (False, False)}
        assert "state" in players.move(active, "advance")  # the turn is under way: no table move now
        assert offered(players.state(sitter)) == {"sit in": (True, False)}
        assert offered(table_move(players, sitter, "sit in")) == {"sit in": (True, True)}
        assert offered(table_move(players, sitter, "sit in")) == {"sit in": (True, False)}  # withdrawn
        assert offered(table_move(players, sitter, "sit in")) == {"sit in": (True, True)}
        made = len(stored(client, table_id).moves)
        assert stored(client, table_id).seats[sitter].pending == "sit in"
        while (sitter, "sit in") not in (moves := stored(client, table_id).moves):
            state = players.state()
            assert not state["over"], "the game ended with the request still kept"
            seat = rng.choice(state["view"]["to_move"])
            assert "state" in players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
    finally:
        players.close()
    at = moves.index((sitter, "sit in"))
    assert at > made and stored(client, table_id).seats[sitter].pending is None
    # Played at the first moment the rules allowed it: the move before it ended the turn.
    game = stored(client, table_id)
    state = new_game("knights", 3, game.seed, game.options, game.setup)
    for seat, move in moves[: at - 1]:
        state.apply(seat, move)
    assert "sit in" not in [str(m) for m in state.table_moves(sitter)]
    state.apply(*moves[at - 1])
    assert "sit in" in [str(m) for m in state.table_moves(sitter)]
    assert state.view(None).to_json()["seats"][sitter]["status"] == "sitting out"
