"""``feint play GAME``: a game in the terminal against bots.

The loop knows no game: it works from the registry, the seats' views and
their legal moves. Before each of the human's decisions it draws the human's
view, and only that view, with the game's renderer, and tells each event the
human saw in words; bots play every other seat from their own information
(view and events), never the state.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console

from feint.bots import BOT_KINDS, Bot, make_bot
from feint.cli.render import Renderer, renderer_for, who
from feint.engine.errors import FeintError, IllegalMove, SetupError
from feint.engine.info import InfoState
from feint.engine.registry import game_names
from feint.engine.replay import Replay, load_replay
from feint.engine.seeding import bot_seed, fresh_seed
from feint.engine.state import GameState, Move, Seat

ABANDONED = 1
USAGE_ERROR = 2
PROMPT = "Your move (a number or the move; help, quit): "


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play a game against bots. Before each of your decisions the table is drawn "
        "as your seat knows it, with your legal moves numbered; answer with a number or the move "
        "itself, 'help' to list the moves again, or 'quit'. Exit status 0 when the game ends, "
        "1 when you quit or the input ends.",
    )
    parser.add_argument("game", choices=game_names(), help="the game to play")
    parser.add_argument(
        "--vs", choices=BOT_KINDS, default="heuristic", help="the bot in the other seats (default heuristic)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deal and the dice (default 0)")
    parser.add_argument(
        "--bot-seed",
        type=int,
        help="seed of the bots' own choices, a stream apart from the game's (default: a fresh one each game)",
    )
    parser.add_argument(
        "--seat", type=int, default=0, help="your seat, counted from 0; seat 0 starts (default 0)"
    )
    parser.add_argument(
        "--players",
        type=int,
        help="number of seats (default: the game's usual table, 4 for knights and guardians)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="play a variant of the rules, e.g. extended-cast; repeat for several",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        help="keep the game in this replay file, rewritten after every move, so quitting loses nothing",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        type=Path,
        help="go on with the game saved in this replay file (its seed and variants are used)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    console = Console(markup=False, highlight=False, soft_wrap=True)
    try:
        record = _starting_record(args)
        state = record.play()
        if not 0 <= args.seat < state.players:
            raise SetupError(f"--seat must be a seat from 0 to {state.players - 1}, not {args.seat}")
        others = (seat for seat in range(state.players) if seat != args.seat)
        stream = fresh_seed() if args.bot_seed is None else args.bot_seed
        bots = {seat: make_bot(args.vs, args.game, bot_seed(stream, seat)) for seat in others}
        save = None if args.save is None else SaveFile(args.save, record)
        if save is not None:
            save.write()
    except (FeintError, OSError) as error:
        message = error.strerror if isinstance(error, OSError) and error.strerror else error
        errors = Console(stderr=True, markup=False, highlight=False, soft_wrap=True)
        errors.print(f"feint play: {message}")
        return USAGE_ERROR
    return TerminalGame(state, args.seat, bots, renderer_for(args.game), console, save).play()


def _starting_record(args: argparse.Namespace) -> Replay:
    """The replay the game starts from: a saved game, or a new one from the options."""
    if args.resume is None:
        options = {"variants": args.variant} if args.variant else {}
        return Replay(args.game, args.players, args.seed, options)
    record = load_replay(args.resume)
    if record.game != args.game:
        raise SetupError(f"{args.resume} is a game of {record.game}, not {args.game}")
    return record


class SaveFile:
    """A replay file kept up to date: rewritten whole, atomically, after every move."""

    def __init__(self, path: Path, record: Replay) -> None:
        self.path = path
        self.record = record

    def add(self, seat: Seat, move: Move) -> None:
        self.record = replace(self.record, moves=(*self.record.moves, (seat, str(move))))
        self.write()

    def write(self) -> None:
        draft = self.path.with_name(self.path.name + ".tmp")
        draft.write_text(json.dumps(self.record.to_json()) + "\n", encoding="utf-8")
        os.replace(draft, self.path)


class TerminalGame:
    """One game between the human at ``human`` and bots in every other seat."""

    def __init__(
        self,
        state: GameState,
        human: Seat,
        bots: dict[Seat, Bot],
        renderer: Renderer,
        console: Console,
        save: SaveFile | None = None,
    ) -> None:
        self.state = state
        self.human = human
        self.bots = bots
        self.renderer = renderer
        self.console = console
        self.save = save
        self.infos = {seat: InfoState.of(state, seat) for seat in bots}
        self.told = state.log.seq

    def play(self) -> int:
        """Play to the end (status 0), or until the human quits (status 1)."""
        while not self.state.is_over():
            bot_seat = next((seat for seat in self.state.to_move() if seat in self.bots), None)
            if bot_seat is not None:
                self._bot_turn(bot_seat)
            elif not self._human_turn():
                kept = f" It is saved in {self.save.path}." if self.save is not None else ""
                self.console.print(f"Game abandoned.{kept}")
                return ABANDONED
        self.console.print(_game_over(self.state.result().winners, self.human))
        return 0

    def _bot_turn(self, seat: Seat) -> None:
        info = self.infos[seat]
        info.sync(self.state)
        self._apply(seat, self.bots[seat].choose(info, self.state.legal_moves(seat)))
        self._report()

    def _human_turn(self) -> bool:
        """Ask until a legal move is given and play it; False if the human quits."""
        legal = self.state.legal_moves(self.human)
        self.console.print(self.renderer.table(self.state.view(self.human)))
        self._list(legal)
        while True:
            text = self._read()
            if text is None or text == "quit":
                return False
            if text == "help":
                self._list(legal)
                continue
            try:
                self._apply(self.human, _chosen(text, legal))
            except IllegalMove as error:
                self.console.print(f"Not a legal move: {error.reason}")
                continue
            self._report()
            return True

    def _apply(self, seat: Seat, move: Move | str) -> Move:
        played = self.state.apply(seat, move)
        if self.save is not None:
            self.save.add(seat, played)
        return played

    def _read(self) -> str | None:
        """The human's next answer; None when the input ends or is interrupted."""
        while True:
            try:
                text = self.console.input(PROMPT).strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                self.console.print("The input has ended.")
                return None
            if text:
                return text

    def _list(self, legal: Sequence[Move]) -> None:
        self.console.print("Your moves:")
        for number, move in enumerate(legal, start=1):
            self.console.print(f"  {number:>2}. {move}")

    def _report(self) -> None:
        """Tell the human, in words, every event it saw since it was last told."""
        for event in self.state.events(self.human, since=self.told):
            line = self.renderer.describe(event, self.human)
            if line is not None:
                self.console.print(line)
            self.told = event.seq


def _game_over(winners: Sequence[Seat], human: Seat) -> str:
    names = [who(seat, human) for seat in winners]
    if not names:
        return "Game over. Nobody wins."
    if len(names) == 1:
        return f"Game over. The winner: {names[0]}."
    return f"Game over. The winners: {', '.join(names[:-1])} and {names[-1]}."


def _chosen(text: str, legal: Sequence[Move]) -> Move | str:
    """The move numbered ``text``, or ``text`` itself for the game to parse."""
    if not text.isdigit():
        return text
    number = int(text)
    if not 1 <= number <= len(legal):
        raise IllegalMove(text, f"there is no move {number}; choose a number from 1 to {len(legal)}")
    return legal[number - 1]
