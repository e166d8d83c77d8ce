"""The sixteen Quests: the rulings' own cards, since the rulebook prints none.

Each Quest is checked for every seat at its time, Council or War, and every
seat that meets it scores its VP. A condition reads a :class:`Standing`, the
public facts about one seat, so Quests stay data and never see the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from feint.games.guardians.cards import SHIELD, SPELL, VILLAGER, WEAPON


class When(StrEnum):
    COUNCIL = "council"
    WAR = "war"


@dataclass(frozen=True, slots=True)
class Standing:
    """What a Quest may ask of a seat: stack sizes count assigned Spells as their type."""

    stacks: dict[str, int]
    spells: int
    """Printed Spells in the tableau, assigned or not."""
    castle: int
    treasures: int
    coins: int
    cursed: bool
    cleansed: int

    def has(self, card: str) -> int:
        return self.stacks.get(card, 0)


@dataclass(frozen=True, slots=True)
class Quest:
    number: int
    name: str
    when: When
    condition: str
    vp: int
    met: Callable[[Standing], bool]


QUESTS: tuple[Quest, ...] = (
    Quest(1, "Shield Wall", When.COUNCIL, "3+ shields", 5, lambda s: s.has(SHIELD) >= 3),
    Quest(2, "Armed Militia", When.COUNCIL, "3+ weapons", 5, lambda s: s.has(WEAPON) >= 3),
    Quest(3, "Safe Haven", When.COUNCIL, "castle space 5+", 5, lambda s: s.castle >= 5),
    Quest(4, "First Relic", When.COUNCIL, "1+ treasure", 5, lambda s: s.treasures >= 1),
    Quest(5, "War Chest", When.COUNCIL, "6+ coins", 4, lambda s: s.coins >= 6),
    Quest(6, "Hedge Wizard", When.COUNCIL, "2+ unassigned spells", 4, lambda s: s.has(SPELL) >= 2),
    Quest(
        7,
        "Well Supplied",
        When.COUNCIL,
        "4+ different types in tableau",
        6,
        lambda s: sum(1 for n in s.stacks.values() if n) >= 4,
    ),
    Quest(8, "Untouched", When.COUNCIL, "never cursed so far", 5, lambda s: not s.cursed),
    Quest(9, "Fortress", When.WAR, "5+ shields", 8, lambda s: s.has(SHIELD) >= 5),
    Quest(10, "Arsenal", When.WAR, "6+ weapons", 8, lambda s: s.has(WEAPON) >= 6),
    Quest(11, "Protector", When.WAR, "castle space 12+", 8, lambda s: s.castle >= 12),
    Quest(12, "Hoard", When.WAR, "2+ treasures", 8, lambda s: s.treasures >= 2),
    Quest(13, "Merchant Prince", When.WAR, "9+ coins", 6, lambda s: s.coins >= 9),
    Quest(
        14,
        "Balanced Host",
        When.WAR,
        "2+ weapons, 2+ shields and 2+ villagers",
        7,
        lambda s: min(s.has(WEAPON), s.has(SHIELD), s.has(VILLAGER)) >= 2,
    ),
    Quest(15, "Curse Breaker", When.WAR, "removed a Curse from the pool", 6, lambda s: s.cleansed >= 1),
    Quest(16, "Archmage", When.WAR, "4+ spells, assigned or not", 7, lambda s: s.spells >= 4),
)
QUEST_BY_NUMBER = {q.number: q for q in QUESTS}
FACTS = {"quests": {q.number: (q.name, q.when, q.condition, q.vp) for q in QUESTS}}
"""The Quests as a browser renderer shows them (``GAME.facts``): number to name, timing, condition, VP."""
QUESTS_DEALT = 3
