"""The PettingZoo environments: PettingZoo's own API and seed tests on every game at two seats and at its
largest table, the masks, the secrecy of simultaneous choices, the rewards and the seeds."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from feint.engine.errors import IllegalMove, SetupError
from feint.engine.info import InfoState
from feint.engine.registry import declaration, declarations
from feint.rl.pettingzoo import FeintAEC, env

GAMES = sorted(game.name for game in declarations() if game.package.startswith("feint.games."))
TABLES = [(name, n) for name in GAMES for n in sorted({2, declaration(name).state.MAX_PLAYERS})]
TABLE_IDS = [f"{name}-{n}" for name, n in TABLES]


def _play(table: FeintAEC, rng: random.Random, check: Any = None) -> None:
    """Play ``table`` to the end with random legal moves, calling ``check(table)`` before each."""
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if check is not None:
            check(table)
        if termination or truncation:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(rng.choice(list(legal))))


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_pettingzoo_api_and_seed_tests_pass(name: str, players: int) -> None:
    with warnings.catch_warnings():
        # api_test warns of a Dict observation space and of a seat's all-zero mask: both by design.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, players), num_cycles=1000)
        seed_test(lambda: env(name, players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_mask_is_exactly_the_movers_legal_moves_and_zero_for_the_others(name: str, players: int) -> None:
    table = env(name, players)
    table.reset(seed=5)
    encoding = table.table.encoding
    checked = 0

    def check(t: FeintAEC) -> None:
        nonlocal checked
        state = t.table.state
        for agent in t.agents:
            seat = t.agent_name_mapping[agent]
            observed = t.observe(agent)
            mask = observed["action_mask"]
            expected = np.zeros(len(state.MOVES), dtype=np.int8)
            if agent == t.agent_selection and not state.is_over():
                expected[[m.index for m in state.legal_moves(seat)]] = 1
                assert expected.any()
            assert np.array_equal(mask, expected)
            assert np.array_equal(t.infos[agent]["action_mask"], expected)
            # The environment's incremental information is the seat's whole information.
            fresh = encoding.encode(InfoState.of(state, seat))
            assert np.array_equal(observed["observation"], np.asarray(fresh, dtype=np.float32))
        checked += 1

    _play(table, random.Random(5), check)
    assert checked > 10


@pytest.mark.parametrize("name", GAMES)
def test_simultaneous_choices_stay_secret_from_the_seats_asked_after(name: str) -> None:
    """Where several seats choose at once, the seat asked second sees the same whatever the first chose."""
    cls = declaration(name).state
    found = 0
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        table = env(name, players)
        table.reset(seed=players)
        rng = random.Random(players)
        while table.agents and found < 40:
            state = table.table.state
            if state.is_over():
                break
            movers = state.to_move()
            if len(movers) > 1:
                first, second = movers[0], movers[1]
                seen = set()
                for move in state.legal_moves(first):
                    world = state.clone()
                    world.apply(first, move)
                    seen.add(tuple(table.table.encoding.encode(InfoState.of(world, second))))
                assert len(seen) == 1, f"seat {second} saw seat {first}'s secret choice"
                found += 1
            seat = movers[0]
            table.step(rng.choice(state.legal_moves(seat)).index)
    if declaration(name).state.SIMULTANEOUS:  # the game declares phases where seats choose at once
        assert found > 0


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_rewards_come_at_the_end_and_sum_to_zero(name: str, players: int) -> None:
    table = env(name, players)
    table.reset(seed=11)
    totals = dict.fromkeys(table.possible_agents, 0.0)

    def check(t: FeintAEC) -> None:
        if not t.table.state.is_over():
            assert all(r == 0 for r in t.rewards.values())

    for agent in table.agent_iter():
        _, reward, termination, _, _ = table.last()
        check(table)
        totals[agent] += reward
        if termination:
            table.step(None)
        else:
            legal = np.flatnonzero(table.infos[agent]["action_mask"])
            table.step(int(legal[len(legal) // 2]))
    result = table.table.state.result()
    assert sum(totals.values()) == pytest.approx(0.0)
    for seat, agent in enumerate(table.possible_agents):
        if len(result.winners) < players:
            assert (totals[agent] > 0) == (seat in result.winners)


def test_score_rewards_are_the_games_scores() -> None:
    table = env("liars_dice", 3, rewards="score")
    table.reset(seed=2)
    totals: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, termination, _, _ = table.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    scores = table.table.state.result().scores
    assert [totals[f"player_{seat}"] for seat in range(3)] == [float(s) for s in scores]


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_repeats_the_episode_and_another_seed_deals_another(name: str) -> None:
    def episode(seed: int) -> list[bytes]:
        table = env(name, 2)
        table.reset(seed=seed)
        seen = []
        for _agent in table.agent_iter():
            observation, _, termination, _, _ = table.last()
            seen.append(observation["observation"].tobytes())
            table.step(None if termination else int(np.flatnonzero(observation["action_mask"])[-1]))
            if len(seen) > 60:
                break
        return seen

    assert episode(3) == episode(3)
    assert episode(3) != episode(4)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = env("liars_dice", 2)
    table.reset(seed=1)
    observation, *_ = table.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = table.table.state.to_json()
    with pytest.raises(IllegalMove):
        table.step(illegal)
    assert table.table.state.to_json() == before


def test_a_bad_table_is_refused_when_made() -> None:
    with pytest.raises(SetupError, match="played by 2"):
        env("guile", 3)
    with pytest.raises(SetupError, match="unknown variant"):
        env("knights", 2, variants=["no-such"])
    with pytest.raises(SetupError, match="unknown game"):
        env("chess")


def test_rllib_observation_key() -> None:
    table = env("guile", observation_key="observations")
    table.reset(seed=0)
    observation, *_ = table.last()
    assert set(observation) == {"observations", "action_mask"}
    assert table.observation_space("player_0").contains(observation)


def test_render_shows_the_spectators_view_only() -> None:
    table = env("guile", render_mode="ansi")
    table.reset(seed=0)
    text = table.render()
    assert text is not None and "phase: faction" in text
    assert "hands" in table.table.state.revealed_view().to_json()
    assert "hands:" not in text and "hand: []" in text
