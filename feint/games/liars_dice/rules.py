"""The rule sets of Liar's Dice: which faces are wild, how bids rank, how a game ends.

The variants combine (docs/rules/liars-dice.md, "Variants"):

- the common game: five dice a seat, bids ranked by quantity then face, a
  lost challenge costs a die, the last seat with dice wins;
- ``ones-wild``: ones count for every face; a bid on ones ranks as twice its
  quantity (as in Perudo), and no round opens on ones;
- ``spot-on``: a seat may declare the standing bid exactly right;
- ``openspiel``: OpenSpiel's ``liars_dice``: one bidding round, one die a
  seat, the highest face (6) wild, scores +1 and -1.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

ONES_WILD = "ones-wild"
SPOT_ON = "spot-on"
OPENSPIEL = "openspiel"
VARIANTS = (ONES_WILD, SPOT_ON, OPENSPIEL)

FACES = 6
MAX_SEATS = 6
MAX_DICE = 5
"""Dice a seat starts with at most (the ``dice`` option); the common game's five."""
MAX_QUANTITY = MAX_SEATS * MAX_DICE
COMMON_DICE = 5
OPENSPIEL_DICE = 1
"""OpenSpiel's ``numdice`` default."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What a set of variants decides, worked out once per set."""

    wild: frozenset[int]
    """The faces that count for every bid."""
    ones_rank_double: bool
    """A bid on ones ranks as twice its quantity, and no round opens on ones (``ones-wild``)."""
    spot_on: bool
    one_round: bool
    """The game is one bidding round, scored +1 and -1 (``openspiel``)."""

    def matches(self, face: int) -> frozenset[int]:
        """The die faces that count for a bid on ``face``."""
        return self.wild | {face}

    def rank(self, quantity: int, face: int) -> int:
        """A number that orders bids: a bid is legal only above the standing bid's rank.

        Quantity first, then face. With ones ranked double, ``n`` ones sit just
        above ``2n`` of any other face and below ``2n + 1`` of the lowest.
        """
        if face == 1 and self.ones_rank_double:
            return 2 * quantity * (FACES + 1) + FACES
        return quantity * (FACES + 1) + face - 1


@cache
def rules_of(variants: frozenset[str]) -> Rules:
    wild = set()
    if ONES_WILD in variants:
        wild.add(1)
    if OPENSPIEL in variants:
        wild.add(FACES)
    return Rules(frozenset(wild), ONES_WILD in variants, SPOT_ON in variants, OPENSPIEL in variants)


def default_dice(variants: frozenset[str]) -> int:
    return OPENSPIEL_DICE if OPENSPIEL in variants else COMMON_DICE


def count_for(rules: Rules, dice: tuple[tuple[int, ...], ...] | list[tuple[int, ...]], face: int) -> int:
    """How many of ``dice`` (every seat's) count for a bid on ``face``."""
    counted = rules.matches(face)
    return sum(1 for hand in dice for d in hand if d in counted)
