"""Knights of Glory at the terminal: the dungeon as one seat knows it, and each event in words.

Everything here is drawn from a :class:`KnightsView` and the viewer's own
events: a path card nobody has flipped, another seat's face-down cover or
discard and how a seat voted (until every vote is in) can only ever appear
as ``?``. The sentences are the templates of :mod:`feint.cli.render.knights_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import Renderer, Step, packed
from feint.cli.render.knights_words import GLOSSARY, MESSAGES, RULES
from feint.engine.events import Event
from feint.engine.state import Move, Result, Seat, View, Viewer
from feint.engine.view import HIDDEN
from feint.engine.words import Phrasebook, capital, count, listing, seats, tally, who, whose
from feint.games.knights.cards import EXIT, FINAL_PATH, START, tier_of
from feint.games.knights.moves import Cover, Discard, Glory, Simple, Substitute, Vote
from feint.games.knights.view import KnightsView, SeatView

PLACE_NAMES = {START: "Start", FINAL_PATH: "Final", EXIT: "Exit"}
"""Places by name on the path's heading; the others are named by their tier."""
STYLES = {
    "bomb": "red",
    "key": "yellow",
    "shield": "blue",
    "sword": "bright_white",
    "torch": "bright_red",
    "jester": "magenta",
    "wild": "green",
    "deathtrap": "bold red",
    "FINAL TURNS": "bold reverse",
}
PLURALS = {"torch": "torches"}
REVEALING = frozenset({"flip", "roll", "votes", "reveal", "dealt", "reshuffle", "bluff caught"})
"""Events that show something hidden: a path card, dice, votes, cards."""
# The "over" event is not told in the news: the end screen tells the outcome, once.


words = Phrasebook(MESSAGES, RULES, GLOSSARY)


class KnightsRenderer(Renderer):
    title = "Knights of Glory"
    book = words
    styles = STYLES

    def table(self, view: View) -> RenderableType:
        knights = _knights(view)
        parts: list[RenderableType] = [Text(_heading(knights), style="bold"), _path(knights)]
        parts.append(_seats(knights, [knights.hand], knights.viewer))
        parts += (Text(line) for line in packed(_situation(knights)))
        return Group(*parts)

    def describe(self, event: Event, viewer: Viewer) -> str | None:
        teller = _TELLERS.get(event.kind)
        return None if teller is None else teller(event, viewer)

    def steps(self, move: Move, view: View) -> tuple[Step, ...]:
        knights = _knights(view)
        if isinstance(move, Discard):
            return (
                Step(words("question-turn"), "discard"),
                Step(words("question-discard"), " ".join(move.cards), words("hint-discard")),
            )
        if isinstance(move, Cover | Substitute):
            if isinstance(move, Substitute):
                label = words("label-substitute", card=move.card)
            elif move.face_down:
                label = words("label-face-down", card=move.cover)
            else:
                label = str(move.cover)
            die = Step(words("question-die"), words("label-die", face=move.face))
            cover = Step(words("question-cover", face=move.face), label, words("hint-cover", face=move.face))
            return (die, cover)
        if isinstance(move, Vote):
            return (Step(words("question-vote"), "agree" if move.agree else "disagree"),)
        if isinstance(move, Glory):
            return (Step(words("question-glory"), str(move.dice)),)
        if (
            isinstance(move, Simple)
            and move.word in ("sit in", "leave")
            and knights.viewer not in knights.to_move
        ):
            return (Step(words("question-table"), move.word),)
        question = "question-decide" if str(knights.phase) == "decide" else "question-turn"
        return (Step(words(question), str(move)),)

    def explain(self, view: View) -> str:
        knights = _knights(view)
        if knights.viewer not in knights.to_move:
            return words("explain-wait")
        phase = str(knights.phase)
        if phase == "action":
            return words("explain-push" if knights.acted else "explain-action")
        if phase == "vote":
            return words("explain-vote", knights.active, knights.viewer)
        if phase == "decide" and knights.pending is not None:
            return words("explain-decide", what=capital(words(f"pending-{knights.pending[0]}")))
        return words(f"explain-{phase}")

    def reveals(self, event: Event, viewer: Viewer) -> bool:
        return event.kind in REVEALING

    def confirm(self, move: Move) -> str | None:
        return words("confirm-leave") if str(move) == "leave" else None

    def skipped_turn(self, view: View, seat: Seat) -> bool:
        """The seat sits out, and the turn just begun is the one after the turn it would have had."""
        knights = _knights(view)
        if str(knights.phase) != "action" or knights.acted or knights.active is None:
            return False
        if str(knights.seats[seat].status) != "sitting out":
            return False
        for step in range(1, knights.players):
            after = (seat + step) % knights.players
            if str(knights.seats[after].status) == "playing":
                return after == knights.active
        return False

    def final(
        self, views: Sequence[View], events: Sequence[Event], result: Result, viewer: Viewer
    ) -> RenderableType:
        ends = [_knights(view) for view in views]
        spectator = ends[0]
        return Group(
            Text(words("final-heading", rounds=count(spectator.round, "round")), style="bold"),
            _path(spectator),
            _seats(spectator, [view.hand for view in ends], viewer),
        )


def _knights(view: View) -> KnightsView:
    assert isinstance(view, KnightsView), "the Knights renderer draws Knights of Glory views"
    return view


# --- the table --------------------------------------------------------------


def _heading(view: KnightsView) -> str:
    if view.over:
        return words("heading-over", round=view.round)
    turn = words("turn", whose=whose(view.active, view.viewer)) if view.active is not None else ""
    return words("heading", round=view.round, turn=turn, rook=who(view.first, view.viewer))


def _path(view: KnightsView) -> Table:
    """The dungeon from Start to the Exit: each place's card (the pawns are the seats' places below)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    for place in range(EXIT + 1):
        name = PLACE_NAMES.get(place, f"Tier {tier_of(place)}")
        table.add_column(f"{place} {name}", no_wrap=True, width=9)
    cards = ["", *(str(kind) for kind in view.path), ""]
    table.add_row(*("gone" if place in view.collapsed else cards[place] for place in range(EXIT + 1)))
    return table


def _seats(view: KnightsView, hands: Sequence[Any], seen: Viewer) -> Table:
    """One row a seat; ``hands`` are the hands to show by seat (the viewer's own, or all at the end)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    for column in ("seat", "at", "KOG", "cards", "hand or known", "status"):
        table.add_column(column, no_wrap=True)
    for seat in view.seats:
        status = _ending(view, seat.seat) if view.over else _marks(view, seat)
        hand = hands[seat.seat] if seat.seat < len(hands) and len(hands) > 1 else None
        if hand is None and seat.seat == seen and len(hands) == 1:
            hand = hands[0]
        held = " ".join(hand) if hand is not None else " ".join(seat.known) or "-"
        table.add_row(
            who(seat.seat, seen),
            str(seat.place),
            str(seat.tokens),
            str(seat.hand_size),
            held or "-",
            status,
        )
    return table


def _marks(view: KnightsView, seat: SeatView) -> str:
    """A seat's status in play, in as few words as the table's width leaves: "playing" unless marked."""
    marks = [] if str(seat.status) == "playing" else [str(seat.status)]
    if seat.seat == view.first:
        marks.append("Rook")
    if seat.seat in view.to_move:
        marks.append("to move")
    if seat.place != START and not seat.may_discard and str(seat.status) == "playing":
        marks.append("no discard")
    return ", ".join(marks) or "playing"


def _ending(view: KnightsView, seat: Seat) -> str:
    """How a seat ended: out by the Exit (in which order), caught by the collapse, or where it stood."""
    status = str(view.seats[seat].status)
    if status == "exited":
        return words("ended-exited", nth=ORDINALS[view.exits.index(seat)] if seat in view.exits else "")
    return words(f"ended-{status}", place=view.seats[seat].place)


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _situation(view: KnightsView) -> list[str]:
    """The table's facts in short sentences, for :func:`packed`: the advance, the votes, the piles."""
    lines = []
    if view.final_turns is not None and view.active is not None:
        lines.append(words("final-turns", whose=whose(view.active, view.viewer)))
        lines.append(words("owed", owed=seats(view.final_turns, view.viewer)))
    lines += _advance(view)
    lines += _votes(view)
    pending = view.pending
    if pending is not None:
        step, seat = pending
        what = words(f"pending-{step}")
        lines.append(
            words("pending-you", what=what)
            if seat == view.viewer
            else words("pending", seat, None, what=what)
        )
    seen = words("seen", cards=tally(map(str, view.discard_known), PLURALS)) if view.discard_known else ""
    if view.variants:
        lines.append(words("variants", variants=", ".join(view.variants)))
    lines.append(words("unknown-deck", unknown=count(view.unknown, "card")))
    lines.append(words("supply", supply=view.supply))
    lines.append(words("discard-pile", discard=count(view.discard, "card"), seen=seen))
    return lines


def _advance(view: KnightsView) -> list[str]:
    if view.target is None or view.active is None:
        return []
    ahead = view.path[view.target - 1] if view.target != EXIT else None
    card = "the Exit" if ahead is None else "face-down" if ahead is HIDDEN else str(ahead)
    glory = ", on the Path of Glory" if view.path_of_glory else ""
    dice = " ".join(view.dice) or "not rolled yet"
    if view.glory:
        dice += f" (with {count(view.glory, 'glory die', 'glory dice')})"
    lines = [
        words(
            "advance",
            view.active,
            view.viewer,
            target=view.target,
            card=card,
            glory=glory,
            dice=dice,
        )
    ]
    covers = []
    for cover in view.covers:
        card = (
            "face-down"
            if cover.card is HIDDEN
            else f"{cover.card}, face-down"
            if cover.face_down
            else cover.card
        )
        key = "substitution-line" if cover.substitution else "cover-line"
        covers.append(words(key, face=cover.face, card=card))
    if covers:
        lines.append(words("covers", covers="; ".join(covers)))
    if view.open and str(view.phase) == "cover":
        lines.append(words("to-cover", faces=" ".join(view.open)))
    return lines


def _votes(view: KnightsView) -> list[str]:
    if not view.voters or str(view.phase) != "vote":
        return []
    waiting = [s for s in view.voters if s not in view.voted]
    lines = [words("voting", voted=seats(view.voted, view.viewer), waiting=seats(waiting, view.viewer))]
    if view.my_vote is not None:
        lines.append(words("my-vote", vote="agree" if view.my_vote else "disagree"))
    return lines


# --- the events, told -------------------------------------------------------


def _cards(value: Any, noun: str = "card") -> str:
    """Cards by name, or by number when the viewer saw only their backs."""
    if isinstance(value, tuple | list) and not any(v is HIDDEN for v in value):
        names = [str(v) for v in value]
        if len(set(names)) < len(names):
            return tally(names)
        return listing(names, f"no {noun}s")
    number = len(value) if isinstance(value, tuple | list) else int(value)
    return count(number, noun)


def _cover(event: Event, viewer: Viewer) -> str:
    card = event.get("card")
    if card == "token":
        what = "a KOG token"
    elif card is HIDDEN:
        what = "a face-down card"
    else:
        what = f"{card}, {'face-down' if event.get('face_down') else 'face-up'}"
    face = event.get("face")
    if event.get("substitution"):
        return words("event-substitute", event.actor, viewer, what=what, face=face, claim=event.get("claim"))
    return words("event-cover", event.actor, viewer, what=what, face=face)


def _votes_cast(event: Event, viewer: Viewer) -> str:
    agree, disagree = list(event.get("agree")), list(event.get("disagree"))
    if not disagree:
        return words("event-votes-agree")
    said = [f"agree: {seats(agree, viewer)}"] if agree else []
    said.append(f"disagree: {seats(disagree, viewer)}")
    return words("event-votes", said="; ".join(said))


def _voted(event: Event, viewer: Viewer) -> str:
    agree = event.get("agree")
    if agree is HIDDEN:
        return words("event-voted", event.actor, viewer)
    return words("event-voted-how", event.actor, viewer, how="agree" if agree else "disagree")


def _reveal(event: Event, viewer: Viewer) -> str:
    cards = event.get("cards")
    key = "event-reveal-kept" if event.get("discarded") is False else "event-reveal"
    return words(key, event.actor, viewer, cards=_cards(cards), them="it" if len(cards) == 1 else "them")


def _simple(name: str) -> Callable[[Event, Viewer], str]:
    return lambda e, v: words(name, e.actor, v, **e.data)


_TELLERS: dict[str, Callable[[Event, Viewer], str]] = {
    "round": lambda e, v: words("event-round", round=e.get("round"), first=who(e.get("first"), v)),
    "dealt": lambda e, v: words("event-dealt", e.actor, v, cards=_cards(e.get("cards"))),
    "reshuffle": lambda e, v: words("event-reshuffle", cards=_cards(e.get("cards"))),
    "pass": _simple("event-pass"),
    "discard": lambda e, v: words("event-discard", e.actor, v, cards=_cards(e.get("cards"))),
    "trade jesters": lambda e, v: words(
        "event-trade", e.actor, v, jesters=_cards(e.get("jesters"), "Jester")
    ),
    "advance": lambda e, v: words(
        "event-advance",
        e.actor,
        v,
        to=e.get("to"),
        glory=" on the Path of Glory" if e.get("path_of_glory") else "",
    ),
    "flip": lambda e, v: words("event-flip", place=e.get("place"), card=e.get("card")),
    "glory": lambda e, v: words(
        "event-glory", e.actor, v, dice=count(int(e.get("dice")), "glory die", "glory dice")
    ),
    "roll": lambda e, v: words("event-roll", e.actor, v, dice=", ".join(e.get("dice"))),
    "cover": _cover,
    "voted": _voted,
    "votes": _votes_cast,
    "reveal": _reveal,
    "bluff caught": _simple("event-bluff"),
    "move": _simple("event-move"),
    "retreat": _simple("event-retreat"),
    "stay": _simple("event-stay"),
    "eliminated": _simple("event-eliminated"),
    "tokens": lambda e, v: words("event-tokens", e.actor, v, tokens=count(int(e.get("gained")), "KOG token")),
    "exit": _simple("event-exit"),
    "failed": _simple("event-failed"),
    "redeem": _simple("event-redeem"),
    "final glory": _simple("event-final-glory"),
    "sit out": _simple("event-sit-out"),
    "sit in": _simple("event-sit-in"),
    "leave": _simple("event-leave"),
    "join": _simple("event-join"),
}
