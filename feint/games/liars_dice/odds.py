"""The odds of a bid from one seat's place: its own dice known, every other die a fair roll.

Shared by the claims (whether a bid about to be made is settled by the
bidder's own dice) and the heuristic bot (how likely a bid is to stand).
"""

from __future__ import annotations

from functools import cache
from math import comb

from feint.engine.view import Hidden
from feint.games.liars_dice.rules import FACES
from feint.games.liars_dice.view import LiarsView


@cache
def at_least(needed: int, dice: int, chance: float) -> float:
    """The chance that ``needed`` or more of ``dice`` fair rolls count, each with ``chance``."""
    if needed <= 0:
        return 1.0
    if needed > dice:
        return 0.0
    return sum(comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(needed, dice + 1))


@cache
def exactly(needed: int, dice: int, chance: float) -> float:
    if not 0 <= needed <= dice:
        return 0.0
    return comb(dice, needed) * chance**needed * (1 - chance) ** (dice - needed)


def counted(dice: tuple[int, ...], face: int, wild: frozenset[int]) -> int:
    """How many of ``dice`` count for a bid on ``face``."""
    return sum(1 for d in dice if d == face or d in wild)


def chance(face: int, wild: frozenset[int]) -> float:
    """The chance that one fair die counts for a bid on ``face``."""
    return len(wild | {face}) / FACES


class Odds:
    """One seat's knowledge for a bid on each face: its own dice that count, and the dice it cannot see."""

    __slots__ = ("hidden", "own", "wild")

    def __init__(self, view: LiarsView) -> None:
        seat = view.viewer
        mine = () if seat is None else view.seats[seat].dice
        self.wild = frozenset(view.wild)
        self.own = tuple(d for d in mine if not isinstance(d, Hidden))
        self.hidden = view.total - len(self.own)

    def counted(self, face: int) -> int:
        """Own dice that count for a bid on ``face``."""
        return counted(self.own, face, self.wild)

    def chance(self, face: int) -> float:
        """The chance that one unseen die counts for a bid on ``face``."""
        return chance(face, self.wild)

    def stands(self, quantity: int, face: int) -> float:
        """The chance that at least ``quantity`` dice count for ``face``."""
        return at_least(quantity - self.counted(face), self.hidden, self.chance(face))

    def exact(self, quantity: int, face: int) -> float:
        return exactly(quantity - self.counted(face), self.hidden, self.chance(face))
