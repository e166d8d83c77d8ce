"""Feint's random-game speed against OpenSpiel's, timed in one run on one core.

Needs ``open-spiel`` (``pip install open_spiel``); it is not a dependency of
Feint and this script does not run in CI. It times random playouts of
OpenSpiel's C++ ``liars_dice`` and pure-Python ``python_liars_poker`` in
slices interleaved with random games of each Feint game, so all of them see
the same load, and prints each Feint game's decisions/s as a ratio against
both.

    .venv/bin/python benchmarks/compare_openspiel.py [SLICES] [SECONDS_PER_SLICE]
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

from feint.engine.registry import game_names, new_game


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def feint_playouts(game: str, players: int | None) -> Callable[[float], tuple[int, float]]:
    """Random games of ``game`` for about ``budget`` seconds: (decisions, seconds)."""
    seed = 0

    def run(budget: float) -> tuple[int, float]:
        nonlocal seed
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            chooser = random.Random(seed)
            state = new_game(game, players, seed)
            seed += 1
            while not state.is_over():
                seat = state.to_move()[0]
                state.apply(seat, chooser.choice(state.legal_moves(seat)))
                decisions += 1
        return decisions, time.perf_counter() - start

    return run


def openspiel_playouts(name: str) -> Callable[[float], tuple[int, float]]:
    import pyspiel  # type: ignore[import-not-found]

    if name.startswith("python_"):
        import open_spiel.python.games  # type: ignore[import-not-found]  # noqa: F401  (registers them)
    game = pyspiel.load_game(name)
    chooser = random.Random(0)

    def run(budget: float) -> tuple[int, float]:
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(chooser.choices(outcomes, probabilities)[0])
                else:
                    state.apply_action(chooser.choice(state.legal_actions()))
                    decisions += 1
        return decisions, time.perf_counter() - start

    return run


def main() -> int:
    slices = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    budget = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    try:
        references = {name: openspiel_playouts(name) for name in ("liars_dice", "python_liars_poker")}
    except ImportError:
        print("needs open-spiel: pip install open_spiel", file=sys.stderr)
        return 2
    pin_to_one_core()
    runs = {**references}
    for game in game_names():
        for players in sorted({2, 4} & set(range(2, 6))) if game != "guile" else [2]:
            runs[f"{game} ({players} seats)"] = feint_playouts(game, players)
    totals = {name: [0, 0.0] for name in runs}
    for _ in range(slices):
        for name, run in runs.items():
            decisions, seconds = run(budget)
            totals[name][0] += decisions
            totals[name][1] += seconds
    rate = {name: decisions / seconds for name, (decisions, seconds) in totals.items()}
    print(f"{'':28} {'decisions/s':>12} {'vs liars_dice':>14} {'vs python_liars_poker':>22}")
    for name, value in rate.items():
        print(
            f"{name:28} {value:12,.0f} {value / rate['liars_dice']:14.3f} "
            f"{value / rate['python_liars_poker']:22.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
