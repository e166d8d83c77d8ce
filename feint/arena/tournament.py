"""Playing a tournament's games with a progress bar, each written to ``games.jsonl`` as it comes in order."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from feint.arena.plan import GameSpec
from feint.arena.records import GAMES_FILE, TIMES_FILE, GameRecord, write_line, write_times
from feint.arena.runners import run_local, run_ray


def play_all(
    specs: Sequence[GameSpec],
    out: Path,
    workers: int,
    ray: str | None,
    console: Console,
    title: str,
) -> list[GameRecord]:
    """Play every game, locally or on Ray; write ``out/games.jsonl`` and ``times.jsonl`` in index order."""
    out.mkdir(parents=True, exist_ok=True)
    records: list[GameRecord] = []
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with (
        Progress(*columns, console=console, transient=True) as bar,
        (out / GAMES_FILE).open("w", encoding="utf-8") as stream,
        (out / TIMES_FILE).open("w", encoding="utf-8") as times,
    ):
        task = bar.add_task(title, total=len(specs))

        def advance(games: int) -> None:
            bar.advance(task, games)

        played = run_local(specs, workers, advance) if ray is None else run_ray(specs, ray, workers, advance)
        for record in played:
            write_line(stream, record)
            write_times(times, record)
            records.append(record)
    return records
