"""A first game that teaches, in Chromium: from the lobby's "Learn to play", a whole game of each title
against the server's bots, the lesson panel explaining every decision and naming the options offered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from feint.engine.registry import game_names, get_game
from tests.web.tablepage import BOT_WAIT_MS, DESKTOP, MOVES, SEQ, Player

LESSON = "#lesson"


def panel(page: Page) -> dict[str, object]:
    """The lesson as the page shows it: its markup, the phase and whether it is this seat's decision, each
    option's notations and count, and the move controls the page offers."""
    shown: dict[str, object] = page.evaluate(
        """moves => {
          const lesson = document.querySelector('#lesson');
          const decision = lesson.querySelector('.lesson-decision');
          const options = [...lesson.querySelectorAll('.lesson-options li')];
          const notations = (li) => li.dataset.moves.split('|');
          return {
            seq: Number(document.body.dataset.seq),
            html: lesson.innerHTML,
            hidden: lesson.hidden,
            live: lesson.getAttribute('aria-live'),
            phase: decision?.dataset.phase,
            mine: decision?.dataset.mine,
            titles: options.map((li) => li.querySelector('strong').textContent),
            listed: options.flatMap(notations),
            shortened: options.some((li) => Number(li.dataset.count) > notations(li).length),
            offered: [...document.querySelectorAll(moves)]
              .filter((node) => node.checkVisibility()).map((node) => node.dataset.move),
          };
        }""",
        MOVES,
    )
    return shown


def learn(browser: Browser, server: str, game: str) -> Player:
    """The lobby's button for ``game``, clicked: the page opens the person's seat at a new teaching table."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    player = Player(page)
    page.on("pageerror", lambda error: player.errors.append(str(error)))
    page.goto(server)
    page.click(f"button.learn[data-game='{game}']")
    page.wait_for_selector("body[data-seq]")
    return player


@pytest.mark.parametrize("game", game_names())
def test_a_whole_first_game_is_taught_decision_by_decision(
    server: str, browser: Browser, screenshots: Path, game: str
) -> None:
    player = learn(browser, server, game)
    page = player.page
    expect(page.locator(LESSON)).to_be_visible()
    expect(page.locator("#lesson h2")).to_have_text("Learning to play")
    rng = random.Random(26)
    taught: list[str] = []
    last = -1
    while not player.over():
        seq, mine = player.where()
        if not mine:
            page.wait_for_function(
                f"seq => {SEQ} !== seq || document.body.dataset.mine === 'true'"
                " || document.body.dataset.over === 'true'",
                arg=seq,
                timeout=BOT_WAIT_MS,
            )
            continue
        if seq != last:
            shown = panel(page)
            if shown["seq"] != seq:
                continue  # a state came while the panel was read: look again
            assert not shown["hidden"] and shown["live"] == "polite" and shown["mine"] == "true"
            assert shown["phase"] and shown["titles"], "the decision and its options are named"
            offered, listed = set(shown["offered"]), set(shown["listed"])  # type: ignore[call-overload]
            assert listed, "the options name moves"
            assert offered <= listed or shown["shortened"], offered - listed
            assert not taught or shown["html"] != taught[-1], "the lesson changed with the decision"
            taught.append(str(shown["html"]))
            if len(taught) == 2:
                page.screenshot(path=screenshots / f"teaching-{game}.png", full_page=True)
            last = seq
        player.act(rng, 0.3)
    page.wait_for_selector("#end:not([hidden])")
    assert len(taught) >= 2, "a whole game of decisions was taught"
    expect(page.locator("#lesson .lesson-text")).to_have_text(
        "The game is over. The end screen shows how it was won."
    )
    assert player.refused() == 0 and player.errors == []
    assert get_game(game).TITLE in page.inner_text("#game-title")
