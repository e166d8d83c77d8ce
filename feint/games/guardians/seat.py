"""What one seat owns that never changes in place: its tableau and its VP by source.

A :class:`Tableau` is one stack per type (:data:`STACKS`), each a tuple of
printed card types from bottom to top: a ``"spell"`` in the Shield stack is a
Spell assigned as a Shield, and counts as one everywhere. Both are frozen,
so a state's copy and a view share them; a change builds a new one.
"""

from __future__ import annotations

from typing import NamedTuple

from feint.games.guardians.cards import SPELL, Card

Stack = tuple[Card, ...]


class Tableau(NamedTuple):
    """One stack per type; a tuple, so a gain or a loss makes one tuple in C."""

    weapon: Stack = ()
    artifact: Stack = ()
    shield: Stack = ()
    villager: Stack = ()
    spell: Stack = ()
    """The unassigned Spells."""

    def stack(self, stack: Card) -> Stack:
        # By index, not getattr: a Card is a str subclass, never interned, so getattr would miss
        # the attribute cache and compare names through the class hierarchy on every call.
        cards: Stack = self[_STACK_INDEX[stack]]
        return cards

    def stacks(self) -> tuple[Stack, ...]:
        return tuple(self)

    def put(self, stack: Card, cards: Stack) -> Tableau:
        """This tableau with ``stack`` holding ``cards``."""
        i = _STACK_INDEX[stack]
        tableau: Tableau = tuple.__new__(Tableau, (*self[:i], cards, *self[i + 1 :]))
        return tableau

    def size(self, stack: Card) -> int:
        return len(self[_STACK_INDEX[stack]])

    def spells(self) -> int:
        """Printed Spells in the tableau, assigned or not."""
        return sum(cards.count(SPELL) for cards in self)

    def empty(self) -> bool:
        return not any(self)

    def cards(self) -> list[Card]:
        return [card for cards in self for card in cards]


_STACK_INDEX = {Card(stack): i for i, stack in enumerate(Tableau._fields)}
"""Keyed by the members themselves, so a lookup by a Card matches by identity."""


class Points(NamedTuple):
    """A seat's VP by source, running during the game and final at War.

    A tuple, so a change is one tuple made in C: the Castle and the quests change it often.
    """

    council_castle: int = 0
    council_quests: int = 0
    war_castle: int = 0
    war_quests: int = 0
    weapons: int = 0
    shields: int = 0
    coins: int = 0
    vp_tokens: int = 0
    curses_removed: int = 0
    treasures: int = 0

    def total(self) -> int:
        return sum(self)

    def values(self) -> tuple[int, ...]:
        """The VP of every source, in the order of :data:`SOURCES`."""
        return tuple(self)

    def plus(self, source: str, vp: int) -> Points:
        return self.but(source, self[_SOURCE_INDEX[source]] + vp) if vp else self

    def but(self, source: str, vp: int) -> Points:
        """These VP with ``source`` at ``vp``."""
        i = _SOURCE_INDEX[source]
        points: Points = tuple.__new__(Points, (*self[:i], vp, *self[i + 1 :]))
        return points


SOURCES: tuple[str, ...] = Points._fields
"""Where VP come from, in the order the score breakdown lists them."""
_SOURCE_INDEX = {source: i for i, source in enumerate(SOURCES)}
