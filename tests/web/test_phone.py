"""Whole games on a phone: in every state the page reaches, the decision and its moves are in view.

A checker in the page looks after every state drawn (every change of ``body[data-seq]`` or of the
connection, and every redraw of the action bar): the action bar is wholly inside the screen, nothing
inside it is scrolled out of sight, and nothing is wider than the screen. Each game is played at its
largest table.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from feint.engine.registry import game_names, get_game
from tests.web.tablepage import Player, create_table, play_to_the_end, play_until

SMALLEST = {"width": 360, "height": 740}
"""The smallest phone, the narrowest and shortest screen: the styles change only at 760 px wide, so a page
that keeps the decision in view there keeps it on any larger phone (the other tests' phone is 390 x 844)."""
LARGEST = {game: get_game(game).MAX_PLAYERS for game in game_names()}
"""Every discovered game, at its largest table."""

CHECK_EVERY_STATE = (Path(__file__).with_name("layout_check.js")).read_text(encoding="utf-8")


def watch_layout(page: Page) -> None:
    page.evaluate(CHECK_EVERY_STATE)


@pytest.mark.parametrize("game", LARGEST)
def test_a_whole_game_on_a_phone_keeps_the_decision_in_view(
    server: str, browser: Browser, screenshots: Path, game: str
) -> None:
    seats = ["human"] + ["heuristic"] * (LARGEST[game] - 1)
    table = create_table(server, game, seats)
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}", SMALLEST)
    page = person.page
    watch_layout(page)
    page.screenshot(path=screenshots / f"phone-{game}-start.png")
    play_to_the_end([person], random.Random(17), steps=0.6)
    page.screenshot(path=screenshots / f"phone-{game}-end.png")
    checked = page.evaluate("window.statesChecked")
    problems = page.evaluate("window.layoutProblems")
    assert checked > 20, f"only {checked} states were checked"
    assert problems == [], problems[:5]
    assert person.refused() == 0 and person.errors == []


MANY_WAYS = [
    pytest.param(
        "knights",
        "#actions [data-move^='cover '], #actions [data-move^='substitute ']",
        "sit out",
        7,
        id="knights-covers",
    ),
    pytest.param("guardians", "#actions [data-move^='assign ']", None, 3, id="guardians-spells"),
]
"""Decisions of nine ways and more, the moves of each way, the table move also offered, and the generator
the person clicks from until the first such decision comes."""


@pytest.mark.parametrize(("game", "ways", "table_move", "seed"), MANY_WAYS)
def test_a_decision_of_many_ways_stays_whole_in_view_on_a_small_phone(
    server: str, browser: Browser, screenshots: Path, game: str, ways: str, table_move: str | None, seed: int
) -> None:
    """At the largest table on a 360x740 phone, a decision of nine ways and more: a Knights die to cover
    from a hand of many kinds (cards face-down, a Wild face-up, cards laid beside the path) with the
    table move to sit out, a Guardian's Call seat's Spells to assign to its stacks.

    The table and its bots are dealt from the fixed seed and the person clicks from a seeded generator
    at settled states only (:func:`play_until`), so the same decision comes every run.
    """
    table = create_table(server, game, ["human"] + ["heuristic"] * (LARGEST[game] - 1))
    person = Player.open(browser, f"{server}{table['seats'][0]['link']}", SMALLEST)  # type: ignore[index]
    page = person.page
    watch_layout(page)

    def many_ways() -> bool:
        return page.locator(ways).count() >= 9

    play_until([person], random.Random(seed), many_ways, steps=0.6)
    assert many_ways(), "the game ended before a decision of many ways came"
    if table_move is not None:
        expect(page.locator(f".table-moves [data-move='{table_move}']")).to_be_visible()
    page.screenshot(path=screenshots / f"phone-{game}-many-ways-360x740.png")
    problems = page.evaluate("window.layoutProblems")
    assert problems == [], problems[:5]
    assert person.refused() == 0 and person.errors == []
