"""Undo by consent in Chromium, two browser contexts at one Guile table (docs/web.md, "Undo").

Seat 0 places a card (a secret choice), asks to take it back; seat 1, on a phone, sees who asks and how
many moves, never the card or the knight, and agrees: both pages show the game as it was before the
placement, the placement's log lines gone. Then a second request is refused, and the placement stays.
"""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.web.tablepage import DESKTOP, PHONE, Player, create_table, play_until
from tests.web.test_phone import watch_layout


def _phase(page: Page) -> str:
    return page.inner_text("#turn .phase")


def _picture(player: Player) -> tuple[str, list[str]]:
    """What the page shows of the game: the board's words and the log's lines."""
    return player.page.inner_text("#board"), player.page.locator("#log li").all_inner_texts()


def _place(player: Player) -> str:
    """Place the first card of the hand on the first knight offered: the move's notation."""
    player.page.locator("button[data-card]").first.click()
    knight = player.page.locator(".knight[data-move^='place ']").first
    move = str(knight.get_attribute("data-move"))
    player.click_move(".knight[data-move^='place ']")
    return move


def test_a_secret_move_is_taken_back_when_the_other_agrees_and_kept_when_it_refuses(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [f"{server}{seat['link']}" for seat in table["seats"]]  # type: ignore[attr-defined]
    asker, other = Player.open(browser, links[0], DESKTOP), Player.open(browser, links[1], PHONE)
    watch_layout(other.page)
    play_until([asker, other], random.Random(2), lambda: "placing" in _phase(asker.page), steps=0)
    # Nothing to take back that the other seat's pass has not shown a new hand since: no button yet.
    expect(asker.page.locator("#undo-ask")).to_have_count(0)
    before = [_picture(person) for person in (asker, other)]

    move = _place(asker)
    other.page.wait_for_function(f"Number(document.body.dataset.seq) >= {asker.seq()}")
    assert len(_picture(other)[1]) > len(before[1][1])
    asker.page.click("#undo-ask")

    # Pending: the asker sees its own move and may withdraw; the other is asked, without the move.
    expect(asker.page.locator("#undo-words")).to_contain_text(f"your move “{move}”")
    expect(asker.page.locator("#undo-withdraw")).to_be_visible()
    banner = other.page.locator("#undo-banner")
    expect(banner).to_contain_text("Seat 0 asks to take back 1 move")
    card, knight = move.split()[1:]
    assert move not in banner.inner_text() and knight not in banner.inner_text().lower()
    assert card not in banner.inner_text().replace("1 move", "")
    expect(other.page.locator("#undo-agree")).to_be_visible()
    expect(other.page.locator("#undo-refuse")).to_be_visible()
    # The other seat may still move meanwhile (that would end the request): its moves stay offered.
    expect(other.page.locator("button[data-card]").first).to_be_visible()
    other.page.screenshot(path=screenshots / "undo.jpg", type="jpeg", quality=80)

    other.page.click("#undo-agree")
    for person, was in zip((asker, other), before, strict=True):
        expect(person.page.locator("#undo-words")).to_have_attribute("data-status", "done")
        expect(person.page.locator("#undo-words")).to_contain_text("1 move taken back")
        # The game as it was before the placement: the board, and the log without its lines.
        assert _picture(person) == was
    expect(asker.page.locator("#undo-ask")).to_have_count(0)

    # Asked again, refused: the placement stays, and both pages say who refused.
    _place(asker)
    other.page.wait_for_function(f"Number(document.body.dataset.seq) >= {asker.seq()}")
    placed = [_picture(person) for person in (asker, other)]
    asker.page.click("#undo-ask")
    expect(other.page.locator("#undo-refuse")).to_be_visible()
    other.page.click("#undo-refuse")
    for person, who, was in zip((asker, other), ("Seat 1 refused", "You refused"), placed, strict=True):
        expect(person.page.locator("#undo-words")).to_have_attribute("data-status", "refused")
        expect(person.page.locator("#undo-words")).to_contain_text(f"{who} to take back 1 move")
        assert _picture(person) == was
    # Refused, it may ask again; the other seat's move then ends the request for everybody.
    asker.page.click("#undo-ask")
    expect(other.page.locator("#undo-agree")).to_be_visible()
    _place(other)
    for person in (asker, other):
        expect(person.page.locator("#undo-words")).to_have_attribute("data-status", "lapsed")
    assert other.page.evaluate("window.layoutProblems") == []
    assert asker.errors == [] and other.errors == [] and asker.refused() == 0 and other.refused() == 0
