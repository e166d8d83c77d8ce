"""A person at a table page who plays with the keyboard alone and reads it as a screen reader does.

Every move is reached with Tab or Shift+Tab from wherever the page left the focus and played with
Enter or Space (a list of moves with the arrow keys); what the page says is read from the accessibility
tree. Everything the live region (announce.js) receives is recorded as it arrives, so a test can tell
what a screen reader heard, in order, and how often.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import axe_playwright_python
from playwright.sync_api import Browser, Page, WebSocketRoute

from tests.web.tablepage import ANSWERED, DESKTOP, MOVES, SEQ, STEPS

AXE = Path(axe_playwright_python.__file__).with_name("axe.min.js")
"""axe-core as the npm registry ships it, vendored by the PyPI package for the tests only."""
BLOCKING = ("serious", "critical")
TARGETS = f"{MOVES}, {STEPS}, select.move-list"
"""What the player may reach and play: a move, a step of one, a list of moves."""
FOCUSED = "document.activeElement"
PRESSES = 40
"""Rounds of Tab presses a move may take before the test says the page does not reach it."""
SHOWN = (
    "const shown = (e) => e.tabIndex >= 0 && !e.disabled && !e.closest('[inert]')"
    " && e.checkVisibility({ visibilityProperty: true });"
)
"""Whether an element is a stop of the Tab order as a person sees the page."""
TOWARDS = (
    """([selector, index]) => {
  """
    + SHOWN
    + """
  const target = document.querySelectorAll(selector)[index];
  const at = document.activeElement;
  if (!target) return ["gone", 0];
  if (target === at) return ["there", 0];
  const stops = [...document.querySelectorAll(
    "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), summary, [tabindex]"
  )].filter(shown);
  const from = at === document.body ? -1 : stops.indexOf(at);
  const to = stops.indexOf(target);
  if (from < 0 || to < 0) return ["Tab", 1];
  return to > from ? ["Tab", to - from] : ["Shift+Tab", from - to];
}"""
)
"""Which way the target lies from the focus, and how many stops of the Tab order away it looks."""

HEARD = """
window.heard = [];
window.openingLines = null;
document.addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announcer");
  if (!region) return;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) window.heard.push([node.dataset.kind, node.textContent]);
    }
  }).observe(region, { childList: true });
  // The log's lines when the first state is drawn: a page opening says only the latest of them.
  new MutationObserver((records, observer) => {
    window.openingLines = document.querySelectorAll("#log li").length;
    observer.disconnect();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
});
"""
"""Recorded from before the page's first state: what the live region receives, and the opening's log."""

OPENING = 5
"""announce.js's OPENING: the lines of the log said when a page opens."""


@dataclass
class Reader:
    page: Page
    rng: random.Random
    errors: list[str] = field(default_factory=list)
    presses: int = 0
    lists: int = 0
    """Moves chosen from a list with the arrow keys."""

    @classmethod
    def open(
        cls,
        browser: Browser,
        url: str,
        rng: random.Random,
        ready: str = "body[data-seq]",
        relay: Callable[[WebSocketRoute], None] | None = None,
    ) -> Reader:
        """The page at ``url``, once ``ready`` shows; ``relay`` carries its websockets, if given."""
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script(HEARD)
        page = context.new_page()
        reader = cls(page, rng)
        page.on("pageerror", lambda error: reader.errors.append(str(error)))
        if relay is not None:
            page.route_web_socket(re.compile(r".*/ws/.*"), relay)
        page.goto(url)
        page.wait_for_selector(ready)
        return reader

    # --- what a screen reader hears and reads -------------------------------------

    def heard(self, kind: str) -> list[str]:
        """What the live region received of one kind ("line", "turn", "undo"), in order."""
        said: list[list[str]] = self.page.evaluate("window.heard")
        return [text for k, text in said if k == kind]

    def log_lines(self) -> list[str]:
        """The log as the accessibility tree shows it."""
        return self.page.get_by_role("list", name="What happened").get_by_role("listitem").all_inner_texts()

    def assert_every_line_heard_once(self) -> None:
        """The live region received each line of the log once, in order: all of them but the opening's
        oldest (a page opening says only its latest lines). Read at one moment, a bot's move between
        the two readings aside."""
        opening, lines, heard = self.page.evaluate(
            "[window.openingLines, [...document.querySelectorAll('#log li')].map((li) => li.textContent),"
            " window.heard.filter(([kind]) => kind === 'line').map(([, text]) => text)]"
        )
        expected = lines[max(0, opening - OPENING) : opening] + lines[opening:]
        assert heard == expected, (opening, heard, lines)

    def axe(self, screen: str) -> None:
        """axe-core finds no serious or critical violation on the page as it is now."""
        if not self.page.evaluate("typeof window.axe === 'object'"):
            self.page.add_script_tag(path=str(AXE))
        found = self.page.evaluate(
            "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
            ".map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html.slice(0, 200)) }))"
        )
        blocking = [v for v in found if v["impact"] in BLOCKING]
        assert not blocking, f"{screen}: {blocking}"

    # --- the keyboard -------------------------------------------------------------

    def where(self) -> tuple[int, bool, bool, str]:
        """The page's last sequence number, whether it is this seat's move then, whether the game is over,
        and what the live region last said of the turn, read together."""
        seq, mine, over, turn = self.page.evaluate(
            f"[{SEQ}, document.body.dataset.mine === 'true', document.body.dataset.over === 'true',"
            " window.heard.filter(([kind]) => kind === 'turn').map(([, text]) => text).pop()]"
        )
        return int(seq), bool(mine), bool(over), str(turn)

    def focus_on(self, selector: str, index: int) -> bool:
        """Tab (or Shift+Tab, whichever way it lies) until the focus is on the ``index``-th element of
        ``selector``; False if a new state redrew it away first."""
        for _ in range(PRESSES):
            key, count = self.page.evaluate(TOWARDS, [selector, index])
            if key in ("gone", "there"):
                return key == "there"
            for _ in range(count):
                self.page.keyboard.press(key)
            self.presses += count
        raise AssertionError(f"{PRESSES} rounds of Tab did not reach {selector}")

    def act(self, steps: float) -> str:
        """One decision's key presses: a step of a move built in parts with probability ``steps``, else
        a whole move; returns what was played ("step", "move", or "" if the page changed first)."""
        visible = self.page.evaluate(
            f"(() => {{ {SHOWN} return [...document.querySelectorAll({TARGETS!r})]"
            f".map((e, n) => [n, e.matches({STEPS!r}), e.matches('select'), shown(e)]); }})()"
        )
        targets = [(n, step, select) for n, step, select, shown in visible if shown]
        parts = [t for t in targets if t[1]]
        wholes = [t for t in targets if not t[1]]
        if not targets:
            return ""
        pick = self.rng.choice(parts if parts and (not wholes or self.rng.random() < steps) else wholes)
        index, step, select = pick
        before = self.page.evaluate(ANSWERED)
        if not self.focus_on(TARGETS, index):
            return ""
        if select:
            # A list of moves: arrow keys choose one, Tab reaches the button that plays it.
            self.lists += 1
            for _ in range(self.rng.randrange(4)):
                self.page.keyboard.press("ArrowDown")
            self.page.keyboard.press("Tab")
            assert self.page.evaluate(f"{FOCUSED}.matches('[data-move]')"), (
                "Tab from a list of moves reaches its button"
            )
        self.page.keyboard.press(self.rng.choice(["Enter", " "]))
        if step:
            return "step"
        self.page.wait_for_function(f"{ANSWERED} !== {before!r}")
        return "move"
