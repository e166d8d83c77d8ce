"""Random-game speed of two checkouts of Feint, measured alternately on one core.

    .venv/bin/python benchmarks/compare_trees.py OLD NEW GAME [--players N] [--games G] [--rounds R]

OLD and NEW are directories holding a checkout (``git worktree add /tmp/old
a2a95f1``). Each round runs one process per tree, in turn, pinned to one
core; a process plays G random games in 20 slices, each slice after a short
run of the tic-tac-toe baseline, and reports the median of the slices'
ratios (game moves/s over baseline moves/s). The game code is the tree's own;
the slicing and the baseline are this script's, so both trees are timed by
the same harness. It prints each tree's median over the rounds and NEW/OLD.
The load on a shared machine comes in bursts of seconds that slow the two
workloads unequally; the medians keep one burst from moving the figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

_SLICES = 20

_CHILD = """
import random, statistics, sys, time
from feint.engine.registry import new_game
game, players, games, slices = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

def baseline(playouts, seed):
    chooser, moves, start = random.Random(seed), 0, time.perf_counter()
    for _ in range(playouts):
        board, empty, player = [0] * 9, list(range(9)), 1
        while empty:
            board[empty.pop(chooser.randrange(len(empty)))] = player
            moves += 1
            if any(board[a] == board[b] == board[c] == player for a, b, c in lines):
                break
            player = -player
    return moves / (time.perf_counter() - start)

def games_rate(first, count):
    decisions, start = 0, time.perf_counter()
    for number in range(first, first + count):
        chooser, state = random.Random(number), new_game(game, players, number)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
            decisions += 1
    return decisions / (time.perf_counter() - start)

games_rate(10_000, 5)
ratios = []
for index in range(slices):
    first, count = games * index // slices, games * (index + 1) // slices - games * index // slices
    reference = baseline(1000, index)
    ratios.append(games_rate(first, count) / reference)
print(statistics.median(ratios))
"""


def one_run(tree: Path, game: str, players: int, games: int, core: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-c", _CHILD, game, str(players), str(games), str(_SLICES)]
    if hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", str(core), *command]
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True)
    return float(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path, help="a checkout of the reference version")
    parser.add_argument("new", type=Path, help="a checkout of the version measured")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300, help="random games per run (default 300)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each tree (default 5)")
    parser.add_argument("--core", type=int, default=max(os.sched_getaffinity(0)), help="the core to pin to")
    args = parser.parse_args()
    for tree in (args.old, args.new):
        if not (tree / "feint" / "__init__.py").is_file():
            parser.error(f"{tree} holds no checkout of Feint")
    runs: dict[Path, list[float]] = {args.old: [], args.new: []}
    for number in range(args.rounds):
        for tree in (args.old, args.new):
            runs[tree].append(one_run(tree, args.game, args.players, args.games, args.core))
        print(f"round {number + 1}/{args.rounds}", file=sys.stderr)
    old, new = (statistics.median(runs[tree]) for tree in (args.old, args.new))
    for label, tree, value in (("old", args.old, old), ("new", args.new, new)):
        print(f"{label} {tree}: ratio {value:.4f}  (runs {' '.join(f'{r:.4f}' for r in runs[tree])})")
    print(f"{args.game}, {args.players} seats: new/old {new / old:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
