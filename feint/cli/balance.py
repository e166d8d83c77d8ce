"""``feint balance GAME``: seat, variant and length questions answered by self-play, with a report."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from feint.arena.plan import (
    GameSpec,
    check_plan,
    default_players,
    every_player_count,
    parse_bots,
    parse_configuration,
)
from feint.arena.study import Study
from feint.cli.arena import USAGE_ERROR, add_common_arguments, play_and_report, reporting
from feint.cli.numbers import whole_number
from feint.engine.errors import SetupError
from feint.engine.registry import get_game


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "balance",
        help="answer a designer's questions about a game by self-play, with 95%% intervals",
        description="Self-play experiments: does the start seat win more often (and is that the game "
        "or the bot: compare the bots), which seat position wins most at each table size, what each "
        "variant changes, how long games last. Prints a summary, writes OUT/balance.html with plots "
        "and every game to OUT/games.jsonl. Exit status 2 for bad input.",
    )
    add_common_arguments(
        parser,
        default_games=300,
        default_out="balance-out",
        games_per="experiment (bot, table size, configuration)",
    )
    parser.add_argument(
        "--bots",
        default="random,heuristic",
        metavar="A,B,...",
        help="the self-play bots, weakest first; the last also plays the variants (default random,heuristic)",
    )
    parser.add_argument(
        "--players",
        type=whole_number(1),
        action="append",
        default=[],
        metavar="N",
        help="a table size to study; repeat for several (default: every size the game allows)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="V",
        help="a configuration to compare with the base game: a variant or variants joined by '+'; "
        "repeat for several (default: each of the game's variants alone)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True, markup=False, highlight=False, soft_wrap=True)
    try:
        cls = get_game(args.game)
        counts = every_player_count(args.game, args.players)
        usual = default_players(args.game, None)
        configurations = tuple(parse_configuration(v) for v in args.variant) or tuple(
            (variant,) for variant in cls.VARIANTS
        )
        study = Study(
            args.game,
            parse_bots(args.bots),
            counts,
            usual if usual in counts else counts[0],
            tuple(c for c in configurations if c),
            args.games,
            args.seed,
        )
        plans = study.plans()
        for plan in plans:
            check_plan(plan)
        report = reporting("balance").report
    except SetupError as error:
        err.print(f"feint balance: {error}")
        return USAGE_ERROR
    specs: list[GameSpec] = []
    for plan in plans:
        specs.extend(plan.specs(first_index=len(specs)))
    title = f"{cls.TITLE}, self-play"
    return play_and_report(
        "balance", args, specs, title, lambda out, records: report(out, args.out, study, records)
    )
