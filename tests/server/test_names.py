"""Seats' display names: checked on the server, stored with the seat, told to everybody as given.

Names are text strangers type: every bad one is refused with ``bad_name``
and changes nothing; a good one reaches every seat's presence list and the
phrasebook's sentences (the viewer's own seat stays "you"), survives a
restart and a rematch.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.engine.registry import game_names, get_game, new_game
from feint.engine.state import GameState
from feint.server.messages import phrasebook
from feint.server.names import MAX_NAME, bot_name, called, check_name
from feint.server.protocol import RENAMES
from feint.server.tables import TableError
from tests.server.conftest import Players, make_client, new_table, stored


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("Ann", "Ann"),
        ("  ann   lee ", "ann lee"),
        ("Zoë\u00a0\u2003Li", "Zoë Li"),  # Unicode spaces collapse too
        ("Ame\u0301lie", "Amélie"),  # NFC: one code point for é
        ("x" * MAX_NAME, "x" * MAX_NAME),
        ("Youssef", "Youssef"),  # "you" only as a word of its own
        ("Robot Rita", "Robot Rita"),
        ("Seattle", "Seattle"),
        ("<img src=x onerror=f()>", "<img src=x onerror=f()>"),  # text, shown as text
    ],
)
def test_a_name_is_normalised(given: str, kept: str) -> None:
    assert check_name(given) == kept


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("", "at least one character"),
        ("   ", "at least one character"),
        ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
        ("x" * 200, "this one has 200"),
        ("Ann\x07", "control or format"),
        ("Ann\nBob", "control or format"),
        ("Ann\tBob", "control or format"),
        ("A\u200bnn", "control or format"),  # a zero-width space
        ("Ann\u202e", "control or format"),  # a right-to-left override
        ("you", "the word 'you'"),
        ("YOU", "the word 'you'"),
        ("Your Majesty", "the word 'your'"),
        ("seat 2", "the word 'seat'"),
        ("Seat", "the word 'seat'"),
        ("Easy bot", "the word 'bot'"),
        (bot_name("ismcts:hard"), "the word 'bot'"),
        ("▲ Ann", "marks seats"),
        ("⚙ Ann", "marks seats"),
        ("...", "letter or digit"),
        (None, "is a string"),
        (3, "is a string"),
    ],
)
def test_a_bad_name_is_refused_with_a_reason(given: Any, why: str) -> None:
    with pytest.raises(TableError) as refused:
        check_name(given)
    assert refused.value.code == "bad_name" and why in refused.value.message


def test_two_seats_cannot_read_alike() -> None:
    with pytest.raises(TableError, match="called 'ANN' already"):
        check_name("ANN", ("ann", None))
    assert check_name("Ann", (None, "Bob")) == "Ann"
    # Bots of one level are told apart by their seat; people keep their names as given.
    seats = [
        ("bot", "heuristic", None),
        ("human", None, "ann"),
        ("bot", "heuristic", None),
        ("human", None, None),
    ]
    assert called(seats) == ["Instant bot (seat 0)", "ann", "Instant bot (seat 2)", None]


def name(players: Players, seat: int, text: Any) -> dict[str, Any]:
    """Send ``text`` as ``seat``'s name: the sender's answer, after everybody else got the change."""
    sender = players.seat_socket(seat)
    sender.send(type="name", name=text)
    answer = sender.receive()
    if answer["type"] == "state":
        players.last[sender] = answer
        for socks in players.sockets.values():
            for sock in socks:
                if sock is not sender:
                    players.last[sock] = sock.receive()
    return answer


def sentences(message: dict[str, Any]) -> list[str]:
    return [e["sentence"] for e in message["events"] if e["sentence"]]


def test_a_name_reaches_every_seat_and_the_sentences_as_given(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1], spectators=1)
    rng = random.Random(3)
    try:
        for _ in range(6):
            seat = rng.choice(players.state()["view"]["to_move"])
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
        assert name(players, 0, "  ann  ")["type"] == "state"
        for viewer, sock in players.viewers:
            message = players.last[sock]
            assert [p["name"] for p in message["presence"]] == ["ann", None]
            # Every event is told again, the whole log, so its earlier lines use the name too.
            assert message["retold"] is True
            live = sqlite_client.app.state.tables.loaded(table["table_id"])  # type: ignore[attr-defined]
            events = live.state.events(viewer)
            book = phrasebook("guile")
            assert [e["seq"] for e in message["events"]] == [e.seq for e in events]
            assert [e["sentence"] for e in message["events"]] == [
                book.told(e, viewer, ["ann", None]) for e in events
            ]
            told = " ".join(sentences(message))
            # Seat 0 is "you" to itself; to the others "ann", never "Ann" at a sentence's start.
            assert ("ann" in told) == (viewer != 0) and "Ann" not in told
        # The next state goes on from there: nothing is told twice.
        seat = players.state()["view"]["to_move"][0]
        before = players.state(seat)["seq"]
        after = players.move(seat, players.state(seat)["legal"][0]["text"])["state"]
        assert after["retold"] is False and after["events"]
        assert all(e["seq"] > before for e in after["events"])
    finally:
        players.close()


def test_a_bad_name_changes_nothing_and_only_a_seat_names_itself(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1], spectators=1)
    try:
        assert name(players, 1, "Bob")["type"] == "state"
        for text in ["you", "x" * 200, "Bo\x00b", "bob", 7]:
            answer = name(players, 1 if text != "bob" else 0, text)
            assert answer["type"] == "error" and answer["code"] == "bad_name", text
        spectator = players.sockets[None][0]
        spectator.send(type="name", name="Eve")
        refused = spectator.receive()
        assert refused["type"] == "error" and refused["code"] == "forbidden"
        # Nothing was stored, and nobody else was sent anything: a ping's pong is the next message.
        assert stored(sqlite_client, table["table_id"]).seats[0].name is None
        assert [s.name for s in stored(sqlite_client, table["table_id"]).seats] == [None, "Bob"]
        for _, sock in players.viewers:
            sock.send(type="ping")
            assert sock.receive()["type"] == "pong"
    finally:
        players.close()


def test_names_are_stored_and_kept_by_a_restart_and_a_rematch(database: str) -> None:
    with make_client(database) as client:
        table = new_table(
            client, game="guile", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        )
        players = Players(client, table, [0])
        try:
            assert name(players, 0, "Zoë")["type"] == "state"
        finally:
            players.close()
    with make_client(database) as client:
        players = Players(client, table, [0])
        try:
            assert [p["name"] for p in players.state(0)["presence"]] == ["Zoë", "Easiest bot"]
            state = players.state(0)
            rng = random.Random(5)
            told = sentences(state)
            while not state["over"]:
                if state["legal"]:
                    players.seat_socket(0).send(
                        type="move", move=rng.choice(state["legal"])["text"], seq=state["seq"]
                    )
                message = players.seat_socket(0).receive()
                state = message if message["type"] == "state" else {**state, "legal": []}
                told += sentences(message) if message["type"] == "state" else []
            # The bot's moves are told with its name; the seat's own as "you".
            assert any(line.startswith("Easiest bot ") for line in told)
            assert not any("Zoë" in line for line in told)
            players.seat_socket(0).send(type="rematch")
            rematch = players.seat_socket(0).receive()
            while rematch.get("rematch") is None:
                rematch = players.seat_socket(0).receive()
        finally:
            players.close()
        again = stored(client, rematch["rematch"])
        assert [s.name for s in again.seats] == ["Zoë", None]


@pytest.mark.parametrize("game", game_names())
def test_the_phrasebook_hook_names_seats_in_every_game(game: str) -> None:
    """One engine-level way: the names reach each game's sentences with no code of the game's,
    and with no names given the sentences are the terminal's, unchanged."""
    state: GameState = new_game(game, get_game(game).MIN_PLAYERS, 4)
    rng = random.Random(1)
    names = ["Qa", "qzx", "Qc", "Qd", "Qe"][: state.players]
    book = phrasebook(game)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    events = state.events(0)
    named = " ".join(t for t in (book.told(e, 0, names) for e in events) if t)
    plain = " ".join(t for t in (book.tell(e, 0) for e in events) if t)
    assert "qzx" in named and "seat 1" not in named and "Qzx" not in named
    assert "seat 1" in plain and "qzx" not in plain
    assert named.replace("qzx", "seat 1").replace("Qa", "you") != named


def test_a_connection_names_its_seat_a_limited_number_of_times(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1])
    try:
        for n in range(RENAMES):
            assert name(players, 0, f"Ann {n}")["type"] == "state"
        refused = name(players, 0, "Ann again")
        assert refused["type"] == "error" and refused["code"] == "throttled"
        assert stored(sqlite_client, table["table_id"]).seats[0].name == f"Ann {RENAMES - 1}"
    finally:
        players.close()
