"""A forced move is searched like any other: a search bot's speed never tells the table it had no choice.

Guile, dealt from a fixed seed and played by a fixed generator, reaches a
decision with one legal move; the search bots spend their budget on it as on
any decision (they used to answer it at once, 0.6 s against 0.6-3.6 s).
"""

from __future__ import annotations

import random

import pytest

import feint.bots.montecarlo as montecarlo
from feint.bots.ismcts import Budget, IsmctsBot
from feint.bots.montecarlo import MonteCarloBot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.state import GameState


def forced() -> GameState:
    """A Guile state whose first seat to move has exactly one legal move."""
    state = new_game("guile", 2, 20261203)
    rng = random.Random(1)
    while len(state.legal_moves(state.to_move()[0])) != 1:
        state.apply(state.to_move()[0], rng.choice(state.legal_moves(state.to_move()[0])))
    return state


def test_ismcts_spends_its_budget_on_a_forced_move() -> None:
    state = forced()
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    bot = IsmctsBot("guile", 7, Budget(iterations=25))
    assert bot.choose(InfoState.of(state, seat), legal) == legal[0]
    assert bot.iterations == 25


def test_montecarlo_plays_its_playouts_for_a_forced_move(monkeypatch: pytest.MonkeyPatch) -> None:
    state = forced()
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    drawn = []
    draw = montecarlo.draw
    monkeypatch.setattr(montecarlo, "draw", lambda *args: drawn.append(1) or draw(*args))
    bot = MonteCarloBot("guile", 7, Budget(iterations=12))
    assert bot.choose(InfoState.of(state, seat), legal) == legal[0]
    assert len(drawn) == 12 and bot.playouts == 12
