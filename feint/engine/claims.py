"""Claims: a statement one seat makes that others may call, the central idea of every bluffing game.

A game that has claims declares one :class:`Claims` (its package's ``claims``
module). Everything that counts bluffs and calls reads claims through it and
nowhere else: the arena's bluff statistics, the fixed strategies (truthful,
bluff, trust, doubt), the search's opponent records and the end screens.

The search reads both sides of a seat's record: as a caller (:func:`doubts`),
how often it calls, and as a claimant (:func:`bluffs`), how often its claims
were shown true, which sets how far the worlds it draws believe that seat's
pending claim (:func:`credences`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.types import Seat
from feint.engine.view import View

PRIOR_CLAIMS = 2.0
"""A claimant's record starts with this many shown claims at the rate the game expects (:func:`credence`).

Two: a seat shows few claims in a game (an advance's covers are shown only
when a vote disagrees), so the record must move within a handful; yet one
caught bluff of a seat that bluffs now and then, as the heuristics do,
should not make it a liar. With two, a trust of 0.8 and shown claims
expected true half the time, one caught bluff leaves 0.53 (one prior claim
would leave 0.4), one truth shown lifts it to 0.87, five in a row to 0.94."""


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


def credence(
    record: tuple[int, int], base: float, shown: float | None = None, prior: float = PRIOR_CLAIMS
) -> float:
    """How far to believe a claimant whose shown claims were ``record`` (bluffs, claims shown).

    A Beta posterior of the share of its shown claims that are true:
    ``prior`` claims at ``shown``, the share a game expects of an ordinary
    claimant (``base`` if not given), then each claim shown true counts one
    and each caught bluff none. A claim is mostly shown because somebody
    called it, and callers call the likelier bluffs, so an ordinary
    claimant's shown claims are true less often than its claims: the
    posterior is read against ``shown``, not taken for the trust. At
    ``shown`` the credence is ``base``; above, it rises in proportion to 1
    for a claimant always shown true; below, it falls in proportion to 0
    for one always caught (as a seat's record of answers turns the
    playouts' votes, :mod:`feint.bots.ismcts`).
    """
    bluffed, made = record
    expected = base if shown is None else shown
    rate = (made - bluffed + expected * prior) / (made + prior)
    if rate >= expected:
        return base + (1 - base) * (rate - expected) / (1 - expected) if expected < 1 else base
    return base * rate / expected


def credences(
    claims: Claims, events: Iterable[Event], base: float, shown: float | None = None
) -> dict[Seat, float]:
    """Each claimant's :func:`credence` by its record in ``events``; a seat with none shown is absent."""
    return {seat: credence(record, base, shown) for seat, record in bluffs(claims, events).items()}
