"""How the generic search cuts and scores Guardian's Call's playouts, and how far it trusts an offer.

The estimate at the horizon is the final tally, blended by how much of the
game is left: near War each seat is worth what War would score it now (the
Weapons and Castle races as races, the Quests met, coins by threes), with
the game's own scoring; far from it, a race led by one card may turn, so a
tableau card counts at a rough steady worth. The softmax's temperature grows
with the cards left before War, as the lead that holds grows with them.
"""

from __future__ import annotations

from feint.bots.playout import Horizon, Rewards, Scoring, softmax
from feint.engine.view import View
from feint.games.guardians.cards import COINS_PER_VP, SHIELD, WEAPON, shield_points
from feint.games.guardians.kinds import Kind
from feint.games.guardians.quests import Standing, When, quest_points
from feint.games.guardians.scoring import army_points, castle_points
from feint.games.guardians.view import GuardiansView, SeatView

TEMPERATURE = 4.0
"""Estimated VP ahead worth one more log-odds of winning when War turns up next.

Fitted, with ``TEMPERATURE_PER_CARD`` and ``HALF_WAY``, by
``benchmarks/guardians_estimate.py``: the estimate after every answered offer
against who won, in 400 games of 2-seat heuristic self-play (seeds 8000 on;
docs/bots.md). The winners' mean negative log-likelihood fell from 0.686 (the
steady worths alone at 8.0, as before; a coin toss scores 0.693) to 0.530; the
best dozen rows of the grid lie within 0.002 of each other."""
TEMPERATURE_PER_CARD = 0.3
"""What each card expected before War adds to the temperature (fitted): about 25 at the start."""
HALF_WAY = 20.0
"""The cards expected before War at which a seat is counted half by the tally now, half by steady worths
(fitted): about a fifth by the tally at the start, of some 70 cards."""
CALL_RATE = 0.66
"""The heuristic's share of doubts among its answers to an offer in self-play: 0.656 and 0.658 (100 games
each at 2 and 4 seats, 3,628 and 4,774 answers): the prior of each seat's record of calls."""
TRUTH_ODDS = 16.0
"""A true offer is taken as this many times likelier than the sampler makes it.

At 4, kept by importance from four worlds, a one-card claim was believed
true about three times in ten, so the search called nearly every claim of a
heuristic that bluffs about one time in five (docs/bots.md).
"""


def cards_left(view: GuardiansView) -> float:
    """The cards the deck is expected to give before War turns up: War lies evenly among its places left."""
    low, high = view.war_pile
    high = min(high, view.deck_size)
    return max(view.deck_size - (low + high + 1) / 2, 0.0)


def tally(view: GuardiansView) -> list[int]:
    """Each seat's VP if War turned up now, Council first if it has not been, by the game's own scoring."""
    seats = view.seats
    occasions = (When.WAR,) if view.council_done else (When.COUNCIL, When.WAR)
    castles = castle_points([seat.castle for seat in seats])
    armies = army_points(
        [seat.tableau.size(WEAPON) for seat in seats],
        [seat.tableau.size(SHIELD) for seat in seats],
        [seat.coins for seat in seats],
    )
    totals = []
    for seat, castle, army in zip(seats, castles, armies, strict=True):
        standing = Standing.of(
            seat.tableau, seat.castle, len(seat.treasures), seat.coins, seat.cursed, seat.cleansed
        )
        quests = sum(quest_points(view.quests, when, standing) for when in occasions)
        totals.append(seat.score + len(occasions) * castle + quests + sum(army))
    return totals


def steady(seat: SeatView) -> float:
    """The VP scored so far and a rough worth of the tableau: a card of each type counts alike at any lead."""
    table = seat.tableau
    return (
        seat.score
        + 3.0 * len(table.weapon)
        + shield_points(len(table.shield))
        + 2.0 * len(table.artifact)
        + 2.0 * len(table.spell)
        + 1.5 * seat.castle
        + seat.coins / COINS_PER_VP
    )


def estimate(
    view: View,
    temperature: float = TEMPERATURE,
    per_card: float = TEMPERATURE_PER_CARD,
    half_way: float = HALF_WAY,
) -> Rewards:
    """The tally now and the steady worths, blended by the cards left, as a softmax over the seats.

    The playouts use the fitted constants; ``benchmarks/guardians_estimate.py`` passes others to fit them.
    """
    assert isinstance(view, GuardiansView)
    left = cards_left(view)
    far = left / (left + half_way) if left else 0.0
    worth: list[float | None] = [
        (1 - far) * now + far * steady(seat) for seat, now in zip(view.seats, tally(view), strict=True)
    ]
    return softmax(worth, temperature + per_card * left)


SCORING = Scoring(
    Horizon(frozenset({Kind.BELIEVE, Kind.DOUBT}), per_seat=True),
    estimate,
    trust=1 - 1 / TRUTH_ODDS,
    doubt_rate=CALL_RATE,
    halving=True,
)
