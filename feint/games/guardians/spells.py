"""The ``assign`` phase: which unassigned Spells may become which type after a gain (GC13, rulings).

After cards of a type other than Spell join a tableau, its unassigned Spells
may become that type only, laid on top of the cards just gained or beneath
them (``first``). After Spells are gained, each gained Spell may become any
type of which the seat holds a card; the older unassigned Spells may become
only the type of a card just added, and a gained Spell assigned to a type
counts as a card of that type just added. The decision stays open after an
``assign`` of gained Spells while a Spell and a type for it remain, until
``leave spells``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from feint.engine.words import N_, Phrase
from feint.games.guardians import moves as mv
from feint.games.guardians.board import Board
from feint.games.guardians.cards import ASSIGNABLE, SPELL, Card
from feint.games.guardians.pending import PendingAssign

EXPECTED = N_("Spells: assign <count> spells to <type> [first], or leave spells")


def targets(g: Board, pending: PendingAssign) -> list[tuple[Card, bool]]:
    """The types the unassigned Spells may become now, each with where they may go."""
    if pending.card is not SPELL:
        return [(pending.card, False), (pending.card, True)]
    tableau = g.tableaux[pending.seat]
    return [(t, False) for t in ASSIGNABLE if tableau.stack(t) and (pending.spells or t in pending.added)]


def legal(g: Board) -> tuple[mv.GuardiansMove, ...]:
    pending = g.assign
    assert pending is not None
    return _moves(tuple(targets(g, pending)), len(g.tableaux[pending.seat].spell))


@cache
def _moves(places: tuple[tuple[Card, bool], ...], spells: int) -> tuple[mv.GuardiansMove, ...]:
    return (
        *(mv.ASSIGN[n, t, first] for t, first in places for n in range(1, spells + 1)),
        mv.LEAVE_SPELLS,
    )


def why_not(g: Board, move: Any) -> str:
    pending = g.assign
    assert pending is not None
    if not isinstance(move, mv.Assign):
        return ""
    spells = len(g.tableaux[pending.seat].spell)
    if move.count > spells:
        return Phrase(
            "you have {spells} unassigned Spells; legal: {legal}", spells=spells, legal=_legal_text(g)
        )
    if pending.card is not SPELL:
        return Phrase(
            "Spells may become only {card}, the type just added; legal: {legal}",
            card=Phrase(pending.card),
            legal=_legal_text(g),
        )
    if move.card not in ASSIGNABLE or not g.tableaux[pending.seat].stack(move.card):
        return Phrase(
            "you hold no {card} card for a Spell to join; legal: {legal}",
            card=Phrase(move.card),
            legal=_legal_text(g),
        )
    if move.first:
        return Phrase("Spells just gained go on their stack's top; legal: {legal}", legal=_legal_text(g))
    return Phrase(
        "older Spells may become only the type of a card just added; legal: {legal}", legal=_legal_text(g)
    )


def _legal_text(g: Board) -> str:
    return ", ".join(str(m) for m in legal(g))
