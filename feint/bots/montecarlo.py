"""Determinized Monte Carlo: a fixed number of sampled playouts a move, the best mean wins.

For every game, through the sampler only: each playout draws a world from the
bot's information (``GameType.sample(info, rng)``), plays one of the legal
moves in it, and plays on at random to the horizon of
:mod:`feint.bots.playout`. The playouts are dealt to the moves in turn, so
each move gets the same number, give or take one. It is the plain baseline
that ISMCTS refines: no tree, and every world is searched as if the bot
could see it. ``montecarlo:playouts=N`` (default 100).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from feint.bots.playout import Playout, draw, scoring_for
from feint.bots.spec import BotSpec
from feint.engine.events import log_events
from feint.engine.info import InfoState
from feint.engine.registry import get_game
from feint.engine.state import Move

PLAYOUTS = 100
SETTINGS = {"playouts": 10_000}
"""The upper limit of ``playouts``: a hundred times the default, like ISMCTS's limit of iterations."""


class MonteCarloBot:
    name = "montecarlo"

    def __init__(self, game: str, seed: int = 0, playouts: int = PLAYOUTS) -> None:
        self._game = get_game(game)
        self._scoring = scoring_for(game)
        self._rng = random.Random(seed)
        self.playouts = playouts

    @classmethod
    def of(cls, spec: BotSpec, game: str, seed: int) -> MonteCarloBot:
        spec.check((), SETTINGS)
        return cls(game, seed, spec.options.get("playouts", PLAYOUTS))

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        # A forced move takes its playouts like any other, so the bot's speed never tells it was forced.
        seat = info.viewer
        assert seat is not None, "a bot plays a seat"
        rng = self._rng
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        for number in range(max(self.playouts, len(legal))):
            which = number % len(legal)
            world = draw(self._game, info, self._scoring, rng)
            playout = Playout(self._scoring, world.players)
            seq = world.seq
            world.apply(seat, legal[which])
            done = playout.passed(world, log_events(world.log, seq))
            rewards = playout.score(world) if done else playout.finish(world, rng)
            totals[which] += rewards[seat]
            counts[which] += 1
        best = max(range(len(legal)), key=lambda i: totals[i] / counts[i])
        return legal[best]
