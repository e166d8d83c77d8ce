"""``feint``: play, replay and benchmark the games; run tournaments, balance reports and server reports."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import partial
from typing import Any

from feint import __version__
from feint.cli import arena, balance, bench, play, replay, report, serve
from feint.engine.registry import declarations
from feint.engine.words import listing

USAGE_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="feint",
        description="Feint: exact rules engines, bots and tables for "
        f"{listing([game.title for game in declarations()])}.",
    )
    parser.add_argument("--version", action="version", version=f"feint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (play, replay, bench, serve, arena, balance, report):
        module.add_parser(commands)
    helper = commands.add_parser(
        "help",
        help="this help, or a command's: feint help play",
        description="Show the help of feint or of a command.",
    )
    helper.add_argument(
        "topic", nargs="?", choices=sorted(commands.choices), metavar="COMMAND", help="a command"
    )
    helper.set_defaults(run=partial(_help, parser, commands))
    parser.set_defaults(run=partial(_help, parser, commands), topic=None)
    return parser


def _help(parser: argparse.ArgumentParser, commands: Any, args: argparse.Namespace) -> int:
    """``feint``, ``feint help`` and ``feint help COMMAND``: the help, on standard output."""
    chosen = parser if args.topic in (None, "help") else commands.choices[args.topic]
    chosen.print_help()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status


def entry() -> None:
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (say ``| head``) stopped early: not an error of ours, and no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)
