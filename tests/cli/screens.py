"""Whole games played through :class:`TerminalGame` in this process, every screen kept as drawn at 80x24.

The human's seat is answered by a bot playing from that seat's own
information (the move typed in notation), the other seats are bots, and
each frame the session shows (composed by the seat's window, or the end
screen) is kept as its lines: what a person at an 80 by 24 terminal sees
above the prompt. At the end the answers given to the end prompt are
taken from ``after``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.text import Text

from feint.bots.registry import make_bot
from feint.cli.render import renderer_for
from feint.cli.screen import Screen
from feint.cli.session import TerminalGame
from feint.cli.words import message
from feint.engine.info import InfoState
from feint.engine.registry import declaration
from feint.engine.replay import Replay

ROWS, COLUMNS = 24, 80


@dataclass
class Drawing:
    lines: list[str]
    """Every line drawn, top to bottom (the prompt's own line, the 24th, is not among them)."""
    table: int
    """How many of them are the table."""
    decision: int
    """How many are the decision at the bottom: the menu, a note, the status line."""

    @property
    def room(self) -> int:
        """The lines left for the news: the screen less the table, the decision, the rule and the prompt."""
        return ROWS - self.table - self.decision - 2

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class RecordingScreen(Screen):
    def __init__(self, game: str, after: Sequence[str]) -> None:
        console = Console(
            width=COLUMNS, height=ROWS, file=io.StringIO(), color_system=None, force_terminal=True
        )
        super().__init__(console, renderer_for(game).colours(), 0)
        self.session: TerminalGame | None = None
        self.player = make_bot("heuristic", game, 0)
        self.after = list(after)
        self.drawings: list[Drawing] = []
        self.parts = (0, 0)
        """The table's and the decision's lines in the frame composed last."""
        self.pages: list[str] = []
        """Every page shown (the log's, the rules), as its lines."""
        self.leaf = False
        """Whether the log is read back to its first page (else Enter leaves it at once)."""

    @property
    def interactive(self) -> bool:
        return True

    def compose(
        self, table: RenderableType, news: Sequence[str], decision: Sequence[RenderableType]
    ) -> list[Text]:
        """The lines composed, and how many of them are the table and the decision, for :meth:`show`."""
        self.parts = (len(self.lines(table)), sum(len(self.lines(part)) for part in decision))
        return super().compose(table, news, decision)

    def show(self, frame: Sequence[Text]) -> None:
        table, decision = self.parts
        self.drawings.append(Drawing([line.plain.rstrip() for line in frame], table, decision))

    def page(self, renderable: RenderableType, prompt: str) -> str | None:
        self.pages.append("\n".join(line.plain.rstrip() for line in self.lines(renderable)))
        if self.leaf and prompt.startswith("Log, page ") and not prompt.startswith("Log, page 1 of"):
            return "p"
        return ""

    def ask(self, prompt: str) -> str | None:
        session = self.session
        assert session is not None
        if prompt == message("end-prompt"):
            return self.after.pop(0) if self.after else ""
        seat = next(seat for seat in session.state.to_move() if seat in session.humans)
        move = self.player.choose(InfoState.of(session.state, seat), session.state.legal_moves(seat))
        return str(move)


def play_through(
    game: str,
    players: int,
    seed: int,
    bot_seed: int = 1,
    variants: Sequence[str] = (),
    record: Replay | None = None,
    after: Sequence[str] = (),
    humans: int = 1,
    leaf: bool = False,
    teach: bool = False,
) -> tuple[RecordingScreen, TerminalGame]:
    """A whole game, the first ``humans`` seats human (answered by a heuristic bot), heuristic bots after;
    ``teach``: with the game's lesson (``feint play --teach``)."""
    options = {"variants": list(variants)} if variants else {}
    record = record or Replay(game, players, seed, options)
    seats = [*(["human"] * humans), *(["heuristic"] * (players - humans))]
    bots = {seat: make_bot("heuristic", game, bot_seed + seat) for seat in range(humans, players)}
    screen = RecordingScreen(game, after)
    screen.leaf = leaf
    lesson = declaration(game).teaching() if teach else None
    session = TerminalGame(record, seats, bots, renderer_for(game), screen, lesson=lesson)
    screen.session = session
    session.play()
    return screen, session


def cut(drawing: Drawing) -> bool:
    return any("…" in line for line in drawing.lines)
