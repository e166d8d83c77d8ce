"""The Treasure phases, ``keep``, ``name`` and ``add`` (GC3, GC24-GC26).

``keep``: one of the two Treasures drawn. ``name``: the 3 VP Treasure's type,
never Curse. ``add``: one non-Curse card of those the 7 VP Treasure drew.
"""

from __future__ import annotations

from typing import Any

from feint.engine.words import N_, Listing, Phrase
from feint.games.guardians import moves as mv
from feint.games.guardians.board import Board
from feint.games.guardians.cards import CURSE, DECLARABLE
from feint.games.guardians.prepare import distinct

EXPECTED_KEEP = N_("the Treasure to keep: keep <value>")
EXPECTED_NAME = N_("the 3 VP Treasure: name <type>")
EXPECTED_ADD = N_("the 7 VP Treasure: add <type>")
NAMES: tuple[mv.GuardiansMove, ...] = tuple(mv.NAME[c] for c in DECLARABLE)


def legal_keep(g: Board) -> tuple[mv.GuardiansMove, ...]:
    return tuple(mv.KEEP[v] for v in sorted(set(g.treasure_choice)))


def legal_name(g: Board) -> tuple[mv.GuardiansMove, ...]:
    return NAMES


def legal_add(g: Board) -> tuple[mv.GuardiansMove, ...]:
    return tuple(mv.ADD[c] for c in distinct(c for c in g.drawn if c is not CURSE))


def why_not_keep(g: Board, move: Any) -> str:
    if not isinstance(move, mv.KeepTreasure):
        return ""
    drawn = " and ".join(str(v) for v in g.treasure_choice)
    return Phrase("you drew the Treasures {drawn}; legal: {legal}", drawn=drawn, legal=_text(legal_keep(g)))


def why_not_name(g: Board, move: Any) -> str:
    if not isinstance(move, mv.Name):
        return ""
    return Phrase("a Curse cannot be named; name one of {kinds}", kinds=Listing(DECLARABLE, ", "))


def why_not_add(g: Board, move: Any) -> str:
    if not isinstance(move, mv.Add):
        return ""
    return Phrase(
        "the Treasure drew {drawn}; legal: {legal}", drawn=Listing(g.drawn, " "), legal=_text(legal_add(g))
    )


def _text(moves: tuple[mv.GuardiansMove, ...]) -> str:
    return ", ".join(str(m) for m in moves)
