"""Guile at the terminal: the Round Table as one seat knows it, and each event in words.

The table is drawn from a :class:`GuileView` and what happened is told from
the viewer's events, so a card the viewer has not seen can only ever appear
as ``?``. The sentences are the templates of :mod:`feint.games.guile.words`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import Renderer, Step
from feint.engine.events import Event
from feint.engine.state import Move, Result, View, Viewer
from feint.engine.words import Phrasebook, tr, who, whose
from feint.games.guile.belief import knowledge
from feint.games.guile.cards import CARD_ORDER, KNIGHTS, Faction
from feint.games.guile.kinds import Kind
from feint.games.guile.model import Phase, RoundResult
from feint.games.guile.moves import ChooseFaction, ChooseStart, Look, Pick, Place, Swap
from feint.games.guile.view import GuileView
from feint.games.guile.words import GuileBook
from feint.games.guile.words import cards_told as _cards

STYLES = {
    "arthur": "blue",
    "Arthur": "blue",
    "Allies": "blue",
    "mordred": "red",
    "Mordred": "red",
    "Pawns": "red",
    "4d": "bold yellow",
    "isolde": "green",
    "morgana": "magenta",
    "merlin": "cyan",
    "Isolde": "green",
    "Morgana": "magenta",
    "Merlin": "cyan",
}
_EMPTY = "-"


class GuileRenderer(Renderer):
    title = "Guile"
    styles = STYLES
    book: GuileBook

    def __init__(self, book: Phrasebook) -> None:
        if not isinstance(book, GuileBook):
            raise TypeError(f"the Guile renderer tells events with Guile's phrasebook, not {book!r}")
        super().__init__(book)

    def table(self, view: View) -> RenderableType:
        guile = _guile(view)
        lines = [Text(self._heading(guile), style="bold"), *self._situation(guile)]
        return Group(*(Text(line) if isinstance(line, str) else line for line in lines))

    def steps(self, move: Move, view: View) -> tuple[Step, ...]:
        book = self.book
        if isinstance(move, ChooseFaction):
            return (Step(book("question-faction"), str(move.faction)),)
        if isinstance(move, ChooseStart):
            return (Step(book("question-start"), KNIGHTS[move.knight]),)
        if isinstance(move, Pick):
            return (Step(book("question-pick"), str(move.card)),)
        if isinstance(move, Place):
            return (
                Step(book("question-place-card"), str(move.card)),
                Step(book("question-place-knight"), KNIGHTS[move.knight], book("hint-place-knight")),
            )
        if isinstance(move, Swap):
            swap = Step(book("question-swap"), KNIGHTS[move.knight], book("hint-swap"))
            return (Step(book("question-play"), tr("swap")), swap)
        if isinstance(move, Look):
            return (Step(book("question-play"), tr("look")),)
        return super().steps(move, view)

    def explain(self, view: View) -> str:
        guile = _guile(view)
        phase = str(guile.phase)
        if guile.viewer not in guile.to_move:
            return self.book("explain-wait")
        if phase == Phase.PLACE:
            return self.book("explain-place", left=len(guile.hand))
        if phase == Phase.PLAY:
            return self.book("explain-play", knight=KNIGHTS[guile.knight_errant or 0])
        return self.book(f"explain-{phase}")

    def final(
        self, views: Sequence[View], events: Sequence[Event], result: Result, viewer: Viewer
    ) -> RenderableType:
        last = next(e for e in reversed(events) if e.kind == Kind.ROUND)
        guile = _guile(views[0])
        parts: list[RenderableType] = [
            Text(self.book("final-heading"), style="bold"),
            _revealed(last, viewer),
            *(Text(line) for line in self._round_lines(guile.rounds, viewer)),
            Text(self.book("final-rounds", wins=_wins(guile.round_wins, viewer)), style="bold"),
        ]
        return Group(*parts)

    def _heading(self, view: GuileView) -> str:
        phase = str(view.phase)
        detail = self.book(f"phase-{phase}", cycle=view.cycle, turn=min(view.turn + 1, 16))
        return self.book("heading", round=view.round, phase=detail, wins=_wins(view.round_wins, view.viewer))

    def _situation(self, view: GuileView) -> list[str | Table]:
        lines: list[str | Table] = []
        if view.variants:
            lines.append(self.book("variants", variants=", ".join(view.variants)))
        if view.arthur_seat is not None:
            arthur, mordred = view.arthur_seat, 1 - view.arthur_seat
            lines.append(
                self.book("factions", arthur=who(arthur, view.viewer), mordred=who(mordred, view.viewer))
            )
        lines.append(_knights(view))
        if view.start_knight is not None:
            start = KNIGHTS[view.start_knight]
            errant = view.knight_errant
            if errant is None:
                lines.append(self.book("start-only", start=start))
            else:
                owner = view.knights[errant].seat
                holder = (
                    tr("yours")
                    if owner == view.viewer
                    else whose(owner, view.viewer)
                    if owner is not None
                    else ""
                )
                lines.append(self.book("turn-card", start=start, errant=KNIGHTS[errant], whose=holder))
        lines += self._knowledge(view)
        return lines

    def _knowledge(self, view: GuileView) -> list[str | Table]:
        """The viewer's own knowledge beyond the table: hand, draft, and past rounds."""
        lines: list[str | Table] = []
        if view.hand:
            lines.append(self.book("hand", cards=_cards(view.hand)))
        if view.kept:
            lines.append(self.book("kept", cards=_cards(view.kept)))
        phase = str(view.phase)
        if phase == Phase.DRAFT:
            for step, shown in enumerate(view.draft, start=1):
                lines.append(self.book("draft-step", step=step, shown=_cards(shown.shown), kept=shown.kept))
        if phase in (Phase.PLACE, Phase.PLAY) and len(view.draft) >= 2:
            passed = sorted(knowledge(view).opponent_known.elements(), key=CARD_ORDER.__getitem__)
            lines.append(self.book("draft-gave", cards=_cards(passed)))
        if phase == Phase.PLACE:
            mine = view.placed[view.viewer or 0]
            lines.append(self.book("placed-count", mine=mine, theirs=view.placed[1 - (view.viewer or 0)]))
        lines += self._round_lines(view.rounds, view.viewer)
        return lines

    def _round_lines(self, rounds: Sequence[RoundResult], viewer: Viewer) -> list[str]:
        return [
            self.book(
                "round-line", round=n, outcome=self.book.outcome(r.winner, r.totals, r.decided_by, viewer)
            )
            for n, r in enumerate(rounds, start=1)
        ]


def _guile(view: View) -> GuileView:
    assert isinstance(view, GuileView), "the Guile renderer draws Guile views"
    return view


def _wins(round_wins: Sequence[int], viewer: Viewer) -> str:
    return ", ".join(f"{who(seat, viewer)} {count}" for seat, count in enumerate(round_wins))


def _knights(view: GuileView) -> Table:
    """The eight knights in a row, clockwise: name, position and faction, controller, card."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    for knight in view.knights:
        table.add_column(knight.name, no_wrap=True, width=9)
    table.add_row(
        *(f"{k.position} {'Arthur' if k.faction is Faction.ARTHUR else 'Mordred'}" for k in view.knights)
    )
    table.add_row(*(_EMPTY if k.seat is None else who(k.seat, view.viewer) for k in view.knights))
    table.add_row(*(str(k.card) if k.card is not None else _EMPTY for k in view.knights))
    return table


def _revealed(event: Event, viewer: Viewer) -> Table:
    """The Round Table of a round just ended, every card face-up."""
    arthur = event.get("arthur_seat")
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    for name in KNIGHTS:
        table.add_column(name, no_wrap=True, width=9)
    table.add_row(*(who(arthur if p % 2 == 0 else 1 - arthur, viewer) for p in range(len(KNIGHTS))))
    table.add_row(*(str(card) for card in event.get("cards")))
    return table
