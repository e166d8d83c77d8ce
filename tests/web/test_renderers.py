"""Each game's renderer over every decision of random games, in Chromium: no view it cannot draw,
no event it cannot tell.

The views, events and legal moves are the engine's own, shaped by the server's one message function,
so the renderers meet here what the wire brings them.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser

from feint.engine.registry import new_game
from feint.server.messages import moves_json

DRAW_ALL = """async ([game, steps]) => {
  const renderer = (await import(`/static/${game}.js`)).default;
  const told = [];
  for (const { view, legal, events, seat } of steps) {
    const ctx = { view, viewer: seat, legal, tableMoves: [], over: view.over, ui: {}, events,
                  play: () => {}, redraw: () => {} };
    document.body.replaceChildren(renderer.board(ctx), ...[renderer.controls(ctx)].flat());
    if (!renderer.heading(view, seat)) throw new Error(`no heading for ${JSON.stringify(view)}`);
    if (view.over && renderer.finale) renderer.finale(ctx);
    for (const event of events) told.push([event.kind, renderer.describe(event, seat)]);
  }
  return told;
}"""


def decisions(game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """What seat 0 is sent at each of its decisions of a random game, and at the end."""
    state = new_game(game, players, seed=seed)
    rng = random.Random(seed)
    steps, seen = [], 0
    while True:
        if state.is_over() or 0 in state.to_move():
            events = [e.to_json() for e in state.events(0, seen)]
            seen = state.seq
            legal = moves_json(state.legal_moves(0))
            steps.append({"view": state.view(0).to_json(), "legal": legal, "events": events, "seat": 0})
        if state.is_over():
            return steps
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize(("game", "players"), [("guile", 2), ("knights", 4), ("guardians", 3)])
def test_every_decision_is_drawn_and_every_event_told(
    server: str, browser: Browser, game: str, players: int
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/")
    told = page.evaluate(DRAW_ALL, [game, decisions(game, players, seed=players)])
    assert errors == []
    kinds = {kind for kind, _ in told}
    assert len(kinds) >= 8, f"a random {game} game should hold many kinds of event, not {sorted(kinds)}"
    for kind, text in told:
        if text is None:
            continue
        assert not any(bad in text for bad in ("undefined", "NaN", "[object", "null")), (kind, text)
        bare = text.rstrip(".").lower()
        fallback = re.fullmatch(rf"((you|seat \d|the game): )?{re.escape(kind)}", bare)
        assert fallback is None, f"{game} tells no words for {kind!r}"
