"""``feint report people``: how each bot level fares against people, from a server's database."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from feint.arena.terminal import rich_table
from feint.cli.serve import _shown
from feint.engine.registry import game_names, get_game

USAGE_ERROR = 2
PROGRESS_FROM = 20_000
"""Rows from which reading them shows a progress bar (on standard error)."""
BATCH = 5_000

HEADERS = ("game", "bot", "games", "wins", "share [95% interval]", "fair share")


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "report",
        help="reports read from a server's database: 'feint report people'",
        description="Reports read from the database of 'feint serve'.",
    )
    reports = parser.add_subparsers(dest="report", metavar="REPORT", required=True)
    people = reports.add_parser(
        "people",
        help="each bot level's win share against people, per game, with 95%% intervals",
        description="Each bot level's record against people at the server's finished tables, per game: "
        "the seat-games it played at a table with at least one person, its win share (a shared win "
        "counts its share), the fair share (1/players, averaged over those games) and a 95%% Wilson "
        "interval. A table at which a stand-in bot made any of a person's moves is left out and counted "
        "apart. Nothing in the database is changed. Exit status 2 for bad input.",
    )
    people.add_argument(
        "--database",
        required=True,
        metavar="URL",
        help="SQLAlchemy URL of the server's database, as given to 'feint serve' "
        "(sqlite:///feint.db, postgresql+psycopg://user:password@host/name)",
    )
    people.add_argument("--game", choices=game_names(), metavar="G", help="one game only (default: all)")
    people.add_argument("--json", action="store_true", help="print JSON instead of a table")
    people.set_defaults(run=run_people)


def run_people(args: argparse.Namespace) -> int:
    try:
        from feint.server.outcomes import people_shares
    except ImportError as err:
        return _error(f"{err.name} is missing; install the server extra: pip install 'feint[server]'")
    try:
        report = people_shares(_read(args.database, args.game, Console(stderr=True)))
    except _Refused as refused:
        return _error(str(refused))
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
        return 0
    console = Console()
    rows = [
        [
            get_game(game).TITLE,
            bot,
            str(record.games),
            f"{record.won:g}",
            record.share.text(),
            f"{record.fair:.1%}",
        ]
        for (game, bot), record in sorted(report.records.items())
    ]
    if rows:
        console.print(rich_table("Bots against people: seat-games at a table with a person", HEADERS, rows))
    else:
        console.print("No bot has finished a game against people here yet.")
    console.print(
        f"{report.tables} finished table(s) read; {report.stood_in} left out: a stand-in bot made some of a "
        "person's moves."
    )
    return 0


class _Refused(Exception):
    """The database cannot be read for the report: the reason, for the console."""


def _read(url: str, game: str | None, progress: Console) -> list[Any]:
    """The ``outcomes`` rows (of ``game`` only, if given), ordered by table, with progress when many."""
    from sqlalchemy import create_engine, func, inspect, select
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from feint.server.db import OutcomeRow
    from feint.server.outcomes import outcomes_of

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise _Refused(
            f"{_shown(url)} is not a database URL (sqlite:///feint.db, postgresql+psycopg://...)"
        ) from None
    if parsed.get_backend_name() == "sqlite" and not (parsed.database and Path(parsed.database).is_file()):
        raise _Refused(f"there is no database at {_shown(url)}")
    outcomes = OutcomeRow.__table__
    where = [] if game is None else [outcomes.c.game == game]
    try:
        engine = create_engine(url, hide_parameters=True)
    except (ArgumentError, ImportError) as error:
        raise _Refused(f"cannot open the database {_shown(url)}: {error}") from None
    try:
        with engine.connect() as connection:
            if not inspect(connection).has_table("outcomes"):
                raise _Refused(
                    f"{_shown(url)} has no outcomes table: not a Feint server's database, or not upgraded "
                    "(start 'feint serve --database URL' once)"
                )
            total = connection.execute(select(func.count()).select_from(outcomes).where(*where)).scalar_one()
            query = select(outcomes).where(*where).order_by(outcomes.c.table_id, outcomes.c.seat)
            result = connection.execution_options(stream_results=True, yield_per=BATCH).execute(query)
            if total < PROGRESS_FROM:
                return list(outcomes_of(result))
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
            read: list[Any] = []
            with Progress(*columns, console=progress, transient=True) as bar:
                task = bar.add_task("reading outcomes", total=total)
                for batch in result.partitions():
                    read.extend(outcomes_of(batch))
                    bar.advance(task, len(batch))
            return read
    except SQLAlchemyError as error:
        raise _Refused(
            f"cannot read the database {_shown(url)}: {error.__class__.__name__}: {error}"
        ) from None
    finally:
        engine.dispose()


def _error(text: str) -> int:
    print(f"feint report people: {text}", file=sys.stderr)
    return USAGE_ERROR
