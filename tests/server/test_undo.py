"""Undo by consent on the server (feint/server/undo.py, docs/server.md "Undo by consent").

Liar's Dice: a bid shows nothing hidden, so it may be taken back; a challenge shows every die, so
nothing before it may. Each test plays a few bids of a fixed deal (the fixtures' table seed).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.server.tables import Table
from tests.server.conftest import Players, Socket, new_table, stored
from tests.server.services import Server
from tests.server.test_durability import Seat, create, running, token

WAIT = 30.0
"""Seconds a bot's move may take to come (a hung server, never a slow one)."""


def _bid(players: Players, seat: int | None = None) -> int:
    """The seat to move (or ``seat``) makes the lowest bid; returns that seat."""
    mover = players.state()["view"]["to_move"][0] if seat is None else seat
    bids = [m["text"] for m in players.state(mover)["legal"] if m["text"].startswith("bid")]
    assert "state" in players.move(mover, bids[0])
    return int(mover)


def _live(client: TestClient, table: dict[str, Any]) -> Table:
    live: Table = client.app.state.tables.loaded(table["table_id"])  # type: ignore[attr-defined]
    return live


def _humans(client: TestClient, players: int = 3) -> tuple[dict[str, Any], Players]:
    table = new_table(client, game="liars_dice", players=players, seats=[{"kind": "human"}] * players)
    return table, Players(client, table, list(range(players)), spectators=1)


def _request(players: Players, viewer: int | None) -> dict[str, Any]:
    socks = players.sockets[viewer]
    request: dict[str, Any] = players.last[socks[0]]["undo"]["request"]
    return request


def test_all_agree_and_the_moves_are_taken_back_for_every_page(client: TestClient) -> None:
    table, players = _humans(client)
    try:
        first = _bid(players)
        kept_seq = players.state(first)["seq"]
        asker = _bid(players)
        _bid(players)
        assert players.state(asker)["undo"]["can_ask"]
        assert "state" in players.send(asker, type="undo")
        others = [s for s in range(3) if s != asker]
        for viewer in [*range(3), None]:
            request = _request(players, viewer)
            assert (request["seat"], request["count"], request["status"]) == (asker, 2, "asked")
            assert request["waiting"] == others
            # The move's notation goes to its maker only.
            assert ("move" in request) == (viewer == asker)
        assert _request(players, asker)["move"].startswith("bid")
        assert "state" in players.send(others[0], type="undo_answer", agree=True)
        assert _request(players, None)["waiting"] == [others[1]]
        assert "state" in players.send(others[1], type="undo_answer", agree=True)
        for _viewer, sock in players.viewers:
            message = players.last[sock]
            assert message["retold"] is True and message["seq"] == kept_seq and message["undos"] == 1
            assert message["undo"]["request"]["status"] == "done"
            assert message["view"]["to_move"] == [asker]
            # Every event of the game as it stands, the undone moves' lines gone.
            assert [e["seq"] for e in message["events"]] == list(range(1, kept_seq + 1))
        assert stored(client, table["table_id"]).moves == _live(client, table).moves
        assert len(_live(client, table).moves) == 1
        # Play goes on from there: the next move clears the outcome.
        _bid(players, asker)
        assert players.state(None)["undo"]["request"] is None
        assert len(stored(client, table["table_id"]).moves) == 2
    finally:
        players.close()


def test_one_refusal_keeps_every_move(sqlite_client: TestClient) -> None:
    table, players = _humans(sqlite_client)
    try:
        _bid(players)
        asker = _bid(players)
        moves = list(_live(sqlite_client, table).moves)
        players.send(asker, type="undo")
        refuser = _request(players, None)["waiting"][1]
        assert "state" in players.send(refuser, type="undo_answer", agree=False)
        for _viewer, sock in players.viewers:
            request = players.last[sock]["undo"]["request"]
            assert (request["status"], request["by"]) == ("refused", refuser)
            assert players.last[sock]["retold"] is False
        assert _live(sqlite_client, table).moves == moves == stored(sqlite_client, table["table_id"]).moves
        # Refused, the seat may ask again.
        assert players.state(asker)["undo"]["can_ask"]
    finally:
        players.close()


def test_a_move_meanwhile_ends_the_request_and_the_asker_may_withdraw(sqlite_client: TestClient) -> None:
    table, players = _humans(sqlite_client)
    try:
        asker = _bid(players)
        players.send(asker, type="undo")
        mover = _bid(players)
        request = _request(players, None)
        assert (request["status"], request["by"]) == ("lapsed", mover)
        assert len(_live(sqlite_client, table).moves) == 2
        players.send(mover, type="undo")
        assert "state" in players.send(mover, type="undo", withdraw=True)
        assert _request(players, asker)["status"] == "withdrawn"
        assert len(stored(sqlite_client, table["table_id"]).moves) == 2
    finally:
        players.close()


def _refused(players: Players, seat: int, code: str, **message: Any) -> None:
    answer = players.send(seat, **message)
    assert answer["error"]["code"] == code, answer


def test_what_is_refused_changes_nothing(sqlite_client: TestClient) -> None:
    table, players = _humans(sqlite_client)
    spectator = players.sockets[None][0]
    try:
        first = _bid(players)
        idle = next(s for s in range(3) if s != first and s not in players.state()["view"]["to_move"])
        _refused(players, idle, "undo_nothing", type="undo")
        assert not players.state(idle)["undo"]["can_ask"]
        _refused(players, first, "no_undo", type="undo_answer", agree=True)
        _refused(players, first, "no_undo", type="undo", withdraw=True)
        spectator.send(type="undo")
        assert spectator.receive()["code"] == "forbidden"
        players.send(first, type="undo")
        _refused(players, first, "undo_pending", type="undo")
        _refused(players, first, "forbidden", type="undo_answer", agree=True)
        other = _request(players, None)["waiting"][0]
        _refused(players, other, "bad_json", type="undo_answer", agree="yes")
        _refused(players, other, "undo_pending", type="undo")
        players.send(first, type="undo", withdraw=True)
        # A challenge shows every die: no bid before it may be taken back.
        mover = players.state()["view"]["to_move"][0]
        assert "state" in players.move(mover, "liar")
        before = (list(_live(sqlite_client, table).moves), _live(sqlite_client, table).undos)
        for seat in range(3):
            assert not players.state(seat)["undo"]["can_ask"]
        _refused(players, mover, "undo_revealed", type="undo")
        assert (_live(sqlite_client, table).moves, _live(sqlite_client, table).undos) == before
    finally:
        players.close()


def test_a_finished_game_takes_nothing_back(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="liars_dice", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1])
    try:
        while not players.state()["over"]:
            mover = players.state()["view"]["to_move"][0]
            legal = [m["text"] for m in players.state(mover)["legal"]]
            players.move(mover, "liar" if "liar" in legal else legal[0])
        for seat in (0, 1):
            assert not players.state(seat)["undo"]["can_ask"]
            _refused(players, seat, "game_over", type="undo")
    finally:
        players.close()


def _until(sock: Socket, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message = sock.receive()
        if message["type"] == "state" and done(message):
            return message


def test_with_only_bots_to_ask_it_is_done_at_once(sqlite_client: TestClient) -> None:
    table = new_table(
        sqlite_client,
        game="liars_dice",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    players = Players(sqlite_client, table, [0])
    sock = players.seat_socket(0)
    try:
        state = players.state(0)
        if 0 not in state["view"]["to_move"]:
            state = _until(sock, lambda m: 0 in m["view"]["to_move"])
        bids = [m["text"] for m in state["legal"] if m["text"].startswith("bid")]
        sock.send(type="move", move=bids[0], seq=state["seq"])
        played = _until(sock, lambda m: 0 in m["view"]["to_move"] or m["over"])
        if not played["undo"]["can_ask"]:
            pytest.fail("the bot called: the fixed deal was meant to let it bid")
        sock.send(type="undo")
        done = _until(sock, lambda m: m["retold"])
        assert done["seq"] == state["seq"] and done["undo"]["request"]["status"] == "done"
        assert done["view"]["to_move"] == [0]
    finally:
        players.close()


def test_a_bot_waits_while_a_request_is_open(sqlite_client: TestClient) -> None:
    """The bot's turn comes while a person's request is open: it moves only once the request ends."""
    tables = sqlite_client.app.state.tables  # type: ignore[attr-defined]
    gate = threading.Event()

    async def pause(seconds: float) -> None:
        while not gate.is_set():
            await asyncio.sleep(0.01)

    tables.sleep = pause
    table = new_table(
        sqlite_client,
        game="liars_dice",
        players=3,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    players = Players(sqlite_client, table, [0, 1])
    live = _live(sqlite_client, table)
    try:
        while live.state.to_move() != (2,):
            _bid(players)
        asker = 1 if players.state(1)["undo"]["can_ask"] else 0
        assert "state" in players.send(asker, type="undo")
        gate.set()  # the bot has chosen: its move is refused while the request is open
        deadline = time.monotonic() + WAIT
        while tables._thinking and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not tables._thinking and live.state.to_move() == (2,)
        moves = len(live.moves)
        other = 1 - asker
        assert "state" in players.send(other, type="undo_answer", agree=False)
        # Refused: the bot's turn is scheduled again, and it moves.
        _until(players.seat_socket(other), lambda m: m["seq"] > players.state(other)["seq"])
        assert len(live.moves) == moves + 1 and live.moves[-1][0] == 2
    finally:
        players.close()


def test_no_clock_runs_while_a_request_is_open(sqlite_client: TestClient) -> None:
    table = new_table(
        sqlite_client,
        game="liars_dice",
        players=2,
        seats=[{"kind": "human"}] * 2,
        clock={"bank": 600, "increment": 0},
    )
    players = Players(sqlite_client, table, [0, 1])
    try:
        asker = _bid(players)
        assert any(s["running"] for s in players.state(asker)["clock"]["seats"])
        players.send(asker, type="undo")
        assert not any(s["running"] for s in players.state(asker)["clock"]["seats"])
        players.send(1 - asker, type="undo_answer", agree=False)
        running = [s["seat"] for s in players.state(asker)["clock"]["seats"] if s["running"]]
        assert running == players.state(asker)["view"]["to_move"]
    finally:
        players.close()


def test_a_page_that_missed_a_take_back_is_sent_every_event_afresh(sqlite_client: TestClient) -> None:
    table, players = _humans(sqlite_client, players=2)
    try:
        asker = _bid(players)
        away = players.sockets[None][0]
        seen, known = players.last[away]["seq"], players.last[away]["undos"]
        players.leave(away)
        players.send(asker, type="undo")
        players.send(1 - asker, type="undo_answer", agree=True)
        back = players.join(None, None, since=seen)
        assert players.last[back]["seq"] < seen
        with sqlite_client.websocket_connect(f"/ws/{table['table_id']}") as session:
            again = Socket(session)
            again.send(type="hello", token=None, since=players.last[back]["seq"], undos=known)
            message = again.receive()
            assert message["retold"] is True
            assert [e["seq"] for e in message["events"]] == list(range(1, message["seq"] + 1))
    finally:
        players.close()


def test_a_killed_and_restarted_server_has_the_game_taken_back(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'feint.db'}"
    server = Server(database)
    server.start()
    try:
        table = create(server, game="liars_dice", players=2, seats=[{"kind": "human"}] * 2)
        seats = [Seat(server, table["table_id"], token(table, seat)) for seat in (0, 1)]
        for seat in seats:
            seat.hello()
        for seat in seats:
            seat.until(lambda state: all(p["connected"] for p in state["presence"]))
        bids = 0
        while bids < 2:
            mover = next(seat for seat in seats if seat.state["legal"])
            bid = next(m["text"] for m in mover.state["legal"] if m["text"].startswith("bid"))
            mover.socket.send(json.dumps({"type": "move", "move": bid, "seq": mover.state["seq"]}))
            seq = mover.state["seq"]
            for seat in seats:
                seat.until(lambda state, seq=seq: state["seq"] > seq)
            bids += 1
        asker = seats.index(mover)
        seats[asker].socket.send(json.dumps({"type": "undo"}))
        other = seats[1 - asker]
        other.until(lambda state: state["undo"]["request"] is not None)
        other.socket.send(json.dumps({"type": "undo_answer", "agree": True}))
        done = seats[asker].until(lambda state: state["undos"] == 1)
        assert done["retold"] is True
        kept = done["seq"]
    finally:
        server.kill()
    with running(database) as again:
        back = Seat(again, table["table_id"], token(table, asker))
        state = back.hello()
        assert state["seq"] == kept and state["undos"] == 1 and state["view"]["to_move"] == [asker]
        assert [e["seq"] for e in state["events"]] == list(range(1, kept + 1))
        back.close()
