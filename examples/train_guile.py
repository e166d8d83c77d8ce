"""Train a small agent to play Guile against Feint's random bot, on one CPU core, in a few minutes.

```sh
pip install 'feint[rl]' sb3-contrib       # sb3-contrib brings stable-baselines3 and torch
python examples/train_guile.py            # train, then evaluate against the random bot
python examples/train_guile.py --steps 20000 --games 100 --seed 1 --save guile_ppo.zip
```

The learner is SB3-contrib's ``MaskablePPO``: PPO whose policy gives zero
probability to the moves the mask rules out, so it never plays an illegal
move and never has to learn the rules. It plays one seat of a two-seat
Guile game (``feint/guile-v0``); Feint's random bot plays the other.

After training the script plays ``--games`` evaluation games against the
random bot with the trained policy (its most likely legal move each time)
and, as the baseline, with a policy that picks uniformly among the legal
moves, on the same deals, which training never saw. It prints both win
rates with Wilson 95% intervals and says whether the trained policy's
interval lies above the baseline's interval and above one half.

Everything is seeded by ``--seed``: the deals, the opponents, the network's
initial weights and PPO's sampling. With one torch thread, the same seed and
the same versions give the same numbers.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from feint.arena.stats import Share  # a win share with the Wilson 95% interval the arena reports
from feint.rl.gymnasium import FeintEnv  # importing it registers feint/<game>-v0 with Gymnasium

GAME = "guile"
ENV_ID = f"feint/{GAME}-v0"
OPPONENT = "random"
# Several copies of the game step together: the network then chooses for all of them in one batch,
# which is much cheaper than one forward pass per move. Half learn from seat 0 (which chooses the
# faction and the Start Knight), half from seat 1: the observation is written from the learner's
# seat, so one policy plays both.
ENVS = 8
# Seeds: training copy i is reset once with seed * SEED_BLOCK + i and then draws its deals from its
# own generator; evaluation game k is reset with seed * SEED_BLOCK + EVALUATION + k. The blocks never
# overlap, so no evaluation deal is a training deal's seed.
SEED_BLOCK = 10_000_000
EVALUATION = SEED_BLOCK // 2

Observation = dict[str, npt.NDArray[Any]]
Policy = Callable[[Observation, npt.NDArray[np.bool_]], int]


def make_env(seat: int) -> Callable[[], gym.Env[Any, Any]]:
    """A function making one training copy of the game, as SB3's vectorised environments ask."""
    return lambda: gym.make(ENV_ID, opponents=OPPONENT, seat=seat)


class Progress(BaseCallback):
    """Prints a line every ``every`` timesteps: the time taken and the training games won meanwhile."""

    def __init__(self, every: int) -> None:
        super().__init__()
        self.every = every
        self.start = time.perf_counter()
        self.next_line = every
        self.games = self.wins = 0

    def _on_step(self) -> bool:
        # Rewards come at the end of a game only: +1 for a win, -1 for a loss.
        for done, reward in zip(self.locals["dones"], self.locals["rewards"], strict=True):
            if done:
                self.games += 1
                self.wins += int(reward > 0)
        if self.num_timesteps >= self.next_line:
            rate = f"{self.wins / self.games:.0%} of {self.games} games won" if self.games else "no game done"
            seconds = time.perf_counter() - self.start
            print(f"  {self.num_timesteps:>8,} steps  {seconds:6.0f} s  {rate}", flush=True)
            self.next_line += self.every
            self.games = self.wins = 0
        return True


def train(steps: int, seed: int) -> MaskablePPO:
    """PPO with a masked policy, trained ``steps`` decisions (summed over the copies) of the learner."""
    envs = DummyVecEnv([make_env(seat=i % 2) for i in range(ENVS)])
    envs.seed(seed * SEED_BLOCK)  # copy i gets seed * SEED_BLOCK + i for its first reset
    model = MaskablePPO(
        "MultiInputPolicy",  # the observation is a dict: the encoding and the mask, both fed to the network
        envs,
        n_steps=256,  # per copy, so 2,048 decisions (about 50 games) per update
        batch_size=128,  # 16 minibatches, each seen n_epochs=10 times per update
        gamma=1.0,  # a game is about 40 decisions with one reward at the end: no need to discount it
        policy_kwargs={"net_arch": [128, 128]},  # two hidden layers each for the policy and the value
        seed=seed,
        verbose=0,
    )
    print(f"Training {steps:,} steps on {ENV_ID} against the {OPPONENT} bot (seed {seed})")
    model.learn(total_timesteps=steps, callback=Progress(every=max(steps // 10, 1)))
    return model


def trained_policy(model: MaskablePPO) -> Policy:
    """The trained network's most likely legal move."""

    def choose(observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return choose


def random_policy(seed: int) -> Policy:
    """The baseline: a legal move drawn uniformly, from its own seeded generator."""
    rng = np.random.default_rng(seed)

    def choose(observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def evaluate(policy: Policy, games: int, seed: int) -> int:
    """The number of ``games`` the policy wins, alternating seats, on deals training never saw."""
    # The environment itself rather than gym.make's wrapped one, whose wrappers hide action_masks().
    seats = [FeintEnv(GAME, opponents=OPPONENT, seat=seat) for seat in (0, 1)]
    wins = 0
    for game in range(games):
        env = seats[game % 2]
        observation, _ = env.reset(seed=seed * SEED_BLOCK + EVALUATION + game)
        while True:
            action = policy(observation, env.action_masks())
            observation, reward, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                wins += int(reward > 0)
                break
    return wins


def described(share: Share) -> str:
    """A win rate as the example prints it: the share, its 95% interval and the games behind it."""
    return f"{share.text()}  ({share.successes:g}/{share.trials} games)"


@dataclass(frozen=True)
class Report:
    """What main() measured: the two win rates, and the seconds training took."""

    trained: Share
    baseline: Share
    seconds: float


def main(argv: Sequence[str] | None = None) -> Report:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300_000, help="training timesteps (default %(default)s)")
    parser.add_argument("--games", type=int, default=400, help="evaluation games (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="seeds everything (default %(default)s)")
    parser.add_argument("--save", metavar="PATH", help="save the trained model there (a .zip)")
    args = parser.parse_args(argv)
    if args.seed < 0 or not 0 < args.games <= SEED_BLOCK - EVALUATION:
        parser.error(f"--seed is at least 0 and --games from 1 to {SEED_BLOCK - EVALUATION}")

    torch.set_num_threads(1)  # one core: for small networks more threads cost more than they save
    start = time.perf_counter()
    model = train(args.steps, args.seed)
    trained_seconds = time.perf_counter() - start
    print(f"Trained in {trained_seconds:.0f} s")
    if args.save:
        model.save(args.save)  # MaskablePPO.load(path) brings it back
        print(f"Saved to {args.save}")

    print(f"Evaluating on {args.games} new games against the {OPPONENT} bot, half from each seat")
    trained = Share(evaluate(trained_policy(model), args.games, args.seed), args.games)
    baseline = Share(evaluate(random_policy(args.seed), args.games, args.seed), args.games)
    print(f"  trained policy   {described(trained)}")
    print(f"  random baseline  {described(baseline)}")
    low, _ = trained.interval
    for name, bound in [("the baseline's interval", baseline.interval[1]), ("one half", 0.5)]:
        print(f"The trained policy's interval lies above {name}: {'yes' if low > bound else 'no'}")
    return Report(trained, baseline, trained_seconds)


if __name__ == "__main__":
    main()
