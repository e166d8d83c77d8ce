"""Hot-seat in Chromium: several seats on one device, a hand-off screen between them (hotseat.js).

Every hand-off screen is checked against the previous seat's view as the server sends it: none of its
private cards (hand, picks, its own face-down knights, Knights hand) is anywhere in the DOM, hidden or
not. The hand-off screens are also drawn at worlds resampled from what each seat knows (so every other
seat's secrets change), and the public screens at worlds a spectator cannot tell from the real one,
with the websocket played by the test: they must not change.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocketRoute, expect
from websockets.sync.client import connect

from feint.engine.registry import new_game
from feint.engine.state import GameState, Viewer
from feint.server.messages import message_for
from feint.server.tables import SeatState, Table
from tests.web.tablepage import DESKTOP, Player, final_result

SHOWN = "document.body.dataset.shown"
SETTLED = (
    "document.body.dataset.handoff || document.body.dataset.over === 'true'"
    " || (document.body.dataset.shown === 'public')"
)
"""The page waits for somebody: a hand-off screen, the public table, or the end."""

PUBLIC = """[document.body.dataset.shown, document.getElementById("seat-name").textContent,
  document.querySelectorAll(".hand-card, [data-card], [data-move]").length]"""
LEFT_ON_PAGE = r"""() => {
  // Every word of the page outside the hand-off screen, the header, the (closed) rules dialog and the
  // chat (what people said aloud at the table, public to every seat: its mute list names "seat 1").
  const words = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest("#handoff, header, #rules, #chat")) continue;
    words.push(...node.textContent.split(/\s+/).filter(Boolean));
  }
  const selector = ".hand, .hand-card, .card-value, [data-card], [data-move], #log li";
  const parts = document.querySelectorAll(selector);
  return { words, parts: parts.length, html: document.body.outerHTML };
}"""


def private_cards(view: dict[str, Any], seat: int) -> set[str]:
    """What a seat's view holds that a spectator's does not: its hand, its picks, its own knights."""
    cards = {str(card) for card in view.get("hand", []) + view.get("kept", [])}
    cards |= {
        str(k["card"]) for k in view.get("knights", []) if k["seat"] == seat and k["card"] not in (None, "?")
    }
    return cards


def server_view(base: str, table_id: str, token: str) -> dict[str, Any]:
    """A seat's view as the server sends it: a second connection of that seat, which tells nobody."""
    with connect(f"{base.replace('http', 'ws', 1)}/ws/{table_id}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token, "since": None}))
        message = json.loads(socket.recv(timeout=10))
    assert message["type"] == "state", message
    view: dict[str, Any] = message["view"]
    return view


def nothing_private_left(page: Page, view: dict[str, Any], seat: int) -> set[str]:
    """The page holds none of ``seat``'s private parts; returns the cards looked for."""
    left = page.evaluate(LEFT_ON_PAGE)
    cards = private_cards(view, seat)
    assert left["parts"] == 0, left["html"][:2000]
    assert not cards & set(left["words"]), (cards, left["words"])
    assert "data-move" not in left["html"] and "hand-card" not in left["html"]
    return cards


def open_hot_seat(browser: Browser, url: str) -> Player:
    page = browser.new_context(viewport=DESKTOP).new_page()
    player = Player(page)
    page.on("pageerror", lambda error: player.errors.append(str(error)))
    page.goto(url)
    page.wait_for_function(SETTLED)
    return player


def link_pairs(url: str) -> dict[int, str]:
    pairs = re.findall(r"seat=(\d+)&token=([^&]+)", url.split("#", 1)[1])
    return {int(seat): token for seat, token in pairs}


def play_on_one_device(
    player: Player, base: str, table_id: str, tokens: dict[int, str], rng: random.Random, shot: Path | None
) -> tuple[int, int, set[str]]:
    """Play every local seat through the hand-off screens to the end.

    Returns the hand-offs, the public screens seen, and the phases in which a hand-off came.
    """
    page = player.page
    previous: int | None = None
    handoffs = publics = 0
    phases: set[str] = set()
    checked_cards = 0
    while True:
        page.wait_for_function(SETTLED)
        if page.evaluate("document.body.dataset.over === 'true'") and not page.evaluate(
            "document.body.dataset.handoff"
        ):
            break
        asked = page.evaluate("document.body.dataset.handoff")
        if not asked:
            # Nobody here is to move: the public table, as a spectator sees it, until somebody is.
            publics += 1
            # A spectator's page: no move to click, no hand (the invariance test checks what it shows).
            # Read at once: the public table may give way to the end or a hand-off at any moment.
            shown, name, parts = page.evaluate(PUBLIC)
            assert shown != "public" or (name == "You are watching" and parts == 0), (name, parts)
            seq = player.seq()
            page.wait_for_function(f"{SHOWN} !== 'public' || Number(document.body.dataset.seq) !== {seq}")
            continue
        seat = int(asked)
        expect(page.locator("#handoff h2")).to_have_text(re.compile(rf"^Pass the device to . seat {seat}$"))
        expect(page.locator("#handoff-confirm")).to_have_text(f"I am seat {seat}, show my hand")
        if previous is not None:
            view = server_view(base, table_id, tokens[previous])
            phases.add(str(view["phase"]))
            checked_cards += len(nothing_private_left(page, view, previous))
        if shot is not None and handoffs == 3:
            page.screenshot(path=shot, type="jpeg", quality=80)
        handoffs += 1
        page.click("#handoff-confirm")
        page.wait_for_function(f"{SHOWN} === '{seat}' && document.body.dataset.seq")
        expect(page.locator("#seat-name")).to_contain_text(f"seat {seat}")
        while page.evaluate(f"{SHOWN} === '{seat}'") and player.my_turn() and not player.over():
            player.act(rng, steps=0.5)
        previous = seat
    assert checked_cards > 0, "no hand-off came while the previous seat held a card: the check saw nothing"
    return handoffs, publics, phases


def test_two_seats_play_guile_on_one_device_through_hand_offs(
    server: str, browser: Browser, screenshots: Path
) -> None:
    lobby = browser.new_context(viewport=DESKTOP).new_page()
    lobby.goto(f"{server}/")
    lobby.select_option("#game", "guile")
    for seat in (0, 1):
        lobby.check(f"input.device-seat[data-seat='{seat}']")
    lobby.click("#create-button")
    url = lobby.locator("a.hotseat-link").get_attribute("href") or ""
    expect(lobby.locator("li.hotseat-item")).to_contain_text("▲ Seat 0, ● Seat 1 on this device")
    tokens = link_pairs(url)
    assert set(tokens) == {0, 1} and "?" not in url.split("#")[0]
    table_id = url.split("/table/")[1].split("#")[0]

    player = open_hot_seat(browser, url)
    shot = screenshots / "hotseat.jpg"  # docs/images/hotseat.jpg is this picture
    handoffs, publics, phases = play_on_one_device(player, server, table_id, tokens, random.Random(23), shot)
    # Both simultaneous phases (the draft, the placement) passed the device seat to seat.
    assert {"draft", "place"} <= phases, phases
    assert publics == 0 and handoffs > 10
    page = player.page
    result = final_result(server, table_id, tokens[0])
    expect(page.locator("#end h2")).to_contain_text("You win!" if 0 in result.winners else "The game is over")
    assert player.refused() == 0 and player.errors == []
    page.screenshot(path=screenshots / "hotseat-end.png", full_page=True)


def test_two_seats_on_one_device_and_a_bot_at_knights_of_glory(server: str, browser: Browser) -> None:
    lobby = browser.new_context(viewport=DESKTOP).new_page()
    lobby.goto(f"{server}/")
    lobby.select_option("#game", "knights")
    lobby.select_option("#players", "3")
    lobby.select_option("#seats select[data-seat='1']", "human")
    for seat in (0, 1):
        lobby.check(f"input.device-seat[data-seat='{seat}']")
    # A seat played on this device is not offered to strangers, and a bot's seat is on no device.
    expect(lobby.locator("input.lobby-seat[data-seat='1']")).to_be_disabled()
    expect(lobby.locator("input.device-seat[data-seat='2']")).to_be_disabled()
    lobby.click("#create-button")
    url = lobby.locator("a.hotseat-link").get_attribute("href") or ""
    tokens = link_pairs(url)
    assert set(tokens) == {0, 1}
    table_id = url.split("/table/")[1].split("#")[0]
    expect(lobby.locator("#links li", has_text="Seat 2")).to_contain_text("Bot")

    player = open_hot_seat(browser, url)
    handoffs, publics, phases = play_on_one_device(player, server, table_id, tokens, random.Random(5), None)
    # The vote, a simultaneous phase with the bot, passed the device from one voter to the other.
    assert handoffs > 3 and publics > 0 and "vote" in phases, phases
    assert player.refused() == 0 and player.errors == []


# --- the same screens at a world a seat cannot tell from the real one -------------------------


def table_at(game: str, players: int, state: GameState, bots: set[int]) -> Table:
    seats = [SeatState(s, "bot", "heuristic") if s in bots else SeatState(s, "human") for s in range(players)]
    return Table(
        id="hotseatinvariance",
        game=game,
        players=players,
        options={},
        seed=0,
        setup={},
        bot_stream=0,
        public=False,
        creator_hash="",
        clock=None,
        seats=seats,
        clocks_started=True,
        state=state,
    )


SCREEN = r"""() => [document.querySelector("main").outerHTML,
  document.getElementById("action-bar").outerHTML, document.getElementById("hotseat").textContent,
  document.body.dataset.handoff, document.body.dataset.shown]"""


def screen_at(browser: Browser, base: str, table: Table, local: list[int]) -> list[str]:
    """The hot-seat page drawn from ``table``: the test plays the server's websocket with its messages."""
    tokens = {f"t{seat}": seat for seat in local}

    def serve(socket: WebSocketRoute) -> None:
        def heard(text: str | bytes) -> None:
            data = json.loads(text)
            if data["type"] == "hello":
                viewer: Viewer = tokens.get(data["token"])
                socket.send(json.dumps(message_for(table, viewer, 0, set(local), 0.0)))

        socket.on_message(heard)

    page = browser.new_context(viewport=DESKTOP).new_page()
    page.route_web_socket(re.compile(r"/ws/"), serve)
    fragment = "&".join(f"seat={seat}&token=t{seat}" for seat in local)
    page.goto(f"{base}/table/{table.id}#{fragment}")
    page.wait_for_function(SETTLED)
    page.wait_for_function("document.body.dataset.handoff || document.body.dataset.seq")
    screen: list[str] = page.evaluate(SCREEN)
    page.context.close()
    return screen


def test_hand_off_and_public_screens_are_the_same_in_every_world_a_seat_cannot_tell(
    server: str, browser: Browser
) -> None:
    for game, players, local, seed in (("guile", 2, [0, 1], 3), ("knights", 3, [0, 1], 4)):
        bots = set(range(players)) - set(local)
        state = new_game(game, players, seed)
        rng = random.Random(seed)
        screens = {"handoff": 0, "public": 0}
        for _ in range(30):
            if state.is_over():
                break
            movers = state.to_move()
            if rng.random() < 0.2:
                kind = "handoff" if set(movers) & set(local) else "public"
                real = screen_at(browser, server, table_at(game, players, state, bots), local)
                # The public table is the spectator's: at a world a spectator cannot tell from this one.
                # A hand-off screen shows no seat's secrets: at each seat's world, every other seat's
                # secrets change, and none of them may show.
                viewers: list[Viewer] = [None] if kind == "public" else list(range(players))
                for viewer in viewers:
                    world = state.resample(viewer, rng)
                    assert screen_at(browser, server, table_at(game, players, world, bots), local) == real
                assert real[3 if kind == "handoff" else 4] != ""
                screens[kind] += 1
            seat = movers[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
        assert screens["handoff"] > 0 and (game == "guile" or screens["public"] > 0), screens
