"""Totalling Influence at the end of a round (Game Play IV and the rulings).

The Extended Cast resolves in a fixed order, Morgana, then Merlin, then Isolde,
so no character ever depends on one resolved after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from feint.games.guile.cards import (
    DAGGER,
    ISOLDE,
    MERLIN,
    MORGANA,
    PALAMEDES,
    TABLE,
    TRISTAN,
    VALUE,
    Card,
    Faction,
    across,
    counter_clockwise,
    faction_of,
    faction_positions,
)


class DecidedBy(StrEnum):
    TOTAL = "total"
    HIGHEST_CARD = "highest card"
    DAGGER = "dagger"
    UNBROKEN_TIE = "unbroken tie"


@dataclass(frozen=True, slots=True)
class Tally:
    values: tuple[int, ...]
    """The final value of the card on each knight, by position."""
    cancelled: tuple[bool, ...]
    arthur_total: int
    mordred_total: int
    winner: Faction | None
    decided_by: DecidedBy

    def total(self, faction: Faction) -> int:
        return self.arthur_total if faction is Faction.ARTHUR else self.mordred_total


def tally(layout: Sequence[Card]) -> Tally:
    """Score a full Round Table: ``layout[p]`` is the card on the knight at position ``p``."""
    cancelled = [False] * TABLE
    for p, card in enumerate(layout):
        if card == MORGANA:
            cancelled[counter_clockwise(p)] = True

    def numbered(p: int) -> int:
        return 0 if cancelled[p] else VALUE.get(layout[p], 0)

    values = [numbered(p) for p in range(TABLE)]
    for p, card in enumerate(layout):
        if card == MERLIN and not cancelled[p]:
            values[p] = numbered(across(p))
    for p, card in enumerate(layout):
        if card == ISOLDE and not cancelled[p] and p in (TRISTAN, PALAMEDES):
            values[p] = max(numbered(q) for q in faction_positions(faction_of(p)))

    arthur, mordred = values[0::2], values[1::2]
    dagger = next(
        (faction_of(p) for p, card in enumerate(layout) if card == DAGGER and not cancelled[p]),
        None,
    )
    winner: Faction | None
    if sum(arthur) != sum(mordred):
        winner, decided_by = _better(sum(arthur), sum(mordred)), DecidedBy.TOTAL
    elif max(arthur) != max(mordred):
        winner, decided_by = _better(max(arthur), max(mordred)), DecidedBy.HIGHEST_CARD
    elif dagger is not None:
        winner, decided_by = dagger, DecidedBy.DAGGER
    else:
        winner, decided_by = None, DecidedBy.UNBROKEN_TIE
    return Tally(
        values=tuple(values),
        cancelled=tuple(cancelled),
        arthur_total=sum(arthur),
        mordred_total=sum(mordred),
        winner=winner,
        decided_by=decided_by,
    )


def _better(arthur: int, mordred: int) -> Faction:
    return Faction.ARTHUR if arthur > mordred else Faction.MORDRED
