"""Knights of Glory's components (KG1-KG3): weapon cards, the weapon die, the path.

The rulebook does not list the path cards or the die faces; this is our
reading (gaps KG1-KG3), kept as data so it can be swapped for the real list.

Hands are stored as *counts*: a tuple with the number of cards of each kind,
in the order of :data:`CARD_KINDS`. Counts are immutable, so a copy of a
state shares them, and they are their own cache key.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from operator import add as _plus
from operator import sub as _sub


class Kind(StrEnum):
    """Every named thing on the table: weapon cards, die faces, path kinds, the KOG token."""

    BOMB = "bomb"
    KEY = "key"
    SHIELD = "shield"
    SWORD = "sword"
    TORCH = "torch"
    JESTER = "jester"
    WILD = "wild"
    BLANK = "blank"
    TOKEN = "token"
    DEATHTRAP = "deathtrap"


BOMB, KEY, SHIELD, SWORD, TORCH = Kind.BOMB, Kind.KEY, Kind.SHIELD, Kind.SWORD, Kind.TORCH
JESTER, WILD, BLANK, TOKEN, DEATHTRAP = Kind.JESTER, Kind.WILD, Kind.BLANK, Kind.TOKEN, Kind.DEATHTRAP

WEAPONS = (BOMB, KEY, SHIELD, SWORD, TORCH)
"""The five weapons: die faces, regular cards and weapon indicators."""
CARD_KINDS = (*WEAPONS, JESTER, WILD)
"""Weapon-card kinds, in the order hands, counts and notation list them."""
COVER_KINDS = (*CARD_KINDS, TOKEN)
DIE_FACES = (*WEAPONS, BLANK)
PATH_KINDS = (*WEAPONS, DEATHTRAP)
INDEX = {kind: i for i, kind in enumerate(CARD_KINDS)}
"""A card kind's place in a counts tuple."""

HAND_SIZE = 5
TOKEN_CAP = 4
TOKEN_SUPPLY = 20

START = 0
FINAL_PATH = 6
EXIT = 7
PATH_PLACES = range(1, EXIT)
"""The places that hold a path card: Tier 1 on 1-2, Tier 2 on 3-4, Tier 3 on 5-6."""
EXIT_DICE = 4

Counts = tuple[int, ...]
"""A multiset of weapon cards: how many of each kind, in the order of CARD_KINDS."""
NONE: Counts = (0,) * len(CARD_KINDS)


def tier_of(place: int) -> int:
    """The tier level of a place: 0 on Start, 1-3 on the tier paths, 4 at the Exit."""
    return (place + 1) // 2


@dataclass(frozen=True, slots=True)
class PathCard:
    """A destination card: ``kind`` is its weapon indicator, or ``deathtrap``."""

    tier: int
    kind: Kind

    @property
    def is_deathtrap(self) -> bool:
        return self.kind is DEATHTRAP

    @property
    def weapon(self) -> Kind | None:
        """The weapon indicator, for substitution; None on a Deathtrap."""
        return None if self.kind is DEATHTRAP else self.kind

    @property
    def dice(self) -> int:
        return 1 if self.kind is DEATHTRAP else self.tier

    @property
    def glory(self) -> int:
        """The glory dice a Deathtrap allows: 0, 1, 2 on tiers 1, 2, 3."""
        return self.tier - 1 if self.kind is DEATHTRAP else 0


def tier_deck(tier: int) -> list[PathCard]:
    """The twelve cards of a tier: two of each weapon indicator and two Deathtraps."""
    return list(_TIER_DECKS[tier])


_TIER_DECKS = {
    tier: tuple(PathCard(tier, kind) for kind in PATH_KINDS for _ in range(2)) for tier in (1, 2, 3)
}
"""The path cards are frozen: every game's decks share them."""


def deck_counts(players: int) -> Counts:
    """The Weapon Deck for a table of ``players``, as counts: 15 cards for 2-3, 25 for 4-5."""
    return (2, 2, 2, 2, 2, 2, 3) if players <= 3 else (3, 3, 3, 3, 3, 4, 6)


def weapon_deck(players: int) -> list[Kind]:
    """The Weapon Deck for a table of ``players``, in the order of CARD_KINDS."""
    return list(cards_of(deck_counts(players)))


@cache
def cards_of(counts: Counts) -> tuple[Kind, ...]:
    """The cards of a multiset in the notation's order: weapons, then jesters, then wilds.

    Remembered: there are few multisets of the sizes a game holds, and the rules ask often."""
    return tuple(kind for kind, n in zip(CARD_KINDS, counts, strict=True) for _ in range(n))


def counts_of(cards: Iterable[Kind]) -> Counts:
    counts = [0] * len(CARD_KINDS)
    for card in cards:
        counts[INDEX[card]] += 1
    return tuple(counts)


def plus(counts: Counts, kind: Kind, n: int = 1) -> Counts:
    """``counts`` with ``n`` more (or, negative, fewer) cards of ``kind``."""
    i = INDEX[kind]
    return (*counts[:i], counts[i] + n, *counts[i + 1 :])


def add(one: Counts, other: Counts) -> Counts:
    return tuple(map(_plus, one, other))


def take_away(one: Counts, other: Counts) -> Counts:
    """``one`` less ``other``, which it holds."""
    return tuple(map(_sub, one, other))


def minus(one: Counts, other: Counts) -> Counts:
    """What ``one`` holds beyond ``other``, never below zero."""
    return tuple(a - b if a > b else 0 for a, b in zip(one, other, strict=True))


def holds(hand: Counts, cards: Iterable[Kind]) -> bool:
    return all(hand[INDEX[kind]] >= n for kind, n in zip(CARD_KINDS, counts_of(cards), strict=True))
