"""A person at a table page, played by clicking what the page offers, as a person would.

The player picks at random, from a seeded generator, among what the page shows as clickable: the move
buttons and the cards, knights, places and dice that carry a move, and the steps of a move built in
parts (a card to place, cards to offer, a target seat, a die to cover). Table moves (sitting out,
leaving) are never clicked: every game is played to its end.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from feint.engine.replay import Replay
from feint.engine.state import Result, Viewer
from feint.server.messages import phrasebook
from feint.server.names import called

MOVES = "[data-move]:not(.table-moves [data-move])"
STEPS = "button[data-card], button[data-target], .die[role=button], .seat-panel[role=button]"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1200, "height": 900}
SEQ = "Number(document.body.dataset.seq)"
WHERE = f"[{SEQ}, document.body.dataset.mine === 'true']"
MOVERS = "(document.body.dataset.toMove || '').split(' ').filter(Boolean).length"
TURN = f"[{SEQ}, document.body.dataset.mine === 'true', {MOVERS}, document.body.dataset.over === 'true']"
ANSWERED = "[document.body.dataset.seq, document.body.dataset.errors, document.body.dataset.stale].join('/')"
"""Changes once the server has answered a move: a new state, a refusal, or a stale race lost."""
BOT_WAIT_MS = 60000
"""How long the bots may take over one move on a loaded machine before the test says what it saw."""
LOG_LIMIT = 400
"""Lines the page's log keeps (app.js's LOG_LIMIT)."""
REDRAWN_MS = 2000
"""How long a click waits for its element, which a new state may have redrawn away."""
CARD_OF_GROUP = "xpath=self::*[local-name()='g']/*[local-name()='rect'][1]"
"""An SVG group's card, its first rectangle: where a person clicks a knight (:meth:`Player._click`)."""


def create_table(base: str, game: str, seats: list[str], **extra: object) -> dict[str, object]:
    """A table made through the API: ``seats`` holds "human", "lobby" (a person's seat open to the
    lobby) or a bot's name for each seat."""
    kinds = {"human": {"kind": "human"}, "lobby": {"kind": "human", "lobby": True}}
    spec = {
        "game": game,
        "players": len(seats),
        "variants": [],
        "seats": [kinds.get(s, {"kind": "bot", "bot": s}) for s in seats],
        "public": False,
        "clock": None,
        **extra,
    }
    response = httpx.post(f"{base}/api/tables", json=spec, timeout=10)
    response.raise_for_status()
    table: dict[str, object] = response.json()
    return table


class Turn(NamedTuple):
    """Where a page stands: its last seq, whether its seat is to move then, how many seats (bots
    included) are to move then, and whether the game is over."""

    seq: int
    mine: bool
    movers: int
    over: bool


@dataclass
class Player:
    page: Page
    errors: list[str] = field(default_factory=list)
    stepped: bool = False
    """The last click was a step of a move built in parts."""

    @classmethod
    def open(cls, browser: Browser, url: str, viewport: dict[str, int] = DESKTOP) -> Player:
        page = browser.new_context(viewport=viewport).new_page()
        player = cls(page)
        page.on("pageerror", lambda error: player.errors.append(str(error)))
        page.goto(url)
        page.wait_for_selector("body[data-seq]")
        return player

    def where(self) -> tuple[int, bool]:
        """The page's last sequence number and whether it is this seat's move then, read together."""
        seq, mine = self.page.evaluate(WHERE)
        return int(seq), bool(mine)

    def turn(self) -> Turn:
        """Where the page stands, read at once."""
        seq, mine, movers, over = self.page.evaluate(TURN)
        return Turn(int(seq), bool(mine), int(movers), bool(over))

    def my_turn(self) -> bool:
        return self.page.evaluate("document.body.dataset.mine === 'true'")

    def over(self) -> bool:
        return self.page.evaluate("document.body.dataset.over === 'true'")

    def seq(self) -> int:
        return int(self.page.evaluate("document.body.dataset.seq"))

    def click_move(self, selector: str) -> None:
        """Click a move and wait until the server has answered it: a new state, or a refusal."""
        self._move(self.page.locator(selector).first)

    def _move(self, target: Locator) -> None:
        before = self.page.evaluate(ANSWERED)
        if self._click(target):
            self.page.wait_for_function(f"{ANSWERED} !== {before!r}")

    @staticmethod
    def _click(target: Locator) -> bool:
        """Click, unless a new state redrew the page first (another seat moved): then look again.

        A knight drawn in SVG is a group whose box's centre may be bare table: a person clicks its card
        (the group's rectangle), and so does the player."""
        card = target.locator(CARD_OF_GROUP)
        try:
            (card if card.count() else target).click(timeout=REDRAWN_MS)
        except PlaywrightTimeout:
            return False
        return True

    def act(self, rng: random.Random, steps: float) -> None:
        """One click: a step of a move built in parts with probability ``steps``, else a whole move.

        Right after a step, a whole move is clicked if the page offers one, so a move begun is
        mostly finished, as a person would.
        """
        looked = self.where()
        moves = self.page.locator(MOVES).filter(visible=True)
        parts = self.page.locator(STEPS).filter(visible=True)
        count, part_count = moves.count(), parts.count()
        if part_count and (not count or (not self.stepped and rng.random() < steps)):
            self.stepped = self._click(parts.nth(rng.randrange(part_count)))
            return
        if not count and (not looked[1] or self.where() != looked):
            # Not this seat's move after all, or a new state came while the page was read (a bot
            # moved since the caller looked): the caller looks again. Only a page that still says,
            # at one state throughout, that it is this seat's move with nothing to click is wrong.
            return
        assert count, "the page says it is this seat's move but offers nothing to click"
        self.stepped = False
        self._move(moves.nth(rng.randrange(count)))

    def refused(self) -> int:
        """How many moves the server refused as wrong (a stale race with another seat is not wrong)."""
        return int(self.page.evaluate("document.body.dataset.errors || '0'"))


def play_to_the_end(players: list[Player], rng: random.Random, steps: float = 0.3, limit: int = 1500) -> int:
    """Click for whichever player is to move until the game is over; returns the clicks made."""
    clicks = play_until(players, rng, lambda: False, steps, limit)
    for player in players:
        player.page.wait_for_selector("#end:not([hidden])")
    return clicks


def play_until(
    players: list[Player],
    rng: random.Random,
    reached: Callable[[], bool],
    steps: float = 0.3,
    limit: int = 1500,
) -> int:
    """Click for whichever player is to move until the game is over, or until ``reached()`` says so at a
    state where the players are to move; returns the clicks made.

    A person clicks only at a state where every seat to move is one of ``players``: while a bot is to
    move too, the players wait for its move. What each click sees is then the same whatever the timing
    (a bot's decision is seeded by its seat and the seq), so a table dealt from a fixed seed and clicked
    from ``rng`` takes the same course every run.
    """
    clicks = 0
    while True:
        seen = [p.turn() for p in players]
        if seen[0].over:
            return clicks
        assert clicks < limit, f"the game did not end in {limit} clicks"
        seqs = [turn.seq for turn in seen]
        if len(set(seqs)) > 1:
            # A state is still on its way to some page: look again once every page has it.
            for player in players:
                player.page.wait_for_function(f"seq => {SEQ} >= seq", arg=max(seqs))
            continue
        waiting = [p for p, turn in zip(players, seen, strict=True) if turn.mine]
        if not waiting or len(waiting) < seen[0].movers:
            # Every page is up to date and a bot is to move (alone, or beside a person): wait for its move.
            try:
                players[0].page.wait_for_function(
                    f"seq => {SEQ} !== seq || document.body.dataset.over === 'true'",
                    arg=seqs[0],
                    timeout=BOT_WAIT_MS,
                )
            except PlaywrightTimeout:
                page = players[0].page
                raise AssertionError(
                    f"no bot moved for {BOT_WAIT_MS / 1000:.0f} s at seq {seqs[0]}: "
                    f"{page.inner_text('#turn')!r}; presence {page.inner_text('#presence')!r}; "
                    f"last told {page.locator('#log li').all_inner_texts()[-3:]}"
                ) from None
            continue
        if reached():
            return clicks
        for player in waiting:
            player.act(rng, steps)
            clicks += 1


def final_result(base: str, table_id: str, token: str) -> Result:
    """The end of the game as the engine replays it from the server's replay file."""
    response = httpx.get(f"{base}/api/tables/{table_id}/replay", headers={"Authorization": f"Bearer {token}"})
    response.raise_for_status()
    return Replay.from_json(response.json()).play().result()


def seat_names(seats: list[str], people: dict[int, str] | None = None) -> list[str | None]:
    """What the server calls the seats of a table made by :func:`create_table` from ``seats``, its
    people named as in ``people`` (seat to name): bots by their level, people unnamed by their seat."""
    given = people or {}
    kinds = [
        ("human", None, given.get(seat)) if s in {"human", "lobby"} else ("bot", s, None)
        for seat, s in enumerate(seats)
    ]
    return called(kinds)


def told_sentences(
    base: str, table_id: str, link: str, viewer: Viewer, names: Sequence[str | None] = ()
) -> list[str]:
    """What the log of ``viewer``'s page says at the end of a table without stand-ins: the game's
    phrasebook telling each of the viewer's events, from the game replayed from the server's file,
    each seat called by its name in ``names`` (see :func:`seat_names`)."""
    response = httpx.get(
        f"{base}/api/tables/{table_id}/replay", headers={"Authorization": f"Bearer {fragment(link)['token']}"}
    )
    response.raise_for_status()
    state = Replay.from_json(response.json()).play()
    book = phrasebook(state.NAME)
    told = [book.told(event, viewer, names) for event in state.events(viewer)]
    return [text for text in told if text][-LOG_LIMIT:]


def download_replays_the_game(page: Page, base: str, table_id: str, token: str) -> None:
    """The end screen's download is the server's replay file: ``feint replay`` plays it to the end the
    server's table reached, and the page shows the seed the server dealt from, to the last digit."""
    response = httpx.get(f"{base}/api/tables/{table_id}/replay", headers={"Authorization": f"Bearer {token}"})
    response.raise_for_status()
    served = Replay.from_json(response.json())
    with page.expect_download() as download, tempfile.TemporaryDirectory() as folder:
        page.click("#download-replay")
        path = Path(folder) / "replay.json"
        download.value.save_as(path)
        downloaded = Replay.from_json(json.loads(path.read_text()))
        done = subprocess.run(
            [str(Path(sys.executable).with_name("feint")), "replay", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr
    assert downloaded.seed == served.seed and page.inner_text("#replay-seed") == str(served.seed)
    final = downloaded.play()
    assert json.loads(done.stdout) == json.loads(json.dumps({**final.summary(), **final.report()}))
    # The table the server holds at the end, every card face-up, is the one the file reaches.
    assert final.revealed_view().to_json() == replay_frames(base, table_id, token)[-1]["view"]


def replay_frames(base: str, table_id: str, token: str) -> list[dict[str, Any]]:
    """The finished game's frames, every card face-up, as the server serves them to a seat."""
    url = f"{base}/api/tables/{table_id}/replay/frames"
    response = httpx.get(url, headers={"Authorization": f"Bearer {token}"})
    response.raise_for_status()
    frames: list[dict[str, Any]] = response.json()["frames"]
    return frames


def hidden_shown(page: Page) -> dict[str, str]:
    """The cards nobody saw in play, as the end screen shows them: place to the cards' names."""
    shown: dict[str, str] = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#every-card [data-hidden]')]"
        ".map((node) => [node.dataset.hidden, node.dataset.cards]))"
    )
    return shown


def fragment(link: str) -> dict[str, str]:
    """The seat and token a join link carries after its '#'."""
    return dict(part.split("=", 1) for part in link.split("#", 1)[1].split("&"))


def expected_heading(result: Result, seat: int, called: Sequence[str | None] = ()) -> str:
    """The end screen's heading for ``seat``, the seats called as in ``called`` (see :func:`seat_names`)."""
    if seat in result.winners:
        return "You win!"
    names = [called[s] or f"seat {s}" if s < len(called) else f"seat {s}" for s in result.winners]
    listed = " and ".join(names) if len(names) <= 2 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"The game is over: {listed or 'nobody'} won"
