"""Two ISMCTS bots of one level at 2-seat Guardian's Call that differ only in their playouts' estimate.

    .venv/bin/python benchmarks/guardians_estimate_duel.py [--level normal] [--games 100] [--seed 9100]

One bot scores its horizon by the estimate in use (the tally blended by the
cards left, ``feint/games/guardians/search.py``), the other by the estimate
before it: the steady worths alone at a temperature of 8 (less its double
count of Treasures and VP tokens). Game N (seed S + N // 2) has the estimate
in use in seat N % 2, so each deal is played from both seats. Prints the
share of the bot with the estimate in use and its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from unittest import mock

from benchmarks.duel import duel
from feint.bots.base import Bot
from feint.bots.registry import make_bot
from feint.cli.numbers import whole_number
from feint.engine.seeding import bot_seed
from feint.engine.types import Seat
from feint.games.guardians.search import SCORING, estimate

BEFORE = replace(SCORING, estimate=partial(estimate, temperature=8.0, per_card=0.0, half_way=1e9))
"""The scoring before the tally: a half-way point no game reaches leaves the steady worths alone."""


def bot(level: str, seed: int, before: bool) -> Bot:
    """``ismcts:level``, scoring its playouts by the estimate before if ``before``."""
    if not before:
        return make_bot(f"ismcts:{level}", "guardians", seed)
    with mock.patch("feint.bots.ismcts.scoring_for", lambda game: BEFORE):
        return make_bot(f"ismcts:{level}", "guardians", seed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal")
    parser.add_argument("--games", type=whole_number(1), default=100)
    parser.add_argument("--seed", type=whole_number(), default=9100)
    args = parser.parse_args(argv)
    print(f"ismcts:{args.level}, the estimate in use against the one before, 2 seats")

    def pairing(seed: int, now: Seat) -> dict[Seat, Bot]:
        return {seat: bot(args.level, bot_seed(seed, seat), before=seat != now) for seat in range(2)}

    duel("guardians", args.games, args.seed, pairing, "the estimate in use")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
