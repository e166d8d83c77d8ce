"""What a seat's bids say about its dice: the rolls a search's sampler draws for a bidder.

A bidder sees its own dice and bids what they make likely: the heuristic
bids the highest bid at least even to stand from its place, most people
much the same. So a roll under which the seat's bids this round were likely
to stand is a likelier roll for that seat. The sampler's ``trust`` in a seat
is how far it reads the seat's bids so: each bid is taken as made from the
dice with chance ``trust`` and as a bluff, saying nothing, otherwise, and a
roll is weighted by

    product over the seat's bids of  (1 - trust) + trust * P(the bid stands | the roll)

where P is the bidder's own odds at the time (its dice, every other die a
fair roll). Exact, not sampled: every roll of the seat's hidden dice, as
a multiset, is weighed by its chance as a fair roll times that weight
(252 multisets of five dice), and one is drawn from the result. A trust of
0 gives the fair roll; 1 reads every bid as backed by the dice, and bids no
roll could back together give the fair roll too.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from functools import cache, lru_cache
from itertools import accumulate, combinations_with_replacement
from math import factorial, prod

from feint.games.liars_dice.odds import at_least, chance, counted
from feint.games.liars_dice.rules import FACES

POSTERIORS = 4096
"""The weighed rolls kept for reuse: a search draws many worlds at one decision, with the same bids; a
server playing game after game must not keep every round's (about 10 kB each)."""

Bids = tuple[tuple[int, int], ...]
"""A seat's bids this round, as (quantity, face)."""


def read_roll(
    known: tuple[int, ...],
    hidden: int,
    bids: Bids,
    total: int,
    wild: frozenset[int],
    trust: float,
    rng: random.Random,
) -> tuple[int, ...]:
    """The faces of ``hidden`` dice of a seat that also shows ``known`` and bid ``bids`` this round, drawn
    by the weight above among ``total`` dice in play."""
    rolls, bounds = _posterior(known, hidden, bids, total, wild, trust)
    if not bounds[-1]:
        # Bids no roll could back together (five 2s, then five 4s, from five of seven dice): they
        # say nothing, and the roll is fair.
        rolls, bounds = _posterior(known, hidden, (), total, wild, 0.0)
    return rolls[bisect(bounds, rng.random() * bounds[-1])]


@lru_cache(maxsize=POSTERIORS)
def _posterior(
    known: tuple[int, ...], hidden: int, bids: Bids, total: int, wild: frozenset[int], trust: float
) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """Every multiset of ``hidden`` faces, with the running sum of their weights."""
    rolls = _multisets(hidden)
    own = len(known) + hidden
    others = total - own
    weights = [
        _fair(roll) * prod((1 - trust) + trust * _stands(known + roll, q, f, others, wild) for q, f in bids)
        for roll in rolls
    ]
    return rolls, tuple(accumulate(weights))


@cache
def _multisets(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations_with_replacement(range(1, FACES + 1), n))


def _fair(roll: tuple[int, ...]) -> float:
    """The chance of ``roll`` (a sorted multiset) as fair dice in any order."""
    ways = factorial(len(roll)) // prod(factorial(c) for c in Counter(roll).values())
    return ways / float(FACES ** len(roll))


def _stands(dice: tuple[int, ...], quantity: int, face: int, others: int, wild: frozenset[int]) -> float:
    """The bidder's odds that its bid stands, as :class:`~feint.games.liars_dice.odds.Odds` reads them
    from its place: its ``dice`` that count, and ``others`` fair dice."""
    return at_least(quantity - counted(dice, face, wild), others, chance(face, wild))
