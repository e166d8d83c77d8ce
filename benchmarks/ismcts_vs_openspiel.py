"""Feint's ISMCTS against OpenSpiel's Python ISMCTS at the same wall-clock time per decision, one run.

Each game is played at 2 seats (one against one) and at 4 seats where the
game allows (``1v3``: one Feint bot against three OpenSpiel bots; ``3v1``
the other way round). Two pairings of evaluators:

- ``random``: Feint's ``ismcts:ms=N,trees=1`` (a tree per seat, quiet random
  playouts to the end of the round, scored by the game's estimate) against
  OpenSpiel's ``ISMCTSBot`` with its ``RandomRolloutEvaluator`` (one random
  rollout to the end of the game);
- ``heuristic``: Feint's ``ismcts:ms=N`` (every playout played by the game's
  heuristic) against ``ISMCTSBot`` with
  :class:`feint.rl.openspiel_ismcts.HeuristicEvaluator` (the heuristic
  playing every seat to the same horizon, scored by the same estimate).

Both get the same deadline per decision, N ms from the start of the
decision, checked after each iteration or simulation
(:class:`feint.rl.openspiel_ismcts.OpenSpielIsmcts`). A deadline gives each
side what the machine's load leaves it; ``--budgets I,S`` gives fixed budgets
instead (Feint ``ismcts:iters=I``, OpenSpiel ``S`` simulations), so a table
repeats exactly whatever the load: to pit the two at the counts a quiet machine
gives them in the same time (measured by a ``--ms`` run, its columns "Feint
iters" and "OpenSpiel sims"). Seeds of a budgets run are drawn from ``--seed`` alone. A deal is played once
with the Feint bot in each seat (``1v3``: the lone bot in each), so a table's
games are a whole number of rotations; deals and bots' seeds come from
``--seed``, so the line-ups and deals repeat (the moves do not: time budgets).
Prints, per table, Feint's win share (its seats' share of the wins) with the
95% Wilson interval, the fair share, and whether the interval excludes it;
every game is a line of progress on stderr and, with ``--out``, a JSON line
(``--report FILE`` prints the tables of such a file, a run cut short too).
Needs ``open_spiel`` (the ``compare`` extra); not run in CI.

    PYTHONPATH=$PWD nice -n 5 .venv/bin/python benchmarks/ismcts_vs_openspiel.py \\
        --ms 100 --games 30 --evaluators random,heuristic --tables 2,1v3 --out /tmp/match.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from feint.arena.plan import derived_seed
from feint.arena.stats import Share
from feint.bots.base import Bot
from feint.bots.ismcts import IsmctsBot
from feint.bots.match import play_out, share
from feint.bots.registry import make_bot
from feint.engine.registry import get_game, new_game
from feint.rl.openspiel import load
from feint.rl.openspiel_ismcts import HeuristicEvaluator, OpenSpielIsmcts

GAMES = ("guile", "knights", "guardians", "liars_dice")
TABLES = {"2": (2, 1), "1v3": (4, 1), "3v1": (4, 3)}
"""Each table: its seats and how many of them Feint's bot holds."""


@dataclass(frozen=True, slots=True)
class Table:
    game: str
    name: str
    evaluator: str
    millis: int
    budgets: tuple[int, int] | None = None
    """Feint's iterations and OpenSpiel's simulations per decision, in place of ``millis``."""

    @property
    def label(self) -> str:
        """The table as its games' seeds are derived from (a budgets run: from the seed alone)."""
        return "fixed" if self.budgets else f"{self.game} {self.name} {self.evaluator} {self.millis}"

    @property
    def budget(self) -> str:
        """The table's budget as the report shows it: ms, or iterations/simulations."""
        return f"{self.budgets[0]}/{self.budgets[1]}" if self.budgets else f"{self.millis}ms"

    @property
    def players(self) -> int:
        return TABLES[self.name][0]

    @property
    def ours(self) -> int:
        return TABLES[self.name][1]

    def feint_seats(self, index: int) -> set[int]:
        """The Feint seats of game ``index``: the lone bot's seat turns with the index."""
        turn = index % self.players
        if self.ours == 1:
            return {turn}
        return set(range(self.players)) - {turn}


class Counted:
    """A bot that records its search's work and time per decision with more than one legal move."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.work: list[int] = []
        self.seconds: list[float] = []

    def choose(self, info: Any, legal: Sequence[Any]) -> Any:
        start = time.perf_counter()
        move = self.bot.choose(info, legal)
        if len(legal) > 1:
            self.seconds.append(time.perf_counter() - start)
            bot = self.bot
            self.work.append(bot.iterations if isinstance(bot, IsmctsBot) else bot.search.simulations)  # type: ignore[attr-defined]
        return move


def feint_bot(table: Table, seed: int) -> Bot:
    trees = ",trees=1" if table.evaluator == "random" else ""
    budget = f"iters={table.budgets[0]}" if table.budgets else f"ms={table.millis}"
    return make_bot(f"ismcts:{budget}{trees}", table.game, seed)


def openspiel_bot(table: Table, seed: int) -> Bot:
    game = load(table.game, table.players)
    if table.evaluator == "random":
        evaluator: Any = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed % 2**32))
    else:
        evaluator = HeuristicEvaluator(table.game, seed)
    if table.budgets:
        return OpenSpielIsmcts(game, evaluator, seed % 2**32, simulations=table.budgets[1])
    return OpenSpielIsmcts(game, evaluator, seed % 2**32, millis=table.millis)


def play(table: Table, index: int, seed: int) -> dict[str, Any]:
    """Game ``index`` of ``table``: deal ``index // players``, played with the bots turned ``index`` seats."""
    label = table.label
    deal = derived_seed(f"deal {label}", seed, index // table.players)
    state = new_game(table.game, table.players, deal, {})
    ours = table.feint_seats(index)
    bots = {
        seat: Counted(
            (feint_bot if seat in ours else openspiel_bot)(
                table, derived_seed(f"bot {label}", seed, index * 8 + seat)
            )
        )
        for seat in range(table.players)
    }
    start = time.perf_counter()
    moves = play_out(state, bots)
    feint_work = [n for seat in ours for n in bots[seat].work]
    openspiel_work = [n for seat in bots if seat not in ours for n in bots[seat].work]
    return {
        "game": table.game,
        "table": table.name,
        "evaluator": table.evaluator,
        "ms": table.millis,
        **({"budgets": list(table.budgets)} if table.budgets else {}),
        "index": index,
        "deal": deal,
        "feint_seats": sorted(ours),
        "winners": list(state.result().winners),
        "feint_share": sum(share(state, seat) for seat in ours),
        "moves": len(moves),
        "seconds": round(time.perf_counter() - start, 2),
        "feint_iterations": _median(feint_work),
        "openspiel_simulations": _median(openspiel_work),
        "feint_decision_seconds": _spread([t for seat in ours for t in bots[seat].seconds]),
        "openspiel_decision_seconds": _spread(
            [t for seat in bots if seat not in ours for t in bots[seat].seconds]
        ),
    }


def _median(values: list[int]) -> float:
    return float(statistics.median(values)) if values else 0.0


def _spread(seconds: list[float]) -> list[float]:
    """The median and the largest time of a side's searched decisions, in seconds."""
    return [round(statistics.median(seconds), 3), round(max(seconds), 3)] if seconds else []


def run_table(table: Table, games: int, seed: int, out: Any) -> list[dict[str, Any]]:
    count = -(-games // table.players) * table.players
    lines = []
    for index in range(count):
        line = play(table, index, seed)
        lines.append(line)
        if out is not None:
            out.write(json.dumps(line) + "\n")
            out.flush()
        won = sum(line["feint_share"] for line in lines)
        print(
            f"{table.game} {table.name} {table.evaluator} {table.budget} game {index + 1}/{count}:"
            f" feint {line['feint_share']:.2f} ({won:.1f}/{len(lines)}) in {line['seconds']}s,"
            f" {line['moves']} moves, median iterations feint {line['feint_iterations']:.0f}"
            f" openspiel {line['openspiel_simulations']:.0f}, load {os.getloadavg()[0]:.1f}",
            file=sys.stderr,
            flush=True,
        )
    return lines


def row(table: Table, lines: list[dict[str, Any]], seconds: float, load: str) -> str:
    found = Share(sum(line["feint_share"] for line in lines), len(lines))
    fair = table.ours / table.players
    low, high = found.interval
    verdict = "yes" if found.excludes(fair) else "no"
    feint_work = statistics.median(line["feint_iterations"] for line in lines)
    openspiel_work = statistics.median(line["openspiel_simulations"] for line in lines)
    times = [
        f"{statistics.median(timed):.3f}"
        if (timed := [line[key][0] for line in lines if line.get(key)])
        else "-"
        for key in ("feint_decision_seconds", "openspiel_decision_seconds")
    ]
    return (
        f"| {table.game} | {table.name} | {table.evaluator} | {table.budget} | {len(lines)}"
        f" | {found.value:.3f} | [{low:.3f}, {high:.3f}] | {fair:.2f} | {verdict}"
        f" | {feint_work:.0f} | {openspiel_work:.0f} | {times[0]} / {times[1]}"
        f" | {seconds:.0f} | {load} |"
    )


HEADER = (
    "| game | table | evaluator | ms (or iters/sims) | games | Feint share | 95% interval | fair |"
    " excludes fair | Feint iters | OpenSpiel sims | s/decision Feint / OpenSpiel | seconds | load |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def report(path: str) -> str:
    """The tables of the games written to ``path`` (``--out``), in the order they were played."""
    tables: dict[Table, list[dict[str, Any]]] = {}
    with open(path) as lines:
        for text in lines:
            line = json.loads(text)
            budgets = tuple(line["budgets"]) if "budgets" in line else None
            table = Table(line["game"], line["table"], line["evaluator"], line["ms"], budgets)
            tables.setdefault(table, []).append(line)
    rows = [row(table, lines, sum(line["seconds"] for line in lines), "-") for table, lines in tables.items()]
    return f"{HEADER}\n" + "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--ms", type=int, default=100, help="wall-clock milliseconds per decision, both bots")
    parser.add_argument(
        "--budgets", help="I,S: fixed budgets instead of --ms, Feint's iterations and OpenSpiel's simulations"
    )
    parser.add_argument("--games", type=int, default=30, help="games per table (rounded up to a rotation)")
    parser.add_argument("--game", action="append", choices=GAMES, help="a game (repeat; default: all)")
    parser.add_argument("--evaluators", default="random,heuristic", help="random, heuristic or both")
    parser.add_argument("--tables", default="2,1v3", help="of 2, 1v3, 3v1 (4-seat tables where allowed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="append every game as a JSON line to this file")
    parser.add_argument("--report", help="print the tables of the games in this --out file, and play none")
    args = parser.parse_args(argv)
    if args.report:
        print(report(args.report))
        return 0
    evaluators = args.evaluators.split(",")
    names = args.tables.split(",")
    if not set(evaluators) <= {"random", "heuristic"} or not set(names) <= TABLES.keys():
        parser.error("evaluators are random and heuristic; tables are 2, 1v3 and 3v1")
    budgets = None
    if args.budgets:
        try:
            iters, sims = (int(part) for part in args.budgets.split(","))
        except ValueError:
            parser.error("--budgets is two whole numbers: ITERATIONS,SIMULATIONS")
        if iters < 1 or sims < 1:
            parser.error("--budgets are at least 1 each")
        budgets = (iters, sims)
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    rows = []
    for evaluator in evaluators:
        for name in names:
            for game in args.game or GAMES:
                table = Table(game, name, evaluator, args.ms, budgets)
                if table.players > get_game(game).MAX_PLAYERS:
                    continue
                start, before = time.perf_counter(), os.getloadavg()[0]
                lines = run_table(table, args.games, args.seed, out)
                load = f"{before:.1f}-{os.getloadavg()[0]:.1f}"
                rows.append(row(table, lines, time.perf_counter() - start, load))
                print(f"{HEADER}\n" + "\n".join(rows), flush=True)
    if out is not None:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
