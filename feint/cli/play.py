"""``feint play GAME``: a game at the terminal, for humans and bots in any seats.

This module reads the command line and the save file, checks that they
agree, and hands the game to :class:`~feint.cli.session.TerminalGame`.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from feint.bots.registry import bot_kinds, make_bot, strongest
from feint.cli.language import add_argument as add_language
from feint.cli.language import from_environment
from feint.cli.numbers import whole_number
from feint.cli.render import renderer_for
from feint.cli.saves import SaveFile, read_save
from feint.cli.screen import Screen
from feint.cli.seats import HUMAN, default_seats, parse_seats
from feint.cli.session import ABANDONED, TerminalGame
from feint.cli.words import message
from feint.engine.errors import FeintError, SetupError
from feint.engine.registry import declaration, declarations, game_names, get_game
from feint.engine.replay import Replay
from feint.engine.seeding import bot_seed, fresh_seed
from feint.engine.teaching import Lesson
from feint.engine.words import or_listing, speaking
from feint.locale import catalogue
from feint.server.names import MAX_NAME, check_name
from feint.server.tables import TableError

USAGE_ERROR = 2
PAUSE = 0.7
"""Seconds a bot's move stays on the screen before the next, unless --fast."""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help="play a game at the terminal, against bots or friends at the same keyboard",
        description="Play a game at the terminal. The screen shows the table as your seat knows it, "
        "what just happened, and your decision as a short menu: answer with an item's letter, its "
        "words, or the whole move in the game's notation. Also: 'help' (the decision), 'help NAME' "
        "(a card or term), 'rules', 'log' (what happened so far), 'undo', 'back' and 'quit'. "
        "Exit status 0 when the game ends, 1 when you quit or the input ends, 2 for bad options "
        "or an unreadable save.",
    )
    parser.add_argument(
        "game", nargs="?", choices=game_names(), help="the game to play (with --resume, the save names it)"
    )
    bots = ", ".join(bot_kinds())
    default = "; ".join(f"{game.name} {game.strongest}" for game in declarations())
    parser.add_argument(
        "--seats",
        metavar="LIST",
        help=f"who sits in each seat, from seat 0, e.g. human,ismcts,human: 'human' or a bot "
        f"({bots}); several humans play hot-seat, none watch the bots play (default: you in seat 0 "
        f"against the game's strongest bot: {default})",
    )
    parser.add_argument(
        "--vs",
        metavar="BOT",
        help=f"the bot in every other seat, without --seats (default the game's strongest: {default})",
    )
    parser.add_argument(
        "--seat", type=whole_number(0), help="your seat without --seats, counted from 0 (default 0)"
    )
    parser.add_argument(
        "--players",
        type=whole_number(1),
        help="number of seats without --seats (default: the game's usual table)",
    )
    parser.add_argument("--seed", type=whole_number(), help="seed of the deal and the dice (default 0)")
    parser.add_argument(
        "--bot-seed",
        type=whole_number(),
        help="seed of the bots' own choices, a stream apart from the game's (default: a fresh one each game)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        help=f"play a variant of the rules; repeat for several. Variants: {_variant_list()}",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        help="keep the game in this file, rewritten after every move, so quitting loses nothing",
    )
    parser.add_argument("--force", action="store_true", help="let --save replace a file that exists")
    parser.add_argument(
        "--resume",
        metavar="FILE",
        type=Path,
        help="go on with the game saved in FILE, everyone in their seats; the game goes on saving there",
    )
    parser.add_argument(
        "--names",
        metavar="LIST",
        help="the seats' names, from seat 0, e.g. Ann,Bob (an empty entry leaves a seat 'seat N'): "
        "every screen and line of the log calls the seat so, except its own player's, who is 'you'. "
        f"A name is 1 to {MAX_NAME} characters and may not read as 'you', 'seat 2' or a bot",
    )
    parser.add_argument("--fast", action="store_true", help="no pause after each bot's move")
    parser.add_argument(
        "--teach",
        action="store_true",
        help="a first game that teaches: under each of your decisions, what it means, what each choice "
        "does and the rule it follows, from the game's rules summary and glossary",
    )
    add_language(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The game, told in the language asked for (``--lang``, else the environment's)."""
    spoken = args.lang or from_environment(os.environ)
    with speaking(catalogue(spoken)):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    console = Console(markup=False, highlight=False, emoji=False)
    try:
        record, seats = _resumed(args) if args.resume is not None else _new(args)
        renderer = renderer_for(args.game)
        stream = fresh_seed() if args.bot_seed is None else args.bot_seed
        bots = {
            seat: make_bot(name, args.game, bot_seed(stream, seat))
            for seat, name in enumerate(seats)
            if name != HUMAN
        }
        save_path = args.save if args.save is not None else args.resume
        if save_path is not None and save_path != args.resume and save_path.exists() and not args.force:
            raise SetupError(
                f"{save_path} exists: use --force to replace it, or --resume {save_path} to go on with it"
            )
        save = None if save_path is None else SaveFile(save_path, record, seats)
        failure = None if save is None else save.write()
        if failure is not None:
            raise SetupError(f"cannot save to {save_path}: {failure}")
        names = _names(args.names, len(seats))
        lesson = _lesson(record.game) if args.teach else None
        game = TerminalGame(
            record,
            seats,
            bots,
            renderer,
            Screen(console, renderer.colours(), _pause(args)),
            save,
            names,
            lesson,
        )
    except FeintError as error:
        Console(stderr=True, markup=False, highlight=False).print(f"feint play: {error}", soft_wrap=True)
        return USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C before the first move: nothing to keep but the save just written
        console.print()
        console.print(message("abandoned"), soft_wrap=True)
        return ABANDONED
    return game.play()


def _lesson(game: str) -> Lesson:
    lesson = declaration(game).teaching()
    if lesson is None:
        raise SetupError(message("no-lesson", game=game))
    return lesson


def _names(given: str | None, players: int) -> list[str | None]:
    """``--names``: a checked name or None for each seat given, by the server's rules for names."""
    if given is None:
        return []
    entries = given.split(",")
    if len(entries) > players:
        raise SetupError(f"--names gives {len(entries)} names for a table of {players} seats")
    names: list[str | None] = []
    for seat, entry in enumerate(entries):
        try:
            names.append(check_name(entry, tuple(names)) if entry.strip() else None)
        except TableError as error:
            raise SetupError(f"--names, seat {seat}: {error.message}") from None
    return names


def _variant_list() -> str:
    """Each game's variants, for the help: ``name: variant, variant; ...``."""
    return "; ".join(f"{name}: {', '.join(get_game(name).VARIANTS) or 'none'}" for name in game_names())


def _pause(args: argparse.Namespace) -> float:
    return 0.0 if args.fast else PAUSE


def _new(args: argparse.Namespace) -> tuple[Replay, tuple[str, ...]]:
    """A new game from the options; its file, if any, must not exist unless --force."""
    if args.game is None:
        raise SetupError(f"name the game to play ({or_listing(list(game_names()))}), or --resume FILE")
    cls = get_game(args.game)
    if args.seats is not None:
        if args.vs is not None or args.seat is not None:
            raise SetupError("--seats says who sits everywhere: leave out --vs and --seat")
        seats = parse_seats(args.seats)
        if args.players is not None and args.players != len(seats):
            raise SetupError(f"--players {args.players} contradicts --seats, which names {len(seats)}")
    else:
        players = args.players or cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS
        seats = default_seats(players, args.seat or 0, args.vs or strongest(args.game))
    options = {"variants": args.variant} if args.variant else {}
    record = Replay(args.game, len(seats), args.seed or 0, options)
    record.new_state()  # a bad table, seed or variant is refused before anything is written
    return record, seats


def _resumed(args: argparse.Namespace) -> tuple[Replay, tuple[str, ...]]:
    """The saved game, with its seats; options given that contradict the file are an error."""
    saved = read_save(args.resume)
    record = saved.record
    if args.game is None:
        args.game = record.game
    if record.game != args.game:
        raise SetupError(f"{args.resume} is a game of {record.game}, not {args.game}")
    state = record.play()
    seats = saved.seats or default_seats(state.players, 0, strongest(record.game))
    if len(seats) != state.players:
        raise SetupError(f"{args.resume} names {len(seats)} seats for a game of {state.players}")
    for name in seats:
        parse_seats(name)
    given = {
        "--seed": (args.seed, record.seed),
        "--players": (args.players, state.players),
        "--variant": (None if args.variant is None else sorted(args.variant), _variants(record)),
        "--seats": (None if args.seats is None else parse_seats(args.seats), seats),
    }
    for option, (asked, saved_value) in given.items():
        if asked is not None and asked != saved_value:
            raise SetupError(
                f"{option} {_shown(asked)} contradicts {args.resume}, which has {_shown(saved_value)}; "
                f"leave {option} out to resume the game as it was saved"
            )
    if args.vs is not None or args.seat is not None:
        raise SetupError(f"the seats are saved in {args.resume}: leave out --vs and --seat, or give --seats")
    return record, tuple(seats)


def _variants(record: Replay) -> list[str]:
    variants = record.options.get("variants", [])
    return sorted(variants) if isinstance(variants, list | tuple) else []


def _shown(value: object) -> str:
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ",".join(str(v) for v in value) or "none"
    return str(value)
