"""What the estimate-fitting benchmarks share: heuristic self-play viewed at the horizon, and the winners'
loss under an estimate."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Collection, Sequence

from feint.bots.playout import Rewards
from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.engine.state import Seat
from feint.engine.view import View

Kept = Sequence[tuple[View, tuple[Seat, ...]]]
"""Views kept at the horizon, each with the winners of its game."""


def horizon_views(
    game: str, players: int, seed: int, kinds: Collection[str]
) -> tuple[list[View], tuple[Seat, ...]]:
    """The spectator's view after each move that made an event of one of ``kinds``, in one game of
    heuristic bots, and the game's winners."""
    state = new_game(game, players, seed)
    bots = [make_bot("heuristic", game, bot_seed(seed, s)) for s in range(players)]
    infos = [InfoState.of(state, s) for s in range(players)]
    views = []
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        infos[seat].sync(state)
        seq = state.seq
        state.apply(seat, bots[seat].choose(infos[seat], legal) if len(legal) > 1 else legal[0])
        if not state.is_over() and any(e.kind in kinds for e in state.events(None, since=seq)):
            views.append(state.view(None))
    return views, state.result().winners


def collect(game: str, players: int, seed: int, games: int, kinds: Collection[str]) -> Kept:
    """The views at the horizon of ``games`` heuristic games (seeds ``seed``, ``seed + 1``, ...), each with
    its game's winners; progress on stderr every quarter."""
    kept = []
    for number in range(games):
        views, winners = horizon_views(game, players, seed + number, kinds)
        kept += [(view, winners) for view in views]
        if (number + 1) % max(games // 4, 1) == 0:
            print(f"  {number + 1}/{games} games", file=sys.stderr, flush=True)
    return kept


def loss(kept: Kept, estimate: Callable[[View], Rewards]) -> float:
    """The winners' mean negative log-likelihood under ``estimate`` (a shared win counts one over the
    winners)."""
    total = 0.0
    for view, winners in kept:
        shares = estimate(view)
        total -= sum(math.log(max(shares[w], 1e-12)) for w in winners) / max(len(winners), 1)
    return total / len(kept)
