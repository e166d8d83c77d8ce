"""A game is one package: a new game, written to a temporary package and installed only by an entry point
``feint.games``, is found by the registry and played by the bots, the arena and the terminal from its
declaration alone (tests/engine/throwaway is its source)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from feint.arena.bluffs import claims, has_claims
from feint.bots.registry import make_bot
from feint.cli.main import main
from feint.engine import registry
from feint.engine.events import log_events
from feint.engine.info import InfoState
from feint.engine.registry import declaration, game_names, new_game
from feint.engine.undo import revealed_since
from tests.engine.throwaway_package import install
from tests.terminal import Terminal


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The throwaway game as the package ``claimgame`` with an entry point, importable from ``tmp_path``."""
    install(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    yield tmp_path
    for name in [m for m in sys.modules if m == "claimgame" or m.startswith("claimgame.")]:
        del sys.modules[name]
    registry.refresh()


def test_the_registry_finds_a_game_by_its_entry_point(installed: Path) -> None:
    assert "claim" in game_names()
    game = declaration("claim")
    assert (game.package, game.title) == ("claimgame", "Claim")
    state = new_game("claim", seed=3)
    state.apply(0, "claim 4")
    state.apply(1, "call")
    assert state.is_over() and state.result().winners == ((0,) if state.cards[0] == 4 else (1,))


def test_the_generic_bots_play_it_to_the_end(installed: Path) -> None:
    for seed in range(4):
        state = new_game("claim", seed=seed)
        bots = [make_bot("ismcts:iters=40", "claim", seed), make_bot("fixed:doubt", "claim", seed)]
        infos = [InfoState.of(state, seat) for seat in (0, 1)]
        while not state.is_over():
            seat = state.to_move()[0]
            infos[seat].sync(state)
            legal = state.legal_moves(seat)
            move = bots[seat].choose(infos[seat], legal)
            assert move in legal
            state.apply(seat, move)
        # fixed:doubt calls every claim it answers.
        assert [event.kind for event in log_events(state.log)][-1] == "call"


def test_the_arena_counts_its_claims(installed: Path, tmp_path: Path) -> None:
    assert has_claims("claim")
    state = new_game("claim", seed=1)
    state.apply(0, f"claim {state.cards[0]}")
    state.apply(1, "believe")
    [claim] = claims("claim", log_events(state.log))
    assert (claim.claimant, claim.bluff, claim.callers, claim.believers) == (0, False, (), (1,))
    out = tmp_path / "arena"
    assert (
        main(["arena", "claim", "--bots", "ismcts:iters=30,random", "--games", "8", "--out", str(out)]) == 0
    )
    lines = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    # One claim a game, each counted for its claimant, and each answered by the other seat.
    assert len(lines) == 8
    assert sum(sum(seat["claims"] for seat in line["bluffs"]) for line in lines) == 8
    answered = sum(seat["calls"] + seat["beliefs"] for line in lines for seat in line["bluffs"])
    assert answered == 8


def test_the_terminal_plays_it_with_the_generic_renderer(installed: Path) -> None:
    term = Terminal("play", "claim", "--seats", "human,random", "--seed", "2", "--fast", path=(installed,))
    term.expect(r"quit\): ")
    # The table from the view, the news in the phrasebook's words, the moves a word a step.
    screen = term.screen()
    assert "card: 3  other: ?  claimed: -" in screen
    assert "You drew 3.\nSeat 1 drew a card." in screen
    assert "Chosen so far: claim.  a) 1  b) 2  c) 3  d) 4" in screen
    term.answer("claim 4", prompt="press Enter to leave")
    term.send("")
    assert term.finish() == 0
    assert "Seat 1 believed the claim." in term.plain() or "Seat 1 called the claim" in term.plain()


def test_its_take_back_rule_is_its_own(installed: Path) -> None:
    """Its declared ``reveals``: a claim shows nothing hidden, a call shows the claimant's card."""
    state = new_game("claim", 2, 3, {}, {})
    dealt = state.seq
    state.apply(0, "claim 4")
    assert revealed_since(state, 0, dealt) is None and revealed_since(state, 1, dealt) is None
    state.apply(1, "call")
    shown = [revealed_since(state, seat, dealt) for seat in (0, 1)]
    assert [None if event is None else event.kind for event in shown] == ["call", "call"]
