"""Two ISMCTS bots of one level at 2 seats that differ only in whether the heuristic's move stands unless
clearly beaten (``ismcts:keep=N``, docs/bots.md).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/keep_duel.py [--game knights] [--level normal]
        [--games 100] [--seed 9660] [--keep 100]

One bot keeps the heuristic's move unless another beats it by ``--keep``
hundredths of a standard error, the other plays the best mean. Game N (seed S + N // 2) has
the keeping bot in seat N % 2, so each deal is played from both seats.
Prints each game as it ends, then the keeping bot's share and its 95%
Wilson interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from benchmarks.duel import duel
from feint.bots.base import Bot
from feint.bots.registry import make_bot
from feint.cli.numbers import whole_number
from feint.engine.registry import declarations
from feint.engine.seeding import bot_seed
from feint.engine.types import Seat


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=[d.name for d in declarations()], default="knights")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal")
    parser.add_argument("--games", type=whole_number(1), default=100)
    parser.add_argument("--seed", type=whole_number(), default=9660)
    parser.add_argument("--keep", type=whole_number(), default=100, help="hundredths of a standard error")
    args = parser.parse_args(argv)
    print(f"{args.game} ismcts:{args.level}, keep={args.keep} against the best mean, 2 seats")
    specs = f"ismcts:{args.level},keep={args.keep}", f"ismcts:{args.level}"

    def pairing(seed: int, keeper: Seat) -> dict[Seat, Bot]:
        return {seat: make_bot(specs[seat != keeper], args.game, bot_seed(seed, seat)) for seat in range(2)}

    duel(args.game, args.games, args.seed, pairing, "keeping")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
