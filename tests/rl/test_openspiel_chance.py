"""Liar's Dice through the OpenSpiel adapter with explicit chance: every die rolled is a chance node, so the
game type is EXPLICIT_STOCHASTIC and OpenSpiel's tree-walking tools can read the chance outcomes.

(OpenSpiel's exact tools, NashConv and CFR, over the whole two-seat one-die tree take minutes in Python:
benchmarks/liars_dice_cfr.py runs them.)"""

from __future__ import annotations

import json

import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import expected_game_score

from feint.engine.errors import SetupError
from feint.engine.state import GameState
from feint.rl.openspiel import load
from feint.rl.table import win_rewards

CHANCE = int(pyspiel.PlayerId.CHANCE)


def openspiels_game() -> pyspiel.Game:
    return load("liars_dice", 2, ["openspiel"], chance="explicit")


def test_explicit_chance_makes_an_explicitly_stochastic_game() -> None:
    game = openspiels_game()
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 6
    seeded = load("liars_dice", 2, ["openspiel"])
    assert seeded.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert seeded.max_chance_outcomes() == 0
    assert seeded.new_initial_state().current_player() == 0


def test_each_die_is_a_chance_node_with_six_equal_outcomes() -> None:
    state = openspiels_game().new_initial_state()
    for face in (3, 6):  # seat 0's die, then seat 1's (docs/rules/liars-dice.md: each seat rolls one die)
        assert state.is_chance_node() and state.current_player() == CHANCE
        outcomes = state.chance_outcomes()
        assert [action for action, _ in outcomes] == list(range(6))
        assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
        assert state.legal_actions() == list(range(6))
        assert state.action_to_string(CHANCE, face - 1) == f"chance: {face}"
        state.apply_action(face - 1)
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.chance_outcomes() == []
    # Each seat sees its own die only.
    seats = [json.loads(state.observation_string(seat))["seats"] for seat in (0, 1)]
    assert [seat["dice"] for seat in seats[0]] == [[3], ["?"]]
    assert [seat["dice"] for seat in seats[1]] == [["?"], [6]]


@pytest.mark.parametrize(
    ("variants", "players"), [(["openspiel"], 2), ([], 3)], ids=["openspiel-2", "common-3"]
)
def test_openspiel_random_sim_test_passes_with_explicit_chance(variants: list[str], players: int) -> None:
    game = load("liars_dice", players, variants, seed=2, chance="explicit")
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def _uniform_value(state: GameState, seat: int) -> float:
    """The engine's own expectation of ``seat``'s reward when every seat picks uniformly among its legal
    moves: the tree walked through the engine, not the adapter."""
    if state.is_over():
        return win_rewards(state.result(), state.players)[seat]
    mover = state.to_move()[0]
    moves = state.legal_moves(mover)
    total = 0.0
    for move in moves:
        child = state.clone()
        child.apply(mover, move)
        total += _uniform_value(child, seat)
    return total / len(moves)


@pytest.mark.parametrize(("dice", "bids"), [((0, 0), 6), ((5, 2), 4)], ids=["ones", "six-and-three"])
def test_openspiels_expected_game_score_walks_the_rolled_game_as_the_engine_does(
    dice: tuple[int, int], bids: int
) -> None:
    # After both chance nodes and a few opening bids the subtree is small enough to walk in a test.
    game = openspiels_game()
    state = game.new_initial_state()
    for action in dice:
        state.apply_action(action)
    for _ in range(bids):
        state.apply_action(state.legal_actions()[0])  # the lowest bid (the call is last)
    uniform = policy.UniformRandomPolicy(game)
    values = expected_game_score.policy_value(state, [uniform, uniform])
    assert values[0] == pytest.approx(_uniform_value(state.feint, 0))
    assert values[0] != 0.0 and sum(values) == pytest.approx(0.0)


def test_explicit_chance_is_refused_where_the_game_has_none() -> None:
    with pytest.raises(SetupError, match="Guile has no chance nodes"):
        pyspiel.load_game("python_feint_guile", {"players": 2, "chance": "explicit"})
    with pytest.raises(SetupError, match='chance is "seeded" or "explicit"'):
        load("liars_dice", 2, chance="sometimes")
