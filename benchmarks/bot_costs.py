"""A bot's CPU time a decision in two checkouts, measured alternately, and whether they choose alike.

    .venv/bin/python benchmarks/bot_costs.py OLD NEW [--game GAME] [--players N] [--spec SPEC]
        [--decisions D] [--rounds R]

OLD and NEW are directories holding a checkout of Feint (``git archive COMMIT | tar -x -C /tmp/old``,
or a worktree). Each round runs one process per tree, in turn: it plays a game of heuristic bots
(game seed 77) and keeps seat 0's last D decisions that have a choice, then times SPEC (default
``ismcts:iters=300``, bot seed 5: a count, so both trees search alike) deciding each of them, in CPU
time of the process (``time.thread_time``: a neighbour's load slows the clock less than the wall).
Prints, per tree, the best round's seconds for the D decisions, NEW/OLD (below 1 is cheaper), and
whether every round of both trees chose the same moves: a change meant to be faster only must
leave them alike.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from feint.cli.numbers import whole_number

_CHILD = """
import json, sys, time
from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
game, players, spec, decisions = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
state = new_game(game, players, 77)
bots = [make_bot("heuristic", game, bot_seed(77, seat)) for seat in range(players)]
infos = [InfoState.of(state, seat) for seat in range(players)]
kept = []
while not state.is_over():
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    infos[seat].sync(state)
    if seat == 0 and len(legal) > 1:
        kept.append((InfoState(0, infos[0].view, list(infos[0].events)), legal))
    state.apply(seat, bots[seat].choose(infos[seat], legal) if len(legal) > 1 else legal[0])
bot = make_bot(spec, game, 5)
start = time.thread_time()
moves = [bot.choose(info, legal).index for info, legal in kept[-decisions:]]
print(json.dumps({"seconds": time.thread_time() - start, "moves": moves}))
"""


def one_run(tree: Path, game: str, players: int, spec: str, decisions: int) -> tuple[float, list[int]]:
    """The CPU seconds ``spec`` took over the decisions in ``tree``, and the moves it chose (by index)."""
    command = [sys.executable, "-c", _CHILD, game, str(players), spec, str(decisions)]
    env = {"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    return float(result["seconds"]), [int(move) for move in result["moves"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--game", default="guardians")
    parser.add_argument("--players", type=whole_number(2), default=2)
    parser.add_argument("--spec", default="ismcts:iters=300")
    parser.add_argument("--decisions", type=whole_number(1), default=8)
    parser.add_argument("--rounds", type=whole_number(1), default=3)
    args = parser.parse_args()
    best: dict[Path, float] = {}
    chosen: set[tuple[int, ...]] = set()
    for number in range(args.rounds):
        for tree in (args.old, args.new):
            seconds, moves = one_run(tree, args.game, args.players, args.spec, args.decisions)
            best[tree] = min(best.get(tree, seconds), seconds)
            chosen.add(tuple(moves))
            print(f"  round {number + 1}: {tree} {seconds:.3f} s", file=sys.stderr, flush=True)
    old, new = best[args.old], best[args.new]
    print(f"{args.game}, {args.players} seats, {args.spec}, {args.decisions} decisions, best of", args.rounds)
    print(f"old {old:.3f} s  new {new:.3f} s  new/old {new / old:.3f}")
    print("the same moves in every run" if len(chosen) == 1 else "THE MOVES DIFFER between runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
