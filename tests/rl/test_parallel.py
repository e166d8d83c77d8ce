"""The parallel environments: PettingZoo's own parallel API test on every game with simultaneous phases at
two seats and at its largest table, seats choosing together in secret, illegal actions, seeds, and the
observations shared with the AEC environment.

PettingZoo's ``parallel_seed_test`` is not used: it samples every action without the mask (so a seat to
move plays an illegal move, which raises) and stops after one step (it tests ``any(terminations)``, the
agents' names); ``test_a_seed_repeats_the_episode_and_another_seed_deals_another`` checks what it would,
with masked actions, to the end of the game.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import parallel_api_test

from feint.engine.errors import IllegalMove, NotationError, SetupError
from feint.engine.info import InfoState
from feint.engine.registry import declaration, declarations
from feint.rl.parallel import FeintParallel, parallel_env
from feint.rl.pettingzoo import env

GAMES = sorted(game.name for game in declarations() if game.package.startswith("feint.games."))
SIMULTANEOUS = [name for name in GAMES if declaration(name).state.SIMULTANEOUS]
TABLES = [(name, n) for name in SIMULTANEOUS for n in sorted({2, declaration(name).state.MAX_PLAYERS})]
TABLE_IDS = [f"{name}-{n}" for name, n in TABLES]

Actions = dict[str, int]


def masked_actions(table: FeintParallel, infos: dict[str, dict[str, Any]]) -> Actions:
    """A random legal action for each seat to move, and 0 (what the all-zero mask samples) for the rest."""
    return {
        agent: int(table.action_space(agent).sample(infos[agent]["action_mask"])) for agent in table.agents
    }


def first_legal(infos: dict[str, dict[str, Any]]) -> Actions:
    """The lowest legal action of each seat to move; 0 for the rest."""
    return {agent: int(np.argmax(info["action_mask"])) for agent, info in infos.items()}


def movers(infos: dict[str, dict[str, Any]]) -> list[str]:
    return [agent for agent, info in infos.items() if info["action_mask"].any()]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_pettingzoo_parallel_api_test_passes(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a live agent left out of a result, or a dead one in it, fails
        parallel_api_test(parallel_env(name, players), num_cycles=1000)


@pytest.mark.parametrize("name", [name for name in GAMES if name not in SIMULTANEOUS])
def test_a_game_without_simultaneous_phases_is_refused(name: str) -> None:
    with pytest.raises(SetupError, match="no simultaneous phase"):
        parallel_env(name)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_each_seat_observes_its_encoding_and_every_mover_gets_its_legal_moves(
    name: str, players: int
) -> None:
    """The observation is the game's encoding of the seat's whole information (as the AEC environment's
    is: tests/rl/test_pettingzoo.py); the mask is the seat's legal moves if it is to move, else zeros."""
    table = parallel_env(name, players)
    observations, infos = table.reset(seed=5)
    rng = np.random.default_rng(5)
    together = 0
    while table.agents:
        state = table.table.state
        for agent in table.agents:
            seat = table.agent_name_mapping[agent]
            fresh = table.table.encoding.encode(InfoState.of(state, seat))
            assert np.array_equal(observations[agent]["observation"], np.asarray(fresh, dtype=np.float32))
            expected = np.zeros(table.table.moves, dtype=np.int8)
            expected[[move.index for move in state.legal_moves(seat)]] = 1
            assert np.array_equal(observations[agent]["action_mask"], expected)
            assert infos[agent]["action_mask"] is observations[agent]["action_mask"]
        together += len(movers(infos)) > 1
        actions = {
            agent: int(rng.choice(np.flatnonzero(infos[agent]["action_mask"]))) for agent in movers(infos)
        }
        observations, *_, infos = table.step(actions)
    assert together > 0 or (name, players) == ("knights", 2)  # a two-seat vote has one voter


def test_a_vote_stepped_in_parallel_is_observed_as_in_the_aec_environment() -> None:
    """Knights of Glory at four seats, the same seed and moves: after each step every seat observes what
    it observes in the AEC environment, which asks the voters one after another."""
    parallel, aec = parallel_env("knights", 4), env("knights", 4)
    observations, infos = parallel.reset(seed=8)
    aec.reset(seed=8)
    rng = np.random.default_rng(8)
    together = 0
    while parallel.agents:
        for agent in parallel.agents:
            assert np.array_equal(observations[agent]["observation"], aec.observe(agent)["observation"])
        actions = {
            agent: int(rng.choice(np.flatnonzero(infos[agent]["action_mask"]))) for agent in movers(infos)
        }
        together += len(actions) > 1
        asked = dict(actions)
        while asked:
            agent = aec.agent_selection
            assert np.array_equal(aec.observe(agent)["action_mask"], infos[agent]["action_mask"])
            aec.step(asked.pop(agent))
        observations, rewards, *_, infos = parallel.step(actions)
    assert together > 5
    assert rewards == {agent: aec.rewards[agent] for agent in aec.possible_agents}
    assert all(aec.terminations.values())


def test_two_seats_place_in_the_same_step_and_neither_sees_the_others_card() -> None:
    """Guile's placement (G7): both seats lay a card face-down on one of their knights in the same step,
    secret until both are done (docs/rules/guile.md: others see only that a card was placed). After the
    step seat 1 observes the same whatever card seat 0 placed wherever; seat 0 observes its own choice."""

    def placement(seed: int) -> tuple[FeintParallel, dict[str, dict[str, Any]]]:
        table = parallel_env("guile")
        _, infos = table.reset(seed=seed)
        while not all(str(move).startswith("place") for move in table.table.state.legal_moves(0)):
            infos = table.step(first_legal(infos))[-1]
        assert movers(infos) == ["player_0", "player_1"]  # both choose in this step
        return table, infos

    _, infos = placement(3)
    placements = [int(i) for i in np.flatnonzero(infos["player_0"]["action_mask"])]
    fixed = int(np.argmax(infos["player_1"]["action_mask"]))
    seen_by_1: set[bytes] = set()
    seen_by_0: set[bytes] = set()
    for action in placements:
        table, _ = placement(3)
        observations = table.step({"player_0": action, "player_1": fixed})[0]
        seen_by_1.add(observations["player_1"]["observation"].tobytes())
        seen_by_0.add(observations["player_0"]["observation"].tobytes())
    assert len(placements) > 4  # several cards, several knights
    assert len(seen_by_1) == 1
    assert len(seen_by_0) == len(placements)


def test_an_illegal_action_among_several_changes_nothing() -> None:
    table, twin = parallel_env("knights", 4), parallel_env("knights", 4)
    _, infos = table.reset(seed=2)
    twin.reset(seed=2)
    while len(movers(infos)) < 3:  # the first vote with three voters
        actions = first_legal(infos)
        infos = table.step(actions)[-1]
        twin.step(actions)
    voters = movers(infos)
    legal = first_legal(infos)
    before = table.table.state.to_json()
    last_voter_illegal = legal | {voters[-1]: int(np.flatnonzero(infos[voters[-1]]["action_mask"] == 0)[0])}
    with pytest.raises(IllegalMove, match="the vote"):
        table.step(last_voter_illegal)
    with pytest.raises(NotationError):
        table.step(legal | {voters[0]: table.table.moves})
    with pytest.raises(ValueError, match="is to move"):
        table.step({agent: action for agent, action in legal.items() if agent != voters[1]})
    assert table.table.state.to_json() == before
    assert data_equivalence(table.step(legal), twin.step(legal))


def test_the_action_of_a_seat_not_to_move_is_ignored() -> None:
    table, twin = parallel_env("guile"), parallel_env("guile")
    _, infos = table.reset(seed=4)
    twin.reset(seed=4)
    assert movers(infos) == ["player_0"]  # seat 0 chooses the faction
    legal = first_legal(infos)
    assert data_equivalence(
        table.step(legal), twin.step({"player_0": legal["player_0"], "player_1": table.table.moves + 7})
    )


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_a_seed_repeats_the_episode_and_another_seed_deals_another(name: str) -> None:
    def episode(seed: int) -> list[Any]:
        table = parallel_env(name)
        _, infos = table.reset(seed=seed)
        table.action_space("player_0").seed(seed)
        steps = []
        while table.agents:
            actions = masked_actions(table, infos)
            steps.append((actions, table.step(actions)))
            infos = steps[-1][1][-1]
        return steps

    first = episode(3)
    assert data_equivalence(first, episode(3))
    assert not data_equivalence(first, episode(4))


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_the_end_pays_the_rewards_terminates_everyone_and_empties_the_agents(name: str, players: int) -> None:
    table = parallel_env(name, players)
    _, infos = table.reset(seed=6)
    while table.agents:
        live = list(table.agents)
        _, rewards, terminations, truncations, infos = table.step(first_legal(infos))
        assert set(rewards) == set(terminations) == set(truncations) == set(infos) == set(live)
        assert not any(truncations.values())
        if table.agents:
            assert not any(terminations.values()) and not any(rewards.values())
    assert all(terminations.values()) and not any(info["action_mask"].any() for info in infos.values())
    assert tuple(rewards[agent] for agent in table.possible_agents) == table.table.final_rewards()
    assert sum(rewards.values()) == pytest.approx(0.0)
    with pytest.raises(ValueError, match="reset"):
        table.step({})
