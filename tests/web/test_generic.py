"""A game whose package ships no browser module plays in the browser all the same: a throwaway game
(tests/engine/throwaway), installed only by an entry point, drawn by generic.js from its view, played to
its end through the legal moves' buttons, its log in its phrasebook's words."""

from __future__ import annotations

import os
import random
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from feint.engine.events import Event
from tests.engine.throwaway.words import BOOK
from tests.engine.throwaway_package import install
from tests.server.services import Server
from tests.web.tablepage import (
    Player,
    create_table,
    fragment,
    play_to_the_end,
    replay_frames,
    seat_names,
)


@pytest.fixture
def served_with_a_new_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A real server that finds the throwaway game ``claim`` by its entry point, and nothing else of it."""
    with tempfile.TemporaryDirectory(prefix="feint-web-") as folder:
        install(Path(folder))
        monkeypatch.setenv("PYTHONPATH", os.pathsep.join([folder, os.environ.get("PYTHONPATH", "")]))
        with Server(f"sqlite:///{folder}/feint.db") as served:
            yield served.url


def test_a_game_without_a_module_of_its_own_is_drawn_generically_and_played_to_its_end(
    served_with_a_new_game: str, browser: Browser
) -> None:
    server = served_with_a_new_game
    described = httpx.get(f"{server}/api/games/claim").json()
    assert described["web"] is None and described["title"] == "Claim"
    assert httpx.get(f"{server}/games/claim/web.js").status_code == 404
    table = create_table(server, "claim", ["human", "random"])
    link = str(table["seats"][0]["link"])  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}")
    page = person.page
    expect(page.locator("body")).to_have_attribute("data-renderer", "generic")
    expect(page.locator("#game-title")).to_have_text("Claim")
    expect(page.locator("#board .generic")).to_have_count(1)
    # The deal is told in the game's own words, the seat's own card with it.
    expect(page.locator("#log li").first).to_have_text(re.compile(r"^You drew [1-4]\.$"))
    play_to_the_end([person], random.Random(2))
    token = fragment(link)["token"]
    frames = replay_frames(server, str(table["table_id"]), token)
    winners = frames[-1]["view"]["winners"]
    heading = "You win!" if winners == [0] else "The game is over: Easiest bot won"
    expect(page.locator("#end h2")).to_have_text(heading)
    # The log, line for line, is the game's phrasebook telling seat 0's events.
    events = [Event.from_json(event) for frame in frames for event in frame["events"]]
    told = [BOOK.told(event, 0, seat_names(["human", "random"])) for event in events]
    expect(page.locator("#log li")).to_have_text([text for text in told if text])
    # The final table of the replay, drawn by the same generic renderer.
    expect(page.locator("#every-card .generic")).to_have_count(1)
    assert person.refused() == 0 and person.errors == []
