"""Names and "your turn" signals in Chromium, two people at a Guile table in two browser contexts.

Each person names their seat; every screen of the other uses the name (presence, the game's picture,
the log's sentences, the end screen), as text only. A hostile name is shown as text or refused with
nothing changed, while the table changes around it. When it becomes a seat's move while its tab is
hidden, a notification fires (with permission), the title and icon change, and the sound plays if
switched on; nothing fires while the tab is visible or when the move is another seat's.
"""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.web.tablepage import (
    DESKTOP,
    Player,
    create_table,
    expected_heading,
    final_result,
    fragment,
    play_to_the_end,
    told_sentences,
)

WATCH = """
window.__made = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      const all = node.nodeType === 1 ? [node, ...node.querySelectorAll("*")] : [];
      for (const element of all) {
        const handlers = [...element.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name);
        if (element.tagName === "IMG" || handlers.length) window.__made.push(element.outerHTML.slice(0, 80));
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
window.f = () => { window.__pwned = true; };
"""
"""Records every element made from markup a name could carry (an <img>, an on* attribute)."""

SPIES = """
window.__notes = [];
window.__tones = 0;
let hidden = false;
const state = () => (hidden ? "hidden" : "visible");
Object.defineProperty(document, "visibilityState", { get: state, configurable: true });
Object.defineProperty(document, "hidden", { get: () => hidden, configurable: true });
window.__hide = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
const RealNote = window.Notification;
function Spy(title, options) {
  window.__notes.push({ title, body: options && options.body });
  return new RealNote(title, options);
}
Object.defineProperty(Spy, "permission", { get: () => RealNote.permission });
Spy.requestPermission = (...args) => RealNote.requestPermission(...args);
window.Notification = Spy;
const RealAudio = window.AudioContext;
window.AudioContext = class extends RealAudio {
  createOscillator() { window.__tones += 1; return super.createOscillator(); }
};
"""
"""Spies on notifications and Web Audio, and lets the test hide the tab (``__hide(true)``)."""


def open_seat(browser: Browser, server: str, link: str, *scripts: str) -> Player:
    context = browser.new_context(viewport=DESKTOP)
    for script in scripts:
        context.add_init_script(script)
    context.grant_permissions(["notifications"], origin=server)
    page = context.new_page()
    player = Player(page)
    page.on("pageerror", lambda error: player.errors.append(str(error)))
    page.goto(f"{server}{link}")
    page.wait_for_selector("body[data-seq]")
    return player


def give_name(page: Page, name: str) -> None:
    page.fill("#name-input", name)
    page.click("#name-save")


def presence(page: Page, seat: int) -> str:
    return page.locator(".presence li").nth(seat).inner_text()


def test_two_people_name_their_seats_and_every_screen_uses_the_names(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [str(seat["link"]) for seat in table["seats"]]  # type: ignore[attr-defined]
    people = [open_seat(browser, server, link, WATCH) for link in links]
    names = ["Ann", "bea lee"]
    for person, name in zip(people, names, strict=True):
        # The first time, the page asks for a name; the form is empty in a fresh browser.
        expect(person.page.locator("#name-form")).to_be_visible()
        expect(person.page.locator("#name-input")).to_have_value("")
        give_name(person.page, f"  {name} ")
        expect(person.page.locator("#name-shown")).to_have_text(f"Your name here: {name}")
    for seat, person in enumerate(people):
        other = 1 - seat
        expect(person.page.locator("#seat-name")).to_have_text(
            f"You are {'▲●'[seat]} {names[seat]} (seat {seat})"
        )
        expect(person.page.locator(".presence li").nth(other)).to_contain_text(
            f"{'▲●'[other]} {names[other]}: online"
        )
        expect(person.page.locator(".presence li").nth(seat)).to_contain_text(f"{'▲●'[seat]} you")
        assert person.page.evaluate("localStorage.getItem('feint.name')") == names[seat]
    rng = random.Random(4)
    while "play, cycle" not in people[0].page.inner_text("#turn .phase"):
        for person in [p for p in people if p.my_turn()]:
            person.act(rng, steps=0.5)
    # The game's picture labels the other seat's knights with its name, one's own with "you".
    expect(people[0].page.locator("#board")).to_contain_text("● bea lee")
    expect(people[1].page.locator("#board")).to_contain_text("▲ Ann")
    people[1].page.screenshot(path=screenshots / "names.jpg", type="jpeg", quality=80)

    play_to_the_end(people, rng)
    table_id = str(table["table_id"])
    result = final_result(server, table_id, fragment(links[0])["token"])
    for seat, person in enumerate(people):
        # The log is the phrasebook's sentences told with the names; the end screen names the winners.
        told = told_sentences(server, table_id, links[0], seat, names)
        expect(person.page.locator("#log li")).to_have_text(told)
        assert any(names[1 - seat] in line for line in told)
        expect(person.page.locator("#end h2")).to_have_text(expected_heading(result, seat, names))
        expect(person.page.locator(".scores tbody tr").nth(1 - seat).locator("td").first).to_have_text(
            f"{'▲●'[1 - seat]} {names[1 - seat]}"
        )
        assert person.errors == [] and person.page.evaluate("window.__made") == []

    # A reload keeps the seat's name (the server holds it); a new table offers the browser's.
    people[0].page.reload()
    people[0].page.wait_for_selector("body[data-seq]")
    expect(people[0].page.locator("#name-shown")).to_have_text("Your name here: Ann")
    expect(people[0].page.locator("#name-form")).to_be_hidden()
    fresh = create_table(server, "guile", ["human", "heuristic"])
    people[0].page.goto(f"{server}{fresh['seats'][0]['link']}")  # type: ignore[index]
    people[0].page.wait_for_selector("body[data-seq]")
    expect(people[0].page.locator("#name-input")).to_have_value("Ann")
    expect(people[0].page.locator(".presence li").nth(1)).to_contain_text("● Instant bot: a bot")


def test_a_hostile_name_is_text_or_refused_while_the_table_changes(server: str, browser: Browser) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [str(seat["link"]) for seat in table["seats"]]  # type: ignore[attr-defined]
    people = [open_seat(browser, server, link, WATCH) for link in links]
    rng = random.Random(8)
    markup = "<img src=x onerror=f()>"
    refused = ["<img src=x onerror=alert(1)>", "x" * 200, "Eve\x07", "Eve\u202e", "you", "Seat 0"]
    for name in [markup, *refused, "eve"]:
        # Someone moves between attempts: the name is shown while the pages redraw.
        for person in [p for p in people if p.my_turn()]:
            person.act(rng, steps=0.5)
        give_name(people[1].page, name)
        if name in refused:
            expect(people[1].page.locator("#name-status")).to_contain_text("That name was not taken: a name")
            expect(people[1].page.locator("#name-form")).to_be_visible()
        shown = markup if name in refused else name
        expect(people[0].page.locator(".presence li").nth(1)).to_contain_text(f"● {shown}: online")
        expect(people[1].page.locator("#name-shown")).to_have_text(f"Your name here: {shown}")
        if name == markup:
            expect(people[0].page.locator("#board")).to_contain_text(f"● {markup}")
            people[1].page.click("#name-change")
        for person in people:
            assert person.page.evaluate("window.__made") == []
            assert person.page.evaluate("window.__pwned") is None
            assert person.page.evaluate("document.querySelectorAll('img').length") == 0
    # Every line of seat 0's log that names seat 1 reads its name as text, the last one given.
    lines = people[0].page.locator("#log li").all_inner_texts()
    assert not any(markup in line for line in lines)
    assert any(line.startswith("eve ") for line in lines)
    assert people[0].errors == [] and people[1].errors == []


def test_a_move_that_makes_it_your_turn_signals_only_while_the_tab_is_hidden(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(server, "guile", ["human", "human"])
    links = [str(seat["link"]) for seat in table["seats"]]  # type: ignore[attr-defined]
    me = open_seat(browser, server, links[0], SPIES)
    other = open_seat(browser, server, links[1])
    page = me.page
    # Permission is granted already: the page offers no button to ask, and says they are on.
    expect(page.locator("#signal-notify")).to_be_hidden()
    expect(page.locator("#signal-note")).to_contain_text("Notifications on")
    expect(page.locator("#signal-sound")).not_to_be_checked()
    rng = random.Random(12)
    seen = {"became hidden": 0, "became visible": 0, "other hidden": 0, "sound": 0}
    for _ in range(400):
        if me.over() or min(seen.values()) >= 2:
            break
        if me.my_turn():
            page.evaluate("window.__hide(false)")
            expect(page).to_have_title("● Your turn — Guile — Feint")
            expect(page.locator('link[rel="icon"]')).to_have_attribute("href", "/static/favicon-turn.svg")
            if seen["sound"]:
                page.screenshot(path=screenshots / "signals.jpg", type="jpeg", quality=75, full_page=True)
            me.act(rng, steps=0)
            continue
        if not other.my_turn():
            # A state is still on its way to one of the pages: look again once both have it.
            seq = max(me.seq(), other.seq())
            for person in (me, other):
                person.page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}")
            continue
        hidden = rng.random() < 0.6
        sound = seen["became hidden"] >= 1
        if sound and not page.locator("#signal-sound").is_checked():
            page.check("#signal-sound")  # while visible, as a person clicks
        page.evaluate(f"window.__hide({'true' if hidden else 'false'})")
        notes, tones = page.evaluate("window.__notes.length"), page.evaluate("window.__tones")
        before = other.seq()
        other.act(rng, steps=0)
        after = other.seq()
        if after == before:
            continue
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {after}")
        mine = me.my_turn()
        new_notes = page.evaluate(f"window.__notes.slice({notes})")
        new_tones = page.evaluate("window.__tones") - tones
        if mine and hidden:
            seen["became hidden"] += 1
            prompt = page.locator("#turn .prompt")
            what = prompt.inner_text() if prompt.count() else "Your move"
            assert new_notes == [{"title": "Your move — Guile", "body": what}]
            assert (new_tones > 0) == sound
            seen["sound"] += new_tones > 0
        elif mine:
            seen["became visible"] += 1
            assert new_notes == [] and new_tones == 0
        else:
            if hidden:
                seen["other hidden"] += 1
            assert new_notes == [] and new_tones == 0
            expect(page).to_have_title("Guile — Feint")
            expect(page.locator('link[rel="icon"]')).to_have_attribute("href", "/favicon.ico")
    assert min(seen.values()) >= 1, seen
    assert me.errors == [] and other.errors == []
