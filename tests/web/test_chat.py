"""The table's chat in Chromium: two seats (two browser contexts) and a spectator (a third).

Lines and reactions reach the other seat and the spectator live; the
spectators' chat never reaches a seat's page, nor its websocket; a muted
seat's lines and reactions are not shown (and stay muted after a reload);
hostile text is shown as text and makes no element; a flood is throttled
with nothing stored; the history comes back after a reload; and the end
screen's replay shows the chat said up to each frame.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.tablepage import Player, create_table, play_to_the_end

HOSTILE = ['<img src=x onerror="window.pwned = 1">', "<script>window.pwned = 2</script>", "<b>bold</b> &amp;"]
PHONE = {"width": 360, "height": 740}


def open_table(server: str, browser: Browser) -> tuple[list[Player], Player, dict[str, Any]]:
    table = create_table(server, "guile", ["human", "human"])
    seats = [Player.open(browser, f"{server}{seat['link']}") for seat in table["seats"]]  # type: ignore[attr-defined]
    spectator = Player.open(browser, f"{server}/table/{table['table_id']}")
    return seats, spectator, table


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def shown(page: Page) -> list[str]:
    """The chat lines the page shows: who, then what was said, as the reader sees them."""
    return page.locator("#chat-lines li").all_inner_texts()


def holds(page: Page, line: int) -> None:
    """Wait until the page holds chat line ``line`` (shown or muted)."""
    page.wait_for_function(f"Number(document.getElementById('chat').dataset.last) >= {line}")


def frames_heard(page: Page) -> list[str]:
    """Every websocket frame the page receives from now on."""
    heard: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: heard.append(str(frame))))
    return heard


def test_chat_and_reactions_reach_the_other_seat_and_the_spectator_but_the_spectators_chat_no_seat(
    server: str, browser: Browser
) -> None:
    (first, second), spectator, _ = open_table(server, browser)
    # Listened to from the start: reload so that the socket opened is one the listener sees.
    heard = [frames_heard(person.page) for person in (first, second)]
    for person in (first, second):
        person.page.reload()
        person.page.wait_for_selector("body[data-seq]")
    say(first.page, "Good luck!")
    for page in (first.page, second.page, spectator.page):
        who = "▲ you" if page is first.page else "▲ seat 0"
        expect(page.locator("#chat-lines li")).to_have_text([f"{who}: Good luck!"])

    second.page.click("#chat .reaction[data-reaction='👍']")
    # Shown beside seat 1 in the list of who is at the table, and in the chat.
    for page in (first.page, spectator.page):
        expect(page.locator("#presence li[data-seat='1'] .reaction-flash")).to_have_text("👍")
        expect(page.locator("#chat-lines li").last).to_have_text("● seat 1: 👍")
    expect(first.page.locator("#presence li[data-seat='1'] .reaction-flash")).to_have_count(0, timeout=10000)

    say(spectator.page, "seat 1 holds the dragon")
    expect(spectator.page.locator("#chat-lines li").last).to_have_text(
        "👁 a spectator (spectators): seat 1 holds the dragon"
    )
    expect(spectator.page.locator("#chat-lines li").last).to_have_attribute("data-channel", "spectators")
    say(second.page, "after the spectator")
    for page in (first.page, second.page):
        holds(page, 3)
        assert "dragon" not in " ".join(shown(page))
        assert len(shown(page)) == 3 and "after the spectator" in shown(page)[-1]
    expect(spectator.page.locator("#chat-lines li")).to_have_count(4)
    # Nor did the seats' sockets carry it.
    for frames in heard:
        assert any("after the spectator" in frame for frame in frames)
        assert not any("dragon" in frame or '"spectators"' in frame for frame in frames)
    assert first.errors == [] and second.errors == [] and spectator.errors == []


def test_hostile_text_is_shown_as_text_and_makes_no_element(server: str, browser: Browser) -> None:
    (first, second), spectator, _ = open_table(server, browser)
    for text in HOSTILE:
        say(first.page, text)
    for page in (second.page, spectator.page):
        expect(page.locator("#chat-lines .said")).to_have_text(HOSTILE)
        assert page.locator("#chat-lines img, #chat-lines script, #chat-lines b").count() == 0
        assert page.evaluate("window.pwned") is None
    # A refused line says why in the panel, and goes back in the box to be mended.
    say(first.page, "hidden\u200bspace")
    expect(first.page.locator("#chat-status")).to_contain_text("Not sent")
    expect(first.page.locator("#chat-input")).not_to_have_value("")


def test_a_muted_seat_s_lines_and_reactions_are_not_shown_and_stay_muted_after_a_reload(
    server: str, browser: Browser
) -> None:
    (first, second), spectator, _ = open_table(server, browser)
    say(first.page, "before the mute")
    expect(second.page.locator("#chat-lines li")).to_have_count(1)
    second.page.click("#chat-mute summary")
    second.page.check("#chat-mute input[data-mute='seat:0']")
    expect(second.page.locator("#chat-lines li")).to_have_count(0)
    say(first.page, "while muted")
    first.page.click("#chat .reaction[data-reaction='😂']")
    say(second.page, "can you hear me")
    holds(second.page, 3)
    assert shown(second.page) == ["● you: can you hear me"]
    assert second.page.locator(".reaction-flash").count() == 0
    # The spectator muted nobody, and sees everything.
    expect(spectator.page.locator("#chat-lines li")).to_have_count(4)
    # The mute is kept in the browser, for this table.
    second.page.reload()
    second.page.wait_for_selector("body[data-seq]")
    holds(second.page, 3)
    assert shown(second.page) == ["● you: can you hear me"]
    second.page.click("#chat-mute summary")
    second.page.uncheck("#chat-mute input[data-mute='seat:0']")
    expect(second.page.locator("#chat-lines .said")).to_have_text(
        ["before the mute", "while muted", "😂", "can you hear me"]
    )


def test_a_flood_is_throttled_with_nothing_stored_and_the_history_comes_back_after_a_reload(
    server: str, browser: Browser
) -> None:
    (first, second), _, _ = open_table(server, browser)
    flood = 20
    first.page.evaluate(
        """(count) => {
          const input = document.getElementById("chat-input");
          for (let n = 0; n < count; n += 1) {
            input.value = `flood ${n}`;
            document.getElementById("chat-form").requestSubmit();
          }
        }""",
        flood,
    )
    # Every line is answered: said, or refused as throttled.
    first.page.wait_for_function(
        f"document.querySelectorAll('#chat-lines li').length + Number(document.getElementById('chat')"
        f".dataset.refused || 0) === {flood}"
    )
    accepted = len(shown(first.page))
    refused = flood - accepted
    # Five at once, then one every two seconds: however slowly this machine sent them.
    assert accepted >= 5 and refused >= 10
    expect(first.page.locator("#chat-status")).to_contain_text("too many chat lines")
    expect(second.page.locator("#chat-lines li")).to_have_count(accepted)
    said = shown(second.page)
    second.page.reload()
    second.page.wait_for_selector("body[data-seq]")
    expect(second.page.locator("#chat-lines li")).to_have_count(accepted)
    assert shown(second.page) == said
    # The lines said are the first ones sent, in order: the refused ones were never stored.
    assert said == [f"▲ seat 0: flood {n}" for n in range(accepted)]


def test_the_replay_shows_the_chat_said_up_to_each_frame(
    server: str, browser: Browser, screenshots: Path
) -> None:
    (first, second), spectator, _ = open_table(server, browser)
    say(first.page, "at the deal")
    say(spectator.page, "from the stands")
    holds(second.page, 0)
    start = first.seq()
    rng = random.Random(31)
    for _ in range(200):
        if first.seq() > start + 3 or first.over():
            break
        for person in (first, second):
            if person.my_turn():
                person.act(rng, 0.3)
    second.page.wait_for_function(f"Number(document.body.dataset.seq) > {start}")
    say(second.page, "in the middle")
    second.page.click("#chat .reaction[data-reaction='😂']")
    expect(first.page.locator("#presence li[data-seat='1'] .reaction-flash")).to_have_text("😂")
    first.page.set_viewport_size({"width": 1000, "height": 760})
    first.page.locator("#chat").scroll_into_view_if_needed()
    # docs/images/chat.jpg is this picture.
    first.page.screenshot(path=screenshots / "chat.jpg", type="jpeg", quality=80)
    play_to_the_end([first, second], rng)
    page = first.page
    page.wait_for_selector("#replay-player")
    # The replay opens at the deal.
    expect(page.locator("#replay-player")).to_have_attribute("data-frame", "0")
    expect(page.locator("#replay-chat .said")).to_have_text(["at the deal"])
    page.click("#replay-last")
    expect(page.locator("#replay-chat .said")).to_have_text(["at the deal", "in the middle", "😂"])
    # The first frame after the middle line was said shows it; the one before does not.
    frames = int(page.locator("#replay-player").get_attribute("data-frames") or 0)
    with_middle = []
    for frame in range(frames):
        page.locator("#replay-slider").fill(str(frame))
        with_middle.append(page.locator("#replay-chat .said", has_text="in the middle").count())
    assert with_middle[0] == 0 and with_middle[-1] == 1 and with_middle == sorted(with_middle)
    assert "from the stands" not in page.inner_text("#end")
    assert first.errors == [] and second.errors == [] and spectator.errors == []


def test_the_chat_panel_fits_a_360_px_phone_whatever_is_said(server: str, browser: Browser) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [f"{server}{seat['link']}" for seat in table["seats"]]  # type: ignore[attr-defined]
    desk, phone = Player.open(browser, links[0]), Player.open(browser, links[1], PHONE)
    say(desk.page, "x" * 300)
    say(desk.page, "🤔" * 150)
    phone.page.click("#chat .reaction[data-reaction='👏']")
    expect(phone.page.locator("#chat-lines li")).to_have_count(3)
    phone.page.click("#chat-mute summary")
    phone.page.locator("#chat").scroll_into_view_if_needed()
    width = phone.page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"
    # Every line wraps inside the list: none is cut off to be scrolled sideways.
    lines = phone.page.locator("#chat-lines")
    assert lines.evaluate("(list) => list.scrollWidth <= list.clientWidth")
    for part in ("#chat-input", "#chat-send", "#chat .reaction[data-reaction='👏']", "#chat-mute"):
        box = phone.page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
    assert desk.errors == [] and phone.errors == []
