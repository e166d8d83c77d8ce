"""``feint play GAME``: a game in the terminal against bots."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("play", help="play a game in the terminal against bots")
    parser.add_argument("game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raise NotImplementedError
