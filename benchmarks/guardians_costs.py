"""Guardian's Call: view + JSON and clone costs over random 4-seat games, by move number.

    .venv/bin/python benchmarks/guardians_costs.py [GAMES]

Prints, for buckets of move numbers, the median microseconds of one
``view(seat).to_json()`` (each seat and the spectator in turn) and of one
``clone()``, so a cost that grows with the game shows as a rising column.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict

from feint.engine.registry import new_game

BUCKET = 100


def main(games: int) -> None:
    views: dict[int, list[float]] = defaultdict(list)
    clones: dict[int, list[float]] = defaultdict(list)
    for number in range(games):
        chooser = random.Random(number)
        state = new_game("guardians", 4, number)
        move = 0
        while not state.is_over():
            viewer = (None, 0, 1, 2, 3)[move % 5]
            start = time.perf_counter()
            state.view(viewer).to_json()
            views[move // BUCKET].append(time.perf_counter() - start)
            start = time.perf_counter()
            state.clone()
            clones[move // BUCKET].append(time.perf_counter() - start)
            seat = state.to_move()[0]
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
            move += 1
    print("moves      view+JSON µs  clone µs  samples")
    for bucket in sorted(views):
        view = statistics.median(views[bucket]) * 1e6
        clone = statistics.median(clones[bucket]) * 1e6
        print(
            f"{bucket * BUCKET:>4}-{bucket * BUCKET + BUCKET - 1:<4} {view:12.1f} {clone:9.1f} {len(views[bucket]):8}"
        )
    everything = [t for ts in views.values() for t in ts]
    copies = [t for ts in clones.values() for t in ts]
    print(f"all        {statistics.median(everything) * 1e6:12.1f} {statistics.median(copies) * 1e6:9.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
