"""OpenSpiel's exact tools on Liar's Dice through the adapter: two seats, one die each, OpenSpiel's rules.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/liars_dice_cfr.py [--iterations N]

The game is loaded with explicit chance (``chance="explicit"``: each die is a chance node), so OpenSpiel's
tree-walking algorithms run on it. Prints the NashConv and exploitability of the uniform random policy
(``policy.UniformRandomPolicy``), then the exploitability of CFR's average policy
(``cfr.CFRSolver``) after each iteration, and the seconds each step took. The tree has 147,456 decision
states, which OpenSpiel's Python tools walk one by one through the adapter: too slow for a unit test.
"""

from __future__ import annotations

import argparse
import time

from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

from feint.rl.openspiel import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=3, help="CFR iterations (3 by default)")
    args = parser.parse_args()
    game = load("liars_dice", 2, ["openspiel"], chance="explicit")
    start = time.perf_counter()
    uniform = policy.UniformRandomPolicy(game)
    conv = exploitability.nash_conv(game, uniform)
    exploit = exploitability.exploitability(game, uniform)
    took = time.perf_counter() - start
    print(f"uniform random: NashConv {conv:.4f}, exploitability {exploit:.4f} ({took:.0f} s)", flush=True)
    start = time.perf_counter()
    solver = cfr.CFRSolver(game)
    print(
        f"CFR's tables: {len(solver.current_policy().state_lookup)} information states"
        f" ({time.perf_counter() - start:.0f} s)",
        flush=True,
    )
    for iteration in range(1, args.iterations + 1):
        start = time.perf_counter()
        solver.evaluate_and_update_policy()
        value = exploitability.exploitability(game, solver.average_policy())
        print(
            f"CFR iteration {iteration}: exploitability {value:.4f} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
