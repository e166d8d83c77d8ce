"""Guardian's Call's components: the Guardian cards, Guardians, Treasures and the Castle track.

A card is a :class:`Card`, a string enum (``"weapon"``, ``"curse"``,
``"council"``...), so states, views and replay files all spell a card the
same way. Guardian cards of one type are identical, so a hand or the pool is
a list of card types.
The numbers the rulebook does not print (the deck, the Treasures, the track)
are the rulings' (shared/rulings/guardians-call.md), kept here as data.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from types import MappingProxyType


class Card(StrEnum):
    """A Guardian card's type; Council and War are one card each."""

    WEAPON = "weapon"
    ARTIFACT = "artifact"
    SHIELD = "shield"
    VILLAGER = "villager"
    SPELL = "spell"
    CURSE = "curse"
    COUNCIL = "council"
    WAR = "war"


WEAPON = Card.WEAPON
ARTIFACT = Card.ARTIFACT
SHIELD = Card.SHIELD
VILLAGER = Card.VILLAGER
SPELL = Card.SPELL
CURSE = Card.CURSE
COUNCIL = Card.COUNCIL
WAR = Card.WAR

TYPES: tuple[Card, ...] = (WEAPON, ARTIFACT, SHIELD, VILLAGER, SPELL, CURSE)
"""The six Guardian card types, in the order moves and views list them."""
DECLARABLE: tuple[Card, ...] = (WEAPON, ARTIFACT, SHIELD, VILLAGER, SPELL)
"""The types an offer may be declared as: never Curse."""
STACKS: tuple[Card, ...] = DECLARABLE
"""A tableau's stacks: one per type a card can be kept as; the Spell stack holds unassigned Spells."""
ASSIGNABLE: tuple[Card, ...] = (WEAPON, ARTIFACT, SHIELD, VILLAGER)
"""The types a Spell can be assigned to."""
TYPE_ORDER = {card: i for i, card in enumerate((*TYPES, COUNCIL, WAR))}

COPIES = 20
TWO_SEAT_COPIES = 15
"""Two players remove five of each type (set-up step 1a)."""

HAND_LIMIT = 6
STARTING_HAND = 3
POOL_SIZE = 5
PILES = 4
BUY_COST = 3
CLEANSE_COST = 5
CLEANSE_VP = 5
ARTIFACTS_PER_TREASURE = 3
TREASURES_DRAWN = 2
MAX_CURSE_STRENGTH = 3
"""Three or more Curses have the three-Curse effect."""

GUARDIANS: tuple[str, ...] = ("barbarian", "archer", "mage", "paladin", "priestess")
GUARDIAN_NAMES = MappingProxyType(
    {
        "barbarian": "Gorbah'k, the Barbarian",
        "archer": "Markus, the Archer",
        "mage": "Raven, the Mage",
        "paladin": "Wilfrey, the Paladin",
        "priestess": "Zira, the Priestess",
    }
)
AFFINITY = MappingProxyType(
    {"barbarian": WEAPON, "archer": VILLAGER, "mage": SPELL, "paladin": SHIELD, "priestess": ARTIFACT}
)
"""The printed card type that earns each Guardian one coin per card received in an offer."""

TREASURE_VALUES: tuple[int, ...] = (3, 5, 7, 10)
TREASURES: tuple[int, ...] = tuple(value for value in TREASURE_VALUES for _ in range(5))
"""Five Treasures of each value [our reading: the rulebook does not give the mix]."""
REVEAL_TREASURE = 3
"""Name a type, reveal five cards, keep the matches."""
REVEALED = 5
ADVANCE_TREASURE = 5
ADVANCE_STEPS = 2
DRAW_TREASURE = 7
DRAWN = 2

VP_SPACES: tuple[int, ...] = (5, 10, 15, 20)
"""Castle spaces holding VP tokens; the track starts at space 0 and has no end."""
TOP_TOKEN = 5

SHIELD_POINTS: tuple[int, ...] = (0, 3, 6, 10, 15, 20)
"""VP for 0..5 Shields; five or more score 20."""
WEAPON_AWARDS: tuple[int, ...] = (20, 10)
CASTLE_AWARDS: tuple[int, ...] = (10, 5)
COINS_PER_VP = 3


@cache
def guardian_deck(players: int) -> tuple[Card, ...]:
    """The Guardian cards shuffled at set-up: Council and War are set aside first."""
    copies = TWO_SEAT_COPIES if players == 2 else COPIES
    return tuple(card for card in TYPES for _ in range(copies))


@cache
def all_cards(players: int) -> tuple[Card, ...]:
    """Every Guardian card of a game: 122, or 92 with two seats."""
    return (*guardian_deck(players), COUNCIL, WAR)


def vp_tokens(players: int) -> tuple[int, ...]:
    """One VP space's tokens, top first: 5, 4, ... one per player (set-up step 9)."""
    return tuple(range(TOP_TOKEN, TOP_TOKEN - players, -1))


def shield_points(shields: int) -> int:
    return SHIELD_POINTS[min(shields, len(SHIELD_POINTS) - 1)]


def singular(word: str) -> str:
    """A card type written in the plural (``weapons``) as its name."""
    return word[:-1] if word.endswith("s") and word[:-1] in TYPE_ORDER else word
