"""How the search bots cut and score a Liar's Dice playout.

A playout stops at the end of the round under way (its ``reveal``): beyond
it, new dice are rolled that nobody has seen, and a random playout's bids say
nothing. The estimate there is each seat's share of the dice in play: a seat
with more dice outlasts more challenges. Under ``openspiel`` the round's end
is the game's end, scored by its result.

The sampler rolls the dice a seat cannot see fairly, which makes every high
bid a likely bluff; the opponent model (``BID_TRUST``) lets each other
bidder's hidden dice show the face it bid more often than chance.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from feint.bots.playout import Horizon, Rewards, Scoring
from feint.engine.state import GameState, Seat
from feint.engine.view import View
from feint.games.liars_dice.belief import trusted_dice
from feint.games.liars_dice.board import Board
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.view import LiarsView

BID_TRUST = 0.3
"""The chance that a die a bidder hides is made to show the face of its latest bid this round."""


def estimate(view: View) -> Rewards:
    """Each seat's share of the dice in play."""
    assert isinstance(view, LiarsView)
    total = view.total or 1
    return tuple(seat.count / total for seat in view.seats)


def persuasion(world: GameState, spared: Collection[Seat | None], rng: random.Random) -> None:
    """Each hidden die of a bidder not ``spared`` shows its latest bid's face with chance ``BID_TRUST``."""
    assert isinstance(world, Board)
    trusted_dice(world, spared, BID_TRUST, rng)


SCORING = Scoring(Horizon(frozenset({Kind.REVEAL})), estimate, persuasion=persuasion)
