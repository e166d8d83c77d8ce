"""ISMCTS speed: iterations per second and time per move, for each game at 2 and 4 seats.

    .venv/bin/python benchmarks/ismcts.py [--games 3] [--moves M] [--levels easy,normal,hard] [--seed 0]

One ISMCTS seat plays against heuristic bots in every other seat, the seat
moving round the table from game to game; every decision with more than one
legal move is timed, up to M of them for each table and level (the rest of the game is
played by the heuristic in that seat). Prints, per game, table size and
level: decisions timed, mean and slowest time per move, and iterations per
second (in Knights and Guardian's Call, playouts: docs/bots.md), with the
machine's load average, which slows every figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence

from feint.bots.ismcts import IsmctsBot
from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed

TABLES = (("guile", 2), ("knights", 2), ("knights", 4), ("guardians", 2), ("guardians", 4))


def measure(
    game: str, players: int, level: str, games: int, seed: int, most: int | None
) -> tuple[list[float], int]:
    """The time of each searched decision, and the iterations run in all."""
    times: list[float] = []
    iterations = 0
    for number in range(games):
        searcher = number % players
        state = new_game(game, players, seed + number)
        bots = {s: make_bot("heuristic", game, bot_seed(seed + number, s)) for s in range(players)}
        ismcts = make_bot(f"ismcts:{level}", game, bot_seed(seed + number, searcher))
        assert isinstance(ismcts, IsmctsBot)
        infos = {s: InfoState.of(state, s) for s in range(players)}
        while not state.is_over():
            seat = state.to_move()[0]
            info = infos[seat]
            info.sync(state)
            legal = state.legal_moves(seat)
            if seat != searcher or (most is not None and len(times) >= most):
                state.apply(seat, bots[seat].choose(info, legal))
                continue
            start = time.perf_counter()
            move = ismcts.choose(info, legal)
            if len(legal) > 1:
                times.append(time.perf_counter() - start)
                iterations += ismcts.iterations
            state.apply(seat, move)
        print(f"  {game} {players} seats {level}: game {number + 1}/{games} done", file=sys.stderr)
    return times, iterations


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per game, table size and level")
    parser.add_argument("--levels", default="easy,normal,hard", help="comma-separated ISMCTS levels")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument("--moves", type=int, help="time at most this many decisions per table and level")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'game':<10} {'seats':>5} {'level':<7} {'moves':>6} {'mean s':>7} {'max s':>6} {'iter/s':>7}")
    for game, players in TABLES:
        for level in args.levels.split(","):
            times, iterations = measure(game, players, level, args.games, args.seed, args.moves)
            total = sum(times)
            print(
                f"{game:<10} {players:>5} {level:<7} {len(times):>6} {statistics.fmean(times):>7.3f} "
                f"{max(times):>6.3f} {iterations / total:>7.0f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
