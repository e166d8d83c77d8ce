"""The replay of a finished table, move by move with every card face-up: refused until the end."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from feint.engine.registry import new_game
from feint.engine.view import HIDDEN
from feint.server.messages import phrasebook
from tests.server.conftest import Players, new_table, stored, token_of
from tests.server.test_api import play_to_end

BOOK = phrasebook("guile")


def frames_of(client: TestClient, table_id: str, token: str) -> Any:
    return client.get(f"/api/tables/{table_id}/replay/frames", headers={"Authorization": f"Bearer {token}"})


def test_the_replay_frames_are_refused_during_the_game_and_served_after(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guile", players=2, seats=[{"kind": "human"}] * 2)
    table_id = table["table_id"]
    players = Players(sqlite_client, table, [0, 1])
    try:
        rng = random.Random(5)
        for _ in range(12):
            seat = rng.choice(players.state()["view"]["to_move"])
            players.move(seat, rng.choice(players.state(seat)["legal"])["text"])
        for token in (token_of(table, 0), token_of(table, 1), table["creator_token"]):
            early = frames_of(sqlite_client, table_id, token)
            assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
        assert frames_of(sqlite_client, table_id, "a-guess").json()["error"]["code"] == "bad_token"
        assert sqlite_client.get(f"/api/tables/{table_id}/replay/frames").status_code == 401
        last = play_to_end(players, rng)
        assert last["frames_url"] == f"/api/tables/{table_id}/replay/frames"
        response = frames_of(sqlite_client, table_id, token_of(table, 1))
        assert response.status_code == 200
        creator = frames_of(sqlite_client, table_id, table["creator_token"]).json()["frames"]
    finally:
        players.close()
    moves = stored(sqlite_client, table_id).moves
    frames = response.json()["frames"]
    assert len(frames) == len(moves) + 1
    assert frames[0]["move"] is None
    assert [(f["move"]["seat"], f["move"]["text"]) for f in frames[1:]] == moves
    assert frames[-1]["view"]["over"] and frames[-1]["view"]["winners"] == last["view"]["winners"]
    # Every frame's hidden cards are the real ones: replay the stored game and compare.
    live = stored(sqlite_client, table_id)
    state = new_game("guile", 2, live.seed, live.options, live.setup)
    for number, frame in enumerate(frames):
        if number:
            state.apply(*moves[number - 1])
        view = frame["view"]
        assert frame["seq"] == state.seq and view["viewer"] is None
        assert view["hands"] == [list(hand) for hand in state.hands]  # type: ignore[attr-defined]
        assert view["aside"] == list(state.aside)  # type: ignore[attr-defined]
        assert [k["card"] for k in view["knights"]] == list(state.knights)  # type: ignore[attr-defined]
        assert HIDDEN.value not in str(view)
        # The events are told as the seat asking saw them in play: seat 1 here, nobody's for the creator.
        since = frames[number - 1]["seq"] if number else 0
        told = state.events(1, since)
        assert frame["events"] == [{**e.to_json(), "sentence": BOOK.tell(e, 1)} for e in told]
        seen = state.events(None, since)
        assert creator[number]["events"] == [{**e.to_json(), "sentence": BOOK.tell(e, None)} for e in seen]


def test_a_guardians_replay_shows_every_hand_and_the_deck(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, game="guardians", players=2, seats=[{"kind": "human"}] * 2)
    players = Players(sqlite_client, table, [0, 1])
    try:
        play_to_end(players, random.Random(8))
    finally:
        players.close()
    frames = frames_of(sqlite_client, table["table_id"], table["creator_token"]).json()["frames"]
    live = stored(sqlite_client, table["table_id"])
    assert len(frames) == len(live.moves) + 1
    final = frames[-1]["view"]
    assert [seat["hand"] for seat in final["seats"]] == [list(h) for h in live.state.hands]  # type: ignore[attr-defined]
    assert final["deck"] == list(live.state.deck)  # type: ignore[attr-defined]
    # The cards of every offer are face-up in the frame that made it.
    offers = [f["view"]["offer"] for f in frames if f["view"]["offer"] is not None]
    assert offers and all(HIDDEN.value not in o["cards"] and len(o["cards"]) == o["count"] for o in offers)
