"""A heuristic Liar's Dice bot: it bids what its own dice make likely and calls what they make unlikely.

It reads its seat's view only: its own dice, and how many dice the others
hide, each taken as a fair roll (:class:`~feint.games.liars_dice.odds.Odds`).
Its bid is the highest that is more likely than not to stand (``SAFE``):
as much as its dice back, which leaves the next seat less room; with no
such bid, the likeliest. Now and then (``BLUFF``) it bids higher than that,
the highest bid that is not hopeless, so its bids are not a sure read of its
dice. It calls instead when a call is less likely to lose than the safest
bid open to it: ``liar`` loses if the standing bid stands, ``spot on``
unless the bid is exact, a bid if it is called and does not stand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.odds import Odds
from feint.games.liars_dice.view import LiarsView

SAFE = 0.5
"""The bot bids the highest bid at least this likely to stand."""
BLUFF = 0.1
"""How often the bot bids the highest bid that is not ``HOPELESS`` instead."""
HOPELESS = 0.25
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
            floor = HOPELESS if self._rng.random() < BLUFF else SAFE
            # The legal bids are in rising rank: the last that clears the floor is the highest.
            chosen = [i for i, p in enumerate(stands) if p >= floor]
            pick = chosen[-1] if chosen else max(range(len(bids)), key=stands.__getitem__)
            # A raise is as safe as the safest bid open to it, whichever it makes.
            best = (1.0 - max(stands), bids[pick])
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
