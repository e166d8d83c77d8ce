"""What the two PettingZoo environments of a table share: its seats as agents, their spaces, rendering.

:class:`~feint.rl.pettingzoo.FeintAEC` and :class:`~feint.rl.parallel.FeintParallel` differ in how a
step plays; the table they are made from, the agent of each seat, the spaces (every seat the same),
the seeded generator and the spectator's rendering are this one piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from feint.rl.table import Rewards, Table, check_render_mode


class TableAgents:
    """A mixin: the table, seats ``player_0`` to ``player_{N-1}``, and their spaces."""

    metadata: dict[str, Any]

    def seat_agents(
        self,
        game: str,
        players: int | None,
        variants: Sequence[str],
        render_mode: str | None,
        rewards: Rewards,
        observation_key: str,
    ) -> None:
        """Make the table (refusing a bad game, table, variant or render mode) and its agents."""
        check_render_mode(render_mode)
        self.table = Table(game, players, variants, rewards)
        self.render_mode = render_mode
        self.observation_key = observation_key
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = self.table.observation_space(observation_key)
        action: spaces.Space[Any] = spaces.Discrete(self.table.moves)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self.agents: list[str] = []
        self._rng: np.random.Generator | None = None

    def deal(self, seed: int | None) -> None:
        """The next game: ``seed`` seeds the generator afresh; None goes on with it."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.table.deal(self._rng)
        self.agents = self.possible_agents[:]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release: a table holds no file, process or window."""
