"""What the event log's slotted node costs a random move, against the plain tuple it replaced.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/event_log_cost.py

Times making one log node both ways (best of seven million-fold loops, so the
machine's load mostly cancels), counts each game's events per move in 60
fixed-seed random games, times those moves, and prints the node's extra cost
as a share of a move. Instruction counts (``instructions.sh``) give a larger
share: an allocation is many cheap instructions.
"""

from __future__ import annotations

import random
import time
import timeit

from feint.engine.registry import game_names, new_game

SETUP = """
class Node:
    __slots__ = ("seq", "kind", "actor", "data", "secrets", "before")
new = object.__new__
data = {"card": 1}
before = None
"""
TUPLE = 'node = (1, "kind", 0, data, (), before)'
SLOTTED = (
    'node = new(Node); node.seq = 1; node.kind = "kind"; node.actor = 0; node.data = data; '
    "node.secrets = (); node.before = before"
)


def per_run(statement: str) -> float:
    return min(timeit.repeat(statement, SETUP, number=1_000_000, repeat=7)) / 1_000_000


def move_cost(game: str, games: int = 60) -> tuple[float, float]:
    """Events per move, and the best of three timings of a random move, in seconds."""
    best = float("inf")
    for _ in range(3):
        moves = events = 0
        spent = 0.0
        for seed in range(games):
            state = new_game(game, seed=seed)
            chooser = random.Random(seed)
            start = time.perf_counter()
            while not state.is_over():
                seat = state.to_move()[0]
                state.apply(seat, chooser.choice(state.legal_moves(seat)))
                moves += 1
            spent += time.perf_counter() - start
            events += state.seq
        best = min(best, spent / moves)
    return events / moves, best


def main() -> None:
    plain, slotted = per_run(TUPLE), per_run(SLOTTED)
    extra = slotted - plain
    print(f"a node: tuple {plain * 1e9:.0f} ns, slotted {slotted * 1e9:.0f} ns, {extra * 1e9:.0f} ns more")
    for game in game_names():
        events, move = move_cost(game)
        share = 100 * extra * events / move
        print(f"{game}: {events:.2f} events a move, {move * 1e6:.2f} us a move: the node costs {share:.1f}%")


if __name__ == "__main__":
    main()
