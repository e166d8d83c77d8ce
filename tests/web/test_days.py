"""A turn-based table in Chromium: made from the lobby's form with a clock in days; a person asks to be
told of their turns by e-mail, goes away, and gets one e-mail with their link when their move comes."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from websockets.sync.client import connect

from tests.server.services import Server
from tests.server.test_days import BOB, Inbox, inbox  # noqa: F401 (the fixture)
from tests.web.tablepage import DESKTOP, Player, fragment

MAIL_WAIT = 30.0
"""Seconds the test waits for the e-mail before it says none came."""


@pytest.fixture
def mailing_server(inbox: tuple[str, Inbox]) -> Iterator[tuple[str, Inbox]]:  # noqa: F811
    """``feint serve`` sending its your-turn e-mails to the test's SMTP server: its URL and the inbox."""
    url, mails = inbox
    with (
        tempfile.TemporaryDirectory(prefix="feint-web-") as folder,
        Server(f"sqlite:///{folder}/feint.db", "--smtp", url) as running,
    ):
        yield running.url, mails


def test_a_turn_based_table_from_the_form_emails_the_person_away(
    mailing_server: tuple[str, Inbox], browser: Browser, screenshots: Path
) -> None:
    server, mails = mailing_server
    lobby = browser.new_context(viewport=DESKTOP).new_page()
    lobby.goto(f"{server}/")
    lobby.select_option("#game", "liars_dice")
    lobby.select_option('#seats select[data-seat="1"]', "human")
    lobby.select_option("#clock", label="3 days + 1 day a move")
    lobby.click("#create-button")
    expect(lobby.locator("a.join-link")).to_have_count(2)
    links = [link.get_attribute("href") or "" for link in lobby.locator("a.join-link").all()]

    person = Player.open(browser, links[1])
    expect(person.page.locator("#clock")).to_contain_text("3 d 0 h")
    person.page.click("#notify-box summary")
    person.page.fill("#notify-input", "bob@")
    person.page.click("#notify-save")
    expect(person.page.locator("#notify-status")).to_contain_text("Not kept")
    person.page.fill("#notify-input", BOB)
    person.page.click("#notify-save")
    expect(person.page.locator("#notify-status")).to_contain_text("by e-mail")
    person.page.screenshot(path=screenshots / "turn-based.png")
    person.page.context.close()  # away

    # Seat 0 bids, through the protocol itself: seat 1's move comes while it is away.
    table_id = links[0].split("/table/")[1].split("#")[0]
    with connect(f"{server.replace('http', 'ws')}/ws/{table_id}") as socket:
        socket.send(json.dumps({"type": "hello", "token": fragment(links[0])["token"], "since": None}))
        state = json.loads(socket.recv())
        while any(entry["connected"] for entry in state["presence"] if entry["seat"] == 1):
            state = json.loads(socket.recv())  # the server hears the closed page go
        assert state["view"]["to_move"] == [0]
        bid = next(entry for entry in state["legal"] if entry["text"].startswith("bid"))
        socket.send(json.dumps({"type": "move", "move": {"index": bid["index"]}, "seq": state["seq"]}))
        while json.loads(socket.recv())["seq"] == state["seq"]:
            pass
    deadline = time.monotonic() + MAIL_WAIT
    while not mails.mails and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [mail.rcpt_tos for mail in mails.mails] == [[BOB]]
    assert links[1] in mails.texts()[0]
