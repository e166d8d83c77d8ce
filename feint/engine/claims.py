"""Claims: a statement one seat makes that others may call, the central idea of every bluffing game.

A game that has claims declares one :class:`Claims` (its package's ``claims``
module). Everything that counts bluffs and calls reads claims through it and
nowhere else: the arena's bluff statistics, the fixed strategies (truthful,
bluff, trust, doubt), the search's opponent records and the end screens.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.types import Seat
from feint.engine.view import View


@dataclass(frozen=True, slots=True)
class Claim:
    """One answered claim: who made it, whether it was a bluff, who called it and who believed it."""

    claimant: Seat
    bluff: bool | None
    """None where the events read do not show the claim's truth (a seat's own events, a claim never shown)."""
    callers: tuple[Seat, ...]
    believers: tuple[Seat, ...]


class Claims(Protocol):
    """A game's claims, read from events and judged for moves about to be made."""

    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        """Every answered claim in ``events``, in order: a full log (every truth known) or a seat's own."""
        ...

    def truth(self, view: View, move: MoveBase) -> bool | None:
        """Whether ``move``, about to be made by the viewer of ``view``, is a true claim (True) or a bluff
        (False); None if it claims nothing."""
        ...

    def answer(self, move: MoveBase) -> bool | None:
        """Whether ``move`` believes another seat's claim (True) or calls it (False); None if it answers
        none."""
        ...


def doubts(claims: Claims, events: Iterable[Event]) -> dict[Seat, tuple[int, int]]:
    """Each seat's calls and answers in ``events``: its record as a doubter."""
    record: dict[Seat, tuple[int, int]] = {}
    for claim in claims.read(events):
        for seat in claim.callers:
            called, answered = record.get(seat, (0, 0))
            record[seat] = (called + 1, answered + 1)
        for seat in claim.believers:
            called, answered = record.get(seat, (0, 0))
            record[seat] = (called, answered + 1)
    return record


def bluffs(claims: Claims, events: Iterable[Event]) -> dict[Seat, tuple[int, int]]:
    """Each claimant's bluffs and claims whose truth ``events`` show: its record as a bluffer."""
    record: dict[Seat, tuple[int, int]] = {}
    for claim in claims.read(events):
        if claim.bluff is not None:
            bluffed, made = record.get(claim.claimant, (0, 0))
            record[claim.claimant] = (bluffed + claim.bluff, made + 1)
    return record
