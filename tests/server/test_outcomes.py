"""Bots against people, recorded: each finished table's seats and result, written with its last move."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from feint.server import store as store_module
from feint.server.db import MoveRow, OutcomeRow, open_database
from feint.server.store import Store
from tests.server.conftest import Players, new_table, stored
from tests.server.test_api import play_to_end
from tests.server.test_bots_and_clocks import until
from tests.server.test_store import _guile


def outcomes(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    query = select(OutcomeRow.__table__).where(OutcomeRow.table_id == table_id).order_by(OutcomeRow.seat)
    with engine.connect() as connection:
        return [dict(row._mapping) for row in connection.execute(query)]


def against_bots(
    players: Players, seat: int, rng: random.Random, before_each: Callable[[], bool]
) -> dict[str, Any]:
    """Random moves for ``seat`` while bots play the others, to the end (the last state);
    ``before_each`` holds throughout."""
    sock, state = players.seat_socket(seat), players.state(seat)
    while not state["over"]:
        assert before_each()
        if state["legal"]:
            sock.send(type="move", move=rng.choice(state["legal"])["text"], seq=state["seq"])
        message = sock.receive()
        # A move refused as stale (a bot moved first in a simultaneous phase): wait for news.
        state = message if message["type"] == "state" else {**state, "legal": []}
    return state


def test_a_person_against_a_bot_is_recorded_at_the_end_and_not_before(client: TestClient) -> None:
    table = new_table(
        client, game="guile", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    table_id = table["table_id"]
    players = Players(client, table, [0])
    rng = random.Random(9)
    try:
        # The bot's move may end the game before this seat hears of it: then the rows may be there,
        # but never while the stored game goes on.
        against_bots(
            players,
            0,
            rng,
            lambda: outcomes(client, table_id) == [] or stored(client, table_id).state.is_over(),
        )
    finally:
        players.close()
    result = stored(client, table_id).state.result()
    rows = outcomes(client, table_id)
    finished = rows[0]["finished"]
    assert rows == [
        {
            "table_id": table_id,
            "seat": seat,
            "game": "guile",
            "players": 2,
            "kind": kind,
            "bot": bot,
            "stand_in_moves": 0,
            "score": result.scores[seat],
            "won": seat in result.winners,
            "share": 1 / len(result.winners) if seat in result.winners else 0.0,
            "finished": finished,
        }
        for seat, kind, bot in ((0, "person", None), (1, "bot", "random"))
    ]


def test_a_persons_seat_a_stand_in_played_part_of_records_how_many_moves_it_made(
    sqlite_client: TestClient,
) -> None:
    table = new_table(sqlite_client, game="guardians", players=2, seats=[{"kind": "human"}] * 2)
    table_id = table["table_id"]
    players = Players(sqlite_client, table, [0, 1])
    creator = players.join(None, table["creator_token"])
    rng = random.Random(2)
    try:
        for _ in range(4):
            seat = rng.choice(players.state()["view"]["to_move"])
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
        players.leave(players.seat_socket(1))
        creator.send(type="hand_to_bot", seat=1, bot="random")
        until(creator, lambda m: m["presence"][1]["stand_in"])
        end = against_bots(players, 0, rng, lambda: True)
        told = {seat["seat"]: seat["sentence"] for seat in end["bluffs"]}
    finally:
        players.close()
    # The statistics count the seat's moves, the stand-in's included, and say so.
    assert told[1].endswith(
        " A bot stood in for seat 1 for part of the game, and what it did is counted here."
    )
    assert "stood in" not in told[0]
    engine = sqlite_client.app.state.tables.store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        query = select(MoveRow.seat).where(MoveRow.table_id == table_id, MoveRow.stand_in)
        stood_in = len(connection.execute(query).all())
    rows = outcomes(sqlite_client, table_id)
    assert stood_in > 0
    assert [(r["kind"], r["bot"], r["stand_in_moves"]) for r in rows] == [
        ("person", None, 0),
        ("person", None, stood_in),
    ]


def test_two_people_to_the_end_are_recorded_once(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="knights", players=3, seats=[{"kind": "human"}] * 3)
    players = Players(sqlite_client, table, [0, 1, 2])
    try:
        play_to_end(players, random.Random(6))
    finally:
        players.close()
    rows = outcomes(sqlite_client, table["table_id"])
    assert [row["seat"] for row in rows] == [0, 1, 2] and {row["kind"] for row in rows} == {"person"}
    assert sum(row["share"] for row in rows) == pytest.approx(1.0 if any(row["won"] for row in rows) else 0.0)


def test_the_outcome_is_written_in_the_transaction_of_the_last_move(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(open_database(sqlite_url))
    try:
        table = _guile("ends")
        store.create(table)
        while True:
            seat = table.state.to_move()[0]
            move = str(table.state.legal_moves(seat)[0])
            ending = table.state.clone()
            ending.apply(seat, move)
            if ending.is_over():
                break
            store.change(table, lambda t, seat=seat, move=move: t.play(seat, move, t.seq, 0.0))
        played = len(table.moves)

        def failing(*args: object) -> list[dict[str, object]]:
            raise RuntimeError("the outcome could not be written")

        monkeypatch.setattr(store_module, "outcome_rows", failing)
        with pytest.raises(RuntimeError):
            store.change(table, lambda t: t.play(seat, move, t.seq, 0.0))
        # The last move went with its outcome: neither is stored.
        again = store.load("ends")
        assert again is not None and len(again.moves) == played and not again.over
        monkeypatch.undo()
        store.change(again, lambda t: t.play(seat, move, t.seq, 0.0))
        with store.engine.connect() as connection:
            rows = connection.execute(select(OutcomeRow.seat).where(OutcomeRow.table_id == "ends")).all()
        assert [row.seat for row in rows] == [0, 1]
    finally:
        store.close()
