"""How the generic search cuts and scores a Liar's Dice playout, and how far it trusts a bid.

A playout stops at the end of the round under way (its ``reveal``): beyond
it, new dice are rolled that nobody has seen, and a random playout's bids say
nothing. The estimate there is each seat's chance to win if every later round
were lost by a seat still in, all alike (:func:`fair_odds`): a seat with more dice
outlasts more challenges. Under ``openspiel`` the round's end is the game's end,
scored by its result.
"""

from __future__ import annotations

from functools import cache

from feint.bots.playout import Horizon, Rewards, Scoring
from feint.engine.view import View
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.view import LiarsView

BID_TRUST = 1.0
"""How far the sampler reads each other seat's bids this round as made from its dice: fully.

Each of a bidder's rolls is weighed by the odds its bids stood from its own
place (:mod:`~feint.games.liars_dice.inference`). A bluff leans the draw
towards the rolls that would back it, yet against always-bluff the search
lost nothing measured. ISMCTS normal against the heuristic, 80 games (seed 2027): 0.562 with no
reading (the dice a fair roll), 0.688 at 0.5, 0.850 at 1; against
always-bluff 0.867 with none (seed 2028) and 0.883 at 1 (seed 2029); 1
against 0.5 head to head 0.583 of 60.
"""

SHOWN_TRUTH = 0.65
"""The share of an ordinary bidder's bids that stood, against which each seat's record is read
(:func:`feint.engine.claims.credence`): every bid is judged at the round's reveal. The heuristic's bids
stood 0.65 of the time against ISMCTS (413 bids, 80 games). A bidder whose bids stand as often or more
is read fully (``BID_TRUST``); one whose bids fall more often, in proportion less: a bid that did not
stand need not have been a bluff (the others' dice fell short), so the bar is the heuristic's, not 1."""

CALL_RATE = 0.72
"""The heuristic's share of ``liar`` among its answers to a bid in self-play: 0.75 and 0.69 (60 games
each at 2 and 4 seats, 552 and 1,519 answers): the prior of each seat's record of calls."""


def fair_odds(counts: tuple[int, ...]) -> Rewards:
    """Each seat's chance to be the last with dice, when each round's loser is drawn alike among the
    seats still in (the gambler's ruin, for any number of seats).

    Spreads the outcomes of a round far more than the seats' shares of the dice do (two seats at 5 and
    4 dice: 0.637 against 0.556), so the search's bonus for trying moves does not drown the difference.
    """
    alive = tuple(sorted(n for n in counts if n))
    odds = dict(zip(alive, _odds(alive), strict=True))
    return tuple(odds[n] if n else 0.0 for n in counts)


@cache
def _odds(alive: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`fair_odds` of seats holding ``alive`` dice (sorted, none zero): seats alike, odds alike."""
    if len(alive) == 1:
        return (1.0,)
    odds = [0.0] * len(alive)
    for loser in range(len(alive)):
        after = list(alive)
        after[loser] -= 1
        for seat, chance in enumerate(fair_odds(tuple(after))):
            odds[seat] += chance / len(alive)
    return tuple(odds)


def estimate(view: View) -> Rewards:
    """Each seat's chance to win from the dice in play (:func:`fair_odds`)."""
    assert isinstance(view, LiarsView)
    return fair_odds(tuple(seat.count for seat in view.seats))


LEVEL_SCALE = 10
"""A level's playouts here, times ten: a playout ends at the round's reveal, a few bids away, so the
search's ISMCTS normal judged each of some sixty bids on two or three worlds at the levels' counts and
played lucky bluffs: 0.425 of 40 games against the heuristic. Ten times: 0.562 of 80 (fresh seeds), at a
median of 128 ms a move."""

SCORING = Scoring(
    Horizon(frozenset({Kind.REVEAL})),
    estimate,
    trust=BID_TRUST,
    shown_truth=SHOWN_TRUTH,
    doubt_rate=CALL_RATE,
    level_scale=LEVEL_SCALE,
)
