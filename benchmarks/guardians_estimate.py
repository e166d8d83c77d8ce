"""Fit the Guardian's Call playout estimate to who wins: its temperatures and where the tally takes over.

    .venv/bin/python benchmarks/guardians_estimate.py [--games 400] [--players 2] [--seed 8000]

Heuristic bots play the games (game seeds S, S+1, ...); after every answered
offer (the playouts' horizon counts one per seat) the spectator's view is
kept, and when the game is over each kept view is scored against its winners
(a shared win counts one over the winners). Prints the mean negative
log-likelihood of the winners under ``guardians_estimate`` for a grid of its
temperature, the temperature a card left adds, and the cards left at which
the tally now and the steady worths count alike, best first, and the
constants in use: the fit is the row to copy into
``feint/games/guardians/search.py``. Zero cards half-way is the tally
alone; the last line is the estimate before the tally, the steady worths alone.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Sequence
from functools import partial

from benchmarks.estimate_fit import Kept, collect
from benchmarks.estimate_fit import loss as winners_loss
from feint.cli.numbers import whole_number
from feint.games.guardians.kinds import Kind
from feint.games.guardians.search import HALF_WAY, TEMPERATURE, TEMPERATURE_PER_CARD
from feint.games.guardians.search import estimate as guardians_estimate

TEMPERATURES = (2.0, 3.0, 4.0, 6.0, 8.0)
PER_CARD = (0.0, 0.2, 0.3, 0.4, 0.5, 0.7)
STEADY_ONLY = 1e9
"""A half-way point no game reaches: the steady worths alone, as the estimate was before the tally."""
HALF_WAYS = (0.0, 5.0, 10.0, 20.0, 40.0, STEADY_ONLY)
ANSWERS = frozenset({Kind.BELIEVE, Kind.DOUBT})
"""The events of an answered offer: the playouts' horizon counts one per seat."""


def loss(kept: Kept, temperature: float, per_card: float, half_way: float) -> float:
    """The winners' mean negative log-likelihood under the estimate."""
    estimate = partial(guardians_estimate, temperature=temperature, per_card=per_card, half_way=half_way)
    return winners_loss(kept, estimate)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=whole_number(1), default=400)
    parser.add_argument("--players", type=whole_number(2), default=2)
    parser.add_argument("--seed", type=whole_number(), default=8000)
    args = parser.parse_args(argv)
    kept = collect("guardians", args.players, args.seed, args.games, ANSWERS)
    grid = itertools.product(TEMPERATURES, PER_CARD, HALF_WAYS)
    fits = sorted((loss(kept, t, c, h), t, c, h) for t, c, h in grid)
    print(f"guardians {args.players} seats, {args.games} heuristic games, {len(kept)} answered offers")
    print("temperature  per card  half-way  loss")
    for value, temperature, per_card, half_way in fits[:10]:
        print(f"{temperature:11.2f}  {per_card:8.2f}  {half_way:8.3g}  {value:.4f}")
    in_use = loss(kept, TEMPERATURE, TEMPERATURE_PER_CARD, HALF_WAY)
    before = loss(kept, 8.0, 0.0, STEADY_ONLY)
    print(f"in use, {TEMPERATURE}, {TEMPERATURE_PER_CARD} and {HALF_WAY}: {in_use:.4f}")
    print(f"before, the steady worths alone at 8.0: {before:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
