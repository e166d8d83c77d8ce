"""Guile in the terminal: the Round Table as one seat knows it.

The table is drawn from a :class:`GuileView` and what happened is told from
the viewer's events, so a card the viewer has not seen can only ever appear
as ``?``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import who
from feint.engine.events import Event
from feint.engine.state import Seat, View, Viewer
from feint.engine.view import HIDDEN
from feint.games.guile.belief import knowledge
from feint.games.guile.cards import CARD_ORDER, KNIGHTS, Faction, faction_of
from feint.games.guile.view import GuileView

TURNS = 2 * len(KNIGHTS)
FACTION_NAMES = {"arthur": "the Allies of King Arthur", "mordred": "the Pawns of Sir Mordred"}
_EMPTY = "-"


class GuileRenderer:
    def table(self, view: View) -> RenderableType:
        guile = _guile(view)
        return Group(
            Text(_heading(guile), style="bold"),
            *(Text(line) for line in _situation(guile)),
            _knights(guile),
            *(Text(line) for line in _knowledge(guile)),
        )

    def describe(self, event: Event, viewer: Viewer) -> RenderableType | None:
        name = "the game" if event.actor is None else who(event.actor, viewer)
        kind = event.kind
        if kind == "faction":
            return f"{name} chose {FACTION_NAMES[event.get('faction')]}"
        if kind == "start":
            return f"{name} chose {KNIGHTS[event.get('knight')]} as the Start Knight"
        if kind == "deal":
            hand = event.get("hand")
            dealt = f": you are dealt {' '.join(hand)}" if HIDDEN not in hand else ""
            return f"Round {event.get('round')} is dealt{dealt}."
        if kind == "pick":
            return f"you kept {event.get('card')}" if event.actor == viewer else f"{name} picked a card"
        if kind == "pass":
            hand = event.get("hand")
            return None if HIDDEN in hand else f"The hands are passed: you now hold {' '.join(hand)}"
        if kind == "place":
            # Placement is secret until every seat is done.
            return (
                f"you placed {event.get('card')} on {KNIGHTS[event.get('knight')]}"
                if event.actor == viewer
                else None
            )
        if kind == "placed":
            return "Every card is placed face-down."
        if kind == "look":
            card = event.get("card")
            seen = "" if card is HIDDEN or card == HIDDEN else f": it holds {card}"
            return f"{name} looked at {KNIGHTS[event.get('knight')]}{seen}"
        if kind == "swap":
            return f"{name} swapped {KNIGHTS[event.get('knight')]} and {KNIGHTS[event.get('other')]}"
        if kind == "round":
            return Group(
                Text(f"Round {event.get('round')} is over. The cards are turned face-up:", style="bold"),
                _revealed(event, viewer),
                Text(_outcome(event.get("winner"), event.get("totals"), event.get("decided_by"), viewer)),
                Text(_victories(event.get("round_wins"), viewer)),
            )
        return None


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
    lines = [_victories(view.round_wins, view.viewer)]
    if view.variants:
        lines.append(f"Variants: {', '.join(view.variants)}")
    if view.arthur_seat is not None and view.viewer is not None:
        faction = "arthur" if view.viewer == view.arthur_seat else "mordred"
        own = ", ".join(k.name for k in view.own_knights())
        lines.append(f"You control {FACTION_NAMES[faction]}: {own}.")
    return lines


def _victories(round_wins: Sequence[int], viewer: Viewer) -> str:
    wins = ", ".join(f"{who(seat, viewer)} {count}" for seat, count in enumerate(round_wins))
    return f"Victory cards: {wins} (two win the game)"


def _knights(view: GuileView) -> Table:
    table = _knight_table(marks=True)
    for knight in view.knights:
        controller = _EMPTY if knight.seat is None else who(knight.seat, view.viewer)
        card = knight.card or _EMPTY
        table.add_row(
            str(knight.position), knight.name, knight.faction, controller, card, _marks(view, knight.position)
        )
    return table


def _revealed(event: Event, viewer: Viewer) -> Table:
    """The table of a round just ended, every card face-up."""
    table = _knight_table(marks=False)
    arthur = event.get("arthur_seat")
    for position, card in enumerate(event.get("cards")):
        faction = faction_of(position)
        controller = arthur if faction is Faction.ARTHUR else 1 - arthur
        table.add_row(str(position), KNIGHTS[position], faction, who(controller, viewer), card)
    return table


def _knight_table(marks: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("#", "knight", "faction", "controller", "card"):
        table.add_column(column)
    if marks:
        table.add_column("")
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
    if view.phase in ("place", "play") and len(view.draft) >= 2:
        passed = sorted(knowledge(view).opponent_known.elements(), key=CARD_ORDER.__getitem__)
        lines.append(f"So the draft gave the opponent {' '.join(passed)}, and one card you never saw.")
    for number, record in enumerate(view.rounds, start=1):
        lines.append(
            f"Round {number}: {_outcome(record.winner, record.totals, record.decided_by, view.viewer)}"
        )
    return lines


def _outcome(winner: Seat | None, totals: Sequence[int], decided_by: str, viewer: Viewer) -> str:
    listed = ", ".join(f"{who(seat, viewer)} {total}" for seat, total in enumerate(totals))
    if winner is None:
        return f"Totals: {listed}. No one wins the round: an {decided_by}."
    name = who(winner, viewer)
    verb = "win" if name == "you" else "wins"
    return f"Totals: {listed}. {name.capitalize()} {verb} the round, decided by the {decided_by}."
