"""The trainers docs/learning.md names, at the versions the ``train`` extra pins: SB3-contrib's MaskablePPO
on the Gymnasium environment, and Tianshou, TorchRL and RLlib on the PettingZoo environment, each with
the action mask. Each trains a few hundred moves of Guile at two seats through our environment and checks
that it played them all, every one legal, with finite losses, and that the trained policy then plays a
whole game to its end.

Each test imports its library itself: pytest-xdist collects this file in every worker, and importing
four trainers there would cost every worker seconds for tests it may never run."""

from __future__ import annotations

import math
import random
import tempfile
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
import torch
from pettingzoo.utils import BaseWrapper

from feint.rl.pettingzoo import FeintAEC
from feint.rl.pettingzoo import env as feint_env

GAME = "guile"
SEED = 3


@pytest.fixture(autouse=True)
def seeded_generators() -> Iterator[None]:
    """The trainers draw network weights and exploration from the global generators of Python, NumPy
    and PyTorch: each test seeds them, and gives them back as they were. PyTorch computes on one thread:
    these networks are tiny, and its threads waiting on a busy machine cost more than they save."""
    python, numpy, threads = random.getstate(), np.random.get_state(), torch.get_num_threads()
    torch.set_num_threads(1)
    with torch.random.fork_rng():
        random.seed(SEED)
        np.random.seed(SEED)
        torch.manual_seed(SEED)
        yield
    random.setstate(python)
    np.random.set_state(numpy)
    torch.set_num_threads(threads)


class Recorder(BaseWrapper):  # type: ignore[type-arg]
    """A PettingZoo environment that counts the moves played through it, those its mask ruled out (the
    environment then raises IllegalMove: the count is there to say so plainly), and the games ended."""

    def __init__(self, env: FeintAEC) -> None:
        super().__init__(env)
        self.moves = self.illegal = self.games = 0

    def step(self, action: int | None) -> None:
        if action is None:  # steps past a seat whose game is over
            super().step(action)
            return
        self.moves += 1
        self.illegal += not self.observe(self.agent_selection)["action_mask"][action]
        super().step(action)
        self.games += self.unwrapped.table.state.is_over()


def recorder(**kwargs: Any) -> Recorder:
    return Recorder(feint_env(GAME, players=2, **kwargs))


def test_sb3_contrib_maskable_ppo_on_the_gymnasium_environment() -> None:
    import gymnasium as gym
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    import feint.rl.gymnasium  # noqa: F401 (registers feint/<game>-v0)

    class Moves(BaseCallback):
        """Counts the moves MaskablePPO played and the episodes an illegal one ended."""

        def __init__(self) -> None:
            super().__init__()
            self.moves = self.illegal = self.games = 0

        def _on_step(self) -> bool:
            for info, done in zip(self.locals["infos"], self.locals["dones"], strict=True):
                self.moves += 1
                self.illegal += info.get("illegal", False)
                self.games += bool(done)
            return True

    table = gym.make(f"feint/{GAME}-v0", opponents="random")
    network = {"net_arch": [32]}
    model = MaskablePPO(
        "MultiInputPolicy",
        table,
        n_steps=128,
        batch_size=64,
        n_epochs=2,
        policy_kwargs=network,
        seed=SEED,
        device="cpu",
    )
    moves = Moves()
    model.learn(total_timesteps=256, callback=moves)
    assert model.num_timesteps == moves.moves == 256
    assert moves.illegal == 0 and moves.games >= 2
    losses = model.logger.name_to_value
    assert losses["train/n_updates"] == 4  # two epochs of each of the two rollouts
    assert all(math.isfinite(losses[key]) for key in ("train/loss", "train/value_loss", "train/entropy_loss"))

    observation, _ = table.reset(seed=SEED)
    while True:
        mask = table.unwrapped.action_masks()  # type: ignore[attr-defined]
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert mask[action]
        observation, reward, terminated, truncated, info = table.step(action)
        if terminated or truncated:
            break
    assert "illegal" not in info and table.unwrapped.table.state.is_over()  # type: ignore[attr-defined]
    assert reward in (-1.0, 1.0)


def test_tianshou_dqn_per_seat_on_the_pettingzoo_environment() -> None:
    from tianshou.algorithm import DQN, MultiAgentOffPolicyAlgorithm
    from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, CollectStats, ReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.env.pettingzoo_env import PettingZooEnv
    from tianshou.trainer import OffPolicyTrainerParams
    from tianshou.utils.logger.logger_base import LazyLogger
    from tianshou.utils.net.common import Net

    class Updates(LazyLogger):
        """Keeps the losses of every update the trainer makes."""

        def __init__(self) -> None:
            super().__init__()
            self.losses: list[dict[str, float]] = []

        def log_update_data(self, log_data: dict[str, Any], step: int) -> None:
            self.losses.append(log_data["smoothed_loss"])

    tables: list[Recorder] = []

    def table() -> PettingZooEnv:
        tables.append(recorder())
        return PettingZooEnv(tables[-1])

    probe = table()
    moves = probe.action_space

    def dqn() -> DQN:
        net = Net(
            state_shape=probe.observation_space["observation"].shape, action_shape=moves.n, hidden_sizes=[32]
        )
        policy = DiscreteQLearningPolicy(model=net, action_space=moves, eps_training=0.2)
        return DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=0.99)

    seats = MultiAgentOffPolicyAlgorithm(algorithms=[dqn(), dqn()], env=probe)
    training = DummyVectorEnv([table])
    training.seed(SEED)
    collector = Collector[CollectStats](seats, training, ReplayBuffer(1000), exploration_noise=True)
    updates = Updates()
    stats = seats.run_training(
        OffPolicyTrainerParams(
            training_collector=collector,
            max_epochs=1,
            epoch_num_steps=300,
            collection_step_num_env_steps=50,
            batch_size=32,
            update_step_num_gradient_steps_per_sample=0.1,
            logger=updates,
            show_progress=False,
            verbose=False,
        )
    )
    played = tables[1]  # tables[0] is the probe the spaces came from
    assert stats.train_step == played.moves == 300 and played.illegal == 0
    assert stats.train_episode >= 2
    buffer = collector.buffer
    actions, masks = buffer.act[: len(buffer)], buffer.obs.mask[: len(buffer)]
    assert len(actions) == 300 and masks[np.arange(300), actions].all()
    assert {"player_0", "player_1"} == set(buffer.obs.agent_id[: len(buffer)])
    assert len(updates.losses) >= 20  # about a gradient step per seat for every ten moves
    for losses in updates.losses:
        assert set(losses) == {"player_0/loss", "player_1/loss"} and all(map(math.isfinite, losses.values()))

    playing = DummyVectorEnv([table])
    playing.seed(SEED)
    game = Collector[CollectStats](seats, playing).collect(n_episode=1, reset_before_collect=True)
    assert game.n_collected_episodes == tables[-1].games == 1  # the collector then deals the next game
    assert game.n_collected_steps == tables[-1].moves and tables[-1].illegal == 0


def test_torchrl_ppo_with_a_masked_categorical_on_the_pettingzoo_environment() -> None:
    from tensordict.nn import TensorDictModule
    from torchrl.collectors import Collector
    from torchrl.envs import ExplorationType, PettingZooWrapper, set_exploration_type
    from torchrl.modules import MLP, MaskedCategorical, ProbabilisticActor
    from torchrl.objectives import ClipPPOLoss, ValueEstimators

    def table(played: Recorder) -> PettingZooWrapper:
        """One group for both seats, so one policy plays both (the observation is the seat's own)."""
        seats = {"seats": played.possible_agents}
        return PettingZooWrapper(played, use_mask=True, group_map=seats, seed=SEED)

    played = recorder()
    env = table(played)
    observation = ("seats", "observation", "observation")
    size, moves = env.observation_spec[observation].shape[-1], env.full_action_spec["seats", "action"].n
    logits = TensorDictModule(
        MLP(in_features=size, out_features=moves, num_cells=[32]),
        in_keys=[observation],
        out_keys=[("seats", "logits")],
    )
    actor = ProbabilisticActor(
        logits,
        in_keys={"logits": ("seats", "logits"), "mask": ("seats", "action_mask")},
        out_keys=[("seats", "action")],
        distribution_class=MaskedCategorical,
        return_log_prob=True,
        log_prob_key=("seats", "action_log_prob"),
    )
    critic = TensorDictModule(
        MLP(in_features=size, out_features=1, num_cells=[32]),
        in_keys=[observation],
        out_keys=[("seats", "value")],
    )
    loss = ClipPPOLoss(actor, critic, reduction="none")
    loss.set_keys(
        action=("seats", "action"),
        sample_log_prob=("seats", "action_log_prob"),
        value=("seats", "value"),
        reward=("seats", "reward"),
        done=("seats", "done"),
        terminated=("seats", "terminated"),
    )
    loss.make_value_estimator(ValueEstimators.GAE, gamma=0.99, lmbda=0.95)
    optimiser = torch.optim.Adam(loss.parameters(), lr=1e-3)
    collector = Collector(
        env, actor, frames_per_batch=100, total_frames=300, auto_register_policy_transforms=False
    )
    frames = games = 0
    for batch in collector:
        # TorchRL gives the seat not to move an all-true action mask and a sampled action the environment
        # never sees; "mask" says which seat moved, and only its choices count.
        moved = batch["seats", "mask"]
        legal = batch["seats", "action_mask"].gather(-1, batch["seats", "action"].unsqueeze(-1)).squeeze(-1)
        assert (moved.sum(-1) == 1).all() and legal[moved].all()
        frames += batch.numel()
        games += int(batch["next", "done"].sum())
        with torch.no_grad():
            loss.value_estimator(
                batch, params=loss.critic_network_params, target_params=loss.target_critic_network_params
            )
        terms = loss(batch)
        total = sum(
            terms[key].reshape(moved.shape)[moved].mean()
            for key in ("loss_objective", "loss_critic", "loss_entropy")
        )
        assert torch.isfinite(total)
        optimiser.zero_grad()
        total.backward()
        optimiser.step()
    assert frames == played.moves == 300 and played.illegal == 0 and games == played.games >= 2

    game = recorder()
    with set_exploration_type(ExplorationType.DETERMINISTIC), torch.no_grad():
        rollout = table(game).rollout(1000, actor, break_when_any_done=True)
    assert rollout["next", "done"][-1].all() and game.games == 1 and game.moves == rollout.numel()
    assert game.illegal == 0


@pytest.fixture
def ray_instance(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ray on one CPU in a temporary directory of its own (pytest-xdist may run another Ray beside it), or
    the instance already started in this process (tests/arena starts one for its session)."""
    import ray

    if ray.is_initialized():
        yield
        return
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    with tempfile.TemporaryDirectory(prefix="ray") as directory:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, _temp_dir=directory)
        try:
            yield
        finally:
            ray.shutdown()


def test_rllib_ppo_with_the_action_masking_module_on_the_pettingzoo_environment(ray_instance: None) -> None:
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    def table(config: dict[str, Any]) -> PettingZooEnv:
        return PettingZooEnv(recorder(observation_key="observations"))  # the key the masking module reads

    register_env("feint_guile_recorded", table)
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"fcnet_hiddens": [32], "head_fcnet_hiddens": [32]},
    )
    config = (
        PPOConfig()
        .environment("feint_guile_recorded", disable_env_checking=True)  # it steps unmasked actions
        .multi_agent(policies={"seat"}, policy_mapping_fn=lambda agent, episode, **_: "seat")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"seat": module}))
        .env_runners(num_env_runners=0)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=200, minibatch_size=100, num_epochs=1)
        .debugging(seed=SEED)
    )
    algorithm = config.build_algo()
    try:
        for _ in range(2):
            result = algorithm.train()
        seat = algorithm.get_module("seat")
        played = algorithm.env_runner.env.envs[0].unwrapped.env  # the Recorder in RLlib's wrapper
    finally:
        algorithm.stop()
    sampled = result["env_runners"]
    assert sampled["num_env_steps_sampled_lifetime"] == played.moves == 400 and played.illegal == 0
    assert sampled["num_episodes_lifetime"] == played.games >= 2
    learnt = result["learners"]["seat"]
    assert learnt["num_module_steps_trained_lifetime"] > 0
    assert all(math.isfinite(learnt[key]) for key in ("total_loss", "policy_loss", "vf_loss"))

    game = table({})
    observations, _ = game.reset(seed=SEED)
    done = False
    while not done:
        ((agent, observation),) = observations.items()
        batch = {"obs": {key: torch.tensor(value)[None] for key, value in observation.items()}}
        with torch.no_grad():
            logits = seat.forward_inference(batch)["action_dist_inputs"][0]
        observations, _, terminated, _, _ = game.step({agent: int(logits.argmax())})
        done = terminated["__all__"]
    assert game.env.games == 1 and game.env.illegal == 0 and game.env.moves > 0
