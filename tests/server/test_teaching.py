"""Teaching tables: asked for by game alone, dealt by the server, and their lessons built from the seat's
information only (the same lesson, the same message, in a world the seat cannot tell from the real one)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from feint.engine.registry import declaration, game_names
from feint.server.messages import message_for
from feint.server.tables import TEACHER_BOT, Table
from tests.server.conftest import Socket, new_table, stored, token_of


@pytest.mark.parametrize("game", game_names())
def test_a_teaching_table_seats_its_person_against_bots_and_teaches_at_every_decision(
    sqlite_client: TestClient, game: str
) -> None:
    assert sqlite_client.get(f"/api/games/{game}").json()["teaches"] is True
    made = new_table(sqlite_client, game=game, teach=True)
    assert made["creator_seat"] == 0 and made["seats"][0]["link"]
    assert [seat["bot"] for seat in made["seats"][1:]] == [TEACHER_BOT] * (len(made["seats"]) - 1)
    table = stored(sqlite_client, made["table_id"])
    assert table.teach and not table.public and table.clock is None
    with sqlite_client.websocket_connect(f"/ws/{made['table_id']}") as session:
        first = Socket(session).hello(token_of(made, 0))
    assert first["lesson"]["decision"]["phase"] == first["view"]["phase"]
    rng = random.Random(len(game))
    state = table.state
    for step in range(40):
        if state.is_over():
            break
        seat = state.to_move()[0]
        if step % 4 == 0:
            # What a seat is taught, waiting or deciding, is the same in a world it cannot tell apart.
            world = Table(
                **{**{f: getattr(table, f) for f in Table.__slots__}, "state": state.resample(0, rng)}
            )
            mine = message_for(table, 0, 0, {0}, 0.0)
            assert message_for(world, 0, 0, {0}, 0.0) == mine
            assert (
                bool(mine["lesson"]["options"])
                == (0 in state.to_move())
                == mine["lesson"]["decision"]["mine"]
            )
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    lesson = message_for(table, 0, 0, {0}, 0.0)["lesson"]
    legal = {str(move) for move in state.legal_moves(0)}
    assert {move for option in lesson["options"] for move in option["moves"]} <= legal
    # A bot's seat, or a watcher, is taught nothing: the lesson goes to the person's seat only.
    assert "lesson" not in message_for(table, None, 0, {0}, 0.0)


def test_an_ordinary_table_teaches_nothing_and_a_teaching_table_takes_its_game_alone(
    sqlite_client: TestClient,
) -> None:
    made = new_table(sqlite_client, game="guile", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert "lesson" not in message_for(stored(sqlite_client, made["table_id"]), 0, 0, {0}, 0.0)
    for asked in (
        {"game": "guile", "teach": True, "players": 2},
        {"game": "guile", "teach": False},
        {"game": "chess", "teach": True},
    ):
        refused = sqlite_client.post("/api/tables", json=asked)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_request"
    assert all(declaration(game).lesson for game in game_names())
