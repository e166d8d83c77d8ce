"""Decisions a seat makes about a consequence queued for it, and why another answer is refused.

Rules held here (docs/rules/knights-of-glory.md):

- Path to Redemption: a seat about to retreat with a token may ``redeem``
  or ``retreat``; never for a failure at a Deathtrap (the rulings);
- KG10, KG19, the variants: ``reveal <card>``, a card of the seat's choice
  to reveal and discard (or, Blanks Are Less Rewarding, to reveal and keep:
  one not already known); asked even when the hand holds one kind;
- KG6, KG19, advance by default: ``free advance`` or ``stay``, never into
  the Exit.
"""

from __future__ import annotations

from feint.engine.state import Seat
from feint.engine.words import Phrase
from feint.games.knights import moves as mv
from feint.games.knights.board import Board
from feint.games.knights.cards import CARD_KINDS, FINAL_PATH, START, Kind
from feint.games.knights.model import (
    IN_GAME,
    STEP_FALL_BACK,
    STEP_FORWARD,
    STEP_FREE_ADVANCE,
    STEP_RETREAT,
    STEP_REVEAL_ONE,
    Step,
)

_REDEEM_OR_RETREAT: tuple[mv.KnightsMove, ...] = (mv.REDEEM, mv.RETREAT)
_ADVANCE_OR_STAY: tuple[mv.KnightsMove, ...] = (mv.FREE_ADVANCE, mv.STAY)


def decision_moves(s: Board, seat: Seat) -> tuple[mv.KnightsMove, ...]:
    step = s.queue[0][0]
    if step is STEP_RETREAT:
        return _REDEEM_OR_RETREAT
    if step is STEP_FREE_ADVANCE:
        return _ADVANCE_OR_STAY
    return tuple(mv.REVEAL[kind] for kind in reveal_choices(s, step, seat))


def reveal_choices(s: Board, step: Step, seat: Seat) -> list[Kind]:
    hand = s.hands[seat]
    if step is STEP_REVEAL_ONE:
        known = s.known[seat]
        return [kind for kind, n, k in zip(CARD_KINDS, hand, known, strict=True) if n > k]
    return [kind for kind, n in zip(CARD_KINDS, hand, strict=True) if n]


def wants_choice(s: Board, step: Step, seat: Seat) -> bool:
    """Whether the step waits for the seat's move; otherwise it happens at once."""
    if s.status[seat] not in IN_GAME:
        return False
    if step is STEP_RETREAT:
        return s.tokens[seat] > 0 and s.place[seat] != START
    if step is STEP_FREE_ADVANCE:
        return s.place[seat] < FINAL_PATH
    if step is STEP_FORWARD or step is STEP_FALL_BACK:
        return False
    # Even a forced reveal waits for its move: skipping it would tell everyone
    # that the rest of the hand is of the same kind.
    return bool(reveal_choices(s, step, seat))


def explain_decision(s: Board, seat: Seat, move: mv.KnightsMove) -> str:
    step = s.queue[0][0]
    expected = ", ".join(str(m) for m in decision_moves(s, seat))
    return Phrase("you must decide ({step}): {expected}", step=Phrase(step), expected=expected)
