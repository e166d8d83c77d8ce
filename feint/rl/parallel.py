"""PettingZoo parallel environments for the games with simultaneous phases: ``parallel_env(game, players=N)``.

```python
from feint.rl.parallel import parallel_env

table = parallel_env(game)  # a game whose seats may choose at once (docs/learning.md)
observations, infos = table.reset(seed=42)
while table.agents:
    actions = {  # a random legal move for each seat to move (the others' are ignored)
        agent: table.action_space(agent).sample(infos[agent]["action_mask"]) for agent in table.agents
    }
    observations, rewards, terminations, truncations, infos = table.step(actions)
```

Install with ``pip install 'feint[rl]'``. Each game that declares
simultaneous phases (``SIMULTANEOUS``: a draft, a vote; docs/learning.md
lists them), at each table size and set of variants, is one parallel
environment (``pettingzoo.ParallelEnv``), with seats ``player_0`` to
``player_{N-1}``. Any other game is refused with ``SetupError``: every one
of its decisions is a single seat's, so a parallel step would only be the
AEC step of :mod:`feint.rl.pettingzoo` with a dict around it.

- Import: ``from feint.rl.parallel import parallel_env``
- Actions, observations, agents and rewards: as in :mod:`feint.rl.pettingzoo` (``Discrete(M)``, the
  move table; a ``Dict`` of ``"observation"``, ``Box(0, 1, (S,), float32)``, and ``"action_mask"``,
  ``Box(0, 1, (M,), int8)``)

**A step.** The seats to move are those the rules name (``to_move()``): in a
simultaneous phase, every seat still to choose in secret; otherwise the one
seat whose turn it is. Each step plays one action of each of them (where a
seat makes several secret choices in a phase, one each a step: the AEC
environment may ask one seat for all of its choices before the next, the
rules allow both). The action of a seat not to move is ignored, whatever it
is, and may be left out (PettingZoo's parallel API has every live agent give
one: ``Discrete.sample`` with that seat's all-zero mask gives 0). The
movers' actions are all checked before any is played: an illegal one raises
``feint.engine.errors.IllegalMove`` (an index outside the move table
``NotationError``, a missing one ``ValueError``; all are ``ValueError``)
saying why, and nothing changes. Then they are played in seat order, the
engine keeping each secret choice hidden until the rules reveal it (a vote
shows every vote together; a card laid face-down shows the others only that
it was laid), so what a seat observes after the step is only what the rules
showed it.

**Observation and mask.** Every live agent gets its observation and
``info["action_mask"]`` after each step (and ``reset``). The observation is
the same encoding of the same seat's view and events as the AEC
environment's, from the observer's place (docs/learning.md). The mask has a 1
at each legal move of a seat to move, all seats choosing at once included,
and is all zeros for every other seat. A mask is read-only (the observation
and ``info`` share it): copy it to change it. ``observation_key="observations"``
names the encoding as RLlib's action-masking module reads it.

**Rewards and the end.** Zero until the game ends; then each seat's reward as
in the AEC environment (``rewards="win"``: the winners share +1, the losers
-1; ``rewards="score"``: each seat's final score), every agent is
terminated (never truncated), and ``agents`` is empty.

**Seeds.** ``reset(seed=s)`` seeds the environment's generator afresh, and
each game's deal is drawn from it: the same seed and actions give the same
episode. ``reset()`` with no seed goes on with the generator.

``render_mode="ansi"`` returns (``"human"`` prints, after every step) the
spectator's view: everything public, no seat's secrets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pettingzoo import ParallelEnv

from feint.engine.errors import IllegalMove, SetupError
from feint.engine.registry import declaration
from feint.engine.types import Seat
from feint.rl.agents import TableAgents
from feint.rl.table import RENDER_MODES, Mask, Rewards


class FeintParallel(TableAgents, ParallelEnv):
    """One Feint game with simultaneous phases at one table, as a PettingZoo parallel environment (see
    the module's text)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variants: Sequence[str] = (),
        render_mode: str | None = None,
        rewards: Rewards = "win",
        observation_key: str = "observation",
    ) -> None:
        declared = declaration(game)
        if not declared.state.SIMULTANEOUS:
            raise SetupError(
                f"{declared.title} has no simultaneous phase, so no parallel environment: every decision "
                "is one seat's; play it with feint.rl.pettingzoo.env"
            )
        self.seat_agents(game, players, variants, render_mode, rewards, observation_key)
        self.metadata = {"name": f"feint_{self.table.game}_v0", "render_modes": list(RENDER_MODES)}
        self._masks: dict[Seat, Mask] = {}
        """The mask of each seat to move now, by seat, in seat order."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self.deal(seed)
        return self._observe(self.agents)

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise ValueError("the game is over: reset deals the next one")
        # Every action is checked before any is played; choices made at once do not depend on one
        # another (each seat chooses from its own hand or vote), so each stays legal after the others'.
        chosen = [(seat, self._checked(seat, actions)) for seat in self._masks]
        for seat, action in chosen:
            self.table.play(seat, action)
        live = self.agents
        observations, infos = self._observe(live)
        over = self.table.state.is_over()
        if over:
            final = self.table.final_rewards()
            rewards = {agent: final[self.agent_name_mapping[agent]] for agent in live}
            self.agents = []
        else:
            rewards = dict.fromkeys(live, 0.0)
        if self.render_mode == "human":
            self.render()
        return observations, rewards, dict.fromkeys(live, over), dict.fromkeys(live, False), infos

    def _checked(self, seat: Seat, actions: Mapping[str, Any]) -> int:
        """The action of ``seat``, a seat to move, once known legal; raises ValueError (IllegalMove for a
        move the rules do not allow now) otherwise."""
        agent = self.possible_agents[seat]
        action = actions.get(agent)
        if action is None:
            raise ValueError(f"{agent} is to move: its action is missing")
        state = self.table.state
        move = state.move_from_index(int(action))
        if not self._masks[seat][move.index]:
            raise IllegalMove(str(move), state.explain_illegal(seat, move))
        return move.index

    def _observe(self, agents: Iterable[str]) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Each agent's observation and info, the masks of the seats to move worked out anew."""
        state = self.table.state
        movers = () if state.is_over() else sorted(state.to_move())
        self._masks = {seat: self.table.legal_mask(seat) for seat in movers}
        observations: dict[str, dict[str, Any]] = {}
        infos: dict[str, dict[str, Any]] = {}
        for agent in agents:
            seat = self.agent_name_mapping[agent]
            mask = self._masks.get(seat, self.table.no_moves)
            observations[agent] = {self.observation_key: self.table.observation(seat), "action_mask": mask}
            infos[agent] = {"action_mask": mask}
        return observations, infos


parallel_env = FeintParallel
"""``parallel_env(game, players=None, variants=(), render_mode=None, rewards="win",
observation_key="observation")``: the parallel environment of ``game`` (a game with simultaneous phases)
at a table of ``players`` (the game's usual table when None) with ``variants``; raises SetupError for a
game without simultaneous phases, or a table or variant the game has not."""
