"""How the generic search cuts and scores Guile's playouts: at the end of a round, by round wins."""

from __future__ import annotations

from feint.bots.playout import Horizon, Rewards, Scoring
from feint.engine.view import View
from feint.games.guile.kinds import Kind
from feint.games.guile.view import GuileView

ROUNDS_TO_WIN = 2
"""Guile's match is won by two rounds."""


def estimate(view: View) -> Rewards:
    """Two round wins take the match; each round left to play is taken as a coin toss."""
    assert isinstance(view, GuileView)
    first, second = view.round_wins
    chance = _match_chance(ROUNDS_TO_WIN - first, ROUNDS_TO_WIN - second)
    return (chance, 1.0 - chance)


def _match_chance(needed: int, other_needed: int) -> float:
    if needed <= 0:
        return 1.0
    if other_needed <= 0:
        return 0.0
    return 0.5 * _match_chance(needed - 1, other_needed) + 0.5 * _match_chance(needed, other_needed - 1)


SCORING = Scoring(Horizon(frozenset({Kind.ROUND})), estimate, quiet=frozenset({"look"}))
