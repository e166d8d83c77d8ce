"""Drawing a seat's view in the terminal: one renderer per game, chosen by name.

A renderer only ever gets views and the viewer's own events, so it can show
nothing the seat may not know. It draws the table, tells each event in words
(from the game's ``MESSAGES`` templates), lays out the menu of a decision in
steps, explains the decision, the rules and the game's terms, and, once the
game is over, draws the final table from every seat's view. Games without a
renderer of their own get :class:`Renderer` itself: the view's JSON and each
event's kind.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.highlighter import Highlighter
from rich.table import Table
from rich.text import Text

from feint.engine.events import Event
from feint.engine.registry import declaration
from feint.engine.state import Move, Result, Seat, View, Viewer
from feint.engine.words import N_, Phrasebook, capital, seats, tr

SEAT_STYLES = ("cyan", "magenta", "yellow", "green", "blue")
WIDTH = 80
"""The narrowest terminal a table is laid out for: nothing drawn is wider, nothing is cut."""
"""A colour per seat; every seat is also named in words, so nothing depends on the colour."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of choosing a move: the question asked, and this move's answer to it."""

    question: str
    label: str
    hint: str = ""
    """What this step asks, in a sentence, for ``help`` while the step is open."""


def packed(sentences: Sequence[str], width: int = WIDTH) -> list[str]:
    """Short sentences side by side, as many to a line as fit in ``width``; none is split between lines.

    A table's facts (the pool, the deck, the piles) are each short, and one a
    line would leave no room for the news at 80x24; a sentence wider than a
    line is left for the terminal to wrap at its spaces.
    """
    lines: list[str] = []
    for sentence in sentences:
        if lines and len(lines[-1]) + 2 + len(sentence) <= width:
            lines[-1] += "  " + sentence
        else:
            lines.append(sentence)
    return lines


class Colours(Highlighter):
    """Colours words by pattern: seats, and a game's cards, factions and terms."""

    def __init__(self, styles: Mapping[str, str]) -> None:
        """The patterns in English and in the language spoken (made inside :func:`speaking`)."""
        you = "|".join(dict.fromkeys(re.escape(word) for word in ("you", "your", tr("you"), tr("your"))))
        self.patterns = [
            (re.compile(rf"\b({you})\b", re.IGNORECASE), "bold"),
            *(
                (re.compile(rf"\b{_seat(seat)}\b", re.IGNORECASE), style)
                for seat, style in enumerate(SEAT_STYLES)
            ),
            *((re.compile(rf"\b({word}|{re.escape(tr(word))})\b"), style) for word, style in styles.items()),
        ]

    def highlight(self, text: Text) -> None:
        for pattern, style in self.patterns:
            text.highlight_regex(pattern, style)


def _seat(seat: int) -> str:
    """The pattern of seat ``seat``'s name, in English and in the language spoken."""
    names = dict.fromkeys(re.escape(said.format(seat=seat)) for said in ("seat {seat}", tr("seat {seat}")))
    return f"({'|'.join(names)})"


class Renderer:
    """What the terminal asks of a game; this base shows any game plainly."""

    title = "the game"
    styles: Mapping[str, str] = {}
    """Words to colour, and their colours."""

    @property
    def messages(self) -> Mapping[str, str]:
        return self.book.messages

    @property
    def rules(self) -> str:
        """The rules summary, in the language spoken."""
        return tr(self.book.rules)

    @property
    def glossary(self) -> Mapping[str, str]:
        return self.book.glossary

    def explained(self, name: str) -> str | None:
        """The glossary's text on ``name`` (lower case), in the language spoken: the term named in English
        or in that language, or either in the plural with an ``s``; None for a term it does not hold."""
        named = {said.lower(): term for term in self.glossary for said in (term, tr(term))}
        term = named.get(name) or named.get(name.removesuffix("s"))
        return None if term is None else tr(self.glossary[term])

    def terms(self) -> list[str]:
        """The glossary's terms in the language spoken, in its order: what ``help NAME`` knows."""
        return sorted(tr(term) for term in self.glossary)

    def __init__(self, book: Phrasebook) -> None:
        self.book = book
        """The game's sentences (every one its renderer prints), its rules page and its glossary."""

    def colours(self) -> Colours:
        return Colours(self.styles)

    def table(self, view: View) -> RenderableType:
        """The game as the viewer knows it, drawn from its view's JSON: any game, within 80 columns.

        Each field of the game's own is a short fact (``round: 2``), packed
        several to a line; a flag is named when it is set and left out when
        not (a switch that is off tells nothing); a list of records (the
        seats, say) is a table of one row each; the viewer's own seat is "you".
        """
        data = view.to_json()
        facts: list[str] = []
        tables: list[RenderableType] = []
        for key, value in data.items():
            if key in _HEADER:
                continue
            name = tr(key.replace("_", " "))
            if isinstance(value, list) and value and all(isinstance(row, dict) for row in value):
                tables.append(_records(name, value, view.viewer))
            elif isinstance(value, bool):
                facts.extend([name] if value else [])
            else:
                facts.append(tr("{name}: {value}").format(name=name, value=_plain(value)))
        heading = f"{capital(tr(str(view.phase)))}. " + (
            tr("The game is over.")
            if view.over
            else tr("To move: {seats}.").format(seats=seats(view.to_move, view.viewer))
        )
        return Group(Text(heading), *(Text(line) for line in packed(facts)), *tables)

    def describe(self, event: Event, viewer: Viewer) -> str | None:
        """One event, as ``viewer`` saw it (``state.events(viewer)``), in words; None if not worth a line."""
        return self.book.tell(event, viewer)

    def steps(self, move: Move, view: View) -> tuple[Step, ...]:
        """The questions that choose ``move``, one short menu each; by default one word of its notation a
        step (``bid``, then ``3``, then ``5s``), so a game of many moves is chosen in short menus, each
        word in the language spoken. A move the glossary names whole (``spot on``) is one step."""
        notation = str(move)
        whole = notation in self.glossary or notation in self.book.terms
        words = [tr(word) for word in ([notation] if whole else notation.split())]
        return tuple(
            Step(
                tr("Your move: {chosen} ...").format(chosen=" ".join(words[:i])) if i else tr("Your move"),
                word,
            )
            for i, word in enumerate(words)
        )

    def explain(self, view: View) -> str:
        """What the viewer is deciding now, for ``help``."""
        return tr("Choose one of the moves listed, by its letter or by typing it.")

    def confirm(self, move: Move) -> str | None:
        """The question confirming ``move``, a move that cannot be taken back (leaving); else None."""
        return None

    def skipped_turn(self, view: View, seat: Seat) -> bool:
        """Whether the turn ``seat`` sits out has just come round (for a prompt to sit in)."""
        return False

    def final(
        self, views: Sequence[View], events: Sequence[Event], result: Result, viewer: Viewer
    ) -> RenderableType:
        """The table at the end, from every seat's view, every card its holder saw shown; and the scores.

        ``viewer`` is the seat the screen belongs to (None with several humans): it is "you". The
        winners are told by the terminal once, after this; a game says here how each seat ended and,
        from ``result.tiebreak``, why a tie went as it did.
        """
        return self.table(views[0])


_HEADER = frozenset({"game", "viewer", "phase", "to_move", "over", "winners", "seq"})
"""The header's fields: the heading says what of them a person needs."""


def _plain(value: object) -> str:
    """A JSON value in few characters: lists as words, records as ``key=value``, nothing as ``-``."""
    if value is None or value == []:
        return "-"
    if isinstance(value, list):
        return " ".join(_plain(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{tr(key.replace('_', ' '))}={_plain(item)}" for key, item in value.items())
    if isinstance(value, bool):
        return tr(N_("true") if value else N_("false"))
    return tr(value) if isinstance(value, str) else str(value)


ROWS = 6
"""A table of records shows its last this many rows, so a long history leaves room for the news."""


def _records(name: str, rows: Sequence[dict[str, object]], viewer: Viewer) -> Table:
    """Records as a table, one row each (the last ``ROWS``); a ``seat`` column names the viewer "you"."""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    title = (
        capital(name)
        if len(rows) <= ROWS
        else tr("{name} (the last {shown} of {rows})").format(name=capital(name), shown=ROWS, rows=len(rows))
    )
    rows = rows[-ROWS:]
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    for column in columns:
        table.add_column(tr(column.replace("_", " ")), overflow="fold")
    for row in rows:
        cells = [_plain(row.get(column)) for column in columns]
        if "seat" in row and row["seat"] == viewer:
            cells[columns.index("seat")] = tr("you")
        table.add_row(*cells)
    return table


def renderer_for(game: str) -> Renderer:
    """The game's own renderer, or this plain one, with the game's phrasebook."""
    declared = declaration(game)
    cls: type[Renderer] = Renderer if declared.terminal is None else declared.load(declared.terminal)
    return cls(declared.phrasebook())
