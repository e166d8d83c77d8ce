"""Hidden information on the wire: random full games of each game through the websocket API.

Every seat of the table and a spectator are connected, and some reconnect
now and then. Each message a seat gets must be exactly its view, its events
since the last message, each with the sentence the game's phrasebook tells
it in for that seat, and its legal moves; drawing a new world that the seat
cannot tell from the real one must give the very same message, sentences
included; and the
events a seat gets, over all its connections, must be its whole event log,
each event once.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.engine.registry import declaration, game_names, get_game
from feint.engine.state import Viewer
from feint.server import hub, messages, undo
from feint.server.messages import message_for, moves_json, phrasebook
from feint.server.tables import Table
from feint.server.undo import undo_json
from tests.server.conftest import Players, Socket, new_table, token_of

STATE_KEYS = {
    "type",
    "table_id",
    "game",
    "seat",
    "seq",
    "view",
    "events",
    "legal",
    "table_moves",
    "clock",
    "presence",
    "over",
    "result",
    "rematch",
    "undos",
    "undo",
}
SEATS_AND_SEED = {"guile": (2, 11), "knights": (3, 12), "guardians": (2, 13)}
GAMES = [(game, *SEATS_AND_SEED.get(game, (get_game(game).MIN_PLAYERS, 14))) for game in game_names()]
"""Every discovered game: a game added later is played at its fewest seats."""


def check_message(
    table: Table, viewer: Viewer, since: int, message: dict[str, Any], rng: random.Random
) -> None:
    state = table.state
    assert set(message) - {"replay_url", "frames_url", "reset"} == STATE_KEYS
    assert message["seat"] == viewer and message["seq"] == state.seq
    # Undo: who asks and how many moves, and the move's notation only to the seat that made it.
    assert message["undo"] == undo_json(table, viewer) and message["undos"] == table.undos
    request = message["undo"]["request"]
    if request is not None:
        assert set(request) == {"seat", "count", "status", "agreed", "waiting", "by"} | (
            {"move"} if viewer == request["seat"] and request["status"] == "asked" else set()
        )
    assert message["view"] == state.view(viewer).to_json()
    events = state.events(viewer, since)
    assert [{k: v for k, v in e.items() if k != "sentence"} for e in message["events"]] == [
        e.to_json() for e in events
    ]
    # The words are the phrasebook's for this seat, from the events it was sent, and nothing else.
    book = phrasebook(table.game)
    assert [e["sentence"] for e in message["events"]] == [book.tell(e, viewer) for e in events]
    assert message["legal"] == ([] if viewer is None else moves_json(state.legal_moves(viewer)))
    assert str(table.seed) not in json.dumps(message) or table.over
    if viewer is not None and rng.random() < 0.05 and not table.over:
        # A world the viewer cannot tell from this one must give the same message.
        world = Table(
            **{**{f: getattr(table, f) for f in Table.__slots__}, "state": state.resample(viewer, rng)}
        )
        again = message_for(world, viewer, since, {0}, 0.0)
        mine = message_for(table, viewer, since, {0}, 0.0)
        assert [e["sentence"] for e in again["events"]] == [e["sentence"] for e in mine["events"]]
        assert again == mine


@pytest.mark.parametrize(("game", "seats", "seed"), GAMES)
def test_every_message_to_a_seat_holds_only_its_information(
    sqlite_client: TestClient, game: str, seats: int, seed: int
) -> None:
    rng = random.Random(seed)
    table = new_table(sqlite_client, game=game, players=seats, seats=[{"kind": "human"}] * seats)
    players = Players(sqlite_client, table, list(range(seats)), spectators=1)
    live = sqlite_client.app.state.tables.loaded(table["table_id"])  # type: ignore[attr-defined]
    asked: dict[Socket, int] = {sock: 0 for _, sock in players.viewers}

    def check_latest() -> None:
        for viewer, sock in players.viewers:
            if sock in players.last:
                history = players.history[sock]
                since = history[-2]["seq"] if len(history) > 1 else asked[sock]
                if history[-1].get("reset"):  # moves were taken back: every event afresh
                    since = 0
                check_message(live, viewer, since, history[-1], rng)

    try:
        check_latest()
        while not live.over:
            seat = rng.choice(live.state.to_move())
            move = rng.choice(players.state(seat)["legal"])
            assert "state" in players.move(seat, move["text"])
            check_latest()
            if rng.random() < 0.2 and not live.over:
                ask_undo(players, live, rng.randrange(seats), rng)
                check_latest()
                while undo.asking(live):
                    answerer = rng.choice(players.state(0)["undo"]["request"]["waiting"])
                    assert "state" in players.send(answerer, type="undo_answer", agree=rng.random() < 0.7)
                    check_latest()
            if rng.random() < 0.05 and not live.over:
                # No revealed card leaves the server before the end, whoever asks.
                frames = f"/api/tables/{table['table_id']}/replay/frames"
                for token in [table["creator_token"], *(token_of(table, s) for s in range(seats))]:
                    refused = sqlite_client.get(frames, headers={"Authorization": f"Bearer {token}"})
                    assert refused.status_code == 409 and "frames" not in refused.json()
            if rng.random() < 0.05:
                viewer: Viewer = rng.choice([*range(seats), None])
                old = players.sockets[viewer][0]
                last = players.last[old]["seq"]
                players.leave(old)
                back = players.join(viewer, None if viewer is None else token_of(table, viewer), since=last)
                asked[back] = last
                check_latest()
        for viewer in [*range(seats), None]:
            got: list[int] = []
            for message in (m for v, sock in players.viewers if v == viewer for m in players.history[sock]):
                got = [] if message.get("reset") else got
                got += [e["seq"] for e in message["events"]]
            assert got == [e.seq for e in live.state.events(viewer)]
        # Moves were taken back on the way (fixed seeds), in every game whose take-back rule allows any.
        assert live.undos > 0 or declaration(game).reveals is None
    finally:
        players.close()


def ask_undo(players: Players, live: Table, seat: int, rng: random.Random) -> None:
    """``seat`` asks to take its moves back: refused with nothing changed unless its page offered it."""
    offered = players.state(seat)["undo"]["can_ask"]
    before = (list(live.moves), live.undos, live.undo)
    answer = players.send(seat, type="undo")
    if offered:
        assert "state" in answer
        assert live.undo is not None and live.undo.seat == seat
    else:
        assert answer["error"]["code"] in {"undo_nothing", "undo_revealed", "undo_pending"}
        assert (live.moves, live.undos, live.undo) == before


def test_every_state_message_sent_is_built_by_the_one_function(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []
    sent: list[str] = []

    def recording(*args: Any) -> dict[str, Any]:
        message = message_for(*args)
        built.append(json.dumps(message, separators=(",", ":")))
        return message

    monkeypatch.setattr(messages, "message_for", recording)
    original = hub.Connection._push

    def spy(self: hub.Connection, message: dict[str, Any]) -> None:
        sent.append(json.dumps(message, separators=(",", ":")))
        original(self, message)

    monkeypatch.setattr(hub.Connection, "_push", spy)
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1], spectators=1)
    rng = random.Random(4)
    try:
        for _ in range(20):
            seat = rng.choice(players.state()["view"]["to_move"])
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
        players.move(0, "nonsense")
    finally:
        players.close()
    states = [text for text in sent if json.loads(text)["type"] == "state"]
    assert len(states) >= 3 * 20 and states == built
    assert all(json.loads(text)["type"] in {"state", "error"} for text in sent)
