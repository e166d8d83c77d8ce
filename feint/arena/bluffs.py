"""Bluff statistics, read from a finished game's whole event log.

A *claim* is a statement another seat may call: a Guardian's Call offer (its
declared type) or a Knights of Glory advance that goes to a vote (its
face-down covers). After the game every claim's truth is known to the
referee: the full log carries every private part, the real cards of an
offer and of every face-down cover included, so a claim that was never
revealed to the table is judged too. Guile has no claims: nothing a seat
says can be true or false, and no move calls another's. docs/arena.md
defines each count with the rule sections it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from feint.engine.events import Event
from feint.engine.types import Seat

ALWAYS_TRUE_COVERS = frozenset({"wild", "token"})
"""Knights covers that are never judged false (rulebook "Dice Advancement Rules", "Bluffing Wild Cards")."""


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim and its answers: who made it, whether it was a bluff, who called and who believed."""

    claimant: Seat
    bluff: bool
    callers: tuple[Seat, ...]
    believers: tuple[Seat, ...]


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


def _guardians_claims(events: Iterable[Event]) -> Iterator[Claim]:
    """An ``offer`` (its real cards in the offerer's part) answered by ``believe`` or ``doubt``."""
    offer: Event | None = None
    for event in events:
        if event.kind == "offer":
            offer = event
        elif event.kind in ("believe", "doubt") and offer is not None:
            assert event.actor is not None and offer.actor is not None
            bluff = str(event.get("cards")[0]) != str(offer.get("declared"))
            answer = (event.actor,)
            doubted = event.kind == "doubt"
            yield Claim(offer.actor, bluff, answer if doubted else (), () if doubted else answer)
            offer = None


def _knights_claims(events: Iterable[Event]) -> Iterator[Claim]:
    """The covers of one advance (each real card in the coverer's part), judged at its ``votes``."""
    covers: list[Event] = []
    for event in events:
        if event.kind == "advance":
            covers = []
        elif event.kind == "cover":
            covers.append(event)
        elif event.kind == "votes" and covers:
            claimant = covers[0].actor
            assert claimant is not None
            bluff = any(_false_cover(cover) for cover in covers)
            yield Claim(claimant, bluff, tuple(event.get("disagree")), tuple(event.get("agree")))
            covers = []


def _false_cover(cover: Event) -> bool:
    card = str(cover.get("card"))
    return card not in ALWAYS_TRUE_COVERS and card != str(cover.get("claim"))


def _no_claims(events: Iterable[Event]) -> Iterator[Claim]:
    return iter(())


CLAIM_READERS: dict[str, Callable[[Iterable[Event]], Iterator[Claim]]] = {
    "guardians": _guardians_claims,
    "knights": _knights_claims,
    "guile": _no_claims,
}


def claims(game: str, events: Iterable[Event]) -> list[Claim]:
    """Every claim of a game, from its full event log (a game with no reader has none)."""
    return list(CLAIM_READERS.get(game, _no_claims)(events))


def has_claims(game: str) -> bool:
    return CLAIM_READERS.get(game, _no_claims) is not _no_claims


def counts_by_seat(players: int, game_claims: Iterable[Claim]) -> list[BluffCounts]:
    """Each seat's counts over one game's claims."""
    seats = [BluffCounts() for _ in range(players)]
    for claim in game_claims:
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
