"""Knights of Glory's components: weapon cards, the weapon die, the path.

The rulebook does not list the path cards or the die faces; this is our
reading (gaps KG1-KG3), kept as data so it can be swapped for the real list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

WEAPONS = ("bomb", "key", "shield", "sword", "torch")
"""The five weapons: die faces, regular cards and weapon indicators."""
JESTER = "jester"
WILD = "wild"
CARD_KINDS = (*WEAPONS, JESTER, WILD)
"""Weapon-card kinds, in the order hands and notation list them."""
BLANK = "blank"
DIE_FACES = (*WEAPONS, BLANK)
TOKEN = "token"

HAND_SIZE = 5
TOKEN_CAP = 4
TOKEN_SUPPLY = 20

START = 0
FINAL_PATH = 6
EXIT = 7
PATH_PLACES = range(1, EXIT)
"""The places that hold a path card: Tier 1 on 1-2, Tier 2 on 3-4, Tier 3 on 5-6."""
EXIT_DICE = 4
DEATHTRAP = "deathtrap"
PATH_KINDS = (*WEAPONS, DEATHTRAP)


def tier_of(place: int) -> int:
    """The tier level of a place: 0 on Start, 1-3 on the tier paths, 4 at the Exit."""
    return (place + 1) // 2


@dataclass(frozen=True, slots=True)
class PathCard:
    """A destination card: ``kind`` is its weapon indicator, or ``deathtrap``."""

    tier: int
    kind: str

    @property
    def is_deathtrap(self) -> bool:
        return self.kind == DEATHTRAP

    @property
    def weapon(self) -> str | None:
        """The weapon indicator, for substitution; None on a Deathtrap."""
        return None if self.kind == DEATHTRAP else self.kind

    @property
    def dice(self) -> int:
        return 1 if self.kind == DEATHTRAP else self.tier

    @property
    def glory(self) -> int:
        """The glory dice a Deathtrap allows: 0, 1, 2 on tiers 1, 2, 3."""
        return self.tier - 1 if self.kind == DEATHTRAP else 0


def tier_deck(tier: int) -> list[PathCard]:
    """The twelve cards of a tier: two of each weapon indicator and two Deathtraps."""
    return [PathCard(tier, kind) for kind in PATH_KINDS for _ in range(2)]


def weapon_deck(players: int) -> list[str]:
    """The Weapon Deck for a table of ``players``: 15 cards for 2-3, 25 for 4-5."""
    small = players <= 3
    counts = {**dict.fromkeys(WEAPONS, 2 if small else 3), JESTER: 2 if small else 4, WILD: 3 if small else 6}
    return [kind for kind in CARD_KINDS for _ in range(counts[kind])]


def sorted_cards(cards: Counter[str] | list[str]) -> list[str]:
    """Cards in the notation's order: weapons, then jesters, then wilds."""
    counts = cards if isinstance(cards, Counter) else Counter(cards)
    return [kind for kind in CARD_KINDS for _ in range(counts[kind])]
