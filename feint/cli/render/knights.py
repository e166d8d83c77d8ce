"""Knights of Glory in the terminal: the dungeon as one seat knows it.

Everything here is drawn from a :class:`KnightsView`: a path card nobody has
flipped, another seat's face-down cover and how a seat voted (until every
vote is in) can only ever appear as ``?``. What other seats did is told from
the view's log, entry by entry, as the viewer saw it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import who
from feint.engine.state import JsonObject, Seat, View, Viewer
from feint.games.knights.cards import EXIT, FINAL_PATH, START, tier_of
from feint.games.knights.view import KnightsView

HIDDEN = "?"
PLACE_NAMES = {START: "Start", FINAL_PATH: "Final Path", EXIT: "Exit"}
PENDING = {
    "retreat": "redeem with a KOG token or retreat",
    "discard one": "reveal and discard a card",
    "reveal one": "reveal a card (it stays in hand)",
    "free advance": "take a free advance or stay",
}
MOVE_RECORDS = frozenset(
    {
        "pass",
        "discard",
        "advance",
        "glory",
        "cover",
        "voted",
        "redeem",
        "retreat",
        "move",
        "reveal",
        "trade jesters",
        "sit out",
        "sit in",
        "leave",
        "join",
    }
)
"""Log entries that record a seat's own move, which the move's account already told."""


class KnightsRenderer:
    def table(self, view: View) -> RenderableType:
        knights = _knights(view)
        parts: list[RenderableType] = [Text(_heading(knights), style="bold"), _path(knights), _seats(knights)]
        parts += (Text(line) for line in _situation(knights))
        return Group(*parts)

    def account(self, seat: Seat, before: View, after: View) -> str | None:
        old = _knights(before)
        new = _new_entries(old, _knights(after))
        viewer = old.viewer
        recorded = _record(new)
        if recorded:
            return _tell(new[recorded - 1], viewer)
        if old.pending == ("free advance", seat):
            return f"{who(seat, viewer)} {_verb(seat, viewer, 'stay', 'stays')} put"
        return f"{who(seat, viewer)} moved"

    def news(self, before: View, after: View) -> Sequence[RenderableType]:
        """Each consequence of the move, as the viewer saw it: the move itself is told by its account."""
        new = _new_entries(_knights(before), _knights(after))
        viewer = _knights(after).viewer
        return tuple(Text(_tell(entry, viewer)) for entry in new[_record(new) :])


def _knights(view: View) -> KnightsView:
    assert isinstance(view, KnightsView), "the Knights renderer draws Knights of Glory views"
    return view


def _new_entries(before: KnightsView, after: KnightsView) -> list[JsonObject]:
    seen = max((_number(entry) for entry in before.log), default=-1)
    return [entry for entry in after.log if _number(entry) > seen]


def _number(entry: JsonObject) -> int:
    """The entry's place in the whole log; one without a number is the game's first."""
    return int(entry.get("n", -1))


def _record(new: Sequence[JsonObject]) -> int:
    """How many leading entries record the move itself: one, two for a Jester trade, or none."""
    if not new:
        return 0
    if new[0]["event"] == "tokens" and len(new) > 1 and new[1]["event"] == "trade jesters":
        return 2  # the tokens the trade gained, then the trade
    return 1 if new[0]["event"] in MOVE_RECORDS else 0


# --- the table --------------------------------------------------------------


def _heading(view: KnightsView) -> str:
    if view.phase == "over":
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
    cards = ["-", *(HIDDEN if kind is None else kind for kind in view.path), "exit"]
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
        marks = [seat.status]
        if seat.seat == view.first:
            marks.append("Rook")
        if seat.seat in view.to_move and view.phase != "over":
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
    if view.pending is not None:
        step, seat = view.pending
        waiting = "You must" if seat == view.viewer else f"Waiting for seat {seat} to"
        lines.append(f"{waiting} {PENDING.get(step, step)}.")
    lines.append(
        f"Unknown Deck: {_cards(view.unknown)}. Discard Pile: {_cards(view.discard)}. "
        f"KOG tokens in the supply: {view.supply}."
    )
    return lines


def _advance(view: KnightsView) -> list[str]:
    if view.target is None or view.active is None:
        return []
    name = who(view.active, view.viewer)
    card = "the Exit" if view.target == EXIT else view.path[view.target - 1] or "a face-down card"
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
        card_name = HIDDEN if cover.card is None else cover.card
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


# --- the log, told -------------------------------------------------------


def _tell(entry: JsonObject, viewer: Viewer) -> str:
    teller = _TELLERS.get(str(entry["event"]))
    text = teller(entry, viewer) if teller is not None else f"{entry['event']}"
    return text[:1].upper() + text[1:]


def _seat_of(entry: JsonObject) -> Seat:
    return int(entry["seat"])


def _subject(entry: JsonObject, viewer: Viewer, you: str, it: str) -> str:
    seat = _seat_of(entry)
    return f"{who(seat, viewer)} {_verb(seat, viewer, you, it)}"


def _cards(value: Any, noun: str = "card") -> str:
    if isinstance(value, list):
        return _and([str(v) for v in value]) or f"no {noun}s"
    count = int(value)
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _cover(entry: JsonObject, viewer: Viewer) -> str:
    card = entry.get("card")
    if card == "token":
        what = "a KOG token"
    elif card is None:
        what = "a face-down card"
    elif entry["face_down"]:
        what = f"{card}, face-down"
    else:
        what = f"{card}, face-up"
    if entry["substitution"]:
        verb = _subject(entry, viewer, "substitute", "substitutes")
        return f"{verb} the {entry['face']} die with {what}, claiming {entry['claim']}"
    return f"{_subject(entry, viewer, 'cover', 'covers')} the {entry['face']} die with {what}"


def _votes_cast(entry: JsonObject, viewer: Viewer) -> str:
    agree, disagree = list(entry["agree"]), list(entry["disagree"])
    if not disagree:
        return "The votes are in: everyone agrees"
    said = [f"agree: {_seat_list(agree, viewer)}"] if agree else []
    said.append(f"disagree: {_seat_list(disagree, viewer)}")
    return f"The votes are in: {'; '.join(said)}"


def _reveal(entry: JsonObject, viewer: Viewer) -> str:
    seat = _seat_of(entry)
    then = (
        f"{_verb(seat, viewer, 'keep', 'keeps')} {_it(entry['cards'])} in hand"
        if entry.get("discarded") is False
        else f"{_verb(seat, viewer, 'discard', 'discards')} {_it(entry['cards'])}"
    )
    return f"{_subject(entry, viewer, 'reveal', 'reveals')} {_cards(entry['cards'])} and {then}"


def _it(cards: Any) -> str:
    return "it" if isinstance(cards, list) and len(cards) == 1 else "them"


def _dealt(entry: JsonObject, viewer: Viewer) -> str:
    return f"{_subject(entry, viewer, 'are', 'is')} dealt {_cards(entry['cards'])}"


def _round(entry: JsonObject, viewer: Viewer) -> str:
    first = int(entry["first"])
    takes = _verb(first, viewer, "take", "takes")
    plays = _verb(first, viewer, "play", "plays")
    return f"Round {entry['round']} begins: {who(first, viewer)} {takes} the Rook and {plays} first"


def _tokens(entry: JsonObject, viewer: Viewer) -> str:
    gained = int(entry["gained"])
    return f"{_subject(entry, viewer, 'gain', 'gains')} {gained} KOG token{'' if gained == 1 else 's'}"


def _over(entry: JsonObject, viewer: Viewer) -> str:
    winners = [int(s) for s in entry["winners"]]
    return f"The game is over; winning: {_seat_list(winners, viewer) or 'nobody'}"


_Teller = Callable[[JsonObject, Viewer], str]
_TELLERS: dict[str, _Teller] = {
    "round": _round,
    "dealt": _dealt,
    "reshuffle": lambda e, v: f"The Discard Pile ({_cards(e['cards'])}) is shuffled into a new Unknown Deck",
    "over": _over,
    "pass": lambda e, v: _subject(e, v, "pass", "passes"),
    "discard": lambda e, v: f"{_subject(e, v, 'discard', 'discards')} {_cards(e['cards'])} face-down",
    "trade jesters": lambda e, v: (
        f"{_subject(e, v, 'trade', 'trades')} {_cards(e['jesters'], 'Jester')} for as many KOG tokens"
    ),
    "advance": lambda e, v: (
        f"{_subject(e, v, 'advance', 'advances')} toward place {e['to']}"
        + (" on the Path of Glory" if e["path_of_glory"] else "")
    ),
    "flip": lambda e, v: f"The path card at place {e['place']} is turned over: {e['kind']}",
    "glory": lambda e, v: f"{_subject(e, v, 'add', 'adds')} {e['dice']} glory dice",
    "roll": lambda e, v: f"{_subject(e, v, 'roll', 'rolls')} {', '.join(e['dice'])}",
    "cover": _cover,
    "voted": lambda e, v: (
        f"{_subject(e, v, 'have', 'has')} voted"
        + ("" if "agree" not in e else f" {'agree' if e['agree'] else 'disagree'}")
    ),
    "votes": _votes_cast,
    "reveal": _reveal,
    "bluff caught": lambda e, v: f"{_subject(e, v, 'are', 'is')} caught bluffing",
    "move": lambda e, v: f"{_subject(e, v, 'move', 'moves')} forward to place {e['to']}",
    "retreat": lambda e, v: f"{_subject(e, v, 'retreat', 'retreats')} to place {e['to']}",
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
