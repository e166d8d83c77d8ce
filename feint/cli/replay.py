"""``feint replay FILE``: play a replay file and print the final state as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from feint.arena.records import read_replay
from feint.cli.numbers import whole_number
from feint.engine.errors import StateFormatError
from feint.engine.replay import ReplayMoveError
from feint.engine.state import Viewer

FAILED = 2


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "replay",
        help="play a replay file and print the final state as JSON",
        description="Apply a replay file's moves and print the final state as one JSON object. "
        "Exit status 2, with nothing on stdout, for a malformed file or a move that cannot be played.",
    )
    parser.add_argument("file", help="the replay file (JSON), or a games.jsonl of 'feint arena'")
    parser.add_argument(
        "--line",
        type=whole_number(1),
        metavar="N",
        help="the game on line N (from 1) of a games.jsonl of 'feint arena'",
    )
    parser.add_argument(
        "--view",
        metavar="SEAT",
        help="print what this seat may know instead of the whole state ('spectator' for the public view)",
    )
    parser.set_defaults(run=run)


def _viewer(text: str, players: int) -> Viewer:
    if text == "spectator":
        return None
    if not (text.isascii() and text.isdigit()) or int(text) >= players:
        raise StateFormatError(f"--view takes a seat from 0 to {players - 1} or 'spectator', not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    try:
        replay = read_replay(args.file, args.line)
    except StateFormatError as err:
        print(f"feint replay: {err}", file=sys.stderr)  # the reader's errors name the file
        return FAILED
    try:
        state = replay.play()
        if args.view is None:
            output = {**state.summary(), **state.report()}
        else:
            output = state.view(_viewer(args.view, state.players)).to_json()
    except (ReplayMoveError, StateFormatError) as err:
        print(f"feint replay: {args.file}: {err}", file=sys.stderr)
        return FAILED
    print(json.dumps(output))
    return 0
