"""Knights of Glory at the terminal: the dungeon as one seat knows it, and each event in words.

Everything here is drawn from a :class:`KnightsView` and the viewer's own
events: a path card nobody has flipped, another seat's face-down cover or
discard and how a seat voted (until every vote is in) can only ever appear
as ``?``. The sentences are the templates of :mod:`feint.games.knights.words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import Renderer, Step, packed
from feint.engine.events import Event
from feint.engine.state import Move, Result, Seat, View, Viewer
from feint.engine.view import HIDDEN
from feint.engine.words import N_, Phrasebook, capital, count, seats, tally, tr, who, whose
from feint.games.knights.cards import EXIT, FINAL_PATH, START, tier_of
from feint.games.knights.moves import Cover, Discard, Glory, Reveal, Simple, Substitute, Vote
from feint.games.knights.view import KnightsView, SeatView
from feint.games.knights.words import PLURALS

PLACE_NAMES = {START: N_("Start"), FINAL_PATH: N_("Final"), EXIT: N_("Exit")}
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
MOVE_WORDS = (
    N_("advance"),
    N_("pass"),
    N_("redeem"),
    N_("retreat"),
    N_("free advance"),
    N_("stay"),
    N_("trade jesters"),
    N_("sit out"),
    N_("sit in"),
    N_("leave"),
    N_("join"),
)
"""The moves of a word or two (``Simple``), marked for the catalogue: the menu shows each in the
language spoken (:func:`_label`); typed, its English word is the move's notation."""
# The "over" event is not told in the news: the end screen tells the outcome, once.


class KnightsRenderer(Renderer):
    title = "Knights of Glory"
    styles = STYLES

    def table(self, view: View) -> RenderableType:
        knights = _knights(view)
        parts: list[RenderableType] = [Text(_heading(self.book, knights), style="bold"), _path(knights)]
        parts.append(_seats(self.book, knights, [knights.hand], knights.viewer))
        parts += (Text(line) for line in packed(_situation(self.book, knights)))
        return Group(*parts)

    def steps(self, move: Move, view: View) -> tuple[Step, ...]:
        knights = _knights(view)
        if isinstance(move, Discard):
            return (
                Step(self.book("question-turn"), tr("discard")),
                Step(self.book("question-discard"), _names(move.cards), self.book("hint-discard")),
            )
        if isinstance(move, Cover | Substitute):
            if isinstance(move, Substitute):
                label = self.book("label-substitute", card=tr(move.card))
            elif move.face_down:
                label = self.book("label-face-down", card=tr(move.cover))
            else:
                label = tr(move.cover)
            face = tr(move.face)
            die = Step(self.book("question-die"), self.book("label-die", face=face))
            cover = Step(self.book("question-cover", face=face), label, self.book("hint-cover", face=face))
            return (die, cover)
        if isinstance(move, Vote):
            return (Step(self.book("question-vote"), tr("agree") if move.agree else tr("disagree")),)
        if isinstance(move, Glory):
            return (Step(self.book("question-glory"), str(move.dice)),)
        if (
            isinstance(move, Simple)
            and move.word in ("sit in", "leave")
            and knights.viewer not in knights.to_move
        ):
            return (Step(self.book("question-table"), _label(move)),)
        question = "question-decide" if str(knights.phase) == "decide" else "question-turn"
        return (Step(self.book(question), _label(move)),)

    def explain(self, view: View) -> str:
        knights = _knights(view)
        if knights.viewer not in knights.to_move:
            return self.book("explain-wait")
        phase = str(knights.phase)
        if phase == "action":
            return self.book("explain-push" if knights.acted else "explain-action")
        if phase == "vote":
            return self.book("explain-vote", knights.active, knights.viewer)
        if phase == "decide" and knights.pending is not None:
            return self.book("explain-decide", what=capital(self.book(f"pending-{knights.pending[0]}")))
        return self.book(f"explain-{phase}")

    def confirm(self, move: Move) -> str | None:
        return self.book("confirm-leave") if str(move) == "leave" else None

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
            Text(
                self.book("final-heading", rounds=count(spectator.round, N_("round"), N_("rounds"))),
                style="bold",
            ),
            _path(spectator),
            _seats(self.book, spectator, [view.hand for view in ends], viewer),
        )


def _knights(view: View) -> KnightsView:
    assert isinstance(view, KnightsView), "the Knights renderer draws Knights of Glory views"
    return view


def _label(move: Move) -> str:
    """A move of a word or two, or a card to reveal, in the language spoken."""
    if isinstance(move, Reveal):
        return tr("reveal {card}").format(card=tr(move.card))
    return tr(str(move))


def _names(cards: Sequence[str]) -> str:
    """Cards by name, in the language spoken: ``sword key``."""
    return " ".join(tr(card) for card in cards)


# --- the table --------------------------------------------------------------


def _heading(words: Phrasebook, view: KnightsView) -> str:
    if view.over:
        return words("heading-over", round=view.round)
    turn = words("turn", whose=whose(view.active, view.viewer)) if view.active is not None else ""
    return words("heading", round=view.round, turn=turn, rook=who(view.first, view.viewer))


def _path(view: KnightsView) -> Table:
    """The dungeon from Start to the Exit: each place's card (the pawns are the seats' places below)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    for place in range(EXIT + 1):
        named = f"{place} {tr(PLACE_NAMES[place])}" if place in PLACE_NAMES else None
        heading = named or tr("{place} Tier {tier}").format(place=place, tier=tier_of(place))
        # A card's name longer than the column (a language's "deathtrap") wraps rather than being cut.
        table.add_column(heading, width=9)
    cards = ["", *(tr(kind) for kind in view.path), ""]
    table.add_row(*(tr("gone") if place in view.collapsed else cards[place] for place in range(EXIT + 1)))
    return table


def _seats(words: Phrasebook, view: KnightsView, hands: Sequence[Any], seen: Viewer) -> Table:
    """One row a seat; ``hands`` are the hands to show by seat (the viewer's own, or all at the end)."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    for column in (N_("seat"), N_("at"), N_("KOG"), N_("cards")):
        table.add_column(tr(column), no_wrap=True)
    # A hand and a status wrap at their spaces when a language's words do not fit the width: never cut.
    for column in (N_("hand or known"), N_("status")):
        table.add_column(tr(column))
    for seat in view.seats:
        status = _ending(words, view, seat.seat) if view.over else _marks(view, seat)
        hand = hands[seat.seat] if seat.seat < len(hands) and len(hands) > 1 else None
        if hand is None and seat.seat == seen and len(hands) == 1:
            hand = hands[0]
        held = _names(hand) if hand is not None else _names(seat.known) or "-"
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
    marks = [] if str(seat.status) == "playing" else [tr(seat.status)]
    if seat.seat == view.first:
        marks.append(tr("Rook"))
    if seat.seat in view.to_move:
        marks.append(tr("to move"))
    if seat.place != START and not seat.may_discard and str(seat.status) == "playing":
        marks.append(tr("no discard"))
    return ", ".join(marks) or tr("playing")


def _ending(words: Phrasebook, view: KnightsView, seat: Seat) -> str:
    """How a seat ended: out by the Exit (in which order), caught by the collapse, or where it stood."""
    status = str(view.seats[seat].status)
    if status == "exited":
        return words("ended-exited", nth=tr(ORDINALS[view.exits.index(seat)]) if seat in view.exits else "")
    return words(f"ended-{status}", place=view.seats[seat].place)


ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"))


def _situation(words: Phrasebook, view: KnightsView) -> list[str]:
    """The table's facts in short sentences, for :func:`packed`: the advance, the votes, the piles."""
    lines = []
    if view.final_turns is not None and view.active is not None:
        lines.append(words("final-turns", whose=whose(view.active, view.viewer)))
        lines.append(words("owed", owed=seats(view.final_turns, view.viewer)))
    lines += _advance(words, view)
    lines += _votes(words, view)
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


def _advance(words: Phrasebook, view: KnightsView) -> list[str]:
    if view.target is None or view.active is None:
        return []
    ahead = view.path[view.target - 1] if view.target != EXIT else None
    card = tr("the Exit") if ahead is None else tr("face-down") if ahead is HIDDEN else tr(ahead)
    glory = tr(", on the Path of Glory") if view.path_of_glory else ""
    dice = _names(view.dice) or tr("not rolled yet")
    if view.glory:
        dice += tr(" (with {dice})").format(dice=count(view.glory, "glory die", "glory dice"))
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
            tr("face-down")
            if cover.card is HIDDEN
            else tr("{card}, face-down").format(card=tr(cover.card))
            if cover.face_down
            else tr(cover.card)
        )
        key = "substitution-line" if cover.substitution else "cover-line"
        covers.append(words(key, face=tr(cover.face), card=card))
    if covers:
        lines.append(words("covers", covers="; ".join(covers)))
    if view.open and str(view.phase) == "cover":
        lines.append(words("to-cover", faces=_names(view.open)))
    return lines


def _votes(words: Phrasebook, view: KnightsView) -> list[str]:
    if not view.voters or str(view.phase) != "vote":
        return []
    waiting = [s for s in view.voters if s not in view.voted]
    lines = [words("voting", voted=seats(view.voted, view.viewer), waiting=seats(waiting, view.viewer))]
    if view.my_vote is not None:
        lines.append(words("my-vote", vote=tr("agree") if view.my_vote else tr("disagree")))
    return lines
