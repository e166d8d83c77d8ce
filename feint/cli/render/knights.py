"""Knights of Glory in the terminal: the dungeon as one seat knows it.

Everything here is drawn from a :class:`KnightsView` and the viewer's own
events: a path card nobody has flipped, another seat's face-down cover or
discard and how a seat voted (until every vote is in) can only ever appear
as ``?``. What happened is told event by event, as the viewer saw it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import who
from feint.engine.events import Event
from feint.engine.state import Seat, View, Viewer
from feint.engine.view import HIDDEN
from feint.games.knights.cards import EXIT, FINAL_PATH, START, tier_of
from feint.games.knights.view import KnightsView

PLACE_NAMES = {START: "Start", FINAL_PATH: "Final Path", EXIT: "Exit"}
PENDING = {
    "retreat": "redeem with a KOG token or retreat",
    "discard one": "reveal and discard a card",
    "reveal one": "reveal a card (it stays in hand)",
    "free advance": "take a free advance or stay",
}


class KnightsRenderer:
    def table(self, view: View) -> RenderableType:
        knights = _knights(view)
        parts: list[RenderableType] = [Text(_heading(knights), style="bold"), _path(knights), _seats(knights)]
        parts += (Text(line) for line in _situation(knights))
        return Group(*parts)

    def describe(self, event: Event, viewer: Viewer) -> RenderableType | None:
        """One event as ``viewer`` saw it, in words."""
        teller = _TELLERS.get(event.kind)
        text = teller(event, viewer) if teller is not None else event.kind
        return text[:1].upper() + text[1:]


def _knights(view: View) -> KnightsView:
    assert isinstance(view, KnightsView), "the Knights renderer draws Knights of Glory views"
    return view


# --- the table --------------------------------------------------------------


def _heading(view: KnightsView) -> str:
    if view.over:
        return f"Knights of Glory, round {view.round}: the game is over"
    turn = "" if view.active is None else f", {_possessive(view.active, view.viewer)} turn"
    final = " (final turns)" if view.final_turns is not None else ""
    rook = f"{who(view.first, view.viewer)} {_verb(view.first, view.viewer, 'hold', 'holds')} the Rook"
    return f"Knights of Glory, round {view.round}{turn}{final}; {rook}"


def _place_name(place: int) -> str:
    return f"{place} {PLACE_NAMES.get(place, f'Tier {tier_of(place)}')}"


def _path(view: KnightsView) -> Table:
    """The dungeon from the Exit down to Start, with the pawns on each place."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("place", "card", "knights", ""):
        table.add_column(column)
    cards = ["-", *(str(kind) for kind in view.path), "exit"]
    for place in reversed(range(EXIT + 1)):
        card = "collapsed" if place in view.collapsed else cards[place]
        pawns = [who(s.seat, view.viewer) for s in view.seats if s.place == place and s.status != "left"]
        mark = ""
        if place == view.target and view.active is not None:
            mark = f"<- {who(view.active, view.viewer)} advancing"
        table.add_row(_place_name(place), card, ", ".join(pawns), mark)
    return table


def _seats(view: KnightsView) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("seat", "place", "tokens", "cards", "known cards", "status"):
        table.add_column(column)
    for seat in view.seats:
        marks = [str(seat.status)]
        if seat.seat == view.first:
            marks.append("Rook")
        if seat.seat in view.to_move and not view.over:
            marks.append("to move")
        if seat.place != START and not seat.may_discard and seat.status == "playing":
            marks.append("may not discard")
        table.add_row(
            who(seat.seat, view.viewer),
            _place_name(seat.place),
            str(seat.tokens),
            str(seat.hand_size),
            " ".join(seat.known) or "-",
            ", ".join(marks),
        )
    return table


def _situation(view: KnightsView) -> list[str]:
    lines = []
    if view.variants:
        lines.append(f"Variants: {', '.join(view.variants)}")
    if view.hand is not None:
        lines.append(f"Your hand: {' '.join(view.hand) or 'no cards'}")
    if view.exits:
        lines.append(f"Exited: {_seat_list(view.exits, view.viewer)}.")
    if view.final_turns:
        lines.append(f"Final turns still owed: {_seat_list(view.final_turns, view.viewer)}.")
    lines += _advance(view)
    lines += _votes(view)
    pending = view.pending
    if pending is not None:
        step, seat = pending
        waiting = "You must" if seat == view.viewer else f"Waiting for seat {seat} to"
        lines.append(f"{waiting} {PENDING.get(step, step)}.")
    seen = f" (you saw {_and([str(c) for c in view.discard_known])} go there)" if view.discard_known else ""
    lines.append(
        f"Unknown Deck: {_cards(view.unknown)}. Discard Pile: {_cards(view.discard)}{seen}. "
        f"KOG tokens in the supply: {view.supply}."
    )
    return lines


def _advance(view: KnightsView) -> list[str]:
    if view.target is None or view.active is None:
        return []
    name = who(view.active, view.viewer)
    ahead = view.path[view.target - 1] if view.target != EXIT else None
    card = "the Exit" if ahead is None else "a face-down card" if ahead is HIDDEN else str(ahead)
    glory = ", on the Path of Glory" if view.path_of_glory else ""
    lines = [
        f"Advance: {name} {_verb(view.active, view.viewer, 'are', 'is')} advancing "
        f"to place {view.target} ({card}){glory}."
    ]
    if view.glory:
        lines.append(f"Glory dice rolled: {view.glory}.")
    if view.dice:
        lines.append(f"Dice: {' '.join(view.dice)}.")
    for cover in view.covers:
        card_name = str(cover.card)
        side = "face-down" if cover.face_down else "face-up"
        how = "substituted with" if cover.substitution else "covered with"
        lines.append(f"  the {cover.face} die {how} {card_name} ({side})")
    if view.open:
        lines.append(f"Still to cover: {' '.join(view.open)}.")
    return lines


def _votes(view: KnightsView) -> list[str]:
    if not view.voters:
        return []
    waiting = [s for s in view.voters if s not in view.voted]
    voted = _seat_list(view.voted, view.viewer) or "nobody"
    lines = [f"Voting: {voted} voted; waiting for {_seat_list(waiting, view.viewer) or 'nobody'}."]
    if view.my_vote is not None:
        lines.append(f"You voted {'agree' if view.my_vote else 'disagree'}.")
    return lines


# --- the events, told -------------------------------------------------------


def _seat_of(event: Event) -> Seat:
    assert event.actor is not None
    return event.actor


def _subject(event: Event, viewer: Viewer, you: str, it: str) -> str:
    seat = _seat_of(event)
    return f"{who(seat, viewer)} {_verb(seat, viewer, you, it)}"


def _cards(value: Any, noun: str = "card") -> str:
    """Cards by name, or by number when the viewer saw only their backs."""
    if isinstance(value, tuple | list) and not any(v is HIDDEN for v in value):
        return _and([str(v) for v in value]) or f"no {noun}s"
    count = len(value) if isinstance(value, tuple | list) else int(value)
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _cover(event: Event, viewer: Viewer) -> str:
    card = event.get("card")
    if card == "token":
        what = "a KOG token"
    elif card is HIDDEN:
        what = "a face-down card"
    elif event.get("face_down"):
        what = f"{card}, face-down"
    else:
        what = f"{card}, face-up"
    if event.get("substitution"):
        verb = _subject(event, viewer, "substitute", "substitutes")
        return f"{verb} the {event.get('face')} die with {what}, claiming {event.get('claim')}"
    return f"{_subject(event, viewer, 'cover', 'covers')} the {event.get('face')} die with {what}"


def _votes_cast(event: Event, viewer: Viewer) -> str:
    agree, disagree = list(event.get("agree")), list(event.get("disagree"))
    if not disagree:
        return "The votes are in: everyone agrees"
    said = [f"agree: {_seat_list(agree, viewer)}"] if agree else []
    said.append(f"disagree: {_seat_list(disagree, viewer)}")
    return f"The votes are in: {'; '.join(said)}"


def _voted(event: Event, viewer: Viewer) -> str:
    agree = event.get("agree")
    how = "" if agree is HIDDEN else f" {'agree' if agree else 'disagree'}"
    return f"{_subject(event, viewer, 'have', 'has')} voted{how}"


def _reveal(event: Event, viewer: Viewer) -> str:
    seat = _seat_of(event)
    cards = event.get("cards")
    then = (
        f"{_verb(seat, viewer, 'keep', 'keeps')} {_it(cards)} in hand"
        if event.get("discarded") is False
        else f"{_verb(seat, viewer, 'discard', 'discards')} {_it(cards)}"
    )
    return f"{_subject(event, viewer, 'reveal', 'reveals')} {_cards(cards)} and {then}"


def _it(cards: Any) -> str:
    return "it" if len(cards) == 1 else "them"


def _round(event: Event, viewer: Viewer) -> str:
    first = int(event.get("first"))
    takes = _verb(first, viewer, "take", "takes")
    plays = _verb(first, viewer, "play", "plays")
    return f"Round {event.get('round')} begins: {who(first, viewer)} {takes} the Rook and {plays} first"


def _tokens(event: Event, viewer: Viewer) -> str:
    gained = int(event.get("gained"))
    return f"{_subject(event, viewer, 'gain', 'gains')} {gained} KOG token{'' if gained == 1 else 's'}"


def _over(event: Event, viewer: Viewer) -> str:
    return f"The game is over; winning: {_seat_list(list(event.get('winners')), viewer) or 'nobody'}"


_Teller = Callable[[Event, Viewer], str]
_TELLERS: dict[str, _Teller] = {
    "round": _round,
    "dealt": lambda e, v: f"{_subject(e, v, 'are', 'is')} dealt {_cards(e.get('cards'))}",
    "reshuffle": lambda e, v: (
        f"The Discard Pile ({_cards(e.get('cards'))}) is shuffled into a new Unknown Deck"
    ),
    "over": _over,
    "pass": lambda e, v: _subject(e, v, "pass", "passes"),
    "discard": lambda e, v: f"{_subject(e, v, 'discard', 'discards')} {_cards(e.get('cards'))} face-down",
    "trade jesters": lambda e, v: (
        f"{_subject(e, v, 'trade', 'trades')} {_cards(e.get('jesters'), 'Jester')} for as many KOG tokens"
    ),
    "advance": lambda e, v: (
        f"{_subject(e, v, 'advance', 'advances')} toward place {e.get('to')}"
        + (" on the Path of Glory" if e.get("path_of_glory") else "")
    ),
    "flip": lambda e, v: f"The path card at place {e.get('place')} is turned over: {e.get('card')}",
    "glory": lambda e, v: f"{_subject(e, v, 'add', 'adds')} {e.get('dice')} glory dice",
    "roll": lambda e, v: f"{_subject(e, v, 'roll', 'rolls')} {', '.join(e.get('dice'))}",
    "cover": _cover,
    "voted": _voted,
    "votes": _votes_cast,
    "reveal": _reveal,
    "bluff caught": lambda e, v: f"{_subject(e, v, 'are', 'is')} caught bluffing",
    "move": lambda e, v: f"{_subject(e, v, 'move', 'moves')} forward to place {e.get('to')}",
    "retreat": lambda e, v: f"{_subject(e, v, 'retreat', 'retreats')} to place {e.get('to')}",
    "stay": lambda e, v: f"{_subject(e, v, 'stay', 'stays')} put",
    "eliminated": lambda e, v: (
        f"{_subject(e, v, 'are', 'is')} out: {_pronoun(_seat_of(e), v)} stood on a collapsed place"
    ),
    "tokens": _tokens,
    "exit": lambda e, v: (
        f"{_subject(e, v, 'exit', 'exits')} the dungeon and {_verb(_seat_of(e), v, 'win', 'wins')}!"
    ),
    "failed": lambda e, v: (
        f"{_subject(e, v, 'cannot', 'cannot')} cover the dice and {_verb(_seat_of(e), v, 'fail', 'fails')}"
    ),
    "redeem": lambda e, v: (
        f"{_subject(e, v, 'spend', 'spends')} a KOG token on the Path to Redemption "
        f"and {_verb(_seat_of(e), v, 'stay', 'stays')}"
    ),
    "final glory": lambda e, v: (
        f"{_subject(e, v, 'catch', 'catches')} a bluff from the Final Path: Final Glory"
    ),
    "sit out": lambda e, v: _subject(e, v, "sit out", "sits out"),
    "sit in": lambda e, v: _subject(e, v, "sit in", "sits in"),
    "leave": lambda e, v: f"{_subject(e, v, 'leave', 'leaves')} the table",
    "join": lambda e, v: f"{_subject(e, v, 'join', 'joins')} the game on the Start Path",
}


# --- words ---------------------------------------------------------------


def _verb(seat: Seat, viewer: Viewer, you: str, it: str) -> str:
    return you if seat == viewer else it


def _pronoun(seat: Seat, viewer: Viewer) -> str:
    return _verb(seat, viewer, "you", "it")


def _possessive(seat: Seat, viewer: Viewer) -> str:
    return "your" if seat == viewer else f"seat {seat}'s"


def _seat_list(seats: Sequence[Seat], viewer: Viewer) -> str:
    return _and([who(seat, viewer) for seat in seats])


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"
