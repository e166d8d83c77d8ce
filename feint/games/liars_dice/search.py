"""How the generic search cuts and scores a Liar's Dice playout, and how far it trusts a bid.

A playout stops at the end of the round under way (its ``reveal``): beyond
it, new dice are rolled that nobody has seen, and a random playout's bids say
nothing. The estimate there is each seat's share of the dice in play: a seat
with more dice outlasts more challenges. Under ``openspiel`` the round's end
is the game's end, scored by its result.
"""

from __future__ import annotations

from feint.bots.playout import Horizon, Rewards, Scoring
from feint.engine.view import View
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.view import LiarsView

BID_TRUST = 0.5
"""The chance the sampler makes a standing bid it rolled false true, by turning the bidder's dice.

Fair rolls make every high bid a likely bluff; the heuristic bids only what
its dice make more likely than not, so its bids are mostly true.
"""


CALL_RATE = 0.72
"""The heuristic's share of ``liar`` among its answers to a bid in self-play: 0.75 and 0.69 (60 games
each at 2 and 4 seats, 552 and 1,519 answers): the prior of each seat's record of calls."""


def estimate(view: View) -> Rewards:
    """Each seat's share of the dice in play."""
    assert isinstance(view, LiarsView)
    total = view.total or 1
    return tuple(seat.count / total for seat in view.seats)


SCORING = Scoring(Horizon(frozenset({Kind.REVEAL})), estimate, trust=BID_TRUST, doubt_rate=CALL_RATE)
