"""The engine's costs per game in two checkouts, measured alternately, against the same-run baseline.

    .venv/bin/python benchmarks/engine_costs.py OLD NEW [--games G] [--rounds R] [--only GAME ...]

OLD and NEW are directories holding a checkout of Feint (``git archive COMMIT | tar -x -C /tmp/old``).
For every game, each round runs one process per tree, in turn, pinned to one core. A process
collects the states of G random games (every fifth state, the same games in both trees), then
times, each right after a short run of the tic-tac-toe baseline (the best of seven passes over
the states for the costs, with the hash seed fixed so that both trees order their sets alike):

- ``view``: ``state.view(viewer)`` for every viewer (each seat and the spectator);
- ``json``: ``view.to_json()`` of those views (the views made beforehand);
- ``clone``: ``state.clone()``;
- ``move``: random games, moves/s.

A cost is written in baseline moves (the time of one call over the time of one tic-tac-toe move),
a speed as moves per baseline move: both move with the code and hardly with the neighbours' load.
It prints each figure's median over the rounds for both trees and NEW/OLD (below 1 is cheaper
for a cost, slower for ``move``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("guile", "knights", "guardians")

_CHILD = """
import json, random, statistics, sys, time
from feint.engine.registry import new_game
game, games = sys.argv[1], int(sys.argv[2])
lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

def baseline(playouts=1000, seed=0):
    chooser, moves, start = random.Random(seed), 0, time.perf_counter()
    for _ in range(playouts):
        board, empty, player = [0] * 9, list(range(9)), 1
        while empty:
            board[empty.pop(chooser.randrange(len(empty)))] = player
            moves += 1
            if any(board[a] == board[b] == board[c] == player for a, b, c in lines):
                break
            player = -player
    return (time.perf_counter() - start) / moves

states = []
for number in range(games):
    chooser, state, moves = random.Random(number), new_game(game, None, number), 0
    while not state.is_over():
        if moves % 5 == 0:
            states.append(state.clone())
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
        moves += 1
pairs = [(s, v) for s in states for v in (None, *range(s.players))]
views = [s.view(v) for s, v in pairs]

def per_call(action, items, repeats=7):
    ratios = []
    for index in range(repeats):
        unit = baseline(300, index)
        start = time.perf_counter()
        for item in items:
            action(item)
        ratios.append((time.perf_counter() - start) / len(items) / unit)
    return min(ratios)

def moves_per_second(first, count):
    decisions, start = 0, time.perf_counter()
    for number in range(first, first + count):
        chooser, state = random.Random(number), new_game(game, None, number)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
            decisions += 1
    return decisions / (time.perf_counter() - start)

out = {}
out["view"] = per_call(lambda p: p[0].view(p[1]), pairs)
out["json"] = per_call(lambda v: v.to_json(), views)
out["clone"] = per_call(lambda s: s.clone(), states)
ratios = []
for index in range(10):
    unit = baseline(500, index)
    ratios.append(moves_per_second(1000 + index * games // 2, max(1, games // 2)) * unit)
out["move"] = statistics.median(ratios)
print(json.dumps(out))
"""


def one_run(tree: Path, game: str, games: int, core: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-c", _CHILD, game, str(games)]
    if hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", str(core), *command]
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path, help="a checkout of the reference version")
    parser.add_argument("new", type=Path, help="a checkout of the version measured")
    parser.add_argument("--games", type=int, default=20, help="random games per run (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree (default 3)")
    parser.add_argument("--only", nargs="*", default=GAMES, help="the games to measure (default all three)")
    parser.add_argument("--core", type=int, default=max(os.sched_getaffinity(0)), help="the core to pin to")
    args = parser.parse_args()
    for tree in (args.old, args.new):
        if not (tree / "feint" / "__init__.py").is_file():
            parser.error(f"{tree} holds no checkout of Feint")
    print(f"{'game':10} {'figure':6} {'old':>10} {'new':>10} {'new/old':>8}")
    for game in args.only:
        trees = (args.old, args.new)
        runs: tuple[list[dict[str, float]], ...] = ([], [])
        for number in range(args.rounds):
            for tree, kept in zip(trees, runs, strict=True):
                kept.append(one_run(tree, game, args.games, args.core))
            print(f"{game}: round {number + 1}/{args.rounds}", file=sys.stderr)
        for figure in ("view", "json", "clone", "move"):
            old, new = (statistics.median(run[figure] for run in kept) for kept in runs)
            print(f"{game:10} {figure:6} {old:10.3f} {new:10.3f} {new / old:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
