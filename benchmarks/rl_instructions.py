"""CPU instructions per decision through the AEC environment against the raw engine: a cost no load changes.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/rl_instructions.py [--games 10] [--players 2] [GAME ...]

The wall-clock ratio of ``benchmarks/rl_speed.py`` swings by a third between
identical runs on a shared machine. Here each loop of ``rl_speed.py`` (the raw
engine, the AEC environment) runs under ``valgrind --tool=cachegrind``, which
counts the instructions executed; the same run with no game played (imports
and warm-up alone) is subtracted, and the rest divided by the decisions made.
Needs Debian's ``valgrind``. Slow: about a minute a game.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

from feint.engine.registry import declarations

LOOPS = ("raw", "aec")


def instructions(game: str, loop: str, players: int, games: int) -> tuple[int, int]:
    """Instructions executed and decisions made by ``games`` games of ``loop`` (after a warm-up)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, __file__, "--inner", loop, "--players", str(players), "--games", str(games)]
    environment = os.environ | {"PYTHONHASHSEED": "0"}
    done = subprocess.run([*command, game], capture_output=True, text=True, check=True, env=environment)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    made = re.search(r"decisions (\d+)", done.stderr)
    assert refs and made, done.stderr
    return int(refs.group(1).replace(",", "")), int(made.group(1))


def inner(game: str, loop: str, players: int, games: int) -> None:
    """Run inside valgrind: warm both loops up on one game, then play ``games`` of ``loop``."""
    from benchmarks.rl_speed import aec, raw

    aec(game, players, 1)
    raw(game, players, 1)
    if games:
        decisions, _ = (raw if loop == "raw" else aec)(game, players, games)
        print("decisions", decisions, file=sys.stderr)
    else:
        print("decisions 0", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_named", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--games", type=int, default=10, help="random games a loop plays")
    parser.add_argument("--players", type=int, default=2, help="seats, where the game allows (default 2)")
    parser.add_argument("--inner", choices=LOOPS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.games_named[0], args.inner, args.players, args.games)
        return
    print("game | seats | engine Ir/decision | AEC Ir/decision | ratio")
    for declared in declarations():
        if declared.observation is None or (args.games_named and declared.name not in args.games_named):
            continue
        game, cls = declared.name, declared.state
        players = min(max(args.players, cls.MIN_PLAYERS), cls.MAX_PLAYERS)
        per: dict[str, float] = {}
        for loop in LOOPS:
            total, decisions = instructions(game, loop, players, args.games)
            base, _ = instructions(game, loop, players, 0)
            per[loop] = (total - base) / decisions
        ratio = per["aec"] / per["raw"]
        print(f"{game} | {players} | {per['raw']:,.0f} | {per['aec']:,.0f} | {ratio:.2f}", flush=True)


if __name__ == "__main__":
    main()
