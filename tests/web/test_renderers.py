"""Each game's renderer over every decision of random games, in Chromium: no view it cannot draw,
no event it cannot tell.

The views, events and legal moves are the engine's own, shaped by the server's one message function,
so the renderers meet here what the wire brings them.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser

from feint.engine.registry import game_names, get_game, new_game
from feint.server.messages import moves_json

DRAW_ALL = """async ([game, steps]) => {
  const renderer = (await import(`/static/${game}.js`)).default;
  const told = [];
  const problems = [];
  const bare = (text) => text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/ +/g, " ").trim();
  for (const { view, legal, events, seat } of steps) {
    // Drawn as it comes, then with a move half built (a card to place or offer, a die to cover).
    const built = legal.find((m) => m.kind === "offer" || m.kind === "place" || m.face);
    const half = built && { card: built.card, count: built.count, target: built.target, face: built.face };
    const choices = [{}, half || {}];
    // A half-built move stands while a legal move completes it, and is told in words once none does.
    if (half && renderer.choiceLost(half, legal) !== null) problems.push(`lost: ${JSON.stringify(half)}`);
    const gone = half && renderer.choiceLost(half, []);
    if (half && !/^[a-z]+ .+/.test(gone || "")) problems.push(`kept: ${JSON.stringify(half)}`);
    for (const ui of choices) {
      const ctx = { view, viewer: seat, legal, tableMoves: [], over: view.over, ui, events,
                    play: () => {}, redraw: () => {} };
      document.body.replaceChildren(renderer.board(ctx), ...[renderer.controls(ctx)].flat());
      for (const button of document.querySelectorAll("button[data-move]")) {
        if (bare(button.textContent) === bare(button.dataset.move)) problems.push(button.textContent);
      }
    }
    const ctx = { view, viewer: seat, legal, tableMoves: [], over: view.over, ui: {}, events,
                  play: () => {}, redraw: () => {} };
    if (!renderer.heading(view, seat)) throw new Error(`no heading for ${JSON.stringify(view)}`);
    if (view.over && renderer.finale) renderer.finale(ctx);
    for (const event of events) told.push([event.kind, renderer.describe(event, seat)]);
  }
  return [told, problems];
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
def test_every_decision_is_drawn_in_words_and_every_event_told(
    server: str, browser: Browser, game: str, players: int
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/")
    told, problems = page.evaluate(DRAW_ALL, [game, decisions(game, players, seed=players)])
    assert errors == []
    # Every move button says what it does in words, never the move's notation ("Substitute key with key"),
    # and a move half built is kept exactly while the legal moves can complete it.
    assert problems == []
    kinds = {kind for kind, _ in told}
    assert len(kinds) >= 8, f"a random {game} game should hold many kinds of event, not {sorted(kinds)}"
    for kind, text in told:
        if text is None:
            continue
        assert not any(bad in text for bad in ("undefined", "NaN", "[object", "null")), (kind, text)
        bare = text.rstrip(".").lower()
        fallback = re.fullmatch(rf"((you|seat \d|the game): )?{re.escape(kind)}", bare)
        assert fallback is None, f"{game} tells no words for {kind!r}"


DRAW_REVEALED = """async ([game, views]) => {
  const renderer = (await import(`/static/${game}.js`)).default;
  const drawn = [];
  for (const view of views) {
    const ctx = { view, viewer: 0, legal: [], tableMoves: [], over: view.over, ui: {}, events: [],
                  play: () => {}, redraw: () => {} };
    document.body.replaceChildren(renderer.board(ctx));
    const hidden = {};
    for (const node of document.querySelectorAll("[data-hidden]")) {
      hidden[node.dataset.hidden] = node.dataset.cards;
    }
    const faces = [...document.querySelectorAll(".card-value, .path-card")].map((node) => node.textContent);
    drawn.push({ hidden, text: document.body.innerText, faces });
  }
  return drawn;
}"""


def hidden_places(game: str, view: dict[str, Any]) -> dict[str, str]:
    """What a revealed view holds off the table, place by place, as the renderer marks it."""
    if game == "guile":
        places = {f"hand {seat}": hand for seat, hand in enumerate(view["hands"])}
        places |= {f"kept {seat}": kept for seat, kept in enumerate(view["picks"]) if kept}
        return {key: " ".join(cards) for key, cards in places.items()} | {"aside": " ".join(view["aside"])}
    if game == "knights":
        places = {f"hand {seat}": hand for seat, hand in enumerate(view["hands"])}
        places |= {"deck": view["deck"], "discard": view["discard_pile"]}
        return {key: " ".join(cards) for key, cards in places.items()}
    places = {f"hand {seat['seat']}": seat["hand"] for seat in view["seats"]} | {"deck": view["deck"]}
    return {key: " ".join(cards) for key, cards in places.items()} | {
        "treasures": " ".join(map(str, view["treasure_deck"]))
    }


@pytest.mark.parametrize(("game", "players"), [("guile", 2), ("knights", 3), ("guardians", 2)])
def test_every_revealed_view_is_drawn_with_every_hidden_card(
    server: str, browser: Browser, game: str, players: int
) -> None:
    state = new_game(game, players, seed=9)
    rng = random.Random(9)
    views = [json.loads(json.dumps(state.revealed_view().to_json()))]
    while not state.is_over():
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        if rng.random() < 0.2 or state.is_over():
            views.append(json.loads(json.dumps(state.revealed_view().to_json())))
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/")
    drawn = page.evaluate(DRAW_REVEALED, [game, views])
    assert errors == []
    for view, picture in zip(views, drawn, strict=True):
        assert picture["hidden"] == hidden_places(game, view), f"seq {view['seq']}"
        assert "?" not in picture["faces"] and "? face-down" not in picture["faces"]
        assert not any(bad in picture["text"] for bad in ("? face-down", "a face-down", "undefined", "NaN"))


def test_every_table_move_is_a_button_in_words(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(f"{server}/")
    for game in game_names():
        table_moves = sorted(str(move) for move in get_game(game).TABLE_MOVES)
        words = page.evaluate(
            "async ([game, moves]) => {"
            " const renderer = (await import(`/static/${game}.js`)).default;"
            " return moves.map((move) => (renderer.tableMoveWords || {})[move] || null); }",
            [game, table_moves],
        )
        for move, said in zip(table_moves, words, strict=True):
            assert said and said.lower() != move, f"{game}: the table move {move!r} has no words"
