"""One seat's screen, made from that seat's view and its own events, and nothing else.

A :class:`Window` belongs to one viewer (a seat, or None for a spectator).
It keeps what its viewer has been told (the news, a line an event, in the
game's words) and composes every drawing of the viewer's screen from the
viewer's view, the events it saw and its own decision. It is never given the
game's state, another seat's view or a move: what a bot did is told from the
viewer's events (``Seat 1 picked a card.``), so a secret move cannot reach
the screen. This is the terminal's counterpart of the server's
``message_for``, and ``tests/cli/test_secrecy.py`` holds it to the same
promise: the screen drawn for a seat is the same in every world the seat
cannot tell from this one (``state.resample``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import RenderableType
from rich.text import Text

from feint.cli.render import Renderer
from feint.cli.screen import Screen
from feint.cli.words import message
from feint.engine.events import Event
from feint.engine.state import View, Viewer


class Window:
    def __init__(self, renderer: Renderer, viewer: Viewer) -> None:
        self.renderer = renderer
        self.viewer = viewer
        self.news: list[tuple[int, str]] = []
        """Every line told to the viewer, with the sequence number of its event."""
        self.told = 0
        """The sequence number of the last event told."""

    def catch_up(self, events: Iterable[Event]) -> str:
        """Tell the viewer's events not told yet; one line saying what they did, for the status line.

        ``events`` are the viewer's own (``state.events(viewer, since=window.told)``).
        The line is the first one they tell (a move's own event comes first),
        or, when they tell nothing worth a line, who moved; empty if nothing happened.
        """
        first = ""
        actor = None
        for event in events:
            if event.seq <= self.told:
                continue
            line = self.renderer.describe(event, self.viewer)
            if line is not None:
                self.news.append((event.seq, line))
                first = first or line
            if actor is None and event.actor is not None:
                actor = event.actor
            self.told = event.seq
        if first or actor is None:
            return first
        return message("seat-moved", actor, self.viewer)

    def forget(self, after: int) -> None:
        """Forget what was told after sequence number ``after`` (an undo took it back)."""
        self.news = [(seq, line) for seq, line in self.news if seq <= after]
        self.told = min(self.told, after)

    def lines(self) -> list[str]:
        return [line for _, line in self.news]

    def frame(self, screen: Screen, view: View, decision: Sequence[RenderableType]) -> list[Text]:
        """The whole screen: the viewer's table, its latest news, and ``decision`` (a menu, a status line)."""
        return screen.compose(self.renderer.table(view), self.lines(), decision)

    def status(self, screen: Screen, line: str) -> Text:
        """What just happened, as the last line of the screen."""
        return screen.text(line, style="dim")
