"""Guile's components: the Round Table's knights and the Influence cards.

Cards are a string enum in the rulings' notation (``"1"`` .. ``"4d"``, and the
Extended Cast ``"isolde"``, ``"morgana"``, ``"merlin"``), so states, views and
replay files all spell a card the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Card(StrEnum):
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    DAGGER = "4d"
    ISOLDE = "isolde"
    MORGANA = "morgana"
    MERLIN = "merlin"


DAGGER = Card.DAGGER
ISOLDE = Card.ISOLDE
MORGANA = Card.MORGANA
MERLIN = Card.MERLIN

BASE_DECK: tuple[Card, ...] = (*(Card.ONE,) * 3, *(Card.TWO,) * 3, Card.THREE, Card.THREE, Card.FOUR, DAGGER)
EXTENDED_CAST: tuple[Card, ...] = (ISOLDE, MORGANA, MERLIN)
CARD_KINDS: tuple[Card, ...] = tuple(Card)
CARD_ORDER: dict[Card, int] = {c: i for i, c in enumerate(CARD_KINDS)}
VALUE: dict[Card, int] = {Card.ONE: 1, Card.TWO: 2, Card.THREE: 3, Card.FOUR: 4, DAGGER: 4}
"""Printed values of the numbered cards; the Extended Cast has none."""

HAND_SIZE = 4
SEATS = 2


class Faction(StrEnum):
    ARTHUR = "arthur"
    MORDRED = "mordred"


KNIGHTS: tuple[str, ...] = (
    "tristan",
    "palamedes",
    "lancelot",
    "agravaine",
    "gawain",
    "meliagant",
    "percival",
    "breunor",
)
"""Knights by position, clockwise. Even positions are Arthur's, odd are Mordred's."""

TABLE = len(KNIGHTS)
TRISTAN = 0
PALAMEDES = 1


def faction_of(position: int) -> Faction:
    return Faction.ARTHUR if position % 2 == 0 else Faction.MORDRED


def faction_positions(faction: Faction) -> range:
    return range(0 if faction is Faction.ARTHUR else 1, TABLE, 2)


def across(position: int) -> int:
    """The knight directly across the Round Table."""
    return (position + TABLE // 2) % TABLE


def counter_clockwise(position: int) -> int:
    """The first knight counter-clockwise."""
    return (position - 1) % TABLE


def deck(extended_cast: bool) -> tuple[Card, ...]:
    return BASE_DECK + EXTENDED_CAST if extended_cast else BASE_DECK


def distinct(cards: Iterable[Card]) -> list[Card]:
    """Each kind of card among ``cards`` once, in the deck's order."""
    return sorted(set(cards), key=CARD_ORDER.__getitem__)


def listing(cards: Iterable[Card]) -> str:
    """Cards for a sentence: each kind once, in the deck's order; "nothing" for none."""
    return " ".join(distinct(cards)) or "nothing"
