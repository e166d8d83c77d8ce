"""``feint arena GAME --bots A,B,...``: a tournament between bots, with ratings, bluffs and a report."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from feint.arena.plan import (
    GameSpec,
    Plan,
    at_equal_time,
    check_plan,
    default_players,
    distinct,
    parse_bots,
    parse_configuration,
)
from feint.arena.records import GAMES_FILE, GameRecord
from feint.arena.runners import require_ray
from feint.arena.tournament import play_all
from feint.cli.numbers import whole_number
from feint.engine.errors import SetupError
from feint.engine.registry import game_names, get_game

INTERRUPTED = 1
USAGE_ERROR = 2


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "arena",
        help="play a tournament between bots and report ratings, win shares and bluffs",
        description="Play bots against each other, every bot in every seat position equally often "
        "(the games are rounded up to whole blocks of that schedule), over worker processes or a Ray "
        "cluster. Each game is written as one JSON line to OUT/games.jsonl (replay one with "
        "'feint replay OUT/games.jsonl --line N'); the table is printed and OUT/report.html written "
        "with its plots. The same seed gives the same games whatever the workers. Exit status 2 for "
        "bad input.",
    )
    add_common_arguments(parser, default_games=200, default_out="arena-out", games_per="configuration")
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="A,B,...",
        help="the bots, by name, separated by commas (default heuristic,random); a bot listed k times "
        "takes k shares of the seats: ismcts,heuristic,heuristic,heuristic at 4 seats plays one ISMCTS "
        "against three heuristic bots in every game",
    )
    parser.add_argument(
        "--ms",
        type=whole_number(1),
        metavar="N",
        help="equal time: every search bot (ismcts, montecarlo, omniscient) searches N milliseconds a "
        "decision, its level or count of iterations or playouts replaced by ms=N (ismcts:hard,montecarlo "
        "becomes ismcts:ms=N,montecarlo:ms=N); the other bots play as they are. Each bot's time a move "
        "is reported whether or not this is given",
    )
    parser.add_argument(
        "--players", type=whole_number(1), help="seats per game (default: the game's usual table)"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="a configuration to play: 'base', a variant, or variants joined by '+'; repeat to compare "
        "several (default: base only), each played --games times",
    )
    parser.set_defaults(run=run)


def add_common_arguments(
    parser: argparse.ArgumentParser, default_games: int, default_out: str, games_per: str
) -> None:
    """The arguments ``feint arena`` and ``feint balance`` share."""
    parser.add_argument("game", choices=game_names(), help="the game")
    parser.add_argument(
        "--games",
        type=whole_number(1),
        default=default_games,
        help=f"games per {games_per} (default {default_games})",
    )
    parser.add_argument(
        "--workers", type=whole_number(1), default=1, help="worker processes, or Ray CPUs (default 1)"
    )
    parser.add_argument("--seed", type=whole_number(), default=0, help="seed of the whole run (default 0)")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(default_out),
        help=f"directory for the results (default {default_out})",
    )
    parser.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play on the Ray cluster at ADDRESS ('local': a Ray instance of --workers CPUs here); "
        "needs the cluster extra",
    )


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True, markup=False, highlight=False, soft_wrap=True)
    try:
        bots = parse_bots(args.bots, repeats=True)
        plan = Plan(
            args.game,
            bots if args.ms is None else at_equal_time(bots, args.ms),
            default_players(args.game, args.players),
            args.games,
            args.seed,
            tuple(parse_configuration(v) for v in args.variant) or ((),),
        )
        check_plan(plan)
        report = reporting("report").report
    except SetupError as error:
        err.print(f"feint arena: {error}")
        return USAGE_ERROR
    if plan.games_per_configuration != plan.games:
        err.print(
            f"feint arena: playing {plan.games_per_configuration} games per configuration, not {plan.games}, "
            "so that every bot sits in every seat position equally often"
        )
    title = f"{get_game(plan.game).TITLE}, {plan.players} seats"
    return play_and_report(
        "arena",
        args,
        plan.specs(),
        title,
        lambda out, records: report(out, args.out, records, distinct(plan.bots)),
    )


def reporting(module: str) -> Any:
    """The report module ``feint.arena.<module>``; SetupError if the arena extra is not installed."""
    try:
        return importlib.import_module(f"feint.arena.{module}")
    except ImportError as missing:
        raise SetupError(f"{missing.name} is missing: pip install 'feint[arena]'") from None


Report = Callable[[Console, list[GameRecord]], Path]
"""Prints the summary of a run's games and writes its HTML page; returns the page's path."""


def play_and_report(
    command: str, args: argparse.Namespace, specs: list[GameSpec], title: str, report: Report
) -> int:
    """Play the games of ``feint arena`` or ``feint balance`` and report them."""
    err = Console(stderr=True, markup=False, highlight=False, soft_wrap=True)
    try:
        if args.ray is not None:
            require_ray()
        records = play_all(specs, args.out, args.workers, args.ray, err, title)
    except SetupError as error:
        err.print(f"feint {command}: {error}")
        return USAGE_ERROR
    except OSError as error:
        err.print(f"feint {command}: cannot write to {args.out}: {error.strerror or error}")
        return USAGE_ERROR
    except KeyboardInterrupt:
        err.print(f"feint {command}: interrupted; the games played so far are in {args.out / GAMES_FILE}")
        return INTERRUPTED
    out = Console(highlight=False, soft_wrap=True)
    page = report(out, records)
    out.print(f"games: {args.out / GAMES_FILE}  report: {page}")
    return 0
