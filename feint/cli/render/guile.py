"""Guile in the terminal: the Round Table as one seat knows it.

Everything here is drawn from a :class:`GuileView`, so a card the viewer has
not seen can only ever appear as ``?``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import who
from feint.engine.state import Seat, View
from feint.games.guile.cards import CARD_ORDER, KNIGHTS, Card
from feint.games.guile.view import GuileView, RoundRecord

TURNS = 2 * len(KNIGHTS)
FACTION_NAMES = {"arthur": "the Allies of King Arthur", "mordred": "the Pawns of Sir Mordred"}
_EMPTY = "-"


class GuileRenderer:
    def table(self, view: View) -> RenderableType:
        guile = _guile(view)
        return Group(
            Text(_heading(guile), style="bold"),
            *(Text(line) for line in _situation(guile)),
            _knights(guile, [k.card or _EMPTY for k in guile.knights], marks=True),
            *(Text(line) for line in _knowledge(guile)),
        )

    def account(self, seat: Seat, before: View, after: View) -> str | None:
        old, new = _guile(before), _guile(after)
        name = who(seat, new.viewer)
        if old.phase == "faction" and new.arthur_seat is not None:
            faction = "arthur" if new.arthur_seat == seat else "mordred"
            return f"{name} chose {FACTION_NAMES[faction]}"
        if old.phase == "start" and new.start_knight is not None:
            return f"{name} chose {KNIGHTS[new.start_knight]} as the Start Knight"
        if old.phase == "draft":
            return f"{name} picked a card"
        if old.phase == "place":
            # Placement is secret until every seat is done: say only when this one is.
            return None if seat in new.to_move else f"{name} placed its cards"
        actions = new.actions if len(new.rounds) == len(old.rounds) else new.rounds[-1].actions
        action = actions[-1]
        if action.target is None:
            return f"{name} looked at {KNIGHTS[action.knight]}"
        return f"{name} swapped {KNIGHTS[action.knight]} and {KNIGHTS[action.target]}"

    def news(self, before: View, after: View) -> Sequence[RenderableType]:
        """The revealed table, totals and winner of a round that has just ended."""
        old, new = _guile(before), _guile(after)
        if len(new.rounds) == len(old.rounds):
            return ()
        number = len(new.rounds)
        record = new.rounds[-1]
        return (
            Text(f"Round {number} is over. The cards are turned face-up:", style="bold"),
            _knights(new, list(record.cards), marks=False),
            Text(_outcome(record, new.viewer)),
            Text(_victories(new)),
        )


def _guile(view: View) -> GuileView:
    assert isinstance(view, GuileView), "the Guile renderer draws Guile views"
    return view


def _heading(view: GuileView) -> str:
    phases = {
        "faction": "choosing factions",
        "start": "choosing the Start Knight",
        "draft": "the draft",
        "place": "placing cards",
        "play": f"play, cycle {view.cycle} of 2, turn {view.turn + 1} of {TURNS}",
        "over": "the game is over",
    }
    return f"Guile, round {view.round}: {phases.get(view.phase, view.phase)}"


def _situation(view: GuileView) -> list[str]:
    lines = [_victories(view)]
    if view.variants:
        lines.append(f"Variants: {', '.join(view.variants)}")
    if view.arthur_seat is not None and view.viewer is not None:
        faction = "arthur" if view.viewer == view.arthur_seat else "mordred"
        own = ", ".join(k.name for k in view.own_knights())
        lines.append(f"You control {FACTION_NAMES[faction]}: {own}.")
    return lines


def _victories(view: GuileView) -> str:
    wins = ", ".join(f"{who(seat, view.viewer)} {count}" for seat, count in enumerate(view.round_wins))
    return f"Victory cards: {wins} (two win the game)"


def _knights(view: GuileView, cards: Sequence[Card], marks: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("#", "knight", "faction", "controller", "card"):
        table.add_column(column)
    if marks:
        table.add_column("")
    for knight, card in zip(view.knights, cards, strict=True):
        controller = _EMPTY if knight.seat is None else who(knight.seat, view.viewer)
        row = [str(knight.position), knight.name, knight.faction, controller, card]
        if marks:
            row.append(_marks(view, knight.position))
        table.add_row(*row)
    return table


def _marks(view: GuileView, position: int) -> str:
    marks = []
    if position == view.start_knight:
        marks.append("Start Knight")
    if position == view.knight_errant:
        marks.append("Knight-Errant")
    return ", ".join(marks)


def _knowledge(view: GuileView) -> list[str]:
    """The viewer's private knowledge beyond the table: hand, draft, and past rounds."""
    lines = []
    if view.hand:
        lines.append(f"Your hand: {' '.join(view.hand)}")
    if view.kept:
        lines.append(f"Kept in the draft so far: {' '.join(view.kept)}")
    for step, shown in enumerate(view.draft, start=1):
        lines.append(f"Draft pick {step}: shown {' '.join(shown.shown)}, kept {shown.kept}")
    passed = _passed_in_draft(view)
    if passed:
        lines.append(f"So the draft gave the opponent {' '.join(passed)}, and one card you never saw.")
    for number, record in enumerate(view.rounds, start=1):
        lines.append(f"Round {number}: {_outcome(record, view.viewer)}")
    return lines


def _passed_in_draft(view: GuileView) -> list[Card]:
    """The cards the draft showed the viewer that the opponent kept, once the draft is done.

    The first two hands shown hold seven different cards: the viewer kept four,
    and the opponent the other three.
    """
    if view.phase not in ("place", "play") or len(view.draft) < 2:
        return []
    shown = Counter(view.draft[0].shown + view.draft[1].shown)
    return sorted((shown - Counter(step.kept for step in view.draft)).elements(), key=CARD_ORDER.__getitem__)


def _outcome(record: RoundRecord, viewer: Seat | None) -> str:
    totals = ", ".join(f"{who(seat, viewer)} {total}" for seat, total in enumerate(record.totals))
    if record.winner is None:
        return f"Totals: {totals}. No one wins the round: an {record.decided_by}."
    winner = who(record.winner, viewer)
    verb = "win" if winner == "you" else "wins"
    return f"Totals: {totals}. {winner.capitalize()} {verb} the round, decided by the {record.decided_by}."
