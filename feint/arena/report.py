"""The arena's report: a table in the terminal and ``report.html`` with its plots beside it."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from feint.arena import plots
from feint.arena.bluffs import BluffCounts, has_claims
from feint.arena.html import Page
from feint.arena.plan import configuration_name
from feint.arena.ratings import Rating, rate
from feint.arena.records import GameRecord
from feint.arena.stats import (
    Share,
    Spread,
    by_bot,
    by_bot_and_seat,
    by_matchup,
    by_seat,
    proportion,
    shares,
    spread,
)
from feint.arena.terminal import rich_table
from feint.engine.registry import get_game

REPORT_FILE = "report.html"


@dataclass(frozen=True, slots=True)
class BotLine:
    bot: str
    share: Share
    rating: Rating | None
    mean_score: float
    times: Spread | None
    """Wall-clock milliseconds of each of the bot's decisions; None if none was timed."""


def bot_lines(records: Sequence[GameRecord], bots: Sequence[str]) -> list[BotLine]:
    """One line per bot, best rated first (by win share when nobody could be rated)."""
    won = shares(records, by_bot)
    ratings = rate(records)
    lines = []
    for bot in bots:
        scores = [r.scores[s] for r in records for s in range(r.players) if r.bots[s] == bot]
        times = [ms for r in records for s, seat in enumerate(r.times) if r.bots[s] == bot for ms in seat]
        lines.append(
            BotLine(
                bot, won[bot], ratings.get(bot), statistics.fmean(scores), spread(times) if times else None
            )
        )
    return sorted(
        lines, key=lambda line: (line.rating.ordinal if line.rating else 0, line.share.value), reverse=True
    )


def bluff_counts(records: Sequence[GameRecord]) -> dict[str, BluffCounts]:
    totals: dict[str, BluffCounts] = {}
    for record in records:
        for bot, counts in zip(record.bots, record.bluffs, strict=True):
            totals.setdefault(bot, BluffCounts()).add(counts)
    return totals


def bluff_rows(records: Sequence[GameRecord], bots: Sequence[str]) -> list[list[str]]:
    """Per bot: claims, bluff rate, bluffs called, calls and how many were right, beliefs right."""
    totals = bluff_counts(records)
    rows = []
    for bot in bots:
        c = totals.get(bot, BluffCounts())
        rows.append(
            [
                bot,
                str(c.claims),
                _text(proportion(c.bluffs, c.claims)),
                _text(proportion(c.bluffs_called, c.bluffs)),
                _text(proportion(c.calls, c.calls + c.beliefs)),
                _text(proportion(c.right_calls, c.calls)),
                _text(proportion(c.right_beliefs, c.beliefs)),
            ]
        )
    return rows


BLUFF_HEADERS = ("bot", "claims", "bluffs", "bluffs called", "calls made", "calls right", "beliefs right")
BOT_HEADERS = (
    "bot",
    "seat-games",
    "win share [95%]",
    "rating mu ± sigma",
    "ordinal",
    "mean score",
    "ms a move: median, p90",
)


def _text(share: Share | None) -> str:
    return "-" if share is None else share.text().strip()


def _bot_row(line: BotLine) -> list[str]:
    rating = "-" if line.rating is None else f"{line.rating.mu:.1f} ± {line.rating.sigma:.1f}"
    ordinal = "-" if line.rating is None else f"{line.rating.ordinal:.1f}"
    return [
        line.bot,
        str(line.share.trials),
        line.share.text().strip(),
        rating,
        ordinal,
        f"{line.mean_score:.2f}",
        "-" if line.times is None else f"{line.times.percentile(0.5):.1f}, {line.times.percentile(0.9):.1f}",
    ]


def matchup_rows(records: Sequence[GameRecord], bots: Sequence[str]) -> list[list[str]]:
    """Head to head: each bot's win share against each other bot, in games between those two only.

    Empty with two bots (the bot table says it all) or when no game seats exactly two bots.
    """
    won = shares(records, by_matchup)
    if len(bots) < 3 or not won:
        return []
    return [[bot, *("" if bot == other else _text(won.get((bot, other))) for other in bots)] for bot in bots]


def seat_rows(records: Sequence[GameRecord], bots: Sequence[str]) -> list[list[str]]:
    """Per seat position: all bots, then each bot."""
    players = records[0].players
    everyone = shares(records, by_seat)
    each = shares(records, by_bot_and_seat)
    return [
        [f"seat {seat}", everyone[seat].text().strip(), *(_text(each.get((bot, seat))) for bot in bots)]
        for seat in range(players)
    ]


def configurations(records: Sequence[GameRecord]) -> list[tuple[str, list[GameRecord]]]:
    grouped: dict[str, list[GameRecord]] = {}
    for record in records:
        grouped.setdefault(configuration_name(record.variants), []).append(record)
    return list(grouped.items())


def print_summary(console: Console, records: Sequence[GameRecord], bots: Sequence[str]) -> None:
    game = get_game(records[0].game)
    players = records[0].players
    console.print(f"{game.TITLE}, {players} seats, {len(records)} games; fair share {1 / players:.1%}")
    console.print(rich_table("Bots", BOT_HEADERS, [_bot_row(line) for line in bot_lines(records, bots)]))
    matchups = matchup_rows(records, bots)
    if matchups:
        console.print(rich_table("Head to head: win share against", ("bot", *bots), matchups))
    console.print(rich_table("Win share by seat position", ("seat", "all", *bots), seat_rows(records, bots)))
    if has_claims(records[0].game):
        console.print(rich_table("Bluffs (docs/arena.md)", BLUFF_HEADERS, bluff_rows(records, bots)))
    else:
        console.print(f"{game.TITLE} has no claims and no calls: no bluff statistics (docs/arena.md).")
    for name, group in configurations(records):
        console.print(f"game length ({name}): {spread([r.length for r in group]).text()} moves")


def write_report(out: Path, records: Sequence[GameRecord], bots: Sequence[str]) -> Path:
    """``out/report.html`` and its PNG plots; returns the page's path."""
    game = get_game(records[0].game)
    players = records[0].players
    fair = 1 / players
    page = Page(f"Arena: {game.TITLE}, {players} seats")
    page.paragraph(
        f"{len(records)} games between {', '.join(bots)}, every bot in every seat position equally often. "
        f"Win shares count a shared win as its share; intervals are 95% Wilson score intervals; "
        f"a fair share is {fair:.1%}. Time a move is the wall-clock time of each of a bot's decisions, "
        "forced moves included (median and 90th percentile). Every game is a line of games.jsonl, "
        "its decisions' times a line of times.jsonl."
    )
    page.heading("Bots")
    page.table(BOT_HEADERS, [_bot_row(line) for line in bot_lines(records, bots)])
    plots.shares_plot(
        out / "win-share.png", "Win share per bot", {"all games": shares(records, by_bot)}, fair
    )
    page.image("win-share.png", "win share per bot")
    matchups = matchup_rows(records, bots)
    if matchups:
        page.heading("Head to head")
        page.paragraph("Each bot's win share against each other bot, over the games between those two only.")
        page.table(("bot", *(f"against {bot}" for bot in bots)), matchups)
    page.heading("Seat positions")
    page.table(("seat", "all", *bots), seat_rows(records, bots))
    each = shares(records, by_bot_and_seat)
    per_seat = {
        f"seat {s}": {bot: each[(bot, s)] for bot in bots if (bot, s) in each} for s in range(players)
    }
    plots.shares_plot(out / "seats.png", "Win share per seat position and bot", per_seat, fair)
    page.image("seats.png", "win share per seat position")
    page.heading("Bluffs")
    if has_claims(records[0].game):
        page.table(BLUFF_HEADERS, bluff_rows(records, bots))
        page.paragraph("Each statistic is defined, with the rules it reads, in docs/arena.md.", note=True)
    else:
        page.paragraph(f"{game.TITLE} has no claims and no calls, so no bluff statistics (docs/arena.md).")
    page.heading("Game length and scores")
    groups = configurations(records)
    page.table(
        ("configuration", "games", "moves: mean ± 95%, median, 10-90%"),
        [[name, len(group), spread([r.length for r in group]).text()] for name, group in groups],
    )
    lengths = {name: [float(r.length) for r in group] for name, group in groups}
    plots.histogram_plot(out / "length.png", "Game length", lengths, "moves")
    page.image("length.png", "game length")
    scores = {
        bot: [r.scores[s] for r in records for s in range(r.players) if r.bots[s] == bot] for bot in bots
    }
    plots.box_plot(out / "scores.png", "Score per seat-game", scores, "score")
    page.image("scores.png", "score distributions")
    page.heading("Variants")
    if len(groups) > 1:
        by_configuration = {name: shares(group, by_bot) for name, group in groups}
        page.table(
            ("configuration", *bots),
            [[name, *(_text(won.get(bot)) for bot in bots)] for name, won in by_configuration.items()],
        )
        plots.shares_plot(out / "variants.png", "Win share per configuration", by_configuration, fair)
        page.image("variants.png", "win share per configuration")
    else:
        page.paragraph(
            f"One configuration ({groups[0][0]}): name several with --variant "
            "(base, a variant, a+b) to compare them."
        )
    path = out / REPORT_FILE
    page.write(path)
    return path


def report(console: Console, out: Path, records: Sequence[GameRecord], bots: Sequence[str]) -> Path:
    """The summary in the terminal, then ``out/report.html``."""
    print_summary(console, records, bots)
    return write_report(out, records, bots)
