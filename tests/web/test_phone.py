"""Whole games on a phone: in every state the page reaches, the decision and its moves are in view.

A checker in the page looks after every state drawn (every change of ``body[data-seq]`` or of the
connection): the action bar is wholly inside the screen, nothing inside it is scrolled out of sight,
and nothing is wider than the screen. Each game is played at its largest table.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from feint.engine.registry import game_names, get_game
from tests.web.tablepage import Player, create_table, play_to_the_end

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}
LARGEST = {game: get_game(game).MAX_PLAYERS for game in game_names()}
"""Every discovered game, at its largest table."""

CHECK_EVERY_STATE = (Path(__file__).with_name("layout_check.js")).read_text(encoding="utf-8")


def watch_layout(page: Page) -> None:
    page.evaluate(CHECK_EVERY_STATE)


@pytest.mark.parametrize("phone", PHONES)
@pytest.mark.parametrize("game", LARGEST)
def test_a_whole_game_on_a_phone_keeps_the_decision_in_view(
    server: str, browser: Browser, screenshots: Path, game: str, phone: str
) -> None:
    seats = ["human"] + ["heuristic"] * (LARGEST[game] - 1)
    table = create_table(server, game, seats)
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}", PHONES[phone])
    page = person.page
    watch_layout(page)
    page.screenshot(path=screenshots / f"phone-{game}-{phone}-start.png")
    play_to_the_end([person], random.Random(17), steps=0.6)
    page.screenshot(path=screenshots / f"phone-{game}-{phone}-end.png")
    checked = page.evaluate("window.statesChecked")
    problems = page.evaluate("window.layoutProblems")
    assert checked > 20, f"only {checked} states were checked"
    assert problems == [], problems[:5]
    assert person.refused() == 0 and person.errors == []
