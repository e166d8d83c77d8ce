"""The ``respond`` phase: the offer's target believes or doubts (rulebook, Making an Offer; GC16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from feint.games.guardians import moves as mv

if TYPE_CHECKING:
    from feint.games.guardians.state import GuardiansState

EXPECTED = "the offer's target answers: believe or doubt"
ANSWERS: tuple[mv.GuardiansMove, ...] = (mv.BELIEVE, mv.DOUBT)


def legal(g: GuardiansState) -> tuple[mv.GuardiansMove, ...]:
    return ANSWERS


def why_not(g: GuardiansState, move: Any) -> str:
    return ""
