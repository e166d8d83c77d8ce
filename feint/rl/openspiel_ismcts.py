"""OpenSpiel's Python ISMCTS as a Feint bot, to measure Feint's own search against it.

:class:`OpenSpielIsmcts` plays a Feint seat through :mod:`feint.rl.openspiel`
and sees what every Feint bot sees, the seat's :class:`InfoState`, never the
state: each decision it draws a world from that information with the game's
sampler (``GameState.sample``) and hands OpenSpiel's ``ISMCTSBot`` that world
as its root, so the root it is given holds no real hidden card. Its every
simulation redraws the root again (``resample_from_infostate``, the game's
sampler from the seat's information in that world), as OpenSpiel's search does.

Budgets: a number of simulations (repeatable: the same seed and information
give the same move), or a deadline in milliseconds, measured as Feint's
``ismcts:ms=N`` measures it: from the start of the decision, one more
simulation while the time is not spent (:class:`TimedIsmcts`).

Evaluators: OpenSpiel's ``mcts.RandomRolloutEvaluator`` (random moves to the
end of the game), or :class:`HeuristicEvaluator`, the game's heuristic bot
playing every seat from that seat's information in the simulated world to
the horizon of Feint's own playouts, scored by the game's estimate.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from feint.bots.base import Bot
from feint.bots.playout import Playout, Rewards, scoring_for
from feint.bots.registry import heuristic_of
from feint.engine.errors import SetupError
from feint.engine.events import log_events
from feint.engine.info import InfoState
from feint.engine.registry import declaration, get_game
from feint.engine.state import GameState, Move
from feint.engine.types import Seat
from feint.rl.openspiel import FeintSpielGame, FeintSpielState, World

UCT_C = 2.0
"""OpenSpiel's exploration constant for returns in -1..1, as in its own ISMCTS examples and tests."""


class TimedIsmcts(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot``, its search cut by a deadline as well as by ``max_simulations``.

    ``run_search`` is OpenSpiel's own, line for line, but for the loop: it runs
    simulations until ``max_simulations`` (None: no limit) or until the
    deadline (:attr:`deadline`, a ``time.perf_counter()`` value; None: none),
    at least until the root has a visit (the first simulation only evaluates
    the root, and OpenSpiel's final policy asserts a visit). Nodes are keyed by
    the seat's ``information_state_key``, the same information as OpenSpiel's
    ``information_state_string`` (equal exactly when the strings are) at a
    fraction of the cost.
    """

    def __init__(self, game: FeintSpielGame, evaluator: Any, simulations: int | None, seed: int) -> None:
        super().__init__(game, evaluator, UCT_C, simulations, random_state=np.random.RandomState(seed))
        self.deadline: float | None = None
        self.simulations = 0
        """Simulations run for the last search."""

    def get_state_key(self, state: FeintSpielState) -> tuple[int, Any]:
        seat = state.current_player()
        return seat, state.information_state_key(seat)

    def run_search(self, state: FeintSpielState) -> list[tuple[int, float]]:
        self.reset()
        self.simulations = 0
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_infostate_key = self.get_state_key(state)
        limit, deadline = self._max_simulations, self.deadline
        while True:
            sampled_root_state = self.sample_root_state(state)
            assert root_infostate_key == self.get_state_key(sampled_root_state)
            self.run_simulation(sampled_root_state)
            self.simulations += 1
            if self._root_node.total_visits <= 0:
                continue  # the first simulation only evaluates the root: OpenSpiel's policy needs a visit
            if limit is not None and self.simulations >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


class HeuristicEvaluator(mcts.Evaluator):
    """The game's heuristic bot plays a simulated world on, every seat from its own information in it.

    It plays to the horizon of Feint's playouts (the end of a round) and
    scores the world by the game's estimate there, as Feint's ISMCTS does with
    its heuristic playouts (``feint.bots.playout``), each seat's share of the
    win made an OpenSpiel return: the expected reward of :func:`win_rewards`
    for a single winner drawn by the shares. The prior is uniform, as
    ``RandomRolloutEvaluator``'s.
    """

    def __init__(self, game: str, seed: int) -> None:
        heuristic = heuristic_of(declaration(game))
        if heuristic is None:
            raise SetupError(f"{game!r} has no heuristic to evaluate with")
        self._heuristic = heuristic
        self._scoring = scoring_for(game)
        self._rng = random.Random(seed)

    def evaluate(self, state: FeintSpielState) -> np.ndarray:
        world = state.feint.clone()
        return returns_of(self._play_out(world), world.players)

    def prior(self, state: FeintSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]

    def _play_out(self, world: GameState) -> Rewards:
        playout = Playout(self._scoring, world.players)
        bots: dict[Seat, tuple[Bot, InfoState]] = {}
        while not world.is_over():
            seat = world.to_move()[0]
            legal = world.legal_moves(seat)
            move = legal[0]
            if len(legal) > 1:
                if seat not in bots:
                    bots[seat] = (self._heuristic(self._rng.getrandbits(32)), InfoState.of(world, seat))
                bot, info = bots[seat]
                info.sync(world)
                move = bot.choose(info, legal)
            seq = world.seq
            world.apply(seat, move)
            if playout.passed(world, log_events(world.log, seq)):
                break
        return playout.score(world)


def returns_of(shares: Rewards, players: int) -> np.ndarray:
    """Each seat's expected OpenSpiel return (+1 to a lone winner, -1 shared by the losers) for shares of
    the win that are each seat's chance of being that winner: ``(n * share - 1) / (n - 1)``."""
    return np.array([(players * share - 1) / (players - 1) for share in shares])


class OpenSpielIsmcts:
    """A Feint bot searching by OpenSpiel's ISMCTS from its seat's information only (see the module)."""

    def __init__(
        self,
        game: FeintSpielGame,
        evaluator: Any,
        seed: int = 0,
        simulations: int | None = None,
        millis: int | None = None,
    ) -> None:
        if simulations is None and millis is None:
            raise SetupError("give the OpenSpiel search simulations or milliseconds")
        self.name = "openspiel-ismcts"
        self._game = game
        self._cls: type[GameState] = get_game(game.feint_name)
        self._rng = random.Random(seed)
        self._millis = millis
        self.search = TimedIsmcts(game, evaluator, simulations, seed)
        # Its own resampler draws from an unseeded sampler: this one draws from the bot's generator.
        self.search.set_resampler(lambda state, seat: state.resample_from_infostate(seat, self._rng.random))

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        start = time.perf_counter()
        seat = info.viewer
        assert seat is not None, "a bot plays a seat"
        millis = self._millis
        self.search.deadline = None if millis is None else start + millis / 1000
        root = FeintSpielState(self._game, 0, World(self._cls.sample(info, self._rng)))
        assert root.current_player() == seat, "the world drawn has the seat to move"
        action = self.search.step(root)
        return next(move for move in legal if move.index == action)
