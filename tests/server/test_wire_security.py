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
import unicodedata
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.arena.bluffs import bluff_statistics
from feint.engine.registry import declaration, game_names, get_game
from feint.engine.state import Viewer
from feint.engine.words import calling
from feint.server import chat, hub, messages, undo
from feint.server.chat_store import recent_lines
from feint.server.messages import message_for, moves_json, phrasebook
from feint.server.names import seat_names
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
    "expired",
    "result",
    "rematch",
    "retold",
    "undos",
    "undo",
}
CHAT_LINE_KEYS = {"line", "channel", "seat", "kind", "text", "seq", "time"}
SEATS_AND_SEED = {"guile": (2, 11), "knights": (3, 12), "guardians": (2, 13)}
NAMES = ["ann", "zoe\u0308 li", "ßo", "ève", "Úna"]
"""The seats' names: in lower case but one, and two written with a combining mark that NFC composes."""
GAMES = [(game, *SEATS_AND_SEED.get(game, (get_game(game).MIN_PLAYERS, 14))) for game in game_names()]
"""Every discovered game: a game added later is played at its fewest seats."""


def check_message(
    table: Table, viewer: Viewer, since: int, message: dict[str, Any], rng: random.Random
) -> None:
    state = table.state
    assert set(message) - {"replay_url", "frames_url", "bluffs"} == STATE_KEYS
    # The bluff statistics read the whole log: sent to a seat once the game is over, never before,
    # and never to a watcher (who may not open the replay that would show the same).
    if table.over and viewer is not None:
        with calling(seat_names(table)):
            assert message["bluffs"] == bluff_statistics(state, viewer, set(table.stood_in.values()))
    else:
        assert "bluffs" not in message
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
    # The words are the phrasebook's for this seat, from the events it was sent and the seats' names,
    # and nothing else; each name as its person gave it, to every seat but its own ("you").
    book = phrasebook(table.game)
    names = seat_names(table)
    assert [p["name"] for p in message["presence"]] == names
    assert [e["sentence"] for e in message["events"]] == [book.told(e, viewer, names) for e in events]
    for seat, name in enumerate(names):
        told = " ".join(e["sentence"] or "" for e in message["events"])
        assert name is None or seat != viewer or name not in told
        capitalised = name[:1].upper() + name[1:] if name else None
        assert capitalised is None or capitalised == name or capitalised not in told
    legal = [] if viewer is None else state.legal_moves(viewer)
    assert [{k: v for k, v in m.items() if k != "words"} for m in message["legal"]] == moves_json(legal)
    # A move's words (the generic renderer's buttons) are the phrasebook's for that move alone.
    assert [m.get("words") for m in message["legal"]] == [book.move_words(m) for m in legal]
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
    # Every seat names itself, in lower case (a sentence never capitalises a name), some with
    # letters NFC composes; the names go out with the next state, every event told again.
    for seat in range(seats):
        given = NAMES[seat]
        players.seat_socket(seat).send(type="name", name=given)
        for _, sock in players.viewers:
            players._got(sock, sock.receive())
            asked[sock] = 0
        assert [p["name"] for p in players.state()["presence"]][seat] == unicodedata.normalize("NFC", given)

    def check_latest() -> None:
        for viewer, sock in players.viewers:
            if sock in players.last:
                history = players.history[sock]
                # A retold message tells every event again, whatever the connection was told before.
                retold = history[-1]["retold"]
                since = 0 if retold else asked[sock] if len(history) == 1 else history[-2]["seq"]
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
            got = told_to([m for v, sock in players.viewers if v == viewer for m in players.history[sock]])
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


def told_to(history: list[dict[str, Any]]) -> list[int]:
    """The seqs of the events a seat's connections were told, in order, each once: a retold message
    tells them all again."""
    seqs: list[int] = []
    for message in history:
        if message["retold"]:
            seqs.clear()
        seqs += [e["seq"] for e in message["events"]]
    return seqs


def test_every_state_message_sent_is_built_by_the_one_function(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[str] = []
    sent: list[str] = []

    def recording(*args: Any, **options: Any) -> dict[str, Any]:
        message = message_for(*args, **options)
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


def test_chat_a_seat_receives_is_only_lines_of_the_seats_chat(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats and spectators chat through a game: each ``chat`` message sent is built by the one
    function, from lines alone (no key of a state, nothing but the line's own fields), and a seat's
    hold the seats' chat only, each line as stored, once."""
    built: list[str] = []
    sent: list[tuple[Viewer, str]] = []
    build = chat.chat_message

    def recording(*args: Any) -> dict[str, Any] | None:
        message = build(*args)
        if message is not None:
            built.append(json.dumps(message, separators=(",", ":")))
        return message

    monkeypatch.setattr(hub.chat, "chat_message", recording)
    original = hub.Connection._push

    def spy(self: hub.Connection, message: dict[str, Any]) -> None:
        if message["type"] == "chat":
            sent.append((self.viewer, json.dumps(message, separators=(",", ":"))))
        original(self, message)

    monkeypatch.setattr(hub.Connection, "_push", spy)
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1], spectators=2)
    live = sqlite_client.app.state.tables.loaded(table["table_id"])  # type: ignore[attr-defined]
    rng = random.Random(5)
    now = [0.0]
    sqlite_client.app.state.chat.clock = lambda: now[0]  # type: ignore[attr-defined]
    got: dict[Socket, list[dict[str, Any]]] = {sock: [] for _, sock in players.viewers}
    try:
        while not live.over:
            speaker: Viewer = rng.choice([0, 1, None])
            sender = players.sockets[speaker][rng.randrange(len(players.sockets[speaker]))]
            if rng.random() < 0.5:
                sender.send(type="chat", text=f"line {rng.random()}")
            else:
                sender.send(type="react", reaction=rng.choice(chat.REACTIONS))
            for viewer, sock in players.viewers:
                if speaker is not None or viewer is None:
                    got[sock].append(sock.receive())
            now[0] += 60.0  # nobody is throttled: each says one line a minute
            seat = rng.choice(live.state.to_move())
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
    finally:
        players.close()
    stored = stored_chat(sqlite_client, table["table_id"])
    for viewer, sock in players.viewers:
        lines = [line for message in got[sock] for line in message["lines"]]
        assert all(message.keys() == {"type", "history", "lines"} for message in got[sock])
        assert all(line.keys() == CHAT_LINE_KEYS for line in lines)
        assert lines == [line.to_json() for line in stored if line.channel in chat.channels_read(viewer)]
        if viewer is not None:
            assert {line["channel"] for line in lines} == {chat.SEATS}
    assert {line.channel for line in stored} == {chat.SEATS, chat.SPECTATORS}
    assert sorted(text for _, text in sent) == sorted(built)
    assert all(chat.SPECTATORS not in text for viewer, text in sent if viewer is not None)


def stored_chat(client: TestClient, table_id: str) -> list[chat.Line]:
    engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
    return recent_lines(engine, table_id, (chat.SEATS, chat.SPECTATORS))


def test_the_shared_review_sends_a_frame_number_and_its_leader_and_nothing_else(
    sqlite_client: TestClient,
) -> None:
    """After the end a seat leads the review: every connection, the spectator's too, is told the frame's
    number and the leader, never a frame; the spectator still cannot open the frames."""
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1], spectators=1)
    rng = random.Random(8)
    try:
        while not players.state()["over"]:
            seat = rng.choice(players.state()["view"]["to_move"])
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
        players.seat_socket(0).send(type="review", frame=3)
        for _, sock in players.viewers:
            assert sock.receive() == {"type": "review", "frame": 3, "by": 0}
        spectator = players.sockets[None][0]
        spectator.send(type="review", frame=4)
        assert spectator.receive()["code"] == "forbidden"
        # The spectator's attempt reached nobody: the next thing each connection hears is seat 1's step.
        players.seat_socket(1).send(type="review", frame=5)
        for _, sock in players.viewers:
            assert sock.receive() == {"type": "review", "frame": 5, "by": 1}
        # A newcomer hears where the review stands after its state: the creator, who may lead too.
        creator = players.join(None, table["creator_token"])
        assert creator.receive() == {"type": "review", "frame": 5, "by": 1}
        creator.send(type="review", frame=0)
        for _, sock in players.viewers:
            assert sock.receive() == {"type": "review", "frame": 0, "by": "creator"}
        frames = sqlite_client.get(f"/api/tables/{table['table_id']}/replay/frames")
        assert frames.status_code == 401 and "frames" not in frames.json()
    finally:
        players.close()
