"""Bots in worker processes, clocks that hand a seat to a bot, the creator's hand-over, throttling."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.server.bots import BotPool, BotTimeout, choose, decision_seed, pack_info, unpack_info
from feint.server.hub import Throttle
from tests.server.conftest import Players, Socket, make_client, new_table, stored, token_of
from tests.server.slow_bots import SLOW_BOT, slow_choose


def test_a_bot_process_gets_the_seats_information_and_nothing_else() -> None:
    state = new_game("knights", 3, seed=5)
    rng = random.Random(2)
    for _ in range(30):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    seat = state.to_move()[0]
    info = InfoState.of(state, seat)
    packed = unpack_info(pack_info(info))
    assert packed.view == info.view and packed.events == info.events and packed.viewer == seat
    legal = [m.index for m in state.legal_moves(seat)]
    assert choose("knights", "heuristic", 1, pack_info(info), legal) in legal


def test_a_decision_seed_comes_from_the_bot_stream_and_changes_with_every_decision() -> None:
    seeds = {decision_seed(77, seat, seq) for seat in range(3) for seq in range(50)}
    assert len(seeds) == 150
    assert decision_seed(77, 1, 9) == bot_seed(bot_seed(77, 1), 9) != decision_seed(78, 1, 9)


def until(sock: Socket, done: Any) -> dict[str, Any]:
    while True:
        message = sock.receive()
        if message["type"] == "state" and done(message):
            return message


def test_a_person_plays_a_whole_game_against_a_bot_on_the_server(sqlite_client: TestClient) -> None:
    table = new_table(
        sqlite_client, game="guile", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
    )
    players = Players(sqlite_client, table, [0])
    sock, rng = players.seat_socket(0), random.Random(9)
    try:
        state = players.state(0)
        while not state["over"]:
            if state["legal"]:
                sock.send(type="move", move=rng.choice(state["legal"])["text"], seq=state["seq"])
            message = sock.receive()
            # A move refused as stale (the bot moved first in a simultaneous phase): wait for news.
            state = message if message["type"] == "state" else {**state, "legal": []}
        assert state["presence"][1] == {
            "seat": 1,
            "name": "Instant bot",
            "kind": "bot",
            "bot": "heuristic",
            "stand_in": False,
            "connected": False,
        }
    finally:
        players.close()


def test_when_a_clock_runs_out_a_bot_takes_the_seat_until_the_person_is_back(
    sqlite_client: TestClient,
) -> None:
    table = new_table(
        sqlite_client,
        game="guile",
        players=2,
        seats=[{"kind": "human"}] * 2,
        clock={"bank": 0.2, "increment": 0},
    )
    players = Players(sqlite_client, table, [0, 1])
    sock = players.seat_socket(1)
    try:
        assert players.state(1)["clock"]["seats"][0]["running"]
        taken = until(sock, lambda m: m["presence"][0]["stand_in"])
        assert taken["clock"]["seats"][0] == {"seat": 0, "remaining": 0.0, "running": False}
        played = until(sock, lambda m: m["seq"] > taken["seq"])
        assert played["events"][0]["actor"] == 0
        back = players.seat_socket(0).hello(token_of(table, 0))
        while back["presence"][0]["stand_in"]:
            back = players.seat_socket(0).receive()
        assert back["presence"][0] == {
            "seat": 0,
            "name": None,
            "kind": "human",
            "bot": None,
            "stand_in": False,
            "connected": True,
        }
    finally:
        players.close()


def test_the_creator_hands_a_seat_nobody_is_at_to_a_bot(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0])
    creator = players.join(None, table["creator_token"])
    try:
        creator.send(type="hand_to_bot", seat=0, bot="random")
        assert creator.receive()["code"] == "forbidden"  # seat 0's person is here
        seat_zero = players.seat_socket(0)
        seat_zero.send(type="hand_to_bot", seat=1, bot="random")
        assert seat_zero.receive()["code"] == "forbidden"  # only the creator may
        creator.send(type="hand_to_bot", seat=1, bot="random")
        handed = creator.receive()
        assert handed["presence"][1] == {
            "seat": 1,
            "name": None,
            "kind": "bot",
            "bot": "random",
            "stand_in": True,
            "connected": False,
        }
    finally:
        players.close()


def test_a_throttle_admits_a_burst_then_its_rate() -> None:
    now = [0.0]
    throttle = Throttle(rate=10.0, burst=3, clock=lambda: now[0])
    assert [throttle.admit() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1
    assert [throttle.admit() for _ in range(2)] == [True, False]


def test_a_flooding_client_is_throttled_then_closed_and_the_table_still_answers_others(
    sqlite_url: str,
) -> None:
    with make_client(sqlite_url, throttle=10.0) as client:
        table = new_table(client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
        players = Players(client, table, [0, 1])
        flooder, other = players.seat_socket(0), players.seat_socket(1)
        try:
            for _ in range(200):
                flooder.send(type="ping")
            answers = []
            while not answers or answers[-1]["type"] != "error":
                answers.append(flooder.receive())
            assert answers[-1]["code"] == "throttled" and len(answers) <= 31
            # Over twice its rate for longer than its burst: told once more, then closed.
            while (answer := flooder.receive())["type"] == "pong":
                pass
            assert answer["type"] == "error" and answer["code"] == "flooding", answer
            with pytest.raises(WebSocketDisconnect) as closed:
                flooder.receive()
            assert closed.value.code == 1008
            # The others are told the flooder's seat is gone, and answered as before.
            assert [p["connected"] for p in other.receive()["presence"]] == [False, True]
            other.send(type="ping")
            assert other.receive() == {"type": "pong"}
        finally:
            players.close()


def test_a_throttle_floods_when_its_dropped_messages_pass_their_own_burst_and_rate() -> None:
    now = [0.0]
    throttle = Throttle(rate=10.0, burst=3, clock=lambda: now[0])
    assert [throttle.admit() for _ in range(3)] == [True, True, True]
    assert [throttle.admit() or throttle.flooding() for _ in range(4)] == [False, False, False, True]
    # At twice its rate the dropped messages refill as fast as they come: never flooding.
    throttle = Throttle(rate=10.0, burst=3, clock=lambda: now[0])
    for _ in range(100):
        now[0] += 0.05
        assert throttle.admit() or not throttle.flooding()


def test_a_bot_over_its_time_limit_is_stopped_and_a_fallback_bot_moves(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        tables.bots = BotPool(1, time_limit=0.5, decide=slow_choose)
        table = new_table(client, game="guile", players=2, seats=[{"kind": "bot", "bot": SLOW_BOT}] * 2)
        players = Players(client, table, [], spectators=1)
        try:
            # The faction, then the Start Knight: the slow bot's process is stopped each time its
            # half second is up, the fallback bot moves from the seat's view, and a new process
            # takes the next decision.
            until(players.sockets[None][0], lambda m: m["view"]["phase"] == "draft")
        finally:
            players.close()
        moves = stored(client, table["table_id"]).moves
        assert [(seat, move.split()[0]) for seat, move in moves[:2]] == [(0, "faction"), (0, "start")]


def test_a_table_whose_bots_all_fail_still_plays_to_its_end(sqlite_url: str) -> None:
    """A bot and its fallback both out of time (a machine too loaded to answer): the server draws a
    legal move from the decision's seed, so the table never waits for ever."""
    with make_client(sqlite_url) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        asked: list[str] = []

        async def silent(game: str, bot: str, seed: int, info: InfoState, legal: Any) -> int:
            asked.append(bot)
            raise BotTimeout("no answer in 0.5 s")

        tables.bots.choose = silent
        table = new_table(client, game="guile", players=2, seats=[{"kind": "bot", "bot": "heuristic"}] * 2)
        players = Players(client, table, [], spectators=1)
        try:
            until(players.sockets[None][0], lambda m: m["over"])
        finally:
            players.close()
        moves = stored(client, table["table_id"]).moves
    # Each decision asked the seat's bot, then the fallback, then drew its move.
    assert asked[0::2] == ["heuristic"] * (len(asked) // 2) and asked[1::2] == ["random"] * (len(asked) // 2)
    assert len(asked) >= 2 * len(moves) > 0


def test_a_bot_takes_its_pause_whatever_the_number_of_its_legal_moves(sqlite_url: str) -> None:
    """Every decision of a whole game waits the pause, the forced ones too (the clock is a recorder)."""
    with make_client(sqlite_url) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        pauses: list[float] = []
        decisions: list[int] = []

        async def pause(seconds: float) -> None:
            pauses.append(seconds)

        choose = tables.bots.choose

        async def decide(game: str, bot: str, seed: int, info: InfoState, legal: Any) -> int:
            decisions.append(len(legal))
            index: int = await choose(game, bot, seed, info, legal)
            return index

        tables.bot_pause, tables.sleep, tables.bots.choose = 0.6, pause, decide
        table = new_table(client, game="guile", players=2, seats=[{"kind": "bot", "bot": "random"}] * 2)
        players = Players(client, table, [], spectators=1)
        try:
            until(players.sockets[None][0], lambda m: m["over"])
        finally:
            players.close()
        # A decision made twice in the simultaneous draft is refused the second time: at least as
        # many decisions as moves, forced ones among them, and a pause started for every one.
        assert len(decisions) >= len(stored(client, table["table_id"]).moves) and 1 in decisions
        assert len(pauses) >= len(decisions) and set(pauses) == {0.6}
