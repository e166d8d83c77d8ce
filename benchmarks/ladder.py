"""The bots' tables of docs/bots.md: the levels' ladder, equal time, the fixed strategies, the ceiling.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/ladder.py --sets ladder --games 60 --seed 7000 \\
        --out ladder-out [--only GAME ...] [--ms 200] [--workers 2]
    PYTHONPATH=$PWD .venv/bin/python benchmarks/ladder.py --out ladder-out --table

Each line is one ``feint arena`` run (the same plan, seeds and schedule: ``feint arena GAME --players P
--bots B --games G --seed S [--ms M]`` replays it), written to ``OUT/<line>/games.jsonl``; its result is
appended to ``OUT/results.jsonl`` as soon as it is played, so a run stopped between lines goes on where it
stopped when started again with the same arguments. ``--table`` prints one markdown table per game from
the results (with the same ``--sets`` and ``--only``; a line stopped before its end counts the games it
played): the first bot's share over its seat-games with its 95% Wilson interval, the fair share, and
each side's median milliseconds a decision.

The sets:

- ``ladder``: each level the lobby offers against the one below at 2 seats (counted budgets, so the load
  changes no result): ``ismcts:easy`` against random, ``ismcts:normal`` against easy, ``ismcts:hard``
  against normal.
- ``equal``: ISMCTS normal against the heuristic, and against flat Monte Carlo (``montecarlo``) at ``--ms``
  a decision each, at 2 seats in every game and one against three at 4 seats in Knights and Guardian's
  Call.
- ``fixed``: each fixed strategy the game has against ISMCTS normal at 2 seats.
- ``ceiling``: ISMCTS and flat Monte Carlo each against the omniscient search, at ``--ms`` a decision.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from rich.console import Console

from feint.arena.plan import Plan, at_equal_time, parse_bots
from feint.arena.records import GAMES_FILE, TIMES_FILE, GameRecord, read_games
from feint.arena.stats import Share, by_bot, shares
from feint.arena.tournament import play_all
from feint.bots.fixed import STRATEGIES
from feint.cli.numbers import whole_number
from feint.engine.registry import declaration, game_names

SETS = ("ladder", "equal", "fixed", "ceiling")
FIELD_GAMES = ("knights", "guardians")
"""The games measured one against three at 4 seats."""


@dataclass(frozen=True, slots=True)
class Line:
    game: str
    players: int
    bots: str
    """As ``feint arena --bots`` takes them; the first is the bot measured."""
    ms: int | None

    @property
    def name(self) -> str:
        time = f"-ms{self.ms}" if self.ms else ""
        return f"{self.game}-{self.players}-{self.bots.replace(',', '+').replace(':', '_')}{time}"

    @property
    def measured(self) -> str:
        return self.lineup[0]

    @property
    def lineup(self) -> tuple[str, ...]:
        bots = parse_bots(self.bots, repeats=True)
        return bots if self.ms is None else at_equal_time(bots, self.ms)


@dataclass(frozen=True, slots=True)
class Result:
    line: Line
    games: int
    won: float
    seat_games: int

    @property
    def share(self) -> Share:
        return Share(self.won, self.seat_games)


def fixed_strategies(game: str) -> list[str]:
    """The fixed strategies that play ``game``: every one where the game declares claims, else none."""
    return [f"fixed:{strategy}" for strategy in STRATEGIES] if declaration(game).claims_model() else []


def lines(sets: Sequence[str], games: Sequence[str], ms: int) -> list[Line]:
    out: list[Line] = []
    for game in games:
        if "ladder" in sets:
            out += [
                Line(game, 2, "ismcts:easy,random", None),
                Line(game, 2, "ismcts:normal,ismcts:easy", None),
                Line(game, 2, "ismcts:hard,ismcts:normal", None),
            ]
        if "equal" in sets:
            out += [Line(game, 2, "ismcts,heuristic", None), Line(game, 2, "ismcts,montecarlo", ms)]
            if game in FIELD_GAMES:
                out += [
                    Line(game, 4, "ismcts,heuristic,heuristic,heuristic", None),
                    Line(game, 4, "ismcts,montecarlo,montecarlo,montecarlo", ms),
                ]
        if "fixed" in sets:
            out += [Line(game, 2, f"{fixed},ismcts", None) for fixed in fixed_strategies(game)]
        if "ceiling" in sets:
            out += [Line(game, 2, "ismcts,omniscient", ms), Line(game, 2, "montecarlo,omniscient", ms)]
    return out


def result(line: Line, records: Sequence[GameRecord]) -> Result:
    """The first bot's share of ``records``; the times are read from the line's ``times.jsonl``
    (:func:`times`)."""
    won = shares(records, by_bot)[line.measured]
    return Result(line, len(records), won.successes, won.trials)


def read_results(path: Path) -> list[Result]:
    """The results written, a line played again (with more games) by its last."""
    if not path.exists():
        return []
    found: dict[Line, Result] = {}
    for text in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(text)
        line = Line(**data["line"])
        found[line] = Result(**{**data, "line": line})
    return list(found.values())


def latest(out: Path, results_path: Path, sets: Sequence[str], args: argparse.Namespace) -> list[Result]:
    """Each line's result; a line stopped before its end (played again with more games, say) counts the
    games it played, where they are more than its written result's."""
    written = {r.line: r for r in read_results(results_path)}
    found = []
    for line in lines(sets, args.only or game_names(), args.ms):
        path = out / line.name / GAMES_FILE
        records = read_games(path) if path.exists() else []
        done = written.get(line)
        if done is not None and done.games >= len(records):
            found.append(done)
        elif records:
            found.append(result(line, records))
    return found


def times(out: Path, line: Line) -> dict[str, str]:
    """Each bot's milliseconds a decision in the line's games, median and 90th percentile."""
    found: dict[str, list[float]] = {}
    path = out / line.name / TIMES_FILE
    for text in path.read_text(encoding="utf-8").splitlines() if path.exists() else ():
        game = json.loads(text)
        for bot, ms in zip(game["bots"], game["ms"], strict=True):
            found.setdefault(bot, []).extend(ms)
    return {
        bot: f"{statistics.median(ms):.0f} / {statistics.quantiles(ms, n=10)[-1]:.0f}"
        for bot, ms in found.items()
        if len(ms) > 1
    }


def table(out: Path, results: Sequence[Result]) -> str:
    """One markdown table per game, its lines in the order played."""
    blocks = []
    for game in dict.fromkeys(r.line.game for r in results):
        rows = [
            "| seats | bots | games | first bot's share [95%] | fair | shown? | ms a move: median / p90 |",
            "|---|---|---|---|---|---|---|",
        ]
        for r in (r for r in results if r.line.game == game):
            low, high = r.share.interval
            fair = 1 / r.line.players
            shown = "yes" if r.share.excludes(fair) else "no"
            spent = ", ".join(f"{bot} {ms}" for bot, ms in times(out, r.line).items())
            time = f" at {r.line.ms} ms" if r.line.ms else ""
            rows.append(
                f"| {r.line.players} | `{r.line.bots}`{time} | {r.games} | "
                f"{r.share.value:.3f} [{low:.3f}, {high:.3f}] | {fair:.2f} | {shown} | {spent} |"
            )
        blocks.append(f"### {game}\n\n" + "\n".join(rows))
    return "\n\n".join(blocks)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="ladder", help=f"comma-separated, of {', '.join(SETS)}")
    parser.add_argument("--only", action="append", choices=game_names(), help="this game only (repeat)")
    parser.add_argument(
        "--match", action="append", help="only the lines whose name holds this text (repeat: any of them)"
    )
    parser.add_argument("--games", type=whole_number(1), default=60, help="games a line (default 60)")
    parser.add_argument("--seed", type=whole_number(), default=7000, help="every line's arena seed")
    parser.add_argument("--ms", type=whole_number(1), default=200, help="equal time a decision, ms")
    parser.add_argument("--workers", type=whole_number(1), default=1)
    parser.add_argument("--out", type=Path, default=Path("ladder-out"))
    parser.add_argument("--table", action="store_true", help="print the tables of OUT's results and stop")
    args = parser.parse_args(argv)
    results_path = args.out / "results.jsonl"
    sets = [s for s in args.sets.split(",") if s]
    unknown = [s for s in sets if s not in SETS]
    if unknown:
        parser.error(f"unknown set {', '.join(unknown)}; sets are {', '.join(SETS)}")
    if args.table:
        print(table(args.out, latest(args.out, results_path, sets, args)))
        return 0
    console = Console(stderr=True)
    done = {r.line for r in read_results(results_path) if r.games >= args.games}
    todo = [
        line
        for line in lines(sets, args.only or game_names(), args.ms)
        if line not in done and (not args.match or any(text in line.name for text in args.match))
    ]
    args.out.mkdir(parents=True, exist_ok=True)
    for number, line in enumerate(todo, 1):
        plan = Plan(line.game, line.lineup, line.players, args.games, args.seed)
        title = f"{number}/{len(todo)} {line.name}"
        records = play_all(plan.specs(), args.out / line.name, args.workers, None, console, title)
        found = result(line, records)
        with results_path.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(asdict(found)) + "\n")
        console.print(f"{title}: {found.share.text()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
