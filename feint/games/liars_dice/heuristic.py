"""A heuristic Liar's Dice bot: it bids what its own dice make likely and calls what they make unlikely.

It reads its seat's view only: its own dice, and how many dice the others
hide, each taken as a fair roll (:class:`~feint.games.liars_dice.odds.Odds`).
On its turn it takes the move it is least likely to lose by: calling
``liar`` loses if the standing bid stands; ``spot on`` loses unless the bid
is exact; a bid loses if it is called and does not stand, so its risk is the
chance it fails. Among bids it prefers the lowest that is as safe as the
safest (a small raise leaves the next seat the hard choice), and now and
then (``BLUFF``) it bids the lowest bid on a face it does not favour, so its
bids are not a sure read of its dice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.odds import Odds
from feint.games.liars_dice.view import LiarsView

SAFE_ENOUGH = 0.05
"""A bid this much less likely to stand than the safest one still counts as safe: the lowest such is made."""
BLUFF = 0.1
"""How often the bot makes the lowest legal bid whatever its odds, unless that bid is ``HOPELESS``."""
HOPELESS = 0.2
"""A bid less likely than this to stand is never made as a bluff."""
CALL_MARGIN = 0.05
"""A call is made only when it is this much safer than the best bid: a tie goes to bidding."""


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        view = info.view
        assert isinstance(view, LiarsView), "the Liar's Dice heuristic reads Liar's Dice views"
        odds = Odds(view)
        bids = [m for m in legal if isinstance(m, mv.Bid)]
        best: tuple[float, Move] | None = None
        if bids:
            stands = [odds.stands(b.quantity, b.face) for b in bids]
            top = max(stands)
            pick = next(b for b, p in zip(bids, stands, strict=True) if p >= top - SAFE_ENOUGH)
            if self._rng.random() < BLUFF and stands[0] >= HOPELESS:
                pick = bids[0]
            best = (1.0 - odds.stands(pick.quantity, pick.face), pick)
        if view.bids:
            standing = view.bids[-1]
            calls: list[tuple[float, Move]] = []
            if mv.LIAR in legal:
                calls.append((odds.stands(standing.quantity, standing.face), mv.LIAR))
            if mv.SPOT_ON in legal:
                calls.append((1.0 - odds.exact(standing.quantity, standing.face), mv.SPOT_ON))
            for risk, call in calls:
                if best is None or risk + CALL_MARGIN < best[0]:
                    best = (risk, call)
        assert best is not None, "a seat to move always has a bid or a call"
        return best[1]
