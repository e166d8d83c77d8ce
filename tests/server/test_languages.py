"""Each connection is told the game in its own language: the one its hello names.

Two seats of one table, one page French and one English, and a spectator in French: every sentence is
the game's phrasebook telling that connection's events in that connection's language, through the one
message function; a language the server does not speak is English. The page's catalogue and the help
are served in the language asked for.
"""

from __future__ import annotations

from contextlib import ExitStack

from fastapi.testclient import TestClient

from feint.engine.words import speaking
from feint.locale import catalogue
from feint.server.messages import phrasebook
from tests.server.conftest import Socket, new_table, stored, token_of

DICE = {"game": "liars_dice", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def test_every_connection_is_told_in_its_own_language(sqlite_client: TestClient) -> None:
    table = new_table(sqlite_client, **DICE)
    with ExitStack() as stack:

        def hello(token: str | None, language: str) -> Socket:
            socket = Socket(stack.enter_context(sqlite_client.websocket_connect(f"/ws/{table['table_id']}")))
            socket.send(type="hello", token=token, since=None, language=language)
            return socket

        told = [
            (hello(token_of(table, 0), "fr-FR"), 0, "fr"),
            (hello(token_of(table, 1), "en"), 1, "en"),
            (hello(None, "fr"), None, "fr"),
            (hello(None, "xx"), None, "en"),
        ]
        check(sqlite_client, table, told)


def check(client: TestClient, table: dict[str, object], told: list[tuple[Socket, int | None, str]]) -> None:
    book = phrasebook("liars_dice")
    state = stored(client, str(table["table_id"])).state
    for socket, viewer, language in told:
        message = socket.receive()
        while message["type"] != "state":
            message = socket.receive()
        with speaking(catalogue(language)):
            expected = [book.told(event, viewer, [None, None]) for event in state.events(viewer)]
        assert [event["sentence"] for event in message["events"]] == expected
        in_english = [book.told(event, viewer, [None, None]) for event in state.events(viewer)]
        assert any(expected) and (expected == in_english) == (language == "en")


def test_the_page_strings_and_the_help_are_served_in_the_language_asked_for(
    sqlite_client: TestClient,
) -> None:
    served = sqlite_client.get("/api/locale/fr").json()
    assert served["language"] == "fr" and served["messages"]["Agree"] != "Agree"
    assert sqlite_client.get("/api/locale/en").json() == {"language": "en", "messages": {}}
    french = sqlite_client.get("/api/games/guile/help?lang=fr").json()
    english = sqlite_client.get("/api/games/guile/help").json()
    assert french["glossary"].keys() != english["glossary"].keys()
    with speaking(catalogue("fr")):
        assert french["title"] == "Guile" and french["rules"] != english["rules"]
