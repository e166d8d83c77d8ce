"""Game Play (rulebook Game Play I-III): the Knight-Errant's seat looks at its card or swaps it.

Rules held here (docs/rules/guile.md, "Game Play"): a round is sixteen turns,
the Turn Card going clockwise twice from the Start Knight (G8); the seat
controlling the Knight-Errant must ``look`` or ``swap`` with any other
knight, of either faction, never with itself, and may not pass (G9). What
the actions do, and the round's end, are in :mod:`feint.games.guile.effects`.
"""

from __future__ import annotations

from feint.engine.words import Phrase
from feint.games.guile import moves as mv
from feint.games.guile.board import Board
from feint.games.guile.cards import KNIGHTS, TABLE
from feint.games.guile.model import not_this_phase

PLAY_MOVES: tuple[tuple[mv.GuileMove, ...], ...] = tuple(
    (mv.LOOK, *(mv.SWAP[k] for k in range(TABLE) if k != errant)) for errant in range(TABLE)
)
"""The actions with each knight as the Knight-Errant: a look, or a swap with any other knight."""
ALONE = ((0,), (1,))
"""Each seat as the one to move, made once: the Knight-Errant's seat is ``ALONE[arthur_seat ^ errant & 1]``,
Arthur's for an even knight and the other for an odd one (the driver reads it on every turn)."""


def explain_play(s: Board, move: mv.GuileMove) -> str:
    if isinstance(move, mv.Swap):
        return Phrase(
            "the Knight-Errant {knight} cannot swap with itself", knight=Phrase(KNIGHTS[move.knight])
        )
    return not_this_phase(Phrase("play: look or swap <knight>"))
