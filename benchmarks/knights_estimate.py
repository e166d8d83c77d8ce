"""Fit the Knights playout estimate to who wins: its temperature and a token's worth in places.

    .venv/bin/python benchmarks/knights_estimate.py [--games 1500] [--players 2] [--seed 10000]

Heuristic bots play the games (game seeds S, S+1, ...); at the end of every
round, the playouts' horizon, the spectator's view is kept, and when the game
is over each kept view is scored against its winners (a shared win counts
one over the winners). Prints the mean negative log-likelihood of the
winners under ``knights_estimate``'s softmax for a grid of temperatures and
token worths, best first, and the constants in use: the fit is the row to
copy into ``feint/games/knights/search.py``.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from feint.bots.registry import make_bot
from feint.cli.numbers import whole_number
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.engine.state import Seat
from feint.engine.view import View
from feint.games.knights.search import TEMPERATURE as KNIGHTS_TEMPERATURE
from feint.games.knights.search import TOKEN_PLACES as KNIGHTS_TOKEN_PLACES
from feint.games.knights.search import estimate as knights_estimate

TEMPERATURES = (1.0, 1.5, 2.0, 2.25, 2.5, 2.75, 3.0, 3.5, 4.0)
TOKEN_PLACES = (0.3, 0.6, 1.0, 1.25, 1.5)


def round_ends(players: int, seed: int) -> tuple[list[View], tuple[Seat, ...]]:
    """The spectator's view at the end of each round of one heuristic game, and its winners."""
    state = new_game("knights", players, seed)
    bots = [make_bot("heuristic", "knights", bot_seed(seed, s)) for s in range(players)]
    infos = [InfoState.of(state, s) for s in range(players)]
    views = []
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        infos[seat].sync(state)
        seq = state.seq
        state.apply(seat, bots[seat].choose(infos[seat], legal) if len(legal) > 1 else legal[0])
        if not state.is_over() and any(e.kind == "round" for e in state.events(None, since=seq)):
            views.append(state.view(None))
    return views, state.result().winners


def loss(kept: Sequence[tuple[View, tuple[Seat, ...]]], temperature: float, token_places: float) -> float:
    """The winners' mean negative log-likelihood under the softmax estimate."""
    total = 0.0
    for view, winners in kept:
        shares = knights_estimate(view, temperature, token_places)
        total -= sum(math.log(max(shares[w], 1e-12)) for w in winners) / max(len(winners), 1)
    return total / len(kept)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=whole_number(1), default=1500)
    parser.add_argument("--players", type=whole_number(2), default=2)
    parser.add_argument("--seed", type=whole_number(), default=10000)
    args = parser.parse_args(argv)
    kept = []
    for number in range(args.games):
        views, winners = round_ends(args.players, args.seed + number)
        kept += [(view, winners) for view in views]
        if (number + 1) % 250 == 0:
            print(f"  {number + 1}/{args.games} games", file=sys.stderr, flush=True)
    fits = sorted((loss(kept, t, p), t, p) for t in TEMPERATURES for p in TOKEN_PLACES)
    print(f"knights {args.players} seats, {args.games} heuristic games, {len(kept)} round ends")
    print("temperature  token places  loss")
    for value, temperature, places in fits[:8]:
        print(f"{temperature:11.2f}  {places:12.2f}  {value:.4f}")
    in_use = loss(kept, KNIGHTS_TEMPERATURE, KNIGHTS_TOKEN_PLACES)
    before = loss(kept, 1.5, 0.3)
    print(f"in use, {KNIGHTS_TEMPERATURE} and {KNIGHTS_TOKEN_PLACES}: {in_use:.4f}")
    print(f"before, 1.5 and 0.3: {before:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
