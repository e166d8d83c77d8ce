"""How the generic search cuts and scores Guardian's Call's playouts, and how far it trusts an offer."""

from __future__ import annotations

from feint.bots.playout import Horizon, Rewards, Scoring, softmax
from feint.engine.view import View
from feint.games.guardians.cards import COINS_PER_VP, shield_points
from feint.games.guardians.kinds import Kind
from feint.games.guardians.view import GuardiansView

TEMPERATURE = 8.0
"""Estimated VP ahead worth one more log-odds of winning."""
TRUTH_ODDS = 16.0
"""A true offer is taken as this many times likelier than the sampler makes it.

At 4, kept by importance from four worlds, a one-card claim was believed
true about three times in ten, so the search called nearly every claim of a
heuristic that bluffs about one time in five (docs/bots.md).
"""


def estimate(view: View) -> Rewards:
    """The VP scored so far and a rough worth of each tableau, as a softmax over the seats."""
    assert isinstance(view, GuardiansView)
    worth: list[float | None] = []
    for seat in view.seats:
        table = seat.tableau
        held = (
            3.0 * len(table.weapon)
            + shield_points(len(table.shield))
            + 2.0 * len(table.artifact)
            + 2.0 * len(table.spell)
            + 1.5 * seat.castle
            + seat.coins / COINS_PER_VP
            + sum(seat.treasures)
            + sum(seat.vp_tokens)
        )
        worth.append(seat.score + held)
    return softmax(worth, TEMPERATURE)


SCORING = Scoring(
    Horizon(frozenset({Kind.BELIEVE, Kind.DOUBT}), per_seat=True),
    estimate,
    trust=1 - 1 / TRUTH_ODDS,
    halving=True,
)
