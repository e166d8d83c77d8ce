"""Two bots given as specs at 2 seats, each deal played from both seats: whether a setting helps.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/spec_duel.py --game knights \\
        ismcts:hard,keep=100 ismcts:hard --games 100 --seed 9660

Game N (seed S + N // 2) has the first bot in seat N % 2, so each deal is
played from both seats and the deal's luck mostly cancels. Prints each game
as it ends, then the first bot's share and its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from benchmarks.duel import duel
from feint.bots.base import Bot
from feint.bots.registry import check_bot, make_bot
from feint.cli.numbers import whole_number
from feint.engine.errors import SetupError
from feint.engine.registry import declarations
from feint.engine.seeding import bot_seed
from feint.engine.types import Seat


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tested", help="the bot measured, as feint arena --bots takes one")
    parser.add_argument("other", help="the bot it plays")
    parser.add_argument("--game", choices=[d.name for d in declarations()], default="liars_dice")
    parser.add_argument("--games", type=whole_number(1), default=100, help="games, two a deal (default 100)")
    parser.add_argument("--seed", type=whole_number(), default=9900, help="first deal's seed (default 9900)")
    args = parser.parse_args(argv)
    for spec in (args.tested, args.other):
        try:
            check_bot(spec, args.game)
        except SetupError as refused:
            parser.error(str(refused))
    print(f"{args.game}: {args.tested} against {args.other}, 2 seats")
    specs = args.tested, args.other

    def pairing(seed: int, tested: Seat) -> dict[Seat, Bot]:
        return {seat: make_bot(specs[seat != tested], args.game, bot_seed(seed, seat)) for seat in range(2)}

    duel(args.game, args.games, args.seed, pairing, args.tested)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
