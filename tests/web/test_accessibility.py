"""Every game played to its end with the keyboard alone, read as a screen reader reads it (docs/web.md,
"Accessibility"), and axe-core on every screen of a game.

A person against a bot reaches each move with Tab and plays it with Enter or Space; at each of their
decisions the live region has said it is their move, and has received every line the log shows, once;
the cards are named face-up or face-down in the accessibility tree. axe-core (the npm package, vendored
by axe-playwright-python for the tests) finds no serious or critical violation on the lobby, on the table
at each kind of decision, on the dialogs (rules, names, notify, chat, undo), a teaching table, the end
screen, the replay and the hot-seat hand-off; and neither a take-back nor a reconnect makes the live
region say a line twice.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.web.keyboard import Reader
from tests.web.tablepage import BOT_WAIT_MS, SEQ, create_table, fragment

DECISION = """() => {
  const moves = [...document.querySelectorAll('#actions [data-move], #board [data-move]')];
  const words = new Set(moves.map((node) => node.dataset.move.split(' ')[0]));
  const chosen = document.querySelector('#board [aria-pressed=true], #board .selected') ? ' +chosen' : '';
  return [...words].sort().join(' ') + chosen;
}"""
"""The kind of decision on the screen: the first words of the moves offered, and whether a step is taken."""
FACE_DOWN = {
    "guile": r'(img|button) "[^"]*: a face-down card',
    "knights": r'listitem "[^"]*: a face-down path card;',
    "guardians": r'img "face-down card"',
    "liars_dice": r'img "hidden"',
}
"""How the accessibility tree of the board names a card (or die) the seat cannot see, game by game."""
FACE_UP = {
    "guile": r'button "Pick \w+"|(img|button) "[^"]*: card \w+',
    "knights": r'listitem "Place \d+, [^:]+: [a-z]+;',
    "guardians": r'button "\W*(weapon|artifact|shield|villager|spell|curse)',
    "liars_dice": r'listitem: "[1-6]"',
}
"""And a card (or die) it sees: by the game's own name for it."""


def bots_move(page: Page, seq: int) -> None:
    page.wait_for_function(
        f"seq => {SEQ} !== seq || ['mine', 'over'].some((key) => document.body.dataset[key] === 'true')",
        arg=seq,
        timeout=BOT_WAIT_MS,
    )


def play_by_keyboard(reader: Reader, game: str, steps: float, limit: int = 400) -> None:
    """Play to the end by key presses, checking at every decision what a screen reader is told."""
    page = reader.page
    screens: set[str] = set()
    seen = {"face-down": False, "face-up": False}
    region = page.get_by_role("log", name="Announcements")
    read = ""
    for _ in range(limit):
        seq, mine, over, turn = reader.where()
        if over:
            break
        if not mine:
            assert turn.startswith("Waiting for"), turn
            bots_move(page, seq)
            continue
        # The seat's move: the live region said so, and has said every line of the log once.
        assert turn.startswith("Your move"), turn
        if turn != read:
            expect(region.get_by_text(turn, exact=True).last).to_be_attached()
            read = turn
        reader.assert_every_line_heard_once()
        if not all(seen.values()):
            tree = page.locator("#board").aria_snapshot()
            for side, names in (("face-down", FACE_DOWN), ("face-up", FACE_UP)):
                seen[side] = seen[side] or re.search(names[game], tree) is not None
        screen = page.evaluate(DECISION)
        if screen not in screens:
            screens.add(screen)
            reader.axe(f"{game}: {screen}")
        if reader.act(steps):
            # The move's control is redrawn away: the focus goes to a control, never to the page.
            assert page.evaluate("document.activeElement !== document.body"), "focus lost after a move"
    else:
        raise AssertionError(f"{game} did not end in {limit} decisions")
    assert seen == {"face-down": True, "face-up": True}, seen
    assert len(screens) > 1, screens


def the_end_is_said_and_the_replay_read(reader: Reader, game: str) -> None:
    page = reader.page
    page.wait_for_selector("#end:not([hidden])")
    heading = page.get_by_role("region", name="The end of the game").get_by_role("heading", level=2)
    expect(heading).to_have_text(re.compile(r"^(You win!|The game is over: .+ won)$"))
    assert reader.heard("turn")[-1] == heading.inner_text()
    reader.assert_every_line_heard_once()
    reader.axe(f"{game}: the end")
    # The replay, stepped through with the keyboard: its caption says which move it shows.
    page.wait_for_selector("#replay-next")
    reader.focus_on("#replay-next", 0)
    for _ in range(2):
        page.keyboard.press("Enter")
    expect(page.locator("#replay-player")).to_have_attribute("data-frame", "2")
    expect(page.get_by_text(re.compile(r"^Move 2 of \d+: "))).to_have_count(1)
    reader.axe(f"{game}: the replay")


GAMES: list[tuple[str, list[str], int, float]] = [
    ("guile", ["human", "heuristic"], 3, 0.4),
    ("knights", ["human", "heuristic", "heuristic"], 5, 0.4),
    # Guardian's Call is long: a person who mostly draws and seldom builds an offer keeps it short.
    ("guardians", ["human", "heuristic"], 2, 0.15),
    ("liars_dice", ["human", "heuristic"], 1, 0.4),
]
"""Each game, its seats, the player's seed and how often it takes a step of a move built in parts."""


@pytest.mark.parametrize(("game", "seats", "seed", "steps"), GAMES, ids=[game for game, *_ in GAMES])
def test_a_whole_game_is_played_by_keyboard_and_read_through_the_accessibility_tree(
    server: str, browser: Browser, game: str, seats: list[str], seed: int, steps: float
) -> None:
    table = create_table(server, game, seats)
    reader = Reader.open(browser, f"{server}{table['seats'][0]['link']}", random.Random(seed))  # type: ignore[index]
    play_by_keyboard(reader, game, steps)
    if game == "liars_dice":
        assert reader.lists, "no bid was chosen from its list with the arrow keys"
    the_end_is_said_and_the_replay_read(reader, game)
    assert reader.errors == []


@dataclass
class Relay:
    """A page's websockets, carried through the test so it can close one; each new one is told the last
    state again first, as a reconnect may be: the page keeps once what it already holds."""

    sockets: list[WebSocketRoute] = field(default_factory=list)
    told: list[str | bytes] = field(default_factory=list)

    def __call__(self, route: WebSocketRoute) -> None:
        upstream = route.connect_to_server()
        if self.told:
            route.send(self.told[-1])
        self.sockets.append(route)
        route.on_message(upstream.send)
        upstream.on_message(lambda message: self.down(route, message))

    def down(self, route: WebSocketRoute, message: str | bytes) -> None:
        if json.loads(message).get("type") == "state":
            self.told.append(message)
        route.send(message)


def test_every_other_screen_passes_axe_and_no_line_is_said_twice(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(f"{server}/")
    page.wait_for_selector("#game option", state="attached")
    lobby = Reader(page, random.Random(0))
    lobby.axe("the lobby")
    lobby.focus_on("#create-button", 0)
    page.keyboard.press("Enter")
    page.wait_for_selector("#created:not([hidden])")
    lobby.axe("the table created")
    # A first game that teaches, opened from the lobby with the keyboard: its lesson panel too.
    lobby.focus_on("button.learn[data-game='guile']", 0)
    page.keyboard.press("Enter")
    page.wait_for_selector("#lesson:not([hidden]) .lesson-decision")
    lobby.axe("a teaching table")

    table = create_table(server, "guile", ["human", "human"])
    links = [f"{server}{seat['link']}" for seat in table["seats"]]  # type: ignore[attr-defined]
    relays = [Relay(), Relay()]
    first, second = (
        Reader.open(browser, link, random.Random(1), relay=r) for link, r in zip(links, relays, strict=True)
    )
    page = first.page
    # The rules, opened and closed from the keyboard.
    first.focus_on("#rules-button", 0)
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name=re.compile("how to play"))).to_be_visible()
    first.axe("the rules")
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).not_to_be_visible()
    # The name form, the your-turn notifications and the chat, opened.
    first.focus_on("#notify-box summary", 0)
    page.keyboard.press("Enter")
    page.get_by_role("textbox", name="Say something to the table").fill("hello")
    page.keyboard.press("Enter")
    expect(second.page.get_by_text("hello")).to_have_count(1)
    first.axe("names, notifications and chat")

    # Undo by consent: asked by one seat, agreed by the other, by the keyboard.
    both = [first, second]
    mover = next(reader for reader in both if reader.where()[1])
    other = second if mover is first else first
    assert mover.act(steps=0) == "move"
    mover.page.wait_for_selector("#undo-ask")
    mover.focus_on("#undo-ask", 0)
    mover.page.keyboard.press("Enter")
    other.page.wait_for_selector("#undo-agree")
    mover.axe("undo asked")
    other.axe("undo to answer")
    assert other.heard("undo")[-1].endswith("Do you agree?")
    heard = [reader.heard("line") for reader in both]
    other.focus_on("#undo-agree", 0)
    other.page.keyboard.press("Enter")
    for reader in both:
        reader.page.wait_for_selector("#undo-words[data-status=done]")
    assert mover.heard("undo")[-1].endswith("everybody agreed.")
    # The log told again, the move taken back: no line is said again, and the next move's lines once.
    assert [reader.heard("line") for reader in both] == heard
    kept = len(mover.log_lines())
    assert mover.act(steps=0) == "move"
    assert mover.heard("line")[len(heard[both.index(mover)]) :] == mover.log_lines()[kept:]

    # The socket of the seat not to move closed under it: while it reconnects the other seat moves; the
    # page hears that move's lines once, and nothing it had heard again.
    away = next(reader for reader in both if not reader.where()[1])
    there = second if away is first else first
    before, shown = away.heard("line"), away.log_lines()
    relays[both.index(away)].sockets[-1].close()
    away.page.wait_for_selector("body[data-connection=lost]")
    assert there.act(steps=0) == "move"
    away.page.wait_for_selector("body[data-connection=open]")
    away.page.wait_for_function(f"seq => {SEQ} === seq", arg=there.where()[0])
    assert len(relays[both.index(away)].sockets) == 2
    assert len(away.log_lines()) > len(shown)
    assert away.heard("line") == before + away.log_lines()[len(shown) :]

    # Hot-seat, both seats on one device: the hand-off screen, and nothing said of the seat shown
    # before it stays in the live region.
    pairs = [fragment(link) for link in links]
    hot = "&".join(f"seat={pair['seat']}&token={pair['token']}" for pair in pairs)
    device = Reader.open(
        browser, f"{server}/table/{table['table_id']}#{hot}", random.Random(2), "#handoff-confirm"
    )
    page = device.page
    expect(page.locator("#handoff-confirm")).to_be_focused()
    device.axe("the hot-seat hand-off")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-mine=true]")
    assert device.where()[3].startswith("Your move")
    region = page.get_by_role("log", name="Announcements")
    for _ in range(10):
        # The focus is on the seat's first move: Enter plays it.
        seq = device.where()[0]
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.handoff || {SEQ} > {seq}")
        if page.evaluate("document.body.dataset.handoff"):
            break
    else:
        raise AssertionError("the device was never passed on")
    expect(region).to_be_empty()
    assert first.errors == [] and second.errors == [] and device.errors == []
