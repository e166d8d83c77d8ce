"""A refusal is told in the language of whoever receives it, its values filled (issue 26).

A French page's bad message and each game's illegal move (a fixed deal: the test server's table
seed) come back in French with their numbers and words filled in, the words (cards, game titles)
translated too; an English page gets the English text as before. A REST refusal speaks the request's
``?lang=``, else its ``Accept-Language``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from feint.games.knights.cards import cards_of
from feint.locale import catalogue
from feint.server.protocol import HANDLERS
from tests.server.conftest import Socket, new_table, stored, token_of

KNOWN = ", ".join(sorted(HANDLERS))


def _french(word: str) -> str:
    french = catalogue("fr")
    assert french is not None
    translated = french.gettext(word)
    assert translated != word, f"the catalogue has no French for {word!r}"
    return translated


@pytest.fixture
def connect(sqlite_client: TestClient) -> Iterator[Any]:
    """Opens a table's seat in a language: its socket, after its first state."""
    with ExitStack() as stack:

        def hello(table: dict[str, Any], seat: int, language: str) -> Socket:
            url = f"/ws/{table['table_id']}"
            socket = Socket(stack.enter_context(sqlite_client.websocket_connect(url)))
            socket.send(type="hello", token=token_of(table, seat), since=None, language=language)
            assert socket.receive()["type"] == "state"
            return socket

        yield hello


def _humans(sqlite_client: TestClient, game: str, players: int) -> tuple[dict[str, Any], int]:
    """A table of people only, and its seq once dealt."""
    table = new_table(sqlite_client, game=game, players=players, seats=[{"kind": "human"}] * players)
    return table, stored(sqlite_client, table["table_id"]).state.seq


def _error(socket: Socket) -> dict[str, Any]:
    """The next error the socket is sent, past the states telling who came."""
    message = socket.receive()
    while message["type"] == "state":
        message = socket.receive()
    assert message["type"] == "error", message
    return message


def _refused(socket: Socket, move: str, seq: int) -> dict[str, Any]:
    socket.send(type="move", move=move, seq=seq)
    return _error(socket)


def _moved(socket: Socket, move: str, seq: int) -> int:
    socket.send(type="move", move=move, seq=seq)
    message = socket.receive()
    assert message["type"] == "state", message
    seq_now: int = message["seq"]
    return seq_now


def test_an_unknown_message_type_is_refused_in_each_connections_language(
    sqlite_client: TestClient, connect: Any
) -> None:
    table, _ = _humans(sqlite_client, "liars_dice", 2)
    french, english = connect(table, 0, "fr"), connect(table, 1, "en")
    french.send(type="dance")
    english.send(type="dance")
    told = _error(french)
    assert told["code"] == "unknown_type"
    assert told["message"] == f"type de message inconnu 'dance' ; les types sont {KNOWN}"
    assert _error(english)["message"] == f"unknown message type 'dance'; types are {KNOWN}"


def test_liars_dice_a_bid_over_the_dice_in_play(sqlite_client: TestClient, connect: Any) -> None:
    table, dealt = _humans(sqlite_client, "liars_dice", 2)
    total = stored(sqlite_client, table["table_id"]).state.total_dice()  # type: ignore[attr-defined]
    french, english = connect(table, 0, "fr"), connect(table, 0, "en")
    told = _refused(french, f"bid {total + 1} 3s", dealt)
    assert told["code"] == "illegal"
    assert told["message"] == f"seuls {total} dés sont en jeu, donc une enchère en nomme au plus {total}"
    said = _refused(english, f"bid {total + 1} 3s", dealt)["message"]
    assert said == f"only {total} dice are in play, so a bid names at most {total}"


def test_guile_a_start_knight_of_the_other_faction(sqlite_client: TestClient, connect: Any) -> None:
    table, dealt = _humans(sqlite_client, "guile", 2)
    french = connect(table, 0, "fr")
    seq = _moved(french, "faction arthur", dealt)
    told = _refused(french, "start palamedes", seq)
    assert told["message"] == "palamedes est un chevalier du camp mordred, pas l'un des vôtres"
    english = connect(table, 0, "en")
    said = _refused(english, "start palamedes", seq)["message"]
    assert said == "palamedes is a knight of mordred, not one of yours"


def test_knights_a_discard_of_a_card_not_held(sqlite_client: TestClient, connect: Any) -> None:
    table, dealt = _humans(sqlite_client, "knights", 3)
    french = connect(table, 0, "fr")
    seq = _moved(french, "advance", dealt)  # the fixed deal: a blank die, seat 0 steps onto tier 1
    hand = cards_of(stored(sqlite_client, table["table_id"]).state.hands[0])  # type: ignore[attr-defined]
    missing = next(card for card in ("bomb", "key", "shield", "sword", "torch") if card not in hand)
    told = _refused(french, f"discard {missing}", seq)
    assert told["message"] == f"vous avez {', '.join(_french(card) for card in hand)}"
    said = _refused(connect(table, 0, "en"), f"discard {missing}", seq)["message"]
    assert said == f"you hold {', '.join(hand)}"


def test_guardians_a_card_bought_without_the_coins(sqlite_client: TestClient, connect: Any) -> None:
    table, dealt = _humans(sqlite_client, "guardians", 3)
    coins = stored(sqlite_client, table["table_id"]).state.coins[0]  # type: ignore[attr-defined]
    assert coins < 3  # the fixed deal: a seat starts too poor to buy
    told = _refused(connect(table, 0, "fr"), "buy shield", dealt)
    assert told["message"] == f"acheter coûte 3 pièces et vous en avez {coins}"
    said = _refused(connect(table, 0, "en"), "buy shield", dealt)["message"]
    assert said == f"buying costs 3 coins and you have {coins}"


def test_a_seat_out_of_turn_is_told_so_in_french(sqlite_client: TestClient, connect: Any) -> None:
    table, dealt = _humans(sqlite_client, "liars_dice", 2)
    told = _refused(connect(table, 1, "fr"), "bid 1 3s", dealt)
    assert (told["code"], told["message"]) == ("not_your_turn", "ce n'est pas au siège 1 de jouer")


SHORT = {"game": "liars_dice", "players": 2, "seats": [{"kind": "human"}]}


def test_a_rest_refusal_speaks_the_requests_language(sqlite_client: TestClient) -> None:
    def refused(url: str, **headers: str) -> str:
        response = sqlite_client.post(url, json=SHORT, headers=headers)
        assert response.status_code == 400
        message: str = response.json()["error"]["message"]
        return message

    assert refused("/api/tables") == "seats must list the 2 seats"
    assert refused("/api/tables?lang=fr") == "seats doit lister les 2 sièges"
    assert refused("/api/tables", **{"Accept-Language": "de, fr-CA;q=0.8, en;q=0.5"}) == (
        "seats doit lister les 2 sièges"
    )
    assert refused("/api/tables?lang=en", **{"Accept-Language": "fr"}) == "seats must list the 2 seats"


def test_a_game_title_in_a_rest_refusal_is_translated(sqlite_client: TestClient) -> None:
    response = sqlite_client.post("/api/tables?lang=fr", json={"game": "liars_dice", "players": 9})
    title = _french("Liar's Dice")
    assert response.json()["error"]["message"] == f"{title} se joue de 2 à 6 joueurs"


def test_before_its_hello_a_connection_speaks_its_requests_language(sqlite_client: TestClient) -> None:
    table, _ = _humans(sqlite_client, "liars_dice", 2)
    url = f"/ws/{table['table_id']}"
    with sqlite_client.websocket_connect(url, headers={"Accept-Language": "fr-FR,fr;q=0.9"}) as session:
        socket = Socket(session)
        socket.send(type="move", move="bid 1 3s", seq=0)
        assert _error(socket)["message"] == """dites d'abord {"type": "hello"}"""
    with sqlite_client.websocket_connect(f"{url}?lang=en", headers={"Accept-Language": "fr"}) as session:
        socket = Socket(session)
        socket.send(type="move", move="bid 1 3s", seq=0)
        assert _error(socket)["message"] == 'say {"type": "hello"} first'
