"""Flat determinized Monte Carlo: no tree, every legal move played out in sampled worlds, the best mean wins.

For every game, through the sampler only: each step draws a world from the
bot's information with the entry point ISMCTS uses
(:func:`feint.bots.playout.draw`: ``GameType.sample(info, rng)`` and the
game's opponent model), then plays every legal move in a copy of it on the
same random stream (:func:`~feint.bots.playout.compare_moves`) and on to
the end of the game, at random (``montecarlo``) or with every seat played
by the game's heuristic from its own information in the world
(``montecarlo:heuristic``). The move with the best mean result is played.
It is the plain baseline ISMCTS must beat at equal time: no tree, no
horizon or estimate, every world searched as if the bot could see it.
``montecarlo:horizon=1`` stops each playout at the game's horizon instead
and scores it by the game's estimate, as ISMCTS does
(:mod:`feint.bots.playout`): in a long game a clearer signal than random
moves played to its end (docs/bots.md).

Budget: ``playouts=N`` playouts a decision (default 100, rounded up to
whole worlds: a world plays every legal move once; deterministic), or
``ms=N`` milliseconds of wall-clock time (not repeatable), at least one
world either way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from feint.bots.base import Bot
from feint.bots.ismcts import Budget
from feint.bots.playout import TO_THE_END, Playout, Start, compare_moves, draw, play_by_policy, scoring_for
from feint.bots.spec import BotSpec
from feint.engine.errors import SetupError
from feint.engine.events import log_events
from feint.engine.info import InfoState
from feint.engine.registry import get_game
from feint.engine.state import GameState, Move, Seat
from feint.engine.words import Phrase

PLAYOUTS = 100
POLICIES = ("random", "heuristic")
"""How the playouts are played: ``montecarlo:random`` (plain ``montecarlo``) or ``montecarlo:heuristic``."""
BUDGETS = frozenset({"playouts", "ms"})
SETTINGS = {"playouts": 10_000, "ms": 10_000, "horizon": 1}
"""Each setting's upper limit: a hundred times the default playouts, like ISMCTS's limit of iterations;
ten seconds, like ISMCTS's (the server's limit for one decision is 15 s); the horizon on or not."""


class MonteCarloBot:
    name = "montecarlo"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        budget: Budget | None = None,
        policy: Callable[[int], Bot] | None = None,
        horizon: bool = False,
    ) -> None:
        self._game: type[GameState] = get_game(game)
        self._scoring = scoring_for(game)
        """The game's opponent model for the sampler, and its horizon if ``horizon``."""
        self._playouts = self._scoring if horizon else TO_THE_END
        """Where a playout stops and how it is scored: the end of the game, or the game's horizon."""
        self._rng = random.Random(seed)
        self.budget = budget or Budget(iterations=PLAYOUTS)
        self.policy = policy
        """Makes, from a seed, the bot every seat plays the playouts by; None: random moves."""
        self.playouts = 0
        """Playouts run for the last decision."""

    @classmethod
    def of(cls, spec: BotSpec, game: str, seed: int, heuristic: Callable[[int], Bot] | None) -> MonteCarloBot:
        """The bot ``spec`` asks for; ``heuristic`` is the game's, for ``montecarlo:heuristic``."""
        spec.check(POLICIES, SETTINGS)
        options = spec.options
        if len(options.keys() & BUDGETS) > 1:
            raise SetupError("give montecarlo one budget: playouts=N or ms=N")
        if spec.level == "heuristic" and heuristic is None:
            raise SetupError(
                Phrase(
                    "montecarlo:heuristic plays its playouts by the heuristic, and {game!r} has none",
                    game=game,
                )
            )
        budget = (
            Budget(millis=options["ms"])
            if "ms" in options
            else Budget(iterations=options.get("playouts", PLAYOUTS))
        )
        policy = heuristic if spec.level == "heuristic" else None
        return cls(game, seed, budget, policy, bool(options.get("horizon")))

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        # A forced move takes its playouts like any other, so the bot's speed never tells it was forced.
        seat = info.viewer
        assert seat is not None, "a bot plays a seat"
        totals: dict[int, float] = {}
        counts: dict[int, int] = {}
        players = 0

        def step() -> int:
            nonlocal players
            world = draw(self._game, info, self._scoring, self._rng)
            players = world.players

            def play(world: GameState, move: Move, rng: random.Random, start: Start) -> float:
                return self._play_out(world, seat, move, rng, start)

            rewards = compare_moves(world, seat, play, self._rng)
            for index, reward in rewards.items():
                totals[index] = totals.get(index, 0.0) + reward
                counts[index] = counts.get(index, 0) + 1
            return len(rewards)

        self.playouts = self.budget.spend(step, lambda: players)
        return max(legal, key=lambda move: totals.get(move.index, -math.inf) / counts.get(move.index, 1))

    def _play_out(self, world: GameState, seat: Seat, move: Move, rng: random.Random, start: Start) -> float:
        """``seat``'s reward for ``move`` in ``world``, played on at random or by the policy."""
        playout = Playout(self._playouts, world.players)
        if self.policy is not None:
            return play_by_policy(world, seat, move, self.policy, playout, rng, start)[seat]
        seq = world.seq
        world.apply(seat, move)
        done = playout.passed(world, log_events(world.log, seq))
        return (playout.score(world) if done else playout.finish(world, rng))[seat]
