"""Two ISMCTS bots of one level at 2-seat Guardian's Call that differ only in their playouts' estimate.

    .venv/bin/python benchmarks/guardians_estimate_duel.py [--level easy] [--games 100] [--seed 9100]

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

from feint.arena.stats import wilson
from feint.bots.base import Bot
from feint.bots.match import play_out, share
from feint.bots.registry import make_bot
from feint.cli.numbers import whole_number
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
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
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="easy")
    parser.add_argument("--games", type=whole_number(1), default=100)
    parser.add_argument("--seed", type=whole_number(), default=9100)
    args = parser.parse_args(argv)
    won = 0.0
    for number in range(args.games):
        seed = args.seed + number // 2
        now = number % 2
        state = new_game("guardians", 2, seed)
        bots = {seat: bot(args.level, bot_seed(seed, seat), before=seat != now) for seat in range(2)}
        play_out(state, bots)
        won += share(state, now)
        print(
            f"game {number + 1}: seed {seed}, in use in seat {now}, its share {share(state, now)}", flush=True
        )
    low, high = wilson(won, args.games)
    print(f"ismcts:{args.level}, the estimate in use against the one before, 2 seats, seeds {args.seed} on")
    print(f"share {won / args.games:.3f} [{low:.3f}, {high:.3f}] of {args.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
