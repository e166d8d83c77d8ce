"""``feint balance``: the questions a designer asks of a game, answered by self-play with 95% intervals.

Every experiment is self-play: one bot in every seat, so any difference
between seats is the game's or the bot's, never the other bots'. Comparing
bots of different strength tells the two apart: a seat effect that random
play shows too belongs to the game; one that only a bot shows belongs to
how that bot plays the seat.

1. Does the start seat win more often? Seat 0's win share against the fair
   share, for each bot and table size.
2. Which seat position wins most, by table size?
3. What does each variant change? The variant bot (the last one listed) at
   the usual table, in the base game and each configuration.
4. How long do games last?
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from feint.arena import plots
from feint.arena.html import Page
from feint.arena.plan import configuration_name
from feint.arena.records import GameRecord
from feint.arena.stats import Share, by_seat, shares, spread
from feint.arena.study import Study
from feint.arena.terminal import rich_table
from feint.engine.registry import get_game

BALANCE_FILE = "balance.html"


Key = tuple[str, int, str]
"""An experiment: the bot, the table size, the configuration's name."""


def experiments(records: Sequence[GameRecord]) -> dict[Key, list[GameRecord]]:
    grouped: dict[Key, list[GameRecord]] = {}
    for record in records:
        key = (record.bots[0], record.players, configuration_name(record.variants))
        grouped.setdefault(key, []).append(record)
    return grouped


def seat_shares(records: Sequence[GameRecord]) -> list[Share]:
    won = shares(records, by_seat)
    return [won[seat] for seat in range(records[0].players)]


def verdict(share: Share, fair: float) -> str:
    if not share.excludes(fair):
        return "fair"
    return "above fair" if share.value > fair else "below fair"


def start_seat_rows(groups: dict[Key, list[GameRecord]]) -> list[list[str]]:
    rows = []
    for (bot, players, name), group in groups.items():
        if name == "base":
            seat0 = seat_shares(group)[0]
            rows.append(
                [
                    bot,
                    str(players),
                    str(len(group)),
                    seat0.text().strip(),
                    f"{1 / players:.1%}",
                    verdict(seat0, 1 / players),
                ]
            )
    return rows


def start_seat_answer(groups: dict[Key, list[GameRecord]], bots: Sequence[str]) -> list[str]:
    """Is seat 0's advantage (or handicap) the game's or a bot's? One sentence per table size.

    The first bot is the weakest: an effect that every stronger bot shows on
    the same side while the weakest does not is the game's as skill plays it.
    """
    sentences = []
    for players in sorted({key[1] for key in groups}):
        fair = 1 / players
        found = {
            bot: seat_shares(groups[(bot, players, "base")])[0]
            for bot in bots
            if (bot, players, "base") in groups
        }
        described = "; ".join(f"{bot} {share.text().strip()}" for bot, share in found.items())
        sentences.append(
            f"{players} seats: seat 0 wins {described} (fair {fair:.1%}); {_reading(found, fair)}."
        )
    return sentences


def _reading(found: dict[str, Share], fair: float) -> str:
    off = [bot for bot, share in found.items() if share.excludes(fair)]
    sides = {found[bot].value > fair for bot in off}
    weakest, *skilled = found
    skilled_off = [bot for bot in skilled if bot in off]
    skilled_sides = {found[bot].value > fair for bot in skilled_off}
    if not off:
        return "no bot shows a start-seat effect"
    if len(off) == len(found) and len(sides) == 1:
        return "every bot shows it, on the same side: the game"
    if skilled and skilled_off == skilled and len(skilled_sides) == 1:
        if len(skilled) > 1:
            return f"every bot but {weakest} shows it, on the same side: the game, as skilled play finds it"
        return (
            f"{skilled[0]} shows it and {weakest} does not on that side: {skilled[0]}'s play, or the game "
            "as only skilled play finds it; a stronger bot tells which"
        )
    if len(sides) == 1:
        return f"only {', '.join(off)} shows it: that bot's play, not the game"
    return "the bots disagree on its side: their play, not the game"


def seat_rows(groups: dict[Key, list[GameRecord]]) -> list[list[str]]:
    """Per bot and table size: every seat's share and the seat that wins most."""
    rows = []
    for (bot, players, name), group in groups.items():
        if name == "base":
            won = seat_shares(group)
            best = max(range(players), key=lambda s: won[s].value)
            mark = f"seat {best}" + (
                " (beyond fair)" if won[best].excludes(1 / players) else " (within fair)"
            )
            rows.append([bot, str(players), " | ".join(f"{s.value:.1%}" for s in won), mark])
    return rows


def variant_rows(groups: dict[Key, list[GameRecord]], bot: str, players: int) -> list[list[str]]:
    rows = []
    base_length = None
    for (who, seats, name), group in groups.items():
        if who != bot or seats != players:
            continue
        length = spread([r.length for r in group])
        base_length = length.mean if name == "base" else base_length
        change = "" if base_length is None or name == "base" else f"{length.mean - base_length:+.1f}"
        won = seat_shares(group)
        rows.append(
            [
                name,
                str(len(group)),
                won[0].text().strip(),
                f"{length.mean:.1f} ± {length.half_width:.1f}",
                change,
            ]
        )
    return rows


def length_rows(groups: dict[Key, list[GameRecord]]) -> list[list[str]]:
    return [
        [bot, str(players), name, spread([r.length for r in group]).text()]
        for (bot, players, name), group in groups.items()
    ]


START_HEADERS = ("bot", "seats", "games", "seat 0 win share [95%]", "fair", "verdict")
SEAT_HEADERS = ("bot", "seats", "win share by seat 0, 1, ...", "wins most")
VARIANT_HEADERS = ("configuration", "games", "seat 0 win share [95%]", "moves (mean ± 95%)", "vs base")
LENGTH_HEADERS = ("bot", "seats", "configuration", "moves: mean ± 95%, median, 10-90%")


def print_summary(console: Console, study: Study, records: Sequence[GameRecord]) -> None:
    groups = experiments(records)
    console.print(f"{get_game(study.game).TITLE}: balance by self-play, {len(records)} games")
    console.print(
        rich_table("1. Does the start seat win more often?", START_HEADERS, start_seat_rows(groups))
    )
    for sentence in start_seat_answer(groups, study.bots):
        console.print(f"   {sentence}")
    console.print(rich_table("2. Which seat position wins most?", SEAT_HEADERS, seat_rows(groups)))
    console.print(
        rich_table(
            f"3. What each variant changes ({study.variant_bot}, {study.usual_players} seats)",
            VARIANT_HEADERS,
            variant_rows(groups, study.variant_bot, study.usual_players),
        )
    )
    console.print(rich_table("4. How long games last", LENGTH_HEADERS, length_rows(groups)))


def write_report(out: Path, study: Study, records: Sequence[GameRecord]) -> Path:
    groups = experiments(records)
    page = Page(f"Balance: {get_game(study.game).TITLE}")
    page.paragraph(
        f"{len(records)} games of self-play ({', '.join(study.bots)}), {study.games} or more per experiment. "
        "Win shares count a shared win as its share; intervals are 95% Wilson score intervals. "
        "A seat effect that random play shows too is the game's; one only a bot shows is the bot's."
    )
    page.heading("1. Does the start seat win more often?")
    page.table(START_HEADERS, start_seat_rows(groups))
    for sentence in start_seat_answer(groups, study.bots):
        page.paragraph(sentence)
    start = {
        f"{players} seats": {
            bot: seat_shares(g)[0]
            for (bot, seats, name), g in groups.items()
            if seats == players and name == "base"
        }
        for players in study.player_counts
    }
    plots.shares_plot(
        out / "start-seat.png", "Seat 0 win share", start, [1 / players for players in study.player_counts]
    )
    page.image("start-seat.png", "seat 0 win share by bot and table size")
    page.heading("2. Which seat position wins most?")
    page.table(SEAT_HEADERS, seat_rows(groups))
    for players in study.player_counts:
        by_position = {
            f"seat {s}": {
                bot: seat_shares(g)[s]
                for (bot, seats, name), g in groups.items()
                if seats == players and name == "base"
            }
            for s in range(players)
        }
        plots.shares_plot(
            out / f"seats-{players}.png", f"Win share by seat, {players} seats", by_position, 1 / players
        )
        page.image(f"seats-{players}.png", f"win share by seat at {players} seats")
    page.heading(f"3. What each variant changes ({study.variant_bot}, {study.usual_players} seats)")
    page.table(VARIANT_HEADERS, variant_rows(groups, study.variant_bot, study.usual_players))
    variants = {
        name: {f"seat {s}": share for s, share in enumerate(seat_shares(g))}
        for (bot, seats, name), g in groups.items()
        if bot == study.variant_bot and seats == study.usual_players
    }
    plots.shares_plot(
        out / "variants.png", "Win share by seat per configuration", variants, 1 / study.usual_players
    )
    page.image("variants.png", "win share by seat per configuration")
    page.heading("4. How long games last")
    page.table(LENGTH_HEADERS, length_rows(groups))
    lengths = {
        f"{bot} {players} {name}": [float(r.length) for r in g] for (bot, players, name), g in groups.items()
    }
    plots.box_plot(out / "length.png", "Moves per game", lengths, "moves")
    page.image("length.png", "moves per game")
    path = out / BALANCE_FILE
    page.write(path)
    return path


def report(console: Console, out: Path, study: Study, records: Sequence[GameRecord]) -> Path:
    """The summary in the terminal, then ``out/balance.html``."""
    print_summary(console, study, records)
    return write_report(out, study, records)
