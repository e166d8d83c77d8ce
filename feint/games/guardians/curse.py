"""The ``curse`` phase: which stack a curse takes its card from, and who chooses (GC7, GC8, GC10, GC11).

One Curse: the cursed seat chooses a stack and its top card is discarded;
two: the opposing seat chooses, the card is discarded; three or more: the
opposing seat chooses and steals the card. Only non-empty stacks may be
chosen; a cursed seat with an empty tableau is asked nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from feint.engine.words import N_, Phrase
from feint.games.guardians import moves as mv
from feint.games.guardians.board import Board
from feint.games.guardians.cards import MAX_CURSE_STRENGTH, STACKS

EXPECTED = N_("the curse's stack: discard <stack> or steal <stack>")


def legal(g: Board) -> tuple[mv.GuardiansMove, ...]:
    curse = g.curse
    assert curse is not None
    stacks = tuple(bool(cards) for cards in g.tableaux[curse.victim].stacks())
    return _moves(curse.strength >= MAX_CURSE_STRENGTH, stacks)


@cache
def _moves(steal: bool, stacks: tuple[bool, ...]) -> tuple[mv.GuardiansMove, ...]:
    table = mv.STEAL if steal else mv.DISCARD
    return tuple(table[s] for s, held in zip(STACKS, stacks, strict=True) if held)


def why_not(g: Board, move: Any) -> str:
    curse = g.curse
    assert curse is not None
    if not isinstance(move, mv.Discard | mv.Steal):
        return ""
    legal_moves = ", ".join(str(m) for m in legal(g))
    wanted = "steal" if curse.strength >= MAX_CURSE_STRENGTH else "discard"
    if (wanted == "steal") != isinstance(move, mv.Steal):
        return Phrase(
            "a curse of strength {strength} calls for {wanted}; legal: {legal}",
            strength=curse.strength,
            wanted=Phrase(wanted),
            legal=legal_moves,
        )
    return Phrase(
        "seat {victim} has no {stack} stack; legal: {legal}",
        victim=curse.victim,
        stack=Phrase(move.stack),
        legal=legal_moves,
    )
