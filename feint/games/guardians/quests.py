"""The sixteen Quests: the rulings' own cards, since the rulebook prints none.

Each Quest is checked for every seat at its time, Council or War, and every
seat that meets it scores its VP. A condition reads a :class:`Standing`, the
public facts about one seat, so Quests stay data and never see the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from feint.engine.words import N_
from feint.games.guardians.cards import SHIELD, SPELL, STACKS, VILLAGER, WEAPON
from feint.games.guardians.seat import Tableau


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

    @classmethod
    def of(
        cls, tableau: Tableau, castle: int, treasures: int, coins: int, cursed: bool, cleansed: int
    ) -> Standing:
        """A seat's standing, from its tableau and the rest as the board or a view holds them."""
        return cls(
            {stack: tableau.size(stack) for stack in STACKS},
            tableau.spells(),
            castle,
            treasures,
            coins,
            cursed,
            cleansed,
        )

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
    Quest(1, N_("Shield Wall"), When.COUNCIL, N_("3+ shields"), 5, lambda s: s.has(SHIELD) >= 3),
    Quest(2, N_("Armed Militia"), When.COUNCIL, N_("3+ weapons"), 5, lambda s: s.has(WEAPON) >= 3),
    Quest(3, N_("Safe Haven"), When.COUNCIL, N_("castle space 5+"), 5, lambda s: s.castle >= 5),
    Quest(4, N_("First Relic"), When.COUNCIL, N_("1+ treasure"), 5, lambda s: s.treasures >= 1),
    Quest(5, N_("War Chest"), When.COUNCIL, N_("6+ coins"), 4, lambda s: s.coins >= 6),
    Quest(6, N_("Hedge Wizard"), When.COUNCIL, N_("2+ unassigned spells"), 4, lambda s: s.has(SPELL) >= 2),
    Quest(
        7,
        N_("Well Supplied"),
        When.COUNCIL,
        N_("4+ different types in tableau"),
        6,
        lambda s: sum(1 for n in s.stacks.values() if n) >= 4,
    ),
    Quest(8, N_("Untouched"), When.COUNCIL, N_("never cursed so far"), 5, lambda s: not s.cursed),
    Quest(9, N_("Fortress"), When.WAR, N_("5+ shields"), 8, lambda s: s.has(SHIELD) >= 5),
    Quest(10, N_("Arsenal"), When.WAR, N_("6+ weapons"), 8, lambda s: s.has(WEAPON) >= 6),
    Quest(11, N_("Protector"), When.WAR, N_("castle space 12+"), 8, lambda s: s.castle >= 12),
    Quest(12, N_("Hoard"), When.WAR, N_("2+ treasures"), 8, lambda s: s.treasures >= 2),
    Quest(13, N_("Merchant Prince"), When.WAR, N_("9+ coins"), 6, lambda s: s.coins >= 9),
    Quest(
        14,
        N_("Balanced Host"),
        When.WAR,
        N_("2+ weapons, 2+ shields and 2+ villagers"),
        7,
        lambda s: min(s.has(WEAPON), s.has(SHIELD), s.has(VILLAGER)) >= 2,
    ),
    Quest(
        15, N_("Curse Breaker"), When.WAR, N_("removed a Curse from the pool"), 6, lambda s: s.cleansed >= 1
    ),
    Quest(16, N_("Archmage"), When.WAR, N_("4+ spells, assigned or not"), 7, lambda s: s.spells >= 4),
)
QUEST_BY_NUMBER = {q.number: q for q in QUESTS}


def quest_points(quests: Sequence[int], when: When, standing: Standing) -> int:
    """The VP a seat standing so scores from the Quests numbered ``quests`` that are checked at ``when``."""
    return sum(q.vp for q in map(QUEST_BY_NUMBER.__getitem__, quests) if q.when is when and q.met(standing))


FACTS = {"quests": {q.number: (q.name, q.when, q.condition, q.vp) for q in QUESTS}}
"""The Quests as a browser renderer shows them (``GAME.facts``): number to name, timing, condition, VP."""
QUESTS_DEALT = 3
