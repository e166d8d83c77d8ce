"""The table page's own behaviour in Chromium: choices kept, the connection lost and found, rules and
help, the lobby's bots, the tab's title, focus, and the measurable details of its look."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from feint.bots.levels import levels
from feint.engine.registry import game_names, get_game
from feint.server.messages import phrasebook
from tests.server.services import Server
from tests.web.tablepage import DESKTOP, Player, create_table, play_to_the_end, play_until

PHONE_SMALL = {"width": 360, "height": 740}

CONTRAST = """(node) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  for (let up = node; up; up = up.parentElement) {
    if (Number(getComputedStyle(up).opacity) !== 1) return 0;
  }
  const style = getComputedStyle(node);
  const background = rgb(style.backgroundColor);
  if (background.length === 4 && background[3] !== 1) return 0;
  const [a, b] = [luminance(rgb(style.color)), luminance(background)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def guile_against_a_bot(server: str, browser: Browser, viewport: dict[str, int] = DESKTOP) -> Player:
    table = create_table(server, "guile", ["human", "heuristic"])
    return Player.open(browser, f"{server}{table['seats'][0]['link']}", viewport)  # type: ignore[index]


def phase(page: Page) -> str:
    return page.inner_text("#turn .phase")


def test_a_choice_survives_the_other_seats_move_and_is_cleared_in_words_when_it_cannot_stand(
    server: str, browser: Browser
) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [f"{server}{seat['link']}" for seat in table["seats"]]  # type: ignore[attr-defined]
    mine, theirs = Player.open(browser, links[0]), Player.open(browser, links[1])
    play_until([mine, theirs], random.Random(2), lambda: "placing" in phase(mine.page), steps=0)
    # The same seat open in a second tab, as a person with a phone and a laptop would.
    other_tab = Player.open(browser, links[0])
    card = mine.page.locator("button[data-card]").first.get_attribute("data-card")
    mine.page.click(f"button[data-card='{card}']")
    expect(mine.page.locator(".hand-card.selected")).to_have_attribute("data-card", str(card))

    # The other seat places a card secretly: the choice stands, its knights still take it.
    before = mine.seq()
    theirs.page.locator("button[data-card]").first.click()
    theirs.click_move(".knight[data-move^='place ']")
    mine.page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    expect(mine.page.locator(".hand-card.selected")).to_have_attribute("data-card", str(card))
    expect(mine.page.locator(f".knight[data-move^='place {card} ']")).not_to_have_count(0)
    expect(mine.page.locator("#notice")).to_have_text("")

    # The seat's other tab places every card of that value: the choice cannot stand, and the page says so.
    while other_tab.page.locator(f"button[data-card='{card}']").count():
        other_tab.page.click(f"button[data-card='{card}']")
        other_tab.click_move(f".knight[data-move^='place {card} ']")
    expect(mine.page.locator("#notice")).to_have_text(
        f"The table changed before you finished: placing {card} is no longer possible, so it was cleared."
    )
    expect(mine.page.locator(".hand-card.selected")).to_have_count(0)
    assert mine.errors == [] and theirs.errors == [] and other_tab.errors == []


def test_while_the_connection_is_lost_moves_are_disabled_and_the_page_says_it_is_reconnecting(
    browser: Browser,
) -> None:
    with tempfile.TemporaryDirectory(prefix="feint-web-") as folder:
        served = Server(f"sqlite:///{folder}/feint.db")
        served.start()
        try:
            table = create_table(served.url, "guile", ["human", "human"])
            links = [f"{served.url}{seat['link']}" for seat in table["seats"]]  # type: ignore[attr-defined]
            people = [Player.open(browser, link) for link in links]
            person = next(p for p in people if p.my_turn())
            page = person.page
            other = 1 - people.index(person)
            online = page.locator(f".presence li[data-connected='true']:has-text('seat {other}')")
            expect(online).to_have_count(1)
            expect(page.locator("#actions [data-move]:enabled")).not_to_have_count(0)
            before = person.seq()

            served.kill()
            page.wait_for_selector("body[data-connection=lost]")
            expect(page.locator("#connection")).to_have_text("reconnecting…")
            expect(page.locator("#actions .reconnecting")).to_contain_text("reconnecting")
            expect(page.locator("#actions [data-move]:enabled")).to_have_count(0)
            expect(page.locator(f".presence li:has-text('seat {other}')")).to_have_attribute(
                "data-connected", "unknown"
            )
            # A click that reaches a move all the same is not sent, and the page does not say it was.
            page.evaluate("document.querySelector('#actions [data-move]').click()")
            expect(page.locator("#notice")).not_to_contain_text("Sent")
            assert person.seq() == before

            served.start()
            page.wait_for_selector("body[data-connection=open]", timeout=30000)
            expect(page.locator("#connection")).to_have_text("connected")
            expect(online).to_have_count(1, timeout=30000)
            person.click_move("#actions [data-move]")
            assert person.seq() > before
            assert person.refused() == 0 and person.errors == []
        finally:
            served.kill()


@pytest.mark.parametrize("game", game_names())
def test_the_rules_and_the_glossary_open_from_the_table(server: str, browser: Browser, game: str) -> None:
    help_text = httpx.get(f"{server}/api/games/{game}/help").json()
    book = phrasebook(game)
    assert dict(book.glossary) == help_text["glossary"]
    assert help_text["rules"] and help_text["rules"] in book.rules
    assert "help NAME" not in help_text["rules"]
    cls = get_game(game)
    players = max(cls.MIN_PLAYERS, min(cls.MAX_PLAYERS, 3))
    table = create_table(server, game, ["human"] + ["random"] * (players - 1))
    page = Player.open(browser, f"{server}{table['seats'][0]['link']}", PHONE_SMALL).page  # type: ignore[index]
    page.click("#rules-button")
    expect(page.locator("#rules")).to_be_visible()
    first = help_text["rules"].split("\n")[0]
    expect(page.locator("#rules-text")).to_contain_text(first)
    expect(page.locator("#glossary dt")).to_have_count(len(book.glossary))
    page.screenshot(path=Path("artifacts/screenshots") / f"rules-{game}.png")
    page.click("#rules-close")
    expect(page.locator("#rules")).to_be_hidden()


def test_an_unknown_game_has_no_help(server: str) -> None:
    response = httpx.get(f"{server}/api/games/chess/help")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_lobby_offers_every_bot_level_by_strength(server: str, browser: Browser) -> None:
    page = browser.new_context(viewport=PHONE_SMALL).new_page()
    page.goto(f"{server}/")
    for game in game_names():
        page.select_option("#game", game)
        page.select_option("#players", str(min(get_game(game).MAX_PLAYERS, 3)))
        options = page.locator("#seats select[data-seat='1'] option")
        expected = ["A person", *(level.label for level in levels(game))]
        expect(options).to_have_text(expected)
        assert len(expected) == 6
        for text in options.all_inner_texts():
            assert "ismcts" not in text.lower() and "montecarlo" not in text.lower()
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    page.select_option("#game", "guile")
    hard = "Bot: hard (a longer search with rules of thumb)"
    page.select_option("#seats select[data-seat='1']", label=hard)
    page.click("#create-button")
    expect(page.locator("#links li").nth(1)).to_have_text(f"● Seat 1: {hard}")


def test_the_favicon_is_served(server: str) -> None:
    response = httpx.get(f"{server}/favicon.ico")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert response.text.startswith("<svg")


def test_a_game_keeps_the_title_focus_and_rematch_where_a_person_needs_them(
    server: str, browser: Browser
) -> None:
    person = guile_against_a_bot(server, browser)
    page = person.page
    table_id = page.url.split("/table/")[1].split("#")[0]
    spectator = Player.open(browser, f"{server}/table/{table_id}")
    rng = random.Random(4)
    for _ in range(12):
        page.wait_for_selector("body[data-mine=true]")
        expect(page).to_have_title("● Your turn — Guile — Feint")
        person.act(rng, steps=0.5)
        # The click's control is redrawn away: the focus stays on a control, never on the page itself.
        assert page.evaluate("document.activeElement !== document.body && document.activeElement !== null")
    expect(spectator.page).to_have_title("Guile — Feint")
    play_to_the_end([person], rng)
    expect(page).to_have_title("Guile — Feint")
    # The rematch is in view at the end, however long the end screen is.
    rematch = page.locator("#rematch")
    expect(rematch).to_be_in_viewport()
    assert page.evaluate("document.scrollingElement.scrollHeight") > page.viewport_size["height"]  # type: ignore[index]
    # A spectator's end screen speaks plain words, none of the API's.
    spectator.page.wait_for_selector("#end:not([hidden])")
    expect(spectator.page.locator("#end")).to_contain_text("the replay opens only from a player's link")
    for word in ("Authorization", "Bearer", "token"):
        expect(spectator.page.locator("#end")).not_to_contain_text(word)
    assert person.errors == [] and spectator.errors == []


def test_the_look_passes_its_measures(server: str, browser: Browser) -> None:
    # Guile on a 360 px phone: every label of the Round Table at least 12 px, the Start Knight's flag
    # inside the picture and over no other knight.
    person = guile_against_a_bot(server, browser, PHONE_SMALL)
    page = person.page
    rng = random.Random(1)
    while not page.locator(".start-mark").count():
        page.wait_for_selector("body[data-mine=true]")
        person.act(rng, steps=0)
    sizes = page.evaluate(
        "[...document.querySelectorAll('.guile-table text')].map((t) =>"
        " parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a)"
    )
    assert min(sizes) >= 12, sorted(sizes)[:3]
    inside, overlaps = page.evaluate(
        """() => {
          const flag = document.querySelector('.start-mark').getBoundingClientRect();
          const table = document.querySelector('.guile-table').getBoundingClientRect();
          const own = document.querySelector('.start-mark').closest('.knight');
          const inside = flag.left >= table.left && flag.right <= table.right
            && flag.top >= table.top && flag.bottom <= table.bottom;
          const overlaps = [...document.querySelectorAll('.knight')].filter((k) => k !== own).filter((k) => {
            const r = k.querySelector('.shield').getBoundingClientRect();
            const apart = r.right <= flag.left || r.left >= flag.right;
            return !(apart || r.bottom <= flag.top || r.top >= flag.bottom);
          }).map((k) => k.dataset.knight);
          return [inside, overlaps];
        }"""
    )
    assert inside and overlaps == []
    # The log has room for its numbers up to 400 (its length), in its own font.
    assert page.evaluate(
        """() => {
          const log = document.getElementById('log');
          const measure = document.createElement('canvas').getContext('2d');
          measure.font = getComputedStyle(log).font;
          return measure.measureText('400. ').width <= parseFloat(getComputedStyle(log).paddingLeft);
        }"""
    )

    # Guardian's Call: the empty stacks of a new game read at 4.5:1 or more.
    table = create_table(server, "guardians", ["human", "heuristic"])
    gc = Player.open(browser, f"{server}{table['seats'][0]['link']}").page  # type: ignore[index]
    empty = gc.locator(".stack.empty")
    expect(empty).not_to_have_count(0)
    assert min(empty.evaluate_all(f"(nodes) => nodes.map({CONTRAST})")) >= 4.5


def test_a_socket_that_goes_silent_is_given_up_and_opened_again(server: str, browser: Browser) -> None:
    # A phone that changed networks: no close, no answer, not even to pings. The page's clock is fast
    # forwarded past two pings; the page gives the socket up, says so, and the next socket plays on.
    silent = {"on": False}

    def relay(route: WebSocketRoute) -> None:
        upstream = route.connect_to_server()
        route.on_message(lambda message: None if silent["on"] else upstream.send(message))
        upstream.on_message(lambda message: None if silent["on"] else route.send(message))

    table = create_table(server, "guardians", ["human", "heuristic"])
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.clock.install()
    page.route_web_socket(re.compile(r".*/ws/.*"), relay)
    page.goto(f"{server}{table['seats'][0]['link']}")  # type: ignore[index]
    page.wait_for_selector("body[data-mine=true][data-connection=open]")
    silent["on"] = True
    page.clock.fast_forward(50_000)
    page.wait_for_selector("body[data-connection=lost]")
    expect(page.locator("#actions [data-move]:enabled")).to_have_count(0)
    silent["on"] = False
    page.clock.fast_forward(2_000)
    page.wait_for_selector("body[data-connection=open]")
    expect(page.locator("#actions [data-move]:enabled")).not_to_have_count(0)
