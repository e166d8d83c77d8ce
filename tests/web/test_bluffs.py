"""Bluff statistics in Chromium: the end screen and the replay show, as text, what the function gives."""

from __future__ import annotations

import json
import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from feint.arena.bluffs import bluff_statistics
from feint.cli.main import main
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.state import GameState
from feint.engine.words import calling
from tests.web.tablepage import Player, create_table, fragment, play_to_the_end, seat_names

TEXT_ONLY = """(selector) => [...document.querySelectorAll(selector)].every(
  (li) => li.childNodes.length === 1 && li.firstChild.nodeType === Node.TEXT_NODE)"""


SEATS = ["human", "heuristic"]
NAMES = seat_names(SEATS)
"""What the server calls the seats: the bot by its level ("Instant bot"), the person by its seat."""


def sentences(state: GameState, viewer: int | None) -> list[str]:
    with calling(NAMES):
        statistics = bluff_statistics(state, viewer)
    assert statistics is not None
    return [seat["sentence"] for seat in statistics]


def shown(page: Page, selector: str) -> list[str]:
    assert page.evaluate(TEXT_ONLY, f"{selector} li"), "each sentence is one text node"
    return page.locator(f"{selector} li").all_inner_texts()


def test_the_end_screen_and_the_replay_show_the_statistics_of_the_game(
    served: tuple[str, str], browser: Browser, screenshots: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Also: the finished table is recorded, person against bot, and ``feint report people`` counts it."""
    server, database = served
    table = create_table(server, "guardians", SEATS)
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}")
    page = person.page
    table_id = str(table["table_id"])
    assert page.locator("#bluffs").count() == 0
    play_to_the_end([person], random.Random(7))
    token = fragment(link)["token"]
    served = httpx.get(f"{server}/api/tables/{table_id}/replay", headers={"Authorization": f"Bearer {token}"})
    record = Replay.from_json(served.json())
    assert shown(page, "#bluffs") == sentences(record.play(), 0)
    assert shown(page, "#bluffs")[0].startswith("You ")
    result = record.play().result()
    assert main(["report", "people", "--database", database, "--game", "guardians", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    share = 1 / len(result.winners) if 1 in result.winners else 0.0
    assert report["tables"] == 1
    assert [(b["bot"], b["games"], b["share"]) for b in report["bots"]] == [("heuristic", 1, share)]
    page.wait_for_selector("#replay-player")
    # A frame in the middle: the statistics as they stood after that move, and no later one.
    chosen = len(record.moves) // 2
    page.evaluate(
        "(n) => { const slider = document.getElementById('replay-slider'); slider.value = n;"
        " slider.dispatchEvent(new Event('input')); }",
        chosen,
    )
    page.wait_for_selector(f"#replay-player[data-frame='{chosen}']")
    state = new_game(record.game, record.players, record.seed, record.options, record.setup)
    for seat, move in record.moves[:chosen]:
        state.apply(seat, move)
    assert shown(page, "#replay-bluffs") == sentences(state, 0)
    assert shown(page, "#replay-bluffs") != shown(page, "#bluffs")
    top = page.locator("#end").bounding_box()
    bottom = page.locator("#bluffs").bounding_box()
    assert top is not None and bottom is not None
    page.locator("#end").scroll_into_view_if_needed()
    page.screenshot(
        path=screenshots / "bluffs.jpg",
        type="jpeg",
        quality=80,
        full_page=True,
        clip={
            "x": top["x"],
            "y": top["y"],
            "width": top["width"],
            "height": bottom["y"] + bottom["height"] - top["y"] + 8,
        },
    )
    # The creator's page (no seat) tells them from the last replay frame, every seat by its number; a
    # watcher, who may not open the replay, is shown none.
    creator = Player.open(browser, f"{server}/table/{table_id}#token={table['creator_token']}")
    creator.page.wait_for_selector("#bluffs")
    assert shown(creator.page, "#bluffs") == sentences(record.play(), None)
    watcher = Player.open(browser, f"{server}/table/{table_id}")
    expect(watcher.page.locator("#end")).to_contain_text("the replay opens only from a player's link")
    assert watcher.page.locator("#bluffs").count() == 0
    assert person.errors == [] and creator.errors == [] and watcher.errors == []


def test_a_game_without_claims_shows_none(server: str, browser: Browser) -> None:
    table = create_table(server, "guile", ["human", "heuristic"])
    person = Player.open(browser, f"{server}{table['seats'][0]['link']}")  # type: ignore[index]
    play_to_the_end([person], random.Random(3))
    person.page.wait_for_selector("#replay-player")
    assert person.page.locator("#bluffs, #replay-bluffs").count() == 0
    assert "bluff" not in person.page.inner_text("#end").lower()
