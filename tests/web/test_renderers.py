"""Each game's renderer over every decision of random games, in Chromium: no view it cannot draw,
no move it shows as bare notation, no hidden card of a revealed view left out.

Every discovered game is drawn: by the module its package ships (served at ``/games/{game}/web.js``),
and by the generic renderer, which must draw any game. The views, events and legal moves are the
engine's own, shaped by the server's one message function, so the renderers meet here what the wire
brings them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Browser

from feint.engine.registry import declaration, game_names, get_game, new_game
from feint.engine.words import Phrasebook
from feint.server.messages import moves_json, phrasebook

GENERIC = "/static/generic.js"

DRAW_ALL = r"""async ([module, steps]) => {
  const renderer = (await import(module)).default;
  const game = module.match(/^\/games\/([^/]+)\//)?.[1];
  const facts = game ? (await (await fetch(`/api/games/${game}`)).json()).facts : {};
  const problems = [];
  const generic = module.endsWith("/generic.js");
  const bare = (text) => text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/ +/g, " ").trim();
  for (const { view, legal, events, seat } of steps) {
    // Drawn as it comes, then with a move half built (a card to place or offer, a die to cover).
    const built = legal.find((m) => m.kind === "offer" || m.kind === "place" || m.face);
    const half = built && { card: built.card, count: built.count, target: built.target, face: built.face };
    const choices = [{}, half || {}];
    // A half-built move stands while a legal move completes it, and is told in words once none does.
    if (half && renderer.choiceLost) {
      if (renderer.choiceLost(half, legal) !== null) problems.push(`lost: ${JSON.stringify(half)}`);
      const gone = renderer.choiceLost(half, []);
      if (!/^[a-z]+ .+/.test(gone || "")) problems.push(`kept: ${JSON.stringify(half)}`);
    }
    for (const ui of choices) {
      const ctx = { view, viewer: seat, legal, tableMoves: [], over: view.over, ui, events, facts,
                    play: () => {}, redraw: () => {} };
      document.body.replaceChildren(renderer.board(ctx), ...[renderer.controls(ctx)].flat());
      const text = document.body.innerText;
      if (/undefined|NaN|\[object/.test(text)) problems.push(`drawn: ${text.slice(0, 200)}`);
      const shown = new Set([...document.querySelectorAll("[data-move]")].map((node) => node.dataset.move));
      for (const option of document.querySelectorAll(".move-list option")) shown.add(option.textContent);
      if (generic && legal.some((m) => !shown.has(m.text))) problems.push("a legal move without a button");
      for (const button of generic ? [] : document.querySelectorAll("button[data-move]")) {
        if (bare(button.textContent) === bare(button.dataset.move)) problems.push(button.textContent);
      }
    }
    const ctx = { view, viewer: seat, legal, tableMoves: [], over: view.over, ui: {}, events, facts,
                  play: () => {}, redraw: () => {} };
    if (!renderer.heading(view, seat)) throw new Error(`no heading for ${JSON.stringify(view)}`);
    if (view.over && renderer.finale) renderer.finale(ctx);
  }
  return problems;
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


def players(game: str) -> int:
    cls = get_game(game)
    return cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS


def modules(game: str) -> list[str]:
    """The renderers that must draw ``game``: the module its package ships, if any, and the generic one."""
    own = [f"/games/{game}/web.js"] if declaration(game).web is not None else []
    return [*own, GENERIC]


RENDERERS = [(game, module) for game in game_names() for module in modules(game)]


@pytest.mark.parametrize(("game", "module"), RENDERERS)
def test_every_decision_is_drawn_with_every_move_offered(
    server: str, browser: Browser, game: str, module: str
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/")
    problems = page.evaluate(DRAW_ALL, [module, decisions(game, players(game), seed=players(game))])
    assert errors == []
    # A game's own module says what every move button does in words, never the move's notation
    # ("Substitute key with key"), and keeps a move half built exactly while the legal moves can
    # complete it; the generic renderer offers every legal move as a button.
    assert problems == []


def test_every_event_is_told_in_the_games_words() -> None:
    """The sentences the server sends with each event are the game's phrasebook's, never the plain
    phrasebook's actor-and-kind, for every kind of event a random game holds."""
    for game in game_names():
        book = phrasebook(game)
        state = new_game(game, players(game), seed=5)
        rng = random.Random(5)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
        kinds = set()
        for viewer in [*range(state.players), None]:
            for event in state.events(viewer):
                kinds.add(event.kind)
                text = book.tell(event, viewer)
                if text is None:
                    continue
                assert not any(bad in text for bad in ("undefined", "None", "[object")), (game, text)
                assert text != Phrasebook({}).tell(event, viewer), f"{game} tells no words for {event.kind!r}"
        assert len(kinds) >= 5, f"a random {game} game should hold many kinds of event, not {sorted(kinds)}"


DRAW_REVEALED = r"""async ([module, views]) => {
  const renderer = (await import(module)).default;
  const game = module.match(/^\/games\/([^/]+)\//)?.[1];
  const facts = game ? (await (await fetch(`/api/games/${game}`)).json()).facts : {};
  const drawn = [];
  for (const view of views) {
    const ctx = { view, viewer: 0, legal: [], tableMoves: [], over: view.over, ui: {}, events: [], facts,
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
    """What a revealed view holds off the table, place by place, as the game's own module marks it."""
    if game == "guile":
        places = {f"hand {seat}": hand for seat, hand in enumerate(view["hands"])}
        places |= {f"kept {seat}": kept for seat, kept in enumerate(view["picks"]) if kept}
        return {key: " ".join(cards) for key, cards in places.items()} | {"aside": " ".join(view["aside"])}
    if game == "knights":
        places = {f"hand {seat}": hand for seat, hand in enumerate(view["hands"])}
        places |= {"deck": view["deck"], "discard": view["discard_pile"]}
        return {key: " ".join(cards) for key, cards in places.items()}
    assert game == "guardians", f"say where {game}'s module shows each hidden card"
    places = {f"hand {seat['seat']}": seat["hand"] for seat in view["seats"]} | {"deck": view["deck"]}
    return {key: " ".join(cards) for key, cards in places.items()} | {
        "treasures": " ".join(map(str, view["treasure_deck"]))
    }


@pytest.mark.parametrize(("game", "module"), RENDERERS)
def test_every_revealed_view_is_drawn_with_every_hidden_card(
    server: str, browser: Browser, game: str, module: str
) -> None:
    cls = get_game(game)
    state = new_game(game, max(cls.MIN_PLAYERS, min(cls.MAX_PLAYERS, 3)), seed=9)
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
    drawn = page.evaluate(DRAW_REVEALED, [module, views])
    assert errors == []
    for view, picture in zip(views, drawn, strict=True):
        if module != GENERIC:
            assert picture["hidden"] == hidden_places(game, view), f"seq {view['seq']}"
        assert "?" not in picture["faces"] and "? face-down" not in picture["faces"]
        hidden = ("? face-down", "a face-down", "? hidden", "undefined", "NaN")
        assert not any(bad in picture["text"] for bad in hidden)


def test_every_table_move_is_a_button_in_words(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(f"{server}/")
    for game in game_names():
        table_moves = sorted(str(move) for move in get_game(game).TABLE_MOVES)
        words = page.evaluate(
            "async ([module, moves]) => {"
            " const renderer = (await import(module)).default;"
            " return moves.map((move) => (renderer.tableMoveWords || {})[move] || null); }",
            [modules(game)[0], table_moves],
        )
        for move, said in zip(table_moves, words, strict=True):
            assert said and said.lower() != move, f"{game}: the table move {move!r} has no words"


CHOOSE = """async (legal) => {
  const renderer = (await import("/static/generic.js")).default;
  const played = [];
  const ctx = { view: {}, viewer: 0, legal, tableMoves: [], over: false, ui: {}, events: [],
                play: (entry) => played.push(entry.text), redraw: () => {} };
  document.body.replaceChildren(...renderer.controls(ctx));
  const list = document.querySelector(".move-list");
  list.selectedIndex = 5;
  list.dispatchEvent(new Event("change"));
  const button = document.querySelector(".move-group[data-kind=bid] button[data-move]");
  button.click();
  const buttons = document.querySelectorAll("button[data-move]").length;
  return { played, move: button.dataset.move, options: list.options.length, buttons };
}"""


def test_the_generic_renderer_offers_a_kind_of_many_moves_as_a_list(server: str, browser: Browser) -> None:
    """Forty bids and a call: the bids are a list and one button, so the action bar stays small."""
    bids = [{"index": n, "text": f"bid {n}", "kind": "bid", "n": n} for n in range(40)]
    legal = [*bids, {"index": 40, "text": "call", "kind": "call"}]
    page = browser.new_page()
    page.goto(f"{server}/")
    chosen = page.evaluate(CHOOSE, legal)
    assert chosen == {"played": ["bid 5"], "move": "bid 5", "options": 40, "buttons": 2}
