"""Bot specs at the server: one parser and its limits at table creation and at "hand seat to a bot".

A refused spec gets the JSON error with a 4xx status and changes nothing; a
spec the parser accepts, however long, is stored on SQLite and PostgreSQL
alike (a 32-character column once made longer specs a 500 on PostgreSQL
only), and a failed statement is never logged with its values, which hold
token hashes.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from feint.bots.spec import MAX_SPEC
from feint.server.db import migrate
from tests.server.conftest import Players, new_table, stored

LONG_SPEC = "ismcts:iters=100,guide=40,trees=1"
"""33 characters: one more than the seats' column once held."""
REFUSED: list[tuple[object, str]] = [
    ("ismcts:iters=100000000", "ismcts iters is at most 10000, not 100000000"),
    ("ismcts:ms=86400000", "ismcts ms is at most 10000, not 86400000"),
    ("montecarlo:playouts=100000000", "montecarlo playouts is at most 10000, not 100000000"),
    ("ismcts:iters=²", "N a positive number in digits 0-9"),
    ("ismcts:iters=\u0663", "N a positive number in digits 0-9"),
    ("ismcts:iters=" + "9" * 5000, "a bot spec is at most 64 characters, not 5013"),
    (LONG_SPEC.ljust(65), "a bot spec is at most 64 characters, not 65"),
    ("oracle", "unknown bot 'oracle'"),
    # The instrument that sees every card is made by the arena alone, never seated at a table.
    ("omniscient", "omniscient sees every card: a measuring instrument for feint arena"),
    ("omniscient:ms=200", "omniscient sees every card"),
    (7, "a bot is named by a spec"),
]


@pytest.mark.parametrize(("bot", "message"), REFUSED)
def test_a_table_with_a_refused_bot_spec_is_not_created(
    client: TestClient, bot: object, message: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": bot}]
    response = client.post("/api/tables", content=json.dumps({"game": "guile", "seats": seats}).encode())
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request"
    assert message in error["message"] and error["message"].startswith("seat 1: ")
    assert client.app.state.tables.store.unfinished() == []  # type: ignore[attr-defined]


def test_a_spec_longer_than_the_old_column_is_stored_on_every_database(client: TestClient) -> None:
    table = new_table(client, game="guile", seats=[{"kind": "human"}, {"kind": "bot", "bot": LONG_SPEC}])
    assert table["seats"][1]["bot"] == LONG_SPEC
    assert stored(client, table["table_id"]).seats[1].bot == LONG_SPEC


@pytest.mark.parametrize(("bot", "message"), REFUSED)
def test_a_seat_handed_to_a_refused_bot_spec_stays_as_it_was(
    client: TestClient, bot: object, message: str
) -> None:
    table = new_table(client, game="guile", seats=[{"kind": "human"}] * 2)
    players = Players(client, table, [0])
    creator = players.join(None, table["creator_token"])
    try:
        creator.send(type="hand_to_bot", seat=1, bot=bot)
        refused = creator.receive()
        assert refused["type"] == "error" and refused["code"] == "bad_json"
        assert message in refused["message"]
        seat = stored(client, table["table_id"]).seats[1]
        assert (seat.bot, seat.stand_in) == (None, False)
        creator.send(type="hand_to_bot", seat=1, bot=LONG_SPEC)
        handed = creator.receive()
        assert handed["type"] == "state" and handed["presence"][1]["bot"] == LONG_SPEC
        assert stored(client, table["table_id"]).seats[1].bot == LONG_SPEC
    finally:
        players.close()


def test_a_failed_statement_names_no_token_hash(client: TestClient) -> None:
    table = stored(client, new_table(client, game="guile")["table_id"])
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError) as failed:
        store.create(table)  # the same table id again
    hashes = [table.creator_hash, *(seat.token_hash for seat in table.seats if seat.token_hash)]
    assert all(digest not in str(failed.value) for digest in hashes)
    assert "parameters hidden" in str(failed.value)


def test_the_migration_widens_the_column_and_keeps_every_seat(database: str) -> None:
    migrate(database, "0001")
    engine = create_engine(database)
    table = {"id": "t1", "game": "guile", "players": 2, "options": "{}", "seed": 5, "setup": "{}"}
    row = {**table, "bot_stream": 6, "public": False, "creator_hash": "c" * 64, "over": False, "created": 1.0}
    seat = {"table_id": "t1", "claimed": False, "stand_in": False}
    try:
        with engine.begin() as connection:
            connection.execute(text(_insert("tables", row)), row)
            for number, bot in ((0, None), (1, "ismcts:hard")):
                values = {**seat, "seat": number, "kind": "bot" if bot else "human", "bot": bot}
                connection.execute(text(_insert("seats", values)), values)
        migrate(database)
        with engine.begin() as connection:
            connection.execute(text("UPDATE seats SET bot = :bot WHERE seat = 0"), {"bot": "x" * MAX_SPEC})
            bots = connection.execute(text("SELECT seat, bot FROM seats ORDER BY seat")).all()
        assert [tuple(found) for found in bots] == [(0, "x" * MAX_SPEC), (1, "ismcts:hard")]
    finally:
        engine.dispose()


def _insert(name: str, values: dict[str, object]) -> str:
    return f"INSERT INTO {name} ({', '.join(values)}) VALUES ({', '.join(':' + key for key in values)})"
