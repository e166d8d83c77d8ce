"""The reference bots: the simple Guile rule and the determinized Monte Carlo bot."""

from __future__ import annotations

import pytest

from feint.bots.ismcts import Budget
from feint.bots.montecarlo import MonteCarloBot
from feint.bots.registry import make_bot
from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.state import GameState, Move
from tests.bots.test_guile_heuristic import CHIVALRY_DEAL, OPENING, PLACED, position


def decide(spec: str, state: GameState, seat: int, seed: int = 0) -> Move:
    bot = make_bot(spec, state.NAME, seed)
    return bot.choose(InfoState.of(state, seat), state.legal_moves(seat))


def stolen() -> GameState:
    # Seat 1 swapped its 4d for seat 0's 4: seat 0 knows palamedes holds its 4, and
    # the Knight-Errant lancelot holds seat 0's 1.
    return position([*OPENING, *PLACED, [0, "look"], [1, "swap percival"]], CHIVALRY_DEAL)


def test_the_simple_rule_takes_back_a_known_stronger_card() -> None:
    assert str(decide("simple", stolen(), 0)) == "swap palamedes"


def test_the_simple_rule_looks_at_a_card_it_does_not_know() -> None:
    state = position([*OPENING, *PLACED, [0, "look"], [1, "swap lancelot"]], CHIVALRY_DEAL)
    assert state.view(0).knights[2].card == "?"
    assert str(decide("simple", state, 0)) == "look"


def test_the_simple_rule_is_a_guile_bot() -> None:
    with pytest.raises(SetupError, match=r"the simple bot plays guile, not .knights."):
        make_bot("simple", "knights", 0)


def test_monte_carlo_to_the_rounds_horizon_finds_the_swap_that_takes_back_the_4() -> None:
    assert str(decide("montecarlo:horizon=1", stolen(), 0)) == "swap palamedes"


def test_monte_carlo_repeats_itself_with_the_same_seed_and_splits_its_playouts() -> None:
    state = stolen()
    moves = [decide("montecarlo:playouts=30", state, 0, seed=9) for _ in range(2)]
    assert moves[0] == moves[1]
    bot = make_bot("montecarlo:playouts=30", "guile", 0)
    assert isinstance(bot, MonteCarloBot) and bot.budget == Budget(iterations=30)
    with pytest.raises(SetupError, match="unknown montecarlo setting 'iters'"):
        make_bot("montecarlo:iters=3", "guile", 0)
