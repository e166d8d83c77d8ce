"""The Action Phase: which actions a seat may take on its turn, and why another is refused.

Rules held here (docs/rules/knights-of-glory.md):

- the Action Phase: ``advance``, ``pass`` or ``discard``, one of them, and
  again after each successful advance (KG13, push your luck);
- discarding (KG14 and the rulings): one card up to the tier level of the
  seat's place, never on Start, and not on a turn when the seat has
  retreated, for any reason, since the start of its previous turn;
- Jesters are wild (KG20): ``trade jesters`` at the start of a final turn,
  while the seat has a Jester and room for a token.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from operator import attrgetter

from feint.engine.state import Seat
from feint.engine.words import Listing, Phrase
from feint.games.knights import moves as mv
from feint.games.knights.board import Board
from feint.games.knights.cards import INDEX, JESTER, TOKEN_CAP, Counts, cards_of, counts_of, holds, tier_of


def action_moves(s: Board, seat: Seat) -> tuple[mv.KnightsMove, ...]:
    """The actions of the seat on its turn (``s.active``)."""
    hand = s.hands[seat]
    opening = s.final_turns is not None and not s.acted and hand[_JESTER] and s.tokens[seat] < TOKEN_CAP
    tier = (s.place[seat] + 1) // 2
    if tier and not s.blocked and any(hand):  # may_discard, for the seat whose turn it is
        return _with_discards(hand, tier, bool(opening))
    return _TRADE_ADVANCE_PASS if opening else _ADVANCE_PASS


_JESTER = INDEX[JESTER]


_ADVANCE_PASS: tuple[mv.KnightsMove, ...] = (mv.ADVANCE, mv.PASS)
_TRADE_ADVANCE_PASS: tuple[mv.KnightsMove, ...] = (mv.TRADE_JESTERS, mv.ADVANCE, mv.PASS)


@cache
def _with_discards(hand: Counts, limit: int, trade: bool) -> tuple[mv.KnightsMove, ...]:
    """Advance, pass and the discards of at most ``limit`` cards from ``hand``, in index order."""
    choices = product(*(range(min(n, limit) + 1) for n in hand))
    discards = sorted(
        (_BY_COUNTS[counts] for counts in choices if 0 < sum(counts) <= limit), key=attrgetter("index")
    )
    return (*(_TRADE_ADVANCE_PASS if trade else _ADVANCE_PASS), *discards)


_BY_COUNTS = {counts_of(m.cards): m for m in mv.DISCARD.values()}


def explain_action(s: Board, seat: Seat, move: mv.KnightsMove) -> str:
    if move is mv.TRADE_JESTERS:
        if s.final_turns is None:
            return Phrase("Jesters become wild only once a seat has exited")
        if s.acted:
            return Phrase("Jesters are traded at the start of the final turn only")
        return "you hold no Jester" if not s.hands[seat][INDEX[JESTER]] else "you already hold 4 KOG tokens"
    if isinstance(move, mv.Discard):
        place = s.place[seat]
        if tier_of(place) == 0:
            return Phrase("you cannot discard on the Start Path")
        if s.blocked:
            return Phrase("you cannot discard: you retreated since the start of your previous turn")
        if not holds(s.hands[seat], move.cards):
            return Phrase("you hold {hand}", hand=Listing(cards_of(s.hands[seat]), ", "))
        return Phrase("on tier {tier} you may discard at most {tier} cards", tier=tier_of(place))
    return Phrase("your action: advance, pass or discard <cards>")
