"""A whole game of every title played in French in Chromium, against bots: at every step, nothing the
page shows (its text, its labels and titles, the tab's title) is English the catalogue translates, nor
an English word no translation uses (tests/english_left.py), so a string nobody marked fails too.

The browser asks for French the way a person's does (its language, ``fr-FR``); the switch is tested
on its own. The moves' notation (the replay's list of moves) is the engine's, in no language, and is
marked as such (``<code class="notation">``); a person's own words (chat, names) are not the page's.
A first game that teaches, opened from the lobby's "Learn to play", is French too, lesson panel and all.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from feint.locale import catalogue
from feint.server.names import MAX_NAME
from tests.english_left import english
from tests.web.tablepage import BOT_WAIT_MS, DESKTOP, SEQ, Player, create_table

SHOWN = r"""() => {
  const copy = document.body.cloneNode(true);
  for (const node of copy.querySelectorAll("code.notation, .chat-line .said")) node.remove();
  document.body.append(copy);
  copy.style.position = "absolute";
  const text = copy.innerText;
  copy.remove();
  const names = ["aria-label", "title", "placeholder", "data-empty"];
  const labels = [...document.querySelectorAll(names.map((name) => `[${name}]`).join(","))].flatMap((node) =>
    names.map((name) => node.getAttribute(name)).filter(Boolean),
  );
  return [document.title, text, ...labels].join("\n");
}"""
"""Everything the page shows or says to a reader, notation aside (``data-empty``: what an empty list
shows through its style sheet)."""

TABLES = [
    ("guile", ["human", "random"]),
    ("knights", ["human", "random"]),
    ("guardians", ["human", "random"]),
    ("liars_dice", ["human", "random"]),
]


ENGLISH_COLON = re.compile(r"[^\W\d_]+:(?=\s)")
"""A word and its colon with no space between: English typography (French writes "Choix :")."""


def english_on(page: Page) -> list[str]:
    """The English left on the page, each with the line it is in: words, and colons set the English way
    (a line the page assembles from parts, such as "vous: en ligne", is translated as a template too)."""
    left = english("fr")
    return [
        f"{found!r} in {line!r}"
        for line in page.evaluate(SHOWN).splitlines()
        for found in [*left.left_in(line), *ENGLISH_COLON.findall(line)]
    ]


def open_in_french(browser: Browser, url: str) -> Player:
    page = browser.new_context(locale="fr-FR", viewport=DESKTOP).new_page()
    player = Player(page)
    page.on("pageerror", lambda error: player.errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("body[data-seq]")
    return player


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_whole_game_is_played_in_french(server: str, browser: Browser, game: str, seats: list[str]) -> None:
    table = create_table(server, game, seats)
    player = open_in_french(browser, f"{server}{table['seats'][0]['link']}")  # type: ignore[index]
    page = player.page
    assert page.evaluate("document.documentElement.lang") == "fr"
    rng = random.Random(26)
    steps = 0
    while not player.over():
        seq = player.seq()
        assert english_on(page) == [], f"at seq {seq}"
        if player.my_turn():
            player.act(rng, 0.3)
        else:
            page.wait_for_function(
                f"seq => {SEQ} !== seq || document.body.dataset.mine === 'true'"
                " || document.body.dataset.over === 'true'",
                arg=seq,
                timeout=BOT_WAIT_MS,
            )
        steps += 1
    page.wait_for_selector("#end:not([hidden])")
    page.wait_for_selector("#replay-player, #end .error")
    assert english_on(page) == [], "the end screen"
    # Every sentence of the log was told in French by the server, and the rules and glossary too.
    assert page.locator("#log li").count() > 0
    page.click("#rules-button")
    page.wait_for_selector("#glossary dt")
    assert english_on(page) == [], "the rules"
    assert player.errors == [] and player.refused() == 0
    assert steps > 1


def test_a_teaching_table_teaches_in_french(server: str, browser: Browser) -> None:
    """The lobby's "Learn to play" and a few decisions of a guided game: the lesson panel (the decision,
    its rule, the options, what happened, the words to know) has no English, the moves' notation aside."""
    page = browser.new_context(locale="fr-FR", viewport=DESKTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server)
    page.wait_for_selector("button.learn[data-game='guardians']")
    assert english_on(page) == [], "the lobby"
    page.click("button.learn[data-game='guardians']")
    page.wait_for_selector("body[data-seq]")
    player = Player(page)
    assert page.inner_text("#lesson h2") == "Apprendre à jouer"
    rng = random.Random(26)
    decisions = 0
    shortened = False
    while decisions < 4 or not shortened:
        assert decisions < 12 and not player.over()
        seq = player.seq()
        if not player.my_turn():
            page.wait_for_function(
                f"seq => {SEQ} !== seq || document.body.dataset.mine === 'true'", arg=seq, timeout=BOT_WAIT_MS
            )
            continue
        page.wait_for_selector("#lesson:not([hidden]) .lesson-decision[data-mine='true']")
        page.evaluate("() => document.querySelectorAll('#lesson details').forEach((d) => { d.open = true; })")
        assert english_on(page) == [], f"the lesson at seq {seq}"
        shortened = shortened or page.evaluate(
            "() => [...document.querySelectorAll('#lesson .lesson-options li')]"
            ".some((li) => Number(li.dataset.count) > li.dataset.moves.split('|').length)"
        )
        player.act(rng, 0.3)
        decisions += 1
    assert errors == [] and player.refused() == 0


def test_the_switch_chooses_the_language_and_keeps_it(server: str, browser: Browser) -> None:
    table = create_table(server, "guile", ["human", "random"])
    context = browser.new_context(locale="en-GB", viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}{table['seats'][0]['link']}")  # type: ignore[index]
    page.wait_for_selector("body[data-seq]")
    assert page.inner_text("#rules-button") == "Rules and help"
    with page.expect_navigation():
        page.select_option("#language", "fr")
    page.wait_for_selector("body[data-seq]")
    assert page.inner_text("#rules-button") == "Règles et aide"
    assert english_on(page) == []
    # Kept in this browser: the lobby opens in French too, whatever the browser's own language.
    page.goto(f"{server}/")
    page.wait_for_function("document.querySelectorAll('#game option').length > 0")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert english_on(page) == []


def test_a_refusal_with_values_is_shown_as_the_server_told_it_in_french(
    server: str, browser: Browser
) -> None:
    """The server tells a refusal in the page's language, values filled; the page shows it as it comes."""
    table = create_table(server, "guile", ["human", "random"])
    page = open_in_french(browser, f"{server}{table['seats'][0]['link']}").page  # type: ignore[index]
    page.fill("#name-input", "x" * 30)
    page.click("#name-save")
    french = catalogue("fr")
    assert french is not None
    why = f"un nom fait au plus {MAX_NAME} caractères ; celui-ci en a 30"
    expect(page.locator("#name-status")).to_have_text(
        french.gettext("That name was not taken: {why}").format(why=why)
    )
    assert english_on(page) == []
