"""The shared review in Chromium (review.js): one seat steps the replay, the table follows it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.tablepage import Player, create_table, fragment, play_to_the_end, replay_frames


def shows_frame(page: Page, frames: list[dict[str, Any]], number: int) -> None:
    """The page's replay is at ``number``, drawn from that frame: its move and its knights' cards."""
    expect(page.locator("#replay-player")).to_have_attribute("data-frame", str(number))
    move = frames[number]["move"]
    caption = page.locator("#replay-caption")
    if move is None:
        expect(caption).to_contain_text("The deal")
    else:
        expect(caption).to_contain_text(f"Move {number} of {len(frames) - 1}: ")
        expect(caption).to_contain_text(f"played {move['text']}")
    cards = [k["card"] if k["card"] is not None else "" for k in frames[number]["view"]["knights"]]
    shown = page.locator("#replay-board .knight").evaluate_all(
        "(knights) => knights.map((k) => k.querySelector('.card-value')?.textContent ?? '')"
    )
    assert [c for c in shown if c] == [c for c in cards if c], (shown, cards)


def test_seat_0_leads_the_review_and_seat_1_follows_then_steps_alone(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [f"{server}{seat['link']}" for seat in table["seats"]]  # type: ignore[attr-defined]
    people = [Player.open(browser, link) for link in links]
    spectator = Player.open(browser, f"{server}/table/{table['table_id']}")
    play_to_the_end(people, random.Random(31))
    frames = replay_frames(server, str(table["table_id"]), fragment(links[0])["token"])
    lead, follow = people[0].page, people[1].page
    for page in (lead, follow):
        expect(page.locator("#replay-player")).to_have_attribute("data-frames", str(len(frames)))
        expect(page.locator("#review-follow")).to_be_checked()
    expect(spectator.page.locator("#review-status")).to_have_text(
        "Nobody is stepping through the replay yet."
    )

    # Seat 0 steps by button and by slider; seat 1's page follows each step, drawing that frame.
    for number in range(1, 7):
        if number % 2:
            lead.click("#replay-next")
        else:
            lead.locator("#replay-slider").press("ArrowRight")
        shows_frame(lead, frames, number)
        shows_frame(follow, frames, number)
        expect(follow.locator("#review-status")).to_have_text(
            f"Led by ▲ seat 0: the table is at move {number}."
        )
        expect(lead.locator("#review-status")).to_have_text(f"You lead: the table is at move {number}.")
        # The spectator cannot open the frames (every card face-up): it is told the move's number.
        expect(spectator.page.locator("#review-status")).to_have_text(
            f"Led by ▲ seat 0: the table is at move {number}."
        )
    follow.locator("#replay-player").evaluate("(player) => player.scrollIntoView({ block: 'start' })")
    follow.screenshot(path=screenshots / "review.jpg", type="jpeg", quality=80)  # docs/images/review.jpg
    lead.click("#replay-last")
    shows_frame(follow, frames, len(frames) - 1)

    # Seat 1 stops following and steps on its own: it leads nobody, and seat 0's steps leave it be.
    follow.uncheck("#review-follow")
    follow.click("#replay-first")
    follow.click("#replay-next")
    shows_frame(follow, frames, 1)
    shows_frame(lead, frames, len(frames) - 1)
    lead.click("#replay-prev")
    shows_frame(lead, frames, len(frames) - 2)
    expect(follow.locator("#review-status")).to_have_text(
        f"Led by ▲ seat 0: the table is at move {len(frames) - 2}."
    )
    shows_frame(follow, frames, 1)
    # Following again, seat 1 joins the table where it is.
    follow.check("#review-follow")
    shows_frame(follow, frames, len(frames) - 2)

    # A link to a move opens the replay at that move, stepping alone.
    follow.click("#replay-prev")
    shows_frame(follow, frames, len(frames) - 3)
    href = follow.locator("#copy-move-link").get_attribute("data-href") or ""
    assert f"?move={len(frames) - 3}#" in href and href.endswith(links[1].split("#")[1])
    linked = Player.open(browser, href)
    shows_frame(linked.page, frames, len(frames) - 3)
    expect(linked.page.locator("#review-follow")).not_to_be_checked()
    for person in [*people, spectator, linked]:
        assert person.errors == [] and person.refused() == 0
