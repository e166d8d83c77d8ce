"""Head-to-head strength: one bot against a field of another, with a 95% Wilson interval.

    .venv/bin/python benchmarks/strength.py GAME BOT FIELD [--players N] [--games G]
        [--variant V ...] [--seed S] [--workers K]

e.g. ``benchmarks/strength.py guardians fixed:truthful heuristic --players 4``.
BOT plays one seat, FIELD every other; BOT's seat moves round the table from
game to game, so every seat position is played equally. A game's winners
share it: BOT scores 1 / (number of winners) when it is among them. The fair
share is 1 / N. Game seeds are S, S+1, ...; each bot is seeded from the bot
stream of its game (``feint.engine.seeding.bot_seed``), never the game's seed,
so the same arguments give the same figures whatever K. The arena
(``feint arena``) will supersede this script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from feint.arena.stats import wilson
from feint.bots.match import play_out, share
from feint.bots.registry import make_bot
from feint.cli.numbers import whole_number
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed


@dataclass(frozen=True)
class Match:
    game: str
    bot: str
    field: str
    players: int
    variants: tuple[str, ...]


def play(match: Match, seed: int) -> float:
    """BOT's share of the game with ``seed``."""
    seat = seed % match.players
    options = {"variants": list(match.variants)} if match.variants else {}
    state = new_game(match.game, match.players, seed, options)
    bots = {
        s: make_bot(match.bot if s == seat else match.field, match.game, bot_seed(seed, s))
        for s in range(match.players)
    }
    play_out(state, bots)
    return share(state, seat)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("bot", help="the bot measured, e.g. ismcts:normal")
    parser.add_argument("field", help="the bot in every other seat, e.g. heuristic")
    parser.add_argument("--players", type=whole_number(2), default=2)
    parser.add_argument("--games", type=whole_number(1), default=200)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--seed", type=whole_number(), default=0)
    parser.add_argument("--workers", type=whole_number(1), default=2)
    args = parser.parse_args(argv)
    match = Match(args.game, args.bot, args.field, args.players, tuple(args.variant))
    seeds = range(args.seed, args.seed + args.games)
    total = 0.0
    with ProcessPoolExecutor(args.workers) as pool:
        for done, share in enumerate(pool.map(play, [match] * len(seeds), seeds), start=1):
            total += share
            if done % 20 == 0 or done == len(seeds):
                print(f"  {done}/{len(seeds)} games", file=sys.stderr, flush=True)
    low, high = wilson(total, len(seeds))
    variants = f" [{', '.join(match.variants)}]" if match.variants else ""
    print(
        f"{match.game}{variants} {match.players} seats: {match.bot} vs {match.field}: "
        f"{total / len(seeds):.3f} over {len(seeds)} games, 95% [{low:.3f}, {high:.3f}], "
        f"fair share {1 / match.players:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
