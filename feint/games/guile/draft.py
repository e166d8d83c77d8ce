"""The draft (rulebook Set Up IV; skipped under the Code of Chivalry): keep one card, pass the rest.

Rules held here (docs/rules/guile.md, "Set-up" 4): both seats pick at the
same time and in secret, each from the cards in front of it; a seat that has
picked waits for the other. The pass, and the last card kept without a move
(G6), are in :mod:`feint.games.guile.effects`.
"""

from __future__ import annotations

from functools import cache

from feint.engine.state import Seat
from feint.engine.words import Listing, Phrase
from feint.games.guile import moves as mv
from feint.games.guile.board import Board
from feint.games.guile.cards import Card, distinct
from feint.games.guile.model import not_this_phase

WAITING = (((), (1,)), ((0,), (0, 1)))
"""The seats still to move, indexed by whether seat 0 is and whether seat 1 is."""


def drafting(s: Board) -> tuple[Seat, ...]:
    """The seats that have not picked at this step."""
    picked = s.picked
    return WAITING[not picked[0]][not picked[1]]


def pick_moves(s: Board, seat: Seat) -> tuple[mv.GuileMove, ...]:
    return _pick_moves(tuple(s.hands[seat]))


@cache
def _pick_moves(hand: tuple[Card, ...]) -> tuple[mv.GuileMove, ...]:
    return tuple(mv.PICK[c] for c in distinct(hand))


def explain_pick(s: Board, seat: Seat, move: mv.GuileMove) -> str:
    if isinstance(move, mv.Pick):
        return Phrase(
            "there is no {card} in front of you; you may pick {cards}",
            card=Phrase(move.card),
            cards=Listing(distinct(s.hands[seat]), " "),
        )
    return not_this_phase(Phrase("the draft: pick <card>"))
