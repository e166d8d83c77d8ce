"""The terminal screen: the table, what just happened, and the decision, redrawn in place.

Every drawing clears the screen and lays out, top to bottom, the game's
picture of the table, as many of the latest lines of news as fit, and the
decision (its menu and any note on the last answer), so that the whole fits
the terminal (80 by 24 at the least) and the prompt never scrolls the table
away. On output that is not a terminal nothing is cleared, and every drawing
simply follows the last.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.highlighter import Highlighter
from rich.rule import Rule
from rich.text import Text

from feint.cli.menu import Item
from feint.cli.words import message

MIN_HEIGHT = 24
GAP = 2
"""Spaces between menu columns."""


class Screen:
    def __init__(self, console: Console, colours: Highlighter, pause: float) -> None:
        self.console = console
        self.colours = colours
        self.pause = pause

    @property
    def height(self) -> int:
        return max(self.console.size.height, MIN_HEIGHT)

    def text(self, line: str, style: str = "") -> Text:
        text = Text(line, style=style)
        self.colours.highlight(text)
        return text

    def lines(self, renderable: RenderableType) -> list[Text]:
        """``renderable`` cut into the screen's lines."""
        options = self.console.options.update(width=self.console.width, height=None)
        rendered = self.console.render_lines(renderable, options, pad=False)
        lines = []
        for segments in rendered:
            line = Text()
            for segment in segments:
                if not segment.control:
                    line.append(segment.text, segment.style)
            self.colours.highlight(line)
            lines.append(line)
        return lines

    def draw(self, table: RenderableType, news: Sequence[str], decision: Sequence[RenderableType]) -> None:
        """Clear the screen and draw the table, the latest news that fits, and the decision."""
        self.show(self.compose(table, news, decision))

    def show(self, frame: Sequence[Text]) -> None:
        """Clear the screen and draw ``frame`` (from :meth:`compose`)."""
        self.console.clear()
        self.console.print(Text("\n").join(frame))

    def compose(
        self, table: RenderableType, news: Sequence[str], decision: Sequence[RenderableType]
    ) -> list[Text]:
        """The lines of a drawing, top to bottom, leaving the last line of the screen to the prompt."""
        top = self.lines(table)
        bottom = [line for part in decision for line in self.lines(part)]
        room = self.height - len(top) - len(bottom) - 2  # the news rule, and the prompt's own line
        shown: list[Text] = []
        for text in reversed(news):  # the latest first, and only as many as fit whole
            lines = self.lines(Text(text))
            if len(shown) + len(lines) > room:
                if shown:
                    break
                continue  # an item longer than the whole room is passed over, not cut
            shown[:0] = lines
        rule = self.lines(Rule(message("news"), align="left", style="dim"))
        # On a terminal the decision stays at the bottom; in a pipe, blank lines would only pad the log.
        blank = [Text()] * max(room - len(shown), 0) if self.console.is_terminal else []
        return [*top, *rule, *shown, *blank, *bottom]

    def menu(self, items: Sequence[Item], lead: str = "") -> Text:
        """Items in columns, read down then across: ``a) look   b) swap lancelot``.

        As many columns as fit the width, each as wide as its own widest item,
        so that a few long items (a cover "beside the path") do not
        spread a long menu over more lines than the news can spare. ``lead``
        (what a move in steps has chosen so far) goes before a menu of one
        line when both fit the width, else on a line of its own above it.
        """
        cells = [f"{item.letter}) {item.label}" for item in items]
        for rows in range(1, len(cells) + 1):
            columns = [cells[i : i + rows] for i in range(0, len(cells), rows)]
            widths = [max(len(cell) for cell in column) for column in columns]
            if sum(widths) + GAP * (len(columns) - 1) <= self.console.width or rows == len(cells):
                break
        lines = []
        for row in range(rows):
            line = "".join(
                column[row].ljust(width + GAP)
                for column, width in zip(columns, widths, strict=True)
                if row < len(column)
            )
            lines.append(line.rstrip())
        if lead and len(lines) == 1 and len(lead) + GAP + len(lines[0]) <= self.console.width:
            lines[0] = lead + " " * GAP + lines[0]
        elif lead:
            lines.insert(0, lead)
        return self.text("\n".join(lines))

    @property
    def interactive(self) -> bool:
        """Whether a person types the input: a terminal, not a pipe, a file or a closed input."""
        try:
            return sys.stdin is not None and sys.stdin.isatty()
        except ValueError:  # a closed file
            return False

    def ask(self, prompt: str) -> str | None:
        """One line of input, stripped; None when the input ends (Ctrl-C is the caller's to catch).

        An input that cannot be read at all (closed, or a terminal gone) has ended too.
        """
        try:
            if sys.stdin is None:  # started with its input closed: input() would fail with "lost sys.stdin"
                raise EOFError
            return self.console.input(prompt).strip()
        except (EOFError, OSError):
            self.console.print()
            self.console.print(message("input-ended"))
            return None

    def page(self, renderable: RenderableType, prompt: str) -> str | None:
        """A whole screen of its own (the rules, a help page, the log), until Enter."""
        self.console.clear()
        self.console.print(renderable)
        return self.ask(prompt + " ")

    def blank(self, line: str) -> None:
        """A cleared screen with one line on it: nothing of the last player's table stays up."""
        self.console.clear()
        self.console.print(line)

    def wait(self) -> None:
        """The short pause after a bot's move, so a person can follow it."""
        if self.pause > 0:
            time.sleep(self.pause)
