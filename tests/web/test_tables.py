"""End to end in Chromium against the real server: each game played to its end by clicking."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from feint.games.guardians.kinds import Kind as GuardiansKind
from feint.games.knights.kinds import Kind as KnightsKind
from tests.web.tablepage import (
    DESKTOP,
    PHONE,
    Player,
    create_table,
    download_replays_the_game,
    expected_heading,
    final_result,
    fragment,
    hidden_shown,
    play_to_the_end,
    replay_frames,
    seat_names,
    told_sentences,
)


def test_two_people_play_guile_from_their_links(server: str, browser: Browser, screenshots: Path) -> None:
    lobby = browser.new_context(viewport=DESKTOP).new_page()
    lobby.goto(f"{server}/")
    lobby.select_option("#game", "guile")
    lobby.click("#create-button")
    expect(lobby.locator("a.join-link")).to_have_count(2)
    links = [link.get_attribute("href") or "" for link in lobby.locator("a.join-link").all()]
    table_id = links[0].split("/table/")[1].split("#")[0]
    people = [Player.open(browser, link) for link in links]
    spectator = Player.open(browser, f"{server}/table/{table_id}")
    expect(people[1].page.locator("#seat-name")).to_have_text("You are ● seat 1")
    expect(spectator.page.locator("#seat-name")).to_have_text("You are watching")

    rng = random.Random(7)
    while "play, cycle" not in people[0].page.inner_text("#turn .phase"):
        for person in [p for p in people if p.my_turn()]:
            person.act(rng, steps=0.5)
    # Placed face-down: each seat sees its own four cards, the spectator none of the eight.
    for symbol, person in zip("▲●", people, strict=True):
        own = person.page.locator(f"#board .knight:has(text:text-matches('{symbol} you$')) .card-value")
        expect(own).to_have_count(4)
        assert "?" not in own.all_text_contents()
    assert set(spectator.page.locator("#board .card-value").all_text_contents()) == {"?"}
    people[0].page.screenshot(path=screenshots / "guile-play.png")

    play_to_the_end(people, rng)
    result = final_result(server, table_id, fragment(links[0])["token"])
    for seat, person in enumerate(people):
        expect(person.page.locator("#end h2")).to_have_text(expected_heading(result, seat))
        expect(person.page.locator(".replay-moves li")).not_to_have_count(0)
        assert person.refused() == 0 and person.errors == []
    # The log is the server's sentences for each seat, from the phrasebook, every event told once.
    for viewer, person in [(0, people[0]), (1, people[1]), (None, spectator)]:
        told = told_sentences(server, table_id, links[0], viewer)
        expect(person.page.locator("#log li")).to_have_text(told)
    # A base game has no drawn round: one table turned face-up for every round won.
    expect(people[1].page.locator(".revealed-round")).to_have_count(int(sum(result.scores)))
    people[1].page.screenshot(path=screenshots / "guile-end.png", full_page=True)
    step_through_the_replay(people[0].page, replay_frames(server, table_id, fragment(links[0])["token"]))
    download_replays_the_game(people[0].page, server, table_id, fragment(links[0])["token"])

    people[0].page.click("#rematch")
    for person in people:
        expect(person.page.locator("#rematch-link")).to_be_visible()
    people[1].page.click("#rematch-link")
    people[1].page.wait_for_selector("body[data-over=false]")
    expect(people[1].page.locator("#seat-name")).to_have_text("You are ● seat 1")
    expect(people[1].page.locator("#turn .phase")).to_have_text("Guile, round 1: choosing factions")


def step_through_the_replay(page: Page, frames: list[dict[str, Any]]) -> None:
    """The end screen's replay of a Guile game: every frame's knights face-up, as the server dealt them."""
    last = len(frames) - 1
    final = frames[last]["view"]
    assert hidden_shown(page) == {"hand 0": "", "hand 1": "", "aside": " ".join(final["aside"])}
    player = page.locator("#replay-player")
    expect(player).to_have_attribute("data-frames", str(len(frames)))
    expect(player).to_have_attribute("data-frame", "0")
    expect(page.locator("#replay-first")).to_be_disabled()
    expect(page.locator("#replay-caption")).to_have_text(f"The deal (move 0 of {last})")
    expect(page.locator("#replay-prev")).to_be_disabled()
    # Through the draft, the placement and into play, a move at a time, by button and by slider.
    first_play = next(n for n, frame in enumerate(frames) if frame["view"]["phase"] == "play")
    for number in range(1, first_play + 1):
        if number % 2:
            page.click("#replay-next")
        else:
            page.locator("#replay-slider").press("ArrowRight")
        expect(player).to_have_attribute("data-frame", str(number))
        move = frames[number]["move"]
        expect(page.locator("#replay-caption")).to_contain_text(f"played {move['text']}")
        # The frame's events in the words the server told them in for this seat.
        said = [event["sentence"] for event in frames[number]["events"] if event["sentence"]]
        expect(page.locator(".replay-words li")).to_have_text(said)
    cards = [k["card"] for k in frames[first_play]["view"]["knights"] if k["card"] is not None]
    assert len(cards) == 8 and "?" not in cards
    expect(page.locator("#replay-board .card-value")).to_have_text(cards)
    page.click("#replay-last")
    expect(player).to_have_attribute("data-frame", str(last))
    expect(page.locator("#replay-next")).to_be_disabled()
    page.click("#replay-prev")
    expect(player).to_have_attribute("data-frame", str(last - 1))
    page.click("#replay-first")
    expect(player).to_have_attribute("data-frame", "0")


def test_one_person_plays_knights_of_glory_against_three_bots(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(server, "knights", ["human", "heuristic", "heuristic", "human"])
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}")
    expect(person.page.locator(".path .place")).to_have_count(8)
    expect(person.page.locator(".seats tbody tr")).to_have_count(4)
    person.page.screenshot(path=screenshots / "knights-start.png", full_page=True)

    # Nobody came for seat 3: the creator hands it to a bot from the creator's link.
    creator = Player.open(browser, f"{server}/table/{table['table_id']}#token={table['creator_token']}")
    away = creator.page.locator(".presence li", has_text="seat 3")
    expect(away).to_contain_text("away")
    away.get_by_role("button", name="Hand to a bot").click()
    expect(away).to_contain_text("a bot stands in, instant (rules of thumb)")
    expect(person.page.locator(".presence li", has_text="seat 3")).to_contain_text("a bot stands in")

    play_to_the_end([person], random.Random(3))
    result = final_result(server, str(table["table_id"]), fragment(link)["token"])
    called = seat_names(["human", "heuristic", "heuristic", "human"])
    expect(person.page.locator("#end h2")).to_have_text(expected_heading(result, 0, called))
    winners = person.page.locator(".scores tr.winner")
    expect(winners).to_have_count(len(result.winners))
    expect(person.page.locator("#log li").first).to_have_attribute("data-kind", KnightsKind.ROUND)
    # What the bot did for seat 3 is told as the bot's.
    expect(person.page.locator("#log li", has_text="⚙ A bot standing in for seat 3: ")).not_to_have_count(0)
    # Every hand at the end, the Unknown Deck and the Discard Pile, face-up.
    final = replay_frames(server, str(table["table_id"]), fragment(link)["token"])[-1]["view"]
    expect(person.page.locator("#replay-player")).to_be_visible()
    expected = {f"hand {seat}": " ".join(hand) for seat, hand in enumerate(final["hands"])}
    expected |= {"deck": " ".join(final["deck"]), "discard": " ".join(final["discard_pile"])}
    assert hidden_shown(person.page) == expected
    assert person.refused() == 0 and person.errors == []
    download_replays_the_game(person.page, server, str(table["table_id"]), fragment(link)["token"])
    person.page.screenshot(path=screenshots / "knights-end.png", full_page=True)


def test_one_person_plays_guardians_call_against_bots_building_offers_in_steps(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(server, "guardians", ["human", "heuristic"])
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}")
    page = person.page
    page.wait_for_selector("body[data-mine=true]")
    expect(page.locator(".quests li")).to_have_count(3)

    # An offer in three steps: a card of the hand, a seat, a declared type; never a list of every offer.
    page.locator("button[data-card]").first.click()
    expect(page.locator("#actions")).to_contain_text("3. To Instant bot: declare them as")
    declared = page.locator("[data-declared]")
    expect(declared).to_have_count(5)
    page.screenshot(path=screenshots / "guardians-offer.png", full_page=True)
    person.click_move("[data-declared]")
    expect(page.locator(f"#log li[data-kind='{GuardiansKind.OFFER}']")).to_have_count(1)

    play_to_the_end([person], random.Random(5), steps=0.8)
    result = final_result(server, str(table["table_id"]), fragment(link)["token"])
    expect(page.locator("#end h2")).to_have_text(
        expected_heading(result, 0, seat_names(["human", "heuristic"]))
    )
    totals = page.locator(".breakdown tr.total td").all_inner_texts()
    assert [float(t) for t in totals] == list(result.scores)
    # The final hands nobody played and the deck left, face-up.
    final = replay_frames(server, str(table["table_id"]), fragment(link)["token"])[-1]["view"]
    expect(page.locator("#replay-player")).to_be_visible()
    shown = hidden_shown(page)
    # The deck may be empty: the War card can be the last card drawn (Guardian's Call, "War").
    assert shown.pop("deck") == " ".join(final["deck"])
    assert shown == {f"hand {s['seat']}": " ".join(s["hand"]) for s in final["seats"]} | {
        "treasures": " ".join(map(str, final["treasure_deck"]))
    }
    assert person.refused() == 0 and person.errors == []
    download_replays_the_game(page, server, str(table["table_id"]), fragment(link)["token"])
    page.screenshot(path=screenshots / "guardians-end.png", full_page=True)


def test_a_phone_joins_from_the_lobby_and_plays_to_the_end(
    server: str, browser: Browser, screenshots: Path
) -> None:
    table = create_table(
        server,
        "knights",
        ["lobby", "heuristic"],
        public=True,
        creator_seat=None,
        clock={"bank": 600, "increment": 5},
    )
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{server}/")
    phone.locator(f"li:has(a[href='/table/{table['table_id']}']) button.join").click()
    phone.wait_for_url(f"**/table/{table['table_id']}#seat=0&token=*")
    person = Player(phone)
    phone.on("pageerror", lambda error: person.errors.append(str(error)))
    phone.wait_for_selector("body[data-seq]")
    expect(phone.locator("#seat-name")).to_have_text("You are ▲ seat 0")
    expect(phone.locator("#clock .clock.running")).to_have_text(re.compile(r"▶ ▲ you (10:00|9:5\d)"))
    expect(phone.locator("#clock .clock:not(.running)")).to_contain_text("● Instant bot 10:00")
    fits = "document.scrollingElement.scrollWidth <= window.innerWidth"
    assert phone.evaluate(fits)
    phone.screenshot(path=screenshots / "phone-knights.png", full_page=True)

    # A reload says hello again with no sequence number, and the page gets every event back.
    person.act(random.Random(1), steps=0)
    told = phone.locator("#log li").all_inner_texts()
    phone.reload()
    expect(phone.locator("#log li").nth(len(told) - 1)).to_be_attached()
    assert phone.locator("#log li").all_inner_texts()[: len(told)] == told

    play_to_the_end([person], random.Random(11))
    assert phone.evaluate(fits)
    expect(phone.locator("#end h2")).to_be_visible()
    assert person.refused() == 0 and person.errors == []
    phone.screenshot(path=screenshots / "phone-knights-end.png", full_page=True)


def test_the_creator_opens_one_seat_to_the_lobby_and_a_stranger_can_take_only_that_one(
    server: str, browser: Browser
) -> None:
    creator = browser.new_context(viewport=DESKTOP).new_page()
    creator.goto(f"{server}/")
    creator.select_option("#game", "knights")
    creator.select_option("#players", "3")
    for seat in range(3):
        creator.select_option(f"#seats select[data-seat='{seat}']", "human")
    boxes = creator.locator("input.lobby-seat")
    # None is open by default, and the creator's own seat cannot be.
    assert [box.is_checked() for box in boxes.all()] == [False, False, False]
    expect(boxes.nth(0)).to_be_disabled()
    expect(creator.locator(".lobby-choice").nth(0)).to_contain_text("your own seat")
    creator.uncheck("#public")
    expect(boxes.nth(2)).to_be_disabled()
    creator.check("#public")
    boxes.nth(2).check()
    creator.click("#create-button")
    expect(creator.locator("a.join-link")).to_have_count(2)
    opened = creator.locator("#links li.lobby-seat")
    expect(opened).to_have_text(re.compile("Seat 2: open to anyone in the lobby"))
    links = [link.get_attribute("href") or "" for link in creator.locator("a.join-link").all()]
    table_id = links[0].split("/table/")[1].split("#")[0]

    stranger = browser.new_context(viewport=DESKTOP).new_page()
    stranger.goto(f"{server}/")
    listed = stranger.locator(f"li:has(a[href='/table/{table_id}'])")
    expect(listed.locator("button.join")).to_have_count(1)
    listed.locator("button.join").click()
    stranger.wait_for_url(f"**/table/{table_id}#seat=2&token=*")
    expect(stranger.locator("#seat-name")).to_have_text("You are ■ seat 2")
    # The seats of the links the creator sends are never offered: each link still opens its own.
    stranger.goto(f"{server}/")
    expect(stranger.locator(f"li:has(a[href='/table/{table_id}'])")).to_have_count(0)
    for seat, url in enumerate(links[:2]):
        friend = Player.open(browser, url)
        expect(friend.page.locator("#seat-name")).to_contain_text(f"seat {seat}")
    # A link that opens no seat says so in words.
    stranger.goto(f"{server}/table/{table_id}#seat=0&token={'x' * 32}")
    expect(stranger.locator("#notice")).to_contain_text("this link opens no seat at this table")


def test_the_clocks_wait_for_everybody_unless_the_creator_starts_them(server: str, browser: Browser) -> None:
    table = create_table(server, "guile", ["human", "human"], clock={"bank": 300, "increment": 5})
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}")
    waiting = person.page.locator("#clocks-waiting")
    expect(waiting).to_contain_text("The clocks start when every person has opened their seat")
    expect(person.page.locator("#start-clocks")).to_have_count(0)  # only the creator may
    expect(person.page.locator("#clock .clock.running")).to_have_count(0)
    creator = Player.open(browser, f"{server}/table/{table['table_id']}#token={table['creator_token']}")
    creator.page.click("#start-clocks")
    expect(waiting).to_have_count(0)
    expect(person.page.locator("#clock .clock.running")).to_have_count(1)


def test_a_knights_seat_asks_to_sit_out_and_in_at_any_time_and_sees_it_pending(
    server: str, browser: Browser
) -> None:
    table = create_table(server, "knights", ["human", "heuristic", "heuristic"])
    link = table["seats"][0]["link"]  # type: ignore[index]
    person = Player.open(browser, f"{server}{link}")
    page = person.page
    table_move = page.locator(".table-moves [data-move]")
    page.wait_for_selector("body[data-mine=true]")
    # Mid-turn (the advance begun), sitting out is still offered: asked for now, it waits for the turn.
    person.click_move(f"[data-move='advance']:not({'.table-moves [data-move]'})")
    expect(table_move).to_have_text("Sit out (as soon as the rules allow)")
    table_move.click()
    expect(page.locator(".table-moves [data-pending=true]")).to_have_text(re.compile("^Sit out: asked"))
    rng = random.Random(6)
    me = page.locator(".seats tr.me")
    for _ in range(200):
        if page.locator(".table-moves [data-pending=true]").count() == 0:
            break
        person.act(rng, steps=0.3)
    # The request took effect once the rules allowed: the seat sits out.
    expect(me).to_contain_text("sitting out")
    # Sitting out, the way back is offered whatever the bots are doing, until it is asked for.
    expect(page.locator(".table-moves [data-move='sit in']")).to_have_count(1)
    page.locator(".table-moves [data-move='sit in']").click()
    expect(me).not_to_contain_text("sitting out")
    play_to_the_end([person], rng)
    assert person.refused() == 0 and person.errors == []


def test_a_game_is_played_to_the_end_with_the_generic_renderer(
    server: str, browser: Browser, screenshots: Path
) -> None:
    """What a game whose package ships no renderer gets: its view drawn generically, its legal moves as
    buttons, its log in the server's words. Forced here on Guile with ``?renderer=generic``."""
    table = create_table(server, "guile", ["human", "heuristic"])
    link = str(table["seats"][0]["link"])  # type: ignore[index]
    address, _, secret = link.partition("#")
    person = Player.open(browser, f"{server}{address}?renderer=generic#{secret}")
    page = person.page
    expect(page.locator("body")).to_have_attribute("data-renderer", "generic")
    expect(page.locator("#game-title")).to_have_text("Guile")
    # Seat objects are panels (the knights, each with its seat), lists are chips, hidden cards face-down.
    expect(page.locator("#board .generic [data-key=knights] .seat-panel")).to_have_count(8)
    page.wait_for_selector("body[data-mine=true]")
    legal = page.locator("#actions .move-group [data-move]")
    expect(legal).not_to_have_count(0)
    page.screenshot(path=screenshots / "generic-guile.png", full_page=True)
    play_to_the_end([person], random.Random(11))
    result = final_result(server, str(table["table_id"]), fragment(link)["token"])
    called = seat_names(["human", "heuristic"])
    expect(page.locator("#end h2")).to_have_text(expected_heading(result, 0, called))
    expect(page.locator("#log li")).to_have_text(
        told_sentences(server, str(table["table_id"]), link, 0, called)
    )
    # The end screen draws the final table, every card face-up, with the same generic renderer.
    expect(page.locator("#every-card .generic")).to_have_count(1)
    expect(page.locator("#every-card .face-down")).to_have_count(0)
    assert person.refused() == 0 and person.errors == []
