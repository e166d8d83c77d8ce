"""Liar's Dice decisions/s, Feint's ``openspiel`` variant against OpenSpiel's C++ ``liars_dice``, one run.

The same game on both sides (two seats, the same dice per seat, 6s wild, one
bidding round): random playouts, each move drawn uniformly from the legal
moves by the same Python loop, in slices that alternate between the two so
that both see the same load, pinned to one core. A decision is a seat's move;
OpenSpiel's die rolls (chance nodes) are drawn with ``random`` and not
counted, Feint's are rolled inside the game. Needs ``open_spiel`` (the
``compare`` extra); not run in CI.

    .venv/bin/python benchmarks/liars_dice_vs_openspiel.py [SLICES] [SECONDS_PER_SLICE] [DICE...]
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

from feint.engine.registry import new_game

Run = Callable[[float], tuple[int, float]]


def feint_playouts(dice: int) -> Run:
    seed = 0
    options = {"variants": ["openspiel"], "dice": dice}

    def run(budget: float) -> tuple[int, float]:
        nonlocal seed
        decisions = 0
        chooser = random.Random(seed)
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = new_game("liars_dice", 2, seed, options)
            seed += 1
            while not state.is_over():
                seat = state.to_move()[0]
                state.apply(seat, chooser.choice(state.legal_moves(seat)))
                decisions += 1
        return decisions, time.perf_counter() - start

    return run


def openspiel_playouts(dice: int) -> Run:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("liars_dice", {"numdice": dice})
    chooser = random.Random(0)

    def run(budget: float) -> tuple[int, float]:
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(chooser.randrange(6))
                else:
                    state.apply_action(chooser.choice(state.legal_actions()))
                    decisions += 1
        return decisions, time.perf_counter() - start

    return run


def main() -> int:
    slices = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    budget = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    dice_counts = [int(a) for a in sys.argv[3:]] or [1, 5]
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        print("needs open_spiel: pip install open_spiel (or feint[compare])", file=sys.stderr)
        return 2
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    runs: dict[tuple[int, str], Run] = {}
    for dice in dice_counts:
        runs[dice, "openspiel"] = openspiel_playouts(dice)
        runs[dice, "feint"] = feint_playouts(dice)
    totals = {key: [0, 0.0] for key in runs}
    for _ in range(slices):
        for key, run in runs.items():
            decisions, seconds = run(budget)
            totals[key][0] += decisions
            totals[key][1] += seconds
    rate = {key: decisions / seconds for key, (decisions, seconds) in totals.items()}
    print(f"{'dice each':>9} {'OpenSpiel C++ /s':>17} {'Feint /s':>12} {'Feint / OpenSpiel':>18}")
    for dice in dice_counts:
        theirs, ours = rate[dice, "openspiel"], rate[dice, "feint"]
        print(f"{dice:9} {theirs:17,.0f} {ours:12,.0f} {ours / theirs:18.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
