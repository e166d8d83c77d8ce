"""Gymnasium environments for every Feint game: one seat learns, Feint's bots play the others.

```python
from feint.rl.gymnasium import FeintEnv

table = FeintEnv(game, players=3, seat=0, opponents="heuristic")  # game: from feint.engine.game_names()
observation, info = table.reset(seed=7)
done = False
while not done:
    action = table.action_space.sample(observation["action_mask"])  # a random legal move
    observation, reward, terminated, truncated, info = table.step(action)
    done = terminated or truncated
```

Install with ``pip install 'feint[rl]'``. Importing this module registers
every game with Gymnasium as ``feint/<game>-v0``, so
``gymnasium.make(f"feint/{game}-v0", opponents="random")`` works too. The spaces are those of
:mod:`feint.rl.pettingzoo` (the same encoding and mask, the same rewards):
``Discrete(M)`` over the game's move table, and a ``Dict`` observation with
``"observation"`` (the learning seat's encoding) and ``"action_mask"`` (its
legal moves; all zeros once the game is over). ``action_masks()`` gives the
mask too, as SB3-contrib's ``MaskablePPO`` asks (as booleans).

**Opponents.** ``opponents`` names the bot of every other seat (one name,
or one per other seat in seat order), in the words of ``feint play
--seats``: ``"heuristic"``, ``"random"``, ``"ismcts:easy"``, a game's own
bot. Each reset makes them anew, each seeded from the environment's own
generator (``reset(seed=...)`` seeds it), so an episode repeats exactly.
Each bot sees only its seat's view and events, as everywhere in Feint. A
game the opponents finish before the learning seat's first decision (a
one-round game where others call first, say) is dealt again, from the same
generator, so every episode has at least one decision.

**One step** is one decision of the learning seat: the opponents then move
until the learning seat is to move again or the game ends. In simultaneous
phases (secret choices revealed together: a draft, a vote) the seats choose one
after another, each blind to the others' secret choices.

**Rewards.** Zero until the end; then the learning seat's share of the
result: with ``rewards="win"`` the winners share +1 and the losers -1 (two
seats: +1 or -1), with ``rewards="score"`` its final score.

**An illegal action** (one the mask rules out) ends the episode at once with
the reward ``illegal_penalty`` (-1 unless given), ``terminated=True`` and
``info["illegal"] = True``, and changes nothing in the game, as pgx does:
a policy that ignores the mask learns to respect it. A game ends by its own
rules, so an episode is never truncated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from feint.bots.base import Bot
from feint.bots.registry import make_bot
from feint.engine.errors import SetupError
from feint.engine.registry import declarations
from feint.engine.types import Seat
from feint.rl.table import RENDER_MODES, Mask, Rewards, Table, check_render_mode, draw_seed

Observation = dict[str, npt.NDArray[Any]]


class FeintEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of one Feint game, against Feint bots (see the module's text)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium's spelling)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variants: Sequence[str] = (),
        seat: Seat = 0,
        opponents: str | Sequence[str] = "heuristic",
        rewards: Rewards = "win",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        observation_key: str = "observation",
    ) -> None:
        check_render_mode(render_mode)
        self.table = Table(game, players, variants, rewards)
        players = self.table.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise SetupError(f"the learning seat is one of 0 to {players - 1}, not {seat!r}")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise SetupError(f"{len(others)} opponents needed, one per other seat; {len(names)} given")
        for name in names:
            make_bot(name, self.table.game)  # refuses an unknown bot now, not at reset
        self.opponents = dict(zip(others, names, strict=True))
        self.bots: dict[Seat, Bot] = {}
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_key = observation_key
        self.observation_space: spaces.Dict = self.table.observation_space(observation_key)
        self.action_space = spaces.Discrete(self.table.moves)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        while True:  # a game the opponents finish before the learning seat's first decision is dealt again
            self.table.deal(rng)
            self.bots = {
                s: make_bot(name, self.table.game, draw_seed(rng)) for s, name in self.opponents.items()
            }
            self._play_opponents()
            if self.table.mover() == self.seat:
                return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.mover() != self.seat or not table.legal(self.seat, int(action)):
            return self._observe(), self.illegal_penalty, True, False, {**self._info(), "illegal": True}
        table.play(self.seat, int(action))
        self._play_opponents()
        over = table.state.is_over()
        reward = table.final_rewards()[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learning seat's legal moves, as SB3-contrib's MaskablePPO asks."""
        return self.table.mask(self.seat).astype(bool)  # a new array: the mask itself is read-only

    def _play_opponents(self) -> None:
        table = self.table
        mover = table.mover()
        while mover is not None and mover != self.seat:
            legal = table.state.legal_moves(mover)
            table.play(mover, self.bots[mover].choose(table.info(mover), legal).index)
            mover = table.mover()

    def _observe(self) -> Observation:
        return {self.observation_key: self.table.observation(self.seat), "action_mask": self._mask()}

    def _mask(self) -> Mask:
        """A copy of the table's read-only mask: Gymnasium wants new data in every observation and info."""
        return self.table.mask(self.seat).copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def render(self) -> Any:
        """The spectator's view as text for ``"ansi"`` (typed ``Any``: Gymnasium's ``RenderFrame`` is a
        type variable of its own, which a ``str`` does not match in every Gymnasium release)."""
        return self.table.render(self.render_mode)


def register() -> None:
    """Register every game as ``feint/<game>-v0`` (``gymnasium.make(f"feint/{game}-v0", players=2)``)."""
    for game in declarations():
        env_id = f"feint/{game.name}-v0"
        if game.observation is not None and env_id not in gym.registry:
            gym.register(env_id, entry_point=f"{__name__}:FeintEnv", kwargs={"game": game.name})


register()
