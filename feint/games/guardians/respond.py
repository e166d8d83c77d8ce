"""The ``respond`` phase: the offer's target believes or doubts (rulebook, Making an Offer; GC16)."""

from __future__ import annotations

from typing import Any

from feint.engine.words import N_
from feint.games.guardians import moves as mv
from feint.games.guardians.board import Board

EXPECTED = N_("the offer's target answers: believe or doubt")
ANSWERS: tuple[mv.GuardiansMove, ...] = (mv.BELIEVE, mv.DOUBT)


def legal(g: Board) -> tuple[mv.GuardiansMove, ...]:
    return ANSWERS


def why_not(g: Board, move: Any) -> str:
    return ""
