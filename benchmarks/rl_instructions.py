"""CPU instructions per decision through the AEC environment against the raw engine: a cost no load changes.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/rl_instructions.py [--games 10] [--players 2] [GAME ...]

The wall-clock ratio of ``benchmarks/rl_speed.py`` swings by a third between
identical runs on a shared machine. Here each loop of ``rl_speed.py`` runs under
``valgrind --tool=cachegrind``, which counts the instructions executed; the
same run with no game played (imports, warm-up and, for the replays, reading
the traces) is subtracted, and the rest divided by the decisions made.

Two ratios. *Loops*: ``raw`` (each decision ``to_move``, ``legal_moves``, a
random choice, ``apply``) against ``aec`` (``last()``, a random choice among the
mask's moves, ``step``), the agent's choice included in each. *Replays*: the
same games, traced once through the environment, played again by the engine
(``raw-replay``: ``to_move``, ``legal_moves``, ``apply``) and by the
environment (``aec-replay``: ``last()``, ``step``) with no choice made: the
environment's own cost against the engine's, without the agent's (a choice
from a mask by ``np.flatnonzero`` costs more than a random pick from a list).
Needs Debian's ``valgrind``. Slow: about a minute a game and loop.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.rl_speed import aec, aec_replay, raw, raw_replay, traced
from feint.engine.registry import declarations

LOOPS = ("raw", "aec", "raw-replay", "aec-replay")


def instructions(
    game: str, loop: str, players: int, games: int, traces: str, play: bool = True
) -> tuple[int, int]:
    """Instructions executed and decisions made by ``games`` games of ``loop`` (after a warm-up), a replay
    reading its games from the file ``traces``; with ``play`` false, everything but the games themselves
    (the base to subtract)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    command += [sys.executable, __file__, "--inner", loop, "--players", str(players)]
    command += ["--games", str(games), "--traces", traces, *([] if play else ["--base"]), game]
    # One thread each: a numerical library's idle threads spin, and valgrind counts their instructions.
    threads = dict.fromkeys(("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"), "1")
    environment = os.environ | {"PYTHONHASHSEED": "0"} | threads
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=environment)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    made = re.search(r"decisions (\d+)", done.stderr)
    assert refs and made, done.stderr
    return int(refs.group(1).replace(",", "")), int(made.group(1))


def inner(game: str, loop: str, players: int, games: int, traces: str, play: bool) -> None:
    """Run inside valgrind: warm both loops up on one game, read the traces (a replay plays them), then play
    ``games`` of ``loop`` (none as the base)."""
    aec(game, players, 1)
    raw(game, players, 1)
    replays = [(seed, actions) for seed, actions in json.loads(Path(traces).read_text())]
    decisions = 0
    if play:
        if loop == "raw":
            decisions, _ = raw(game, players, games)
        elif loop == "aec":
            decisions, _ = aec(game, players, games)
        else:
            decisions, _ = (raw_replay if loop == "raw-replay" else aec_replay)(game, players, replays)
    print("decisions", decisions, file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_named", nargs="*", metavar="GAME", help="games to measure (default: all)")
    parser.add_argument("--games", type=int, default=10, help="random games a loop plays")
    parser.add_argument("--players", type=int, default=2, help="seats, where the game allows (default 2)")
    parser.add_argument("--inner", choices=LOOPS, help=argparse.SUPPRESS)
    parser.add_argument("--base", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--traces", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.games_named[0], args.inner, args.players, args.games, args.traces, not args.base)
        return
    print("game | seats | engine Ir/decision | AEC Ir/decision | ratio | replayed: engine | AEC | ratio")
    for declared in declarations():
        if declared.observation is None or (args.games_named and declared.name not in args.games_named):
            continue
        game, cls = declared.name, declared.state
        players = min(max(args.players, cls.MIN_PLAYERS), cls.MAX_PLAYERS)
        per: dict[str, float] = {}
        with tempfile.NamedTemporaryFile("w", suffix=".json") as traces:
            # Traced here, outside the count: a trace played in the counted process would warm the
            # engine's caches for its own replay, which a loop of fresh games never enjoys.
            json.dump(traced(game, players, args.games), traces)
            traces.flush()
            for loop in LOOPS:
                total, decisions = instructions(game, loop, players, args.games, traces.name)
                base, _ = instructions(game, loop, players, args.games, traces.name, play=False)
                per[loop] = (total - base) / decisions
        cells = [f"{per[loop]:,.0f}" for loop in LOOPS]
        looped, replayed = per["aec"] / per["raw"], per["aec-replay"] / per["raw-replay"]
        row = [game, str(players), cells[0], cells[1], f"{looped:.2f}", cells[2], cells[3], f"{replayed:.2f}"]
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
