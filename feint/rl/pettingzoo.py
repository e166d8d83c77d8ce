"""PettingZoo environments for every Feint game: ``feint.rl.pettingzoo.env(game, players=N)``.

```python
from feint.rl.pettingzoo import env

table = env(game, players=2)  # game: a name from feint.engine.game_names()
table.reset(seed=42)
for agent in table.agent_iter():
    observation, reward, termination, truncation, info = table.last()
    if termination or truncation:
        action = None
    else:  # a random legal move
        action = table.action_space(agent).sample(observation["action_mask"])
    table.step(action)
```

Install with ``pip install 'feint[rl]'``. Each game at each table size
(``players``) and set of ``variants`` is one AEC environment
(``pettingzoo.AECEnv``), with seats ``player_0`` to ``player_{N-1}``.

- Import: ``from feint.rl.pettingzoo import env``
- Actions: ``Discrete(M)``, the game's move table (``M`` moves, each its stable ``move.index``;
  docs/engine.md)
- Observations: ``Dict``: ``"observation"``, ``Box(0, 1, (S,), float32)``, the game's encoding;
  ``"action_mask"``, ``Box(0, 1, (M,), int8)``
- Agents: ``players``, every one with the same spaces
- Rewards: at the end only: the winners share +1, the losers -1 (``rewards="win"``), or each seat's
  score (``rewards="score"``)

Each game's ``M`` and ``S`` at each table size are in docs/learning.md.

**Observation.** A seat's observation is built from its own view and the
events it saw, nothing else: what each index encodes is in each game's
``observation`` module (``feint.games.<game>.observation``; docs/learning.md
collects them). Seats are written from the observer's place (it is seat 0 of
its own observation), so one policy can play every seat. It is built once
per seat and move (asking again before the next move gives the same array)
and is read-only, like the mask: copy it to change it.

**Action mask.** ``observation["action_mask"]`` (and
``info["action_mask"]``, Shimmy's convention) has a 1 at the index of each
legal move of the seat *and only when the seat is to move*: every other seat
gets all zeros (PettingZoo's own Leduc Hold'em hands the acting seat's mask
to the other seat; here a seat never sees another's moves). A mask is
read-only (the observation and ``info`` share it): copy it to change it. For RLlib's
action-masking module, whose observation keys are ``"observations"`` and
``"action_mask"``, pass ``observation_key="observations"``.

**Turns.** The agent to act is ``agent_selection``. Where the rules have
seats choose in secret at once (a draft, a vote: docs/learning.md lists
them), the seats are asked in turn, each seeing only its own choice: the
engine keeps the others hidden until the rules reveal them. The games with
such phases also have a ``parallel_env`` (:mod:`feint.rl.parallel`), where
one step plays every seat to move at once. Out-of-turn
table moves (such as ``sit out``, ``sit in``, ``leave``, ``join``) are for
people at a table: their indices are in the action space (it is the move
table) but never legal here.

**Rewards.** Zero until the game ends; then, with ``rewards="win"``, the
winners share +1 and the losers share -1 (two seats: +1 and -1; one winner
of four: +1 and -1/3 each; a tie the rules leave standing splits the +1;
every seat winning, or none, gives 0), so the rewards sum to zero. With
``rewards="score"`` each seat gets its final score (``Result.scores``). A
game ends by its own rules (a round limit included), so episodes
terminate and are never truncated.

**Illegal actions** raise ``feint.engine.errors.IllegalMove`` (a
``ValueError``) saying why, and change nothing: mask the policy's logits.

**Seeds.** ``reset(seed=s)`` seeds the environment's generator afresh, and
each game's deal is drawn from it: the same seed and actions give the same
episode. ``reset()`` with no seed goes on with the generator.

``render_mode="ansi"`` returns (``"human"`` prints) the spectator's view:
everything public, no seat's secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pettingzoo import AECEnv

from feint.rl.agents import TableAgents
from feint.rl.parallel import parallel_env
from feint.rl.table import RENDER_MODES, Rewards


class FeintAEC(TableAgents, AECEnv):
    """One Feint game at one table, as a PettingZoo AEC environment (see the module's text)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variants: Sequence[str] = (),
        render_mode: str | None = None,
        rewards: Rewards = "win",
        observation_key: str = "observation",
    ) -> None:
        super().__init__()
        self.seat_agents(game, players, variants, render_mode, rewards, observation_key)
        self.metadata = {
            "name": f"feint_{self.table.game}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.deal(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.mover() or 0]
        self._update_masks()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.agent_name_mapping[agent]
        return {self.observation_key: self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is an action only for a seat whose game is over")
        table = self.table
        table.play(self.agent_name_mapping[agent], action)
        self._cumulative_rewards[agent] = 0.0
        mover, mask = table.decision()
        if mover is None:
            final = table.final_rewards()
            self.rewards = {a: final[self.agent_name_mapping[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._update_masks()
            self._accumulate_rewards()  # until the end every reward is 0: nothing to add before
        else:
            # Only two masks can have changed: the seat that moved (now all zeros, unless it is to move
            # again) and the seat to move.
            selected = self.agent_selection = self.possible_agents[mover]
            infos = self.infos
            if selected != agent:
                infos[agent]["action_mask"] = table.no_moves
            infos[selected]["action_mask"] = mask
        if self.render_mode == "human":
            self.render()

    def _update_masks(self) -> None:
        """Every agent's mask in ``infos``."""
        for agent in self.agents:
            self.infos[agent]["action_mask"] = self.table.mask(self.agent_name_mapping[agent])


env = FeintAEC
"""``env(game, players=None, variants=(), render_mode=None, rewards="win", observation_key="observation")``:
the AEC environment of ``game`` at a table of ``players`` (the game's usual table when None) with
``variants``; raises SetupError for a game, table or variant the game has not."""

__all__ = ["FeintAEC", "env", "parallel_env"]
