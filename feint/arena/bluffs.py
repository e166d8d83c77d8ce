"""Bluff statistics, read from a finished game's whole event log by the game's declared claims.

A *claim* is a statement another seat may call (:mod:`feint.engine.claims`);
each game says what its claims are in its own ``claims`` module. After the
game every claim's truth is known to the referee: the full log carries every
private part, so a claim that was never revealed to the table is judged too.
A game that declares no claims has none to count. docs/arena.md defines
each count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from feint.engine.claims import Claim
from feint.engine.events import Event
from feint.engine.registry import declaration


@dataclass(slots=True)
class BluffCounts:
    """A seat's (or a bot's) counts over one game or many; the JSON of a game line's ``bluffs``."""

    claims: int = 0
    bluffs: int = 0
    bluffs_called: int = 0
    calls: int = 0
    right_calls: int = 0
    beliefs: int = 0
    right_beliefs: int = 0

    def add(self, other: BluffCounts) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_json(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, int]) -> BluffCounts:
        return cls(**{name: int(data[name]) for name in cls.__slots__})


def claims(game: str, events: Iterable[Event]) -> list[Claim]:
    """Every claim of a game, from its full event log, by the game's own claims; none in a game without."""
    model = declaration(game).claims_model()
    return [] if model is None else list(model.read(events))


def has_claims(game: str) -> bool:
    return declaration(game).claims is not None


def counts_by_seat(players: int, game_claims: Iterable[Claim]) -> list[BluffCounts]:
    """Each seat's counts over one game's claims, each judged (read from a full log: no truth unknown)."""
    seats = [BluffCounts() for _ in range(players)]
    for claim in game_claims:
        assert claim.bluff is not None, "a full log shows every claim's truth"
        mine = seats[claim.claimant]
        mine.claims += 1
        if claim.bluff:
            mine.bluffs += 1
            mine.bluffs_called += bool(claim.callers)
        for caller in claim.callers:
            seats[caller].calls += 1
            seats[caller].right_calls += claim.bluff
        for believer in claim.believers:
            seats[believer].beliefs += 1
            seats[believer].right_beliefs += not claim.bluff
    return seats
