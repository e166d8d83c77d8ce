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
from collections.abc import Sequence
from functools import partial

from benchmarks.estimate_fit import Kept, collect
from benchmarks.estimate_fit import loss as winners_loss
from feint.cli.numbers import whole_number
from feint.games.knights.search import TEMPERATURE as KNIGHTS_TEMPERATURE
from feint.games.knights.search import TOKEN_PLACES as KNIGHTS_TOKEN_PLACES
from feint.games.knights.search import estimate as knights_estimate

TEMPERATURES = (1.0, 1.5, 2.0, 2.25, 2.5, 2.75, 3.0, 3.5, 4.0)
TOKEN_PLACES = (0.3, 0.6, 1.0, 1.25, 1.5)
ROUND = frozenset({"round"})
"""The event that ends a round: the playouts' horizon."""


def loss(kept: Kept, temperature: float, token_places: float) -> float:
    """The winners' mean negative log-likelihood under the softmax estimate."""
    return winners_loss(kept, partial(knights_estimate, temperature=temperature, token_places=token_places))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=whole_number(1), default=1500)
    parser.add_argument("--players", type=whole_number(2), default=2)
    parser.add_argument("--seed", type=whole_number(), default=10000)
    args = parser.parse_args(argv)
    kept = collect("knights", args.players, args.seed, args.games, ROUND)
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
