"""The Gymnasium environments: Gymnasium's own checker (determinism included) on every game at two seats
and at its largest table, the masks, the opponents' seeds, and the rule for an illegal action."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from feint.engine.errors import SetupError
from feint.engine.registry import declaration, declarations
from feint.engine.state import GameState
from feint.rl.gymnasium import FeintEnv

GAMES = sorted(game.name for game in declarations() if game.package.startswith("feint.games."))
TABLES = [(name, n) for name in GAMES for n in sorted({2, declaration(name).state.MAX_PLAYERS})]
TABLE_IDS = [f"{name}-{n}" for name, n in TABLES]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_gymnasium_check_env_passes(name: str, players: int) -> None:
    check_env(gym.make(f"feint/{name}-v0", players=players, render_mode="ansi").unwrapped)


def _episode(table: FeintEnv, seed: int) -> tuple[list[bytes], float]:
    observation, _ = table.reset(seed=seed)
    seen = [observation["observation"].tobytes()]
    while True:
        mask = table.action_masks()
        assert np.array_equal(mask, observation["action_mask"].astype(bool))
        state = table.table.state
        legal = sorted(m.index for m in state.legal_moves(table.seat))
        assert list(np.flatnonzero(mask)) == legal and legal
        observation, reward, terminated, truncated, _ = table.step(legal[len(legal) // 3])
        seen.append(observation["observation"].tobytes())
        assert not truncated
        if terminated:
            assert not observation["action_mask"].any()
            return seen, reward
        assert reward == 0


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_the_mask_is_the_learning_seats_legal_moves_and_the_end_pays(name: str, players: int) -> None:
    for seat in (0, players - 1):
        table = FeintEnv(name, players, seat=seat, opponents="heuristic")
        _, reward = _episode(table, seed=seat)
        result = table.table.state.result()
        if len(result.winners) < players:
            assert (reward > 0) == (seat in result.winners)


@pytest.mark.parametrize("name", GAMES)
def test_opponents_are_seeded_from_the_environment(name: str) -> None:
    """The same seed gives the same episode, heuristic opponents included; another seed another."""
    first = _episode(FeintEnv(name, 2, opponents="heuristic"), seed=9)
    assert _episode(FeintEnv(name, 2, opponents="heuristic"), seed=9) == first
    assert _episode(FeintEnv(name, 2, opponents="heuristic"), seed=10) != first


def test_an_illegal_action_ends_the_episode_with_the_penalty_and_changes_nothing() -> None:
    table = FeintEnv("guile", opponents="random", illegal_penalty=-5.0)
    observation, _ = table.reset(seed=3)
    before = table.table.state.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = table.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-5.0, True, False, True)
    assert table.table.state.to_json() == before


def test_opponents_one_per_seat_and_bad_ones_refused() -> None:
    table = FeintEnv("liars_dice", 3, seat=1, opponents=["random", "heuristic"])
    table.reset(seed=0)
    assert {seat: bot.name for seat, bot in table.bots.items()}.keys() == {0, 2}
    with pytest.raises(SetupError, match="2 opponents needed"):
        FeintEnv("liars_dice", 3, opponents=["random"])
    with pytest.raises(SetupError, match="unknown bot"):
        FeintEnv("liars_dice", 2, opponents="nobody")
    with pytest.raises(SetupError, match="learning seat"):
        FeintEnv("liars_dice", 2, seat=2)


def test_every_episode_starts_with_a_decision_of_the_learning_seat() -> None:
    """In a one-round game the seats before the learner may end it: such a deal is dealt again."""
    table = FeintEnv("liars_dice", 3, variants=["openspiel"], seat=2, opponents="random")
    deal = table.table.deal
    deals = 0

    def counted(rng: np.random.Generator) -> GameState:
        nonlocal deals
        deals += 1
        return deal(rng)

    table.table.deal = counted  # type: ignore[method-assign]
    for seed in range(150):
        observation, _ = table.reset(seed=seed)
        assert table.table.mover() == 2 and observation["action_mask"].any()
    assert deals > 150  # some deals ended before seat 2 was asked, and were dealt again
