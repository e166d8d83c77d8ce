"""Guardian's Call at the terminal: the table as one seat knows it, and each event in words.

The table is drawn from a :class:`GuardiansView`: other seats' hands are
only ever a count, and the real cards of another seat's offer before they
are revealed only ever appear as ``?``. What happened is told from the
events the seat saw. An offer is chosen in steps: the cards, the seat, the
declared type. Every sentence comes from the phrasebook the renderer is
made with (the game's, :data:`feint.games.guardians.words.BOOK`), events
by its ``tell``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import Renderer, Step, packed
from feint.engine.events import Event
from feint.engine.state import Move, Result, Seat, View, Viewer
from feint.engine.view import HIDDEN
from feint.engine.words import N_, Phrasebook, capital, count, listing, tr, who, whose
from feint.games.guardians.cards import CURSE, GUARDIAN_NAMES, SPELL, STACKS
from feint.games.guardians.moves import (
    Add,
    Assign,
    Believe,
    Buy,
    Discard,
    Doubt,
    DrawPool,
    KeepTreasure,
    Name,
    Offer,
    Steal,
)
from feint.games.guardians.quests import QUEST_BY_NUMBER
from feint.games.guardians.seat import SOURCES as SOURCE_ORDER
from feint.games.guardians.seat import Tableau
from feint.games.guardians.view import GuardiansView
from feint.games.guardians.words import SOURCES, cards, declared, plural

STYLES = {
    "weapons?": "red",
    "artifacts?": "yellow",
    "shields?": "blue",
    "villagers?": "green",
    "spells?": "magenta",
    "[Cc]urses?": "bold red",
    "Council": "bold cyan",
    "War": "bold red",
}


class GuardiansRenderer(Renderer):
    title = "Guardian's Call"
    styles = STYLES

    def table(self, view: View) -> RenderableType:
        gc = _guardians(view)
        heading = _heading(self.book, gc)
        first, *situation = _situation(self.book, gc, heading)
        top = Text(first)
        top.stylize("bold", 0, len(heading))
        return Group(
            top,
            *(Text(line) for line in situation),
            _seats(gc, gc.viewer),
            *(Text(line) for line in packed(_private(self.book, gc))),
        )

    def steps(self, move: Move, view: View) -> tuple[Step, ...]:
        words = self.book
        ask = Step(words("question-move"), "")
        if isinstance(move, Offer):
            return (
                Step(ask.question, words("label-offer")),
                Step(words("question-cards"), cards([move.card] * move.count), words("hint-cards")),
                Step(
                    words("question-target"),
                    words("label-target", target=who(move.target, view.viewer)),
                    words("hint-target"),
                ),
                Step(
                    words("question-declared"),
                    words("label-declared", declared=plural(move.declared)),
                    words("hint-declared"),
                ),
            )
        if isinstance(move, DrawPool):
            pool = Step(words("question-pool"), tr(move.card), words("hint-pool"))
            return (Step(ask.question, words("label-pool")), pool)
        if isinstance(move, Buy):
            return (
                Step(ask.question, words("label-buy")),
                Step(words("question-buy"), tr(move.card), words("hint-buy")),
            )
        if str(move) == "draw deck":
            return (Step(ask.question, words("label-deck")),)
        if isinstance(move, Believe | Doubt):
            return (Step(words("question-answer"), _label(move)),)
        if isinstance(move, Discard | Steal):
            return (Step(words("question-stack"), _label(move)),)
        if isinstance(move, Assign):
            return (
                Step(words("question-assign"), words("label-assign-to", card=tr(move.card))),
                Step(words("question-how"), _label(move), words("hint-how", card=plural(move.card))),
            )
        if isinstance(move, KeepTreasure):
            return (Step(words("question-treasure"), _label(move)),)
        if isinstance(move, Name):
            return (Step(words("question-name"), _label(move)),)
        if isinstance(move, Add):
            return (Step(words("question-add"), _label(move)),)
        question = words("question-assign") if str(move) == "leave spells" else ask.question
        return (Step(question, _label(move)),)

    def explain(self, view: View) -> str:
        words = self.book
        gc = _guardians(view)
        if gc.viewer not in gc.to_move:
            return words("explain-wait", gc.to_move[0] if gc.to_move else gc.current, gc.viewer)
        phase = str(gc.phase)
        offer = gc.offer
        if phase == "respond" and offer is not None:
            return words(
                "explain-respond",
                offerer=capital(who(offer.offerer, gc.viewer)),
                count=count(offer.count, "card"),
                declared=declared(offer.declared, offer.count),
            )
        me = gc.me()
        guardian = tr(GUARDIAN_NAMES[me.guardian]) if me is not None else ""  # catalogued from the page's
        return words(f"explain-{phase}", guardian=guardian)

    def final(
        self, views: Sequence[View], events: Sequence[Event], result: Result, viewer: Viewer
    ) -> RenderableType:
        words = self.book
        ends = [_guardians(view) for view in views]
        spectator = ends[0]
        table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold underline")
        table.add_column(tr("VP by source"))
        for seat in spectator.seats:
            table.add_column(who(seat.seat, viewer), justify="right")
        for index, source in enumerate(SOURCE_ORDER):
            points = [seat.points[index] for seat in spectator.seats]
            if any(points):  # a source nobody scored from is only a row of zeros
                table.add_row(tr(SOURCES[source]), *map(str, points))
        table.add_row(words("final-total"), *(str(seat.score) for seat in spectator.seats), style="bold")
        hands = {view.seat: _stacks(view.hand or ()) for view in (end.me() for end in ends) if view}
        return Group(
            Text(words("final-heading"), style="bold"),
            _seats(spectator, viewer, hands),
            Text(words("final-legend")),
            table,
            *(Text(line) for line in _tie(words, spectator, result, viewer)),
        )


def _guardians(view: View) -> GuardiansView:
    assert isinstance(view, GuardiansView), "the Guardian's Call renderer draws Guardian's Call views"
    return view


MOVE_WORDS = (N_("cleanse"), N_("treasure"), N_("leave spells"), N_("believe"), N_("doubt"))
"""The moves of fixed words, marked for the catalogue: the menu shows each in the language spoken."""


def _label(move: Move) -> str:
    """A move in the menu's words, in the language spoken (in English, its notation)."""
    if isinstance(move, Discard):
        return tr("discard {stack}").format(stack=tr(move.stack))
    if isinstance(move, Steal):
        return tr("steal {stack}").format(stack=tr(move.stack))
    if isinstance(move, Assign):
        first = tr(" first") if move.first else ""
        spells = count(move.count, "spell", "spells")
        return tr("assign {spells} to {card}{first}").format(spells=spells, card=tr(move.card), first=first)
    if isinstance(move, KeepTreasure):
        return tr("keep {value}").format(value=move.value)
    if isinstance(move, Name):
        return tr("name {card}").format(card=tr(move.card))
    if isinstance(move, Add):
        return tr("add {card}").format(card=tr(move.card))
    return tr(str(move))


def _heading(words: Phrasebook, view: GuardiansView) -> str:
    phase = words(f"phase-{view.phase}")
    return words("heading", turn=view.turn, whose=whose(view.current, view.viewer), phase=phase)


def _situation(words: Phrasebook, view: GuardiansView, heading: str) -> list[str]:
    """The heading and the public table in lines, the short facts beside the heading when they fit."""
    quests = [QUEST_BY_NUMBER[number] for number in view.quests]
    tokens = "; ".join(
        tr("{space}: {tokens}").format(
            space=space.space, tokens=",".join(map(str, space.tokens)) or tr("none")
        )
        for space in view.castle_tokens
    )
    table = [
        heading,
        words(
            "deck",
            deck=count(view.deck_size, "card"),
            council=tr("done") if view.council_done else tr("to come"),
        ),
        words("pool", pool=_names(view.pool) or tr("empty")),
        words("castle", tokens=tokens),
    ]
    quests_line = words(
        "quests",
        quests="; ".join(
            words("quest", name=tr(q.name), when=capital(tr(q.when)), condition=tr(q.condition), vp=q.vp)
            for q in quests
        ),
    )
    curses = sum(1 for card in view.discard if card == CURSE)
    others = _stacks([card for card in view.discard if card != CURSE])
    tallied = ", ".join(part for part in (count(curses, "curse") if curses else "", others) if part)
    piles = [words("discard-pile", cards=tallied)] if view.discard else []
    return [*packed(table), quests_line, *packed([*piles, words("legend")])]


ABBREVIATIONS = {"weapon": "W", "artifact": "A", "shield": "S", "villager": "V", "spell": "Sp", "curse": "C"}
"""A tableau's stacks in one short cell (the table's legend says so): ``W5(1) S8(2)``."""


def _tableau(tableau: Tableau) -> str:
    """Each stack by its letter and size, with the Spells in it: never wider than the table leaves."""
    parts = []
    for stack in STACKS:
        pile = tableau.stack(stack)
        if pile:
            spells = pile.count(SPELL) if stack != SPELL else 0
            parts.append(f"{ABBREVIATIONS[str(stack)]}{len(pile)}" + (f"({spells})" if spells else ""))
    return " ".join(parts) or "-"


def _stacks(things: Sequence[Any]) -> str:
    """Cards counted by type in the tableau's letters: ``W1 A11 V4``."""
    kinds = Counter(str(thing) for thing in things)
    return " ".join(
        f"{ABBREVIATIONS[kind]}{kinds[kind]}" for kind in map(str, (*STACKS, CURSE)) if kinds[kind]
    )


def _seats(view: GuardiansView, seen: Viewer, hands: Mapping[Seat, str] | None = None) -> Table:
    """One row a seat; at the end (``hands`` given) each hand's cards, and no offer tokens."""
    final = hands is not None
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="bold underline")
    columns = (N_("seat"), N_("guardian"), N_("hand"), N_("coins"), N_("castle"), N_("VP"), N_("tableau"))
    offers = N_("may offer to")
    for column in columns if final else (*columns, offers):
        table.add_column(tr(column))
    for seat in view.seats:
        row = [
            who(seat.seat, seen),
            tr(seat.guardian),
            str(seat.hand_size) if hands is None else hands.get(seat.seat) or "-",
            str(seat.coins),
            str(seat.castle),
            str(seat.score),
            _tableau(seat.tableau),
        ]
        table.add_row(*row if final else (*row, " ".join(str(s) for s in seat.offer_targets)))
    return table


def _tie(words: Phrasebook, view: GuardiansView, result: Result, viewer: Viewer) -> list[str]:
    """Why a tie on VP went as it did, by the rule the result names (GC31: the most coins left)."""
    if result.tiebreak != "coins":
        return []
    best = max(seat.score for seat in view.seats)
    tied = [seat for seat in view.seats if seat.score == best]
    coins = listing([f"{who(seat.seat, viewer)} {count(seat.coins, 'coin')}" for seat in tied])
    key = "tie-shared" if len(result.winners) > 1 else "tie-coins"
    return [
        words(key, seats=capital(listing([who(seat.seat, viewer) for seat in tied])), vp=best, coins=coins)
    ]


def _names(things: Sequence[Any]) -> str:
    """Cards by name, in the language spoken: ``weapon shield``."""
    return " ".join(tr(str(thing)) for thing in things)


def _private(words: Phrasebook, view: GuardiansView) -> list[str]:
    lines = []
    me = view.me()
    if me is not None and me.hand is not None:
        lines.append(words("hand", cards=_names(me.hand) or tr("empty")))
    offer = view.offer
    if offer is not None:
        really = "" if HIDDEN in offer.cards else words("really", cards=cards(offer.cards))
        lines.append(
            words(
                "offer",
                offerer=who(offer.offerer, view.viewer),
                target=who(offer.target, view.viewer),
                cards=count(offer.count, "card"),
                declared=declared(offer.declared, offer.count),
                really=really,
            )
        )
    curse = view.curse
    if curse is not None:
        lines.append(
            words(
                "curse",
                strength=curse.strength,
                victim=who(curse.victim, view.viewer),
                chooser=who(curse.chooser, view.viewer),
            )
        )
    if view.treasure_choice and HIDDEN not in view.treasure_choice:
        lines.append(
            words(
                "treasures-drawn", values=listing([tr("{vp} VP").format(vp=v) for v in view.treasure_choice])
            )
        )
    if view.drawn:
        lines.append(words("drawn-seven", cards=cards(view.drawn)))
    return lines
