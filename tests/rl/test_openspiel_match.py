"""OpenSpiel's ISMCTS as a Feint bot: legal moves under a deadline, a search fed the seat's information
only (the same information at another true world gives the same search), and its heuristic evaluator."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from open_spiel.python.algorithms import mcts

from feint.bots.random_bot import RandomBot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.state import GameState, Result
from feint.rl.openspiel import FeintSpielState, load
from feint.rl.openspiel_ismcts import HeuristicEvaluator, OpenSpielIsmcts, returns_of
from feint.rl.table import win_rewards

GAMES = ["guile", "knights", "guardians", "liars_dice"]


def _random_evaluator(seed: int) -> Any:
    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))


def _midgame(name: str, players: int, seed: int, moves: int) -> GameState:
    """A game after ``moves`` random moves (fewer if it ends first)."""
    state = new_game(name, players, seed, {})
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


class Roots:
    """Records the root state the search is handed at each decision."""

    def __init__(self, bot: OpenSpielIsmcts) -> None:
        self.seen: list[FeintSpielState] = []
        step = bot.search.step

        def spy(state: FeintSpielState) -> int:
            self.seen.append(state.clone())
            action: int = step(state)
            return action

        bot.search.step = spy  # type: ignore[method-assign]


@pytest.mark.parametrize("name", ["liars_dice", "guile"])
def test_under_a_deadline_it_searches_and_plays_legal_moves_from_worlds_of_its_information(name: str) -> None:
    state = new_game(name, 2, 3, {})
    bot = OpenSpielIsmcts(load(name, 2), _random_evaluator(1), seed=2, millis=5)
    roots = Roots(bot)
    other = RandomBot(4)
    info = InfoState.of(state, 0)
    searched = redrawn = 0
    while not state.is_over() and searched < 6:
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        if seat == 1:
            state.apply(seat, other.choose(InfoState.of(state, seat), legal))
            continue
        info.sync(state)
        move = bot.choose(info, legal)
        assert move in legal
        root = roots.seen[-1]
        # The world it searched from is one the seat cannot tell from the real one...
        assert root.information_state_key(0) == InfoState.of(state, 0).key
        assert root.legal_actions() == sorted(m.index for m in legal)
        if len(legal) > 1:
            searched += 1
            assert bot.search.simulations >= 2  # OpenSpiel's policy needs the root visited once
        # ...drawn anew: its hidden cards are not the real ones every time.
        redrawn += root.feint.revealed_view().to_json() != state.revealed_view().to_json()
        state.apply(seat, move)
    assert searched == 6
    assert redrawn > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_same_information_at_another_true_world_gives_the_same_search(name: str) -> None:
    truth = _midgame(name, 2, seed=5, moves=9)
    seat = truth.to_move()[0]
    other = truth.resample(seat, random.Random(6))
    assert other.revealed_view().to_json() != truth.revealed_view().to_json()  # another true world
    assert InfoState.of(other, seat).key == InfoState.of(truth, seat).key  # the seat's information alike
    searches = []
    for world in (truth, other):
        bot = OpenSpielIsmcts(load(name, 2), _random_evaluator(7), seed=8, simulations=12)
        move = bot.choose(InfoState.of(world, seat), world.legal_moves(seat))
        node = bot.search._root_node
        searches.append((move, {a: (c.visits, c.return_sum) for a, c in node.child_info.items()}))
    assert searches[0] == searches[1]
    assert sum(visits for visits, _ in searches[0][1].values()) == 11  # the first only evaluates the root


def test_a_simulation_count_below_two_still_visits_the_root() -> None:
    state = _midgame("liars_dice", 2, seed=1, moves=2)
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    assert len(legal) > 1
    bot = OpenSpielIsmcts(load("liars_dice", 2), _random_evaluator(1), seed=1, simulations=1)
    assert bot.choose(InfoState.of(state, seat), legal) in legal
    assert bot.search.simulations == 2


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_evaluator_returns_zero_sum_expected_rewards(players: int) -> None:
    game = load("knights", players, seed=3)
    evaluator = HeuristicEvaluator("knights", 4)
    state = game.new_initial_state()
    rng = random.Random(players)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.information_state_key(0)
    values = [evaluator.evaluate(state) for _ in range(5)]
    assert state.information_state_key(0) == before  # played on a copy
    for value in values:
        assert len(value) == players
        assert sum(value) == pytest.approx(0.0)
        assert all(-1.0 <= v <= 1.0 for v in value)
    assert evaluator.prior(state) == [(a, 1 / len(state.legal_actions())) for a in state.legal_actions()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_lone_winners_share_is_its_win_reward(players: int) -> None:
    for seat in range(players):
        shares = tuple(1.0 if s == seat else 0.0 for s in range(players))
        result = Result(winners=(seat,), scores=(0.0,) * players, termination="end")
        assert list(returns_of(shares, players)) == pytest.approx(win_rewards(result, players))
    even = returns_of((1 / players,) * players, players)
    assert list(even) == pytest.approx([0.0] * players)
