"""The HTTP and websocket API under the ASGI test client, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.bots.registry import strongest
from feint.engine.registry import declaration, game_names
from feint.engine.replay import Replay
from feint.server.messages import phrasebook
from tests.server.conftest import Players, make_client, new_table, stored, token_of

GUILE_PEOPLE = {"game": "guile", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def play_to_end(players: Players, rng: random.Random) -> dict[str, Any]:
    """Random legal moves, each from a seat to move, until the game is over; the last state."""
    while not (state := players.state())["over"]:
        seat = rng.choice(state["view"]["to_move"])
        choice = rng.choice(players.state(seat)["legal"])
        move = choice["text"] if rng.random() < 0.5 else {"index": choice["index"]}
        assert "state" in players.move(seat, move)
    return players.state()


def test_the_games_are_listed_with_their_seats_variants_and_bots(sqlite_client: TestClient) -> None:
    games = {g["name"]: g for g in sqlite_client.get("/api/games").json()}
    assert sorted(games) == game_names()
    assert games["guile"]["min_players"] == games["guile"]["max_players"] == 2
    assert games["knights"]["table_moves"] == ["join", "leave", "sit in", "sit out"]
    assert "extended-cast" in games["guile"]["variants"]
    assert all("heuristic" in g["bots"] for g in games.values())


@pytest.mark.parametrize("game", game_names())
def test_a_game_is_described_from_its_declaration_and_its_renderer_served_from_its_package(
    sqlite_client: TestClient, game: str
) -> None:
    declared = declaration(game)
    info = sqlite_client.get(f"/api/games/{game}").json()
    listed = {g["name"]: g for g in sqlite_client.get("/api/games").json()}[game]
    book = phrasebook(game)
    assert {k: info[k] for k in listed} == listed and info["title"] == declared.title
    assert info["glossary"] == dict(book.glossary) and info["rules"] in book.rules
    help_text = sqlite_client.get(f"/api/games/{game}/help").json()
    assert {k: info[k] for k in help_text} == help_text
    module = sqlite_client.get(f"/games/{game}/web.js")
    if declared.web is None:
        assert info["web"] is None and module.status_code == 404
    else:
        assert info["web"] == f"/games/{game}/web.js" and module.status_code == 200
        assert module.headers["content-type"].startswith("text/javascript")
        assert module.text == declared.package_file("web")


def test_an_unknown_game_has_no_description_nor_renderer(sqlite_client: TestClient) -> None:
    for path in ("/api/games/chess", "/api/games/chess/help", "/games/chess/web.js"):
        assert sqlite_client.get(path).status_code == 404, path
    assert sqlite_client.get("/api/games/chess").json()["error"]["code"] == "not_found"


def test_a_bot_seat_not_named_gets_the_games_strongest_bot(sqlite_client: TestClient) -> None:
    named = new_table(
        sqlite_client,
        game="knights",
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}],
    )
    assert [s["bot"] for s in named["seats"]] == [None, strongest("knights"), "random"]
    unnamed = new_table(sqlite_client, game="guardians", players=3)
    assert [s["bot"] for s in unnamed["seats"]] == [None, strongest("guardians"), strongest("guardians")]


def test_create_join_and_play_a_game_to_the_end_then_download_its_replay(client: TestClient) -> None:
    table = new_table(client, **GUILE_PEOPLE)
    assert [s["kind"] for s in table["seats"]] == ["human", "human"]
    assert all(s["link"].startswith(f"/table/{table['table_id']}#seat=") for s in table["seats"])
    players = Players(client, table, [0, 1], spectators=1)
    try:
        first = players.state(0)
        assert first["seat"] == 0 and first["seq"] == 0 and not first["over"]
        assert [p["connected"] for p in first["presence"]] == [True, True]
        replay_url = f"/api/tables/{table['table_id']}/replay"
        early = client.get(replay_url, headers={"Authorization": f"Bearer {token_of(table, 0)}"})
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
        last = play_to_end(players, random.Random(3))
        assert last["result"]["winners"] == last["view"]["winners"]
        assert last["result"]["termination"] == "two-round-wins" and last["result"]["tiebreak"] is None
        assert last["replay_url"] == replay_url
        for token in (token_of(table, 1), table["creator_token"]):
            response = client.get(replay_url, headers={"Authorization": f"Bearer {token}"})
            assert response.status_code == 200
            replayed = Replay.from_json(response.json()).play()
            assert replayed.is_over() and list(replayed.result().winners) == last["result"]["winners"]
            assert len(response.json()["moves"]) == len(stored(client, table["table_id"]).moves)
        refused = client.get(replay_url, headers={"Authorization": "Bearer not-a-token"})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "bad_token"
    finally:
        players.close()


BAD_MESSAGES: list[tuple[str, str, str]] = [
    ("malformed JSON", '{"type": "move", "move": ', "bad_json"),
    ("not an object", "[1, 2, 3]", "bad_json"),
    ("unknown type", '{"type": "shuffle"}', "unknown_type"),
    ("over 64 KiB", json.dumps({"type": "ping", "pad": "x" * 70_000}), "too_large"),
    ("not a move", '{"type": "move", "move": "steal the crown", "seq": 0}', "not_a_move"),
    ("a move index out of range", '{"type": "move", "move": {"index": 99999}, "seq": 0}', "not_a_move"),
    ("a move the rules forbid now", '{"type": "move", "move": "pick 4d", "seq": 0}', "illegal"),
    ("a move index the rules forbid now", '{"type": "move", "move": {"index": 10}, "seq": 0}', "illegal"),
    ("a move of the wrong shape", '{"type": "move", "move": [1], "seq": 0}', "bad_json"),
    ("a move with no seq", '{"type": "move", "move": "faction arthur"}', "bad_json"),
    ("a stale seq", '{"type": "move", "move": "faction arthur", "seq": 7}', "stale"),
    ("a creator-only message", '{"type": "hand_to_bot", "seat": 1, "bot": "random"}', "forbidden"),
    ("a rematch before the end", '{"type": "rematch"}', "forbidden"),
]


@pytest.mark.parametrize(("case", "text", "code"), BAD_MESSAGES, ids=[case for case, _, _ in BAD_MESSAGES])
def test_a_bad_message_gets_a_clear_error_and_changes_nothing(
    sqlite_client: TestClient, case: str, text: str, code: str
) -> None:
    table = new_table(sqlite_client, **GUILE_PEOPLE)
    players = Players(sqlite_client, table, [0, 1])
    try:
        before = players.state(0)
        players.seat_socket(0).session.send_text(text)
        error = players.seat_socket(0).receive()
        assert error["type"] == "error" and error["code"] == code, error
        assert error["message"]
        assert [m["text"] for m in error["legal"]] == [m["text"] for m in before["legal"]]
        assert stored(sqlite_client, table["table_id"]).moves == []
        again = players.seat_socket(0).hello(token_of(table, 0), since=before["seq"])
        assert again["seq"] == before["seq"] and again["events"] == []
        assert again["view"] == before["view"]
    finally:
        players.close()


def test_each_bad_move_on_the_wire_is_refused_and_stored_nowhere(client: TestClient) -> None:
    """Not your turn, a duplicate, a spectator's move, a finished game; on both databases."""
    table = new_table(client, **GUILE_PEOPLE)
    players = Players(client, table, [0, 1], spectators=1)
    try:
        assert players.move(0, "faction arthur")["state"]["seq"] == 1
        seq = players.state(0)["seq"]
        start = next(m["text"] for m in players.state(0)["legal"])
        assert players.move(1, start)["error"]["code"] == "not_your_turn"
        assert players.move(0, "faction arthur", seq=0)["error"]["code"] == "stale"
        spectator = players.sockets[None][0]
        spectator.send(type="move", move=start, seq=seq)
        assert spectator.receive()["code"] == "forbidden"
        assert stored(client, table["table_id"]).moves == [(0, "faction arthur")]
        last = play_to_end(players, random.Random(5))
        done = stored(client, table["table_id"]).moves
        assert players.move(0, "look", seq=last["seq"])["error"]["code"] == "game_over"
        assert stored(client, table["table_id"]).moves == done
    finally:
        players.close()


def test_a_bad_token_opens_nothing_and_a_seat_token_opens_only_its_seat(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, **GUILE_PEOPLE)
    other = new_table(sqlite_client, **GUILE_PEOPLE)
    players = Players(sqlite_client, table, [1])
    try:
        sock = players.seat_socket(1)
        assert players.state(1)["seat"] == players.state(1)["view"]["viewer"] == 1
        for token in ("x" * 32, token_of(other, 0), 17):
            sock.send(type="hello", token=token, since=None)
            error = sock.receive()
            assert error["type"] == "error" and error["code"] == "bad_token"
        creator = sock.hello(table["creator_token"])
        assert creator["seat"] is None and creator["legal"] == []
    finally:
        players.close()


BAD_TABLES: list[tuple[Any, str]] = [
    (b"{not json", "bad_json"),
    ({"game": "chess"}, "bad_request"),
    ({"game": "guile", "players": 3}, "bad_request"),
    ({"game": "knights", "players": 3, "seats": [{"kind": "human"}]}, "bad_request"),
    ({"game": "guile", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "oracle"}]}, "bad_request"),
    ({"game": "guile", "variants": ["no-such-rule"]}, "bad_request"),
    ({"game": "guile", "clock": {"bank": -5, "increment": 0}}, "bad_request"),
    ({"game": "guile", "clock": {"bank": 60}}, "bad_request"),
    ({"game": "guile", "public": "yes"}, "bad_request"),
    ({"game": "guile", "seed": 7}, "bad_request"),
]


@pytest.mark.parametrize(("body", "code"), BAD_TABLES)
def test_a_bad_table_request_is_refused_and_creates_nothing(
    sqlite_client: TestClient, body: Any, code: str
) -> None:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = sqlite_client.post("/api/tables", content=content)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code and response.json()["error"]["message"]
    assert sqlite_client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]


def test_the_lobby_offers_only_the_seats_the_creator_opened_and_each_is_taken_once(
    client: TestClient,
) -> None:
    open_seat = {"kind": "human", "lobby": True}
    seats = [{"kind": "human"}, open_seat, {"kind": "human"}, open_seat]
    public = new_table(client, game="knights", players=4, public=True, seats=seats)
    table_id = public["table_id"]
    new_table(client, **GUILE_PEOPLE)
    # A public table whose creator opened no seat is not listed: no seat is offered by default.
    new_table(client, **GUILE_PEOPLE, public=True)
    assert public["creator_seat"] == 0
    # The seats opened have no link: only their takers' links will open them.
    assert [(s["lobby"], s["link"] is None) for s in public["seats"]] == [(False, False), (True, True)] * 2
    lobby = client.get("/api/lobby").json()
    expected = {"table_id": table_id, "game": "knights", "players": 4, "open_seats": [1, 3], "variants": []}
    assert lobby == [expected]
    for seat in (0, 2):  # the creator's own and a friend's
        refused = client.post(f"/api/tables/{table_id}/join", json={"seat": seat})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    not_a_seat = client.post(f"/api/tables/{table_id}/join", json={"seat": "1"})
    assert not_a_seat.status_code == 400 and not_a_seat.json()["error"]["code"] == "bad_request"
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert joined.status_code == 200 and joined.json()["link"].endswith(joined.json()["token"])
    again = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert again.status_code == 403 and again.json()["error"]["code"] == "forbidden"
    assert client.get("/api/lobby").json()[0]["open_seats"] == [3]
    players = Players(client, public, [0, 2])  # the links the creator sent still open their seats
    try:
        assert players.last[players.join(1, joined.json()["token"])]["seat"] == 1
    finally:
        players.close()
    assert [s.claimed for s in stored(client, table_id).seats] == [True, True, True, False]


OPEN = {"kind": "human", "lobby": True}


@pytest.mark.parametrize(
    ("spec", "complaint"),
    [
        ({"seats": [{"kind": "human", "lobby": True}, {"kind": "human"}]}, "creator's own"),
        ({"seats": [{"kind": "human"}, OPEN], "creator_seat": 1}, "creator's own"),
        ({"seats": [{"kind": "human"}, {"kind": "human", "lobby": "yes"}]}, "lobby must be true or false"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "lobby": True}]}, "seat 1 must be"),
        ({"seats": [{"kind": "human"}, {"kind": "human"}], "creator_seat": 2}, "creator_seat must be"),
        ({"seats": [{"kind": "human"}, {"kind": "human"}], "creator_seat": True}, "creator_seat must be"),
        ({"seats": [{"kind": "human"}, {"kind": "human", "lobby": True}], "public": False}, "only a public"),
    ],
)
def test_the_creators_own_seat_is_never_opened_to_the_lobby(
    sqlite_client: TestClient, spec: dict[str, Any], complaint: str
) -> None:
    response = sqlite_client.post("/api/tables", json={"game": "guile", "public": True, **spec})
    assert response.status_code == 400 and complaint in response.json()["error"]["message"]
    assert sqlite_client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]


def test_a_creator_who_only_watches_may_open_every_persons_seat(sqlite_client: TestClient) -> None:
    seats = [{"kind": "human", "lobby": True}, {"kind": "bot", "bot": "random"}]
    table = new_table(sqlite_client, game="guile", public=True, seats=seats, creator_seat=None)
    assert table["creator_seat"] is None
    assert sqlite_client.get("/api/lobby").json()[0]["open_seats"] == [0]


def test_a_finished_table_rematches_with_the_same_seats_and_tokens_and_a_new_seed(
    sqlite_client: TestClient,
) -> None:
    table = new_table(sqlite_client, **GUILE_PEOPLE)
    players = Players(sqlite_client, table, [0, 1])
    try:
        play_to_end(players, random.Random(8))
        players.seat_socket(1).send(type="rematch")
        rematch = players.seat_socket(1).receive()["rematch"]
        assert rematch is not None and players.seat_socket(0).receive()["rematch"] == rematch
        old, new = stored(sqlite_client, table["table_id"]), stored(sqlite_client, rematch)
        assert new.seed != old.seed and new.bot_stream != old.bot_stream and new.moves == []
        again = Players(sqlite_client, {**table, "table_id": rematch}, [0, 1])
        assert again.state(0)["seat"] == 0 and again.state(0)["seq"] == 0
        again.close()
    finally:
        players.close()


def test_the_pages_and_static_files_are_served(sqlite_url: str, tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<h1>lobby</h1>")
    (static / "table.html").write_text("<h1>table</h1>")
    (static / "app.js").write_text("export {};")
    with make_client(sqlite_url, static) as client:
        assert client.get("/").text == "<h1>lobby</h1>"
        assert client.get("/table/abc").text == "<h1>table</h1>"
        assert client.get("/static/app.js").text == "export {};"


def test_a_knights_seat_sits_out_and_in_between_turns(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="knights", players=3, seats=[{"kind": "human"}] * 3)
    players = Players(sqlite_client, table, [0, 1, 2])
    try:
        seat = next(s for s in range(3) if players.state(s)["table_moves"])
        assert [m["text"] for m in players.state(seat)["table_moves"]] == ["sit out", "leave"]
        sock = players.seat_socket(seat)
        sock.send(type="move", move="sit out", seq=players.state(seat)["seq"])
        assert sock.receive()["code"] == "illegal"  # a table move goes in a table_move message
        sock.send(type="table_move", move="sit out", seq=players.state(seat)["seq"])
        out = sock.receive()
        assert [m["text"] for m in out["table_moves"]] == ["sit in", "leave"]
        assert stored(sqlite_client, table["table_id"]).moves == [(seat, "sit out")]
        sock.send(type="table_move", move="sit in", seq=out["seq"])
        assert [m["text"] for m in sock.receive()["table_moves"]] == ["sit out", "leave"]
    finally:
        players.close()


def test_a_client_flooding_table_requests_is_throttled_and_nothing_more_is_made(sqlite_url: str) -> None:
    with make_client(sqlite_url, throttle=2.0) as client:
        client.app.state.http_throttles.clock = lambda: 1000.0  # type: ignore[attr-defined]
        answers = [client.post("/api/tables", json=GUILE_PEOPLE) for _ in range(10)]
        made = [a for a in answers if a.status_code == 201]
        refused = [a for a in answers if a.status_code != 201]
        assert len(made) == 6  # a burst of three seconds' worth, and the clock stands still
        assert refused and all(a.status_code == 429 for a in refused)
        assert refused[0].json()["error"] == {
            "code": "throttled",
            "message": "too many requests; slow down to 2 a second and try again",
        }
        assert refused[0].headers["retry-after"] == "1"
        store = client.app.state.tables.store  # type: ignore[attr-defined]
        assert len(store.unfinished()) == 6
        # Reading has a bucket of its own: the list of games still answers.
        assert client.get("/api/games").status_code == 200


def test_a_server_given_a_table_seed_deals_the_same_tables_in_the_same_order(sqlite_url: str) -> None:
    """The fixtures' seed, never a client's, fixes the deals: two servers make the same tables in turn."""
    deals = []
    for run in range(2):
        with make_client(sqlite_url.replace(".db", f"{run}.db")) as served:
            made = [stored(served, new_table(served, **GUILE_PEOPLE)["table_id"]) for _ in range(2)]
            deals.append([(table.seed, table.bot_stream) for table in made])
    assert deals[0] == deals[1]
    first, second = deals[0]
    assert first[0] != second[0] and first[1] != second[1]
    assert first[0] != first[1]
