"""What the OpenSpiel adapter's information-state string and clone cost, per decision, for every game.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/openspiel_adapter.py [--games G] [--players N] [--rounds R]

Random games are played through ``feint.rl.openspiel`` (seeded); at every decision the seat to move
asks for its information-state string (as OpenSpiel's ISMCTS does at every node of every simulation)
and the state is cloned (as pyspiel's ``clone`` and ``child`` do, by ``copy.deepcopy``). It prints
microseconds per decision for each, the median over the rounds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from feint.rl import openspiel


def one_round(name: str, players: int, seed: int) -> tuple[float, float, int]:
    state = openspiel.load(name, players, seed=seed).new_initial_state()
    rng = random.Random(seed)
    strings = clones = 0.0
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        start = time.perf_counter()
        state.information_state_string(seat)
        middle = time.perf_counter()
        state.clone()
        strings += middle - start
        clones += time.perf_counter() - middle
        decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return strings, clones, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="games to time (all by default)")
    parser.add_argument("--players", type=int, default=2, help="seats at the table (2 by default)")
    parser.add_argument("--rounds", type=int, default=5, help="games played per game name (5 by default)")
    args = parser.parse_args()
    names = args.games or sorted(name.removeprefix(openspiel.PREFIX) for name in openspiel.GAMES)
    print(f"{'game':<12} {'decisions':>9} {'string us':>10} {'clone us':>10}")
    for name in names:
        strings, clones, counts = [], [], []
        for seed in range(args.rounds):
            s, c, n = one_round(name, args.players, seed)
            strings.append(1e6 * s / n)
            clones.append(1e6 * c / n)
            counts.append(n)
        row = f"{name:<12} {statistics.median(counts):>9.0f} {statistics.median(strings):>10.1f}"
        print(f"{row} {statistics.median(clones):>10.1f}", flush=True)


if __name__ == "__main__":
    main()
