"""Guile's vocabulary: the phases, the variants, the match's numbers and the records a round leaves.

Everything here is a value; the state's fields (:mod:`feint.games.guile.board`),
the rules modules and the views are written in these words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from feint.engine.state import Seat
from feint.engine.words import Phrase
from feint.games.guile.cards import TABLE, Card

CODE_OF_CHIVALRY = "code-of-chivalry"
"""Variant: no draft; each seat places the four cards it is dealt."""
EXTENDED_CAST = "extended-cast"
"""Variant: Isolde, Morgana and Merlin join the deck."""
TURNS_PER_ROUND = 2 * TABLE
"""Each knight is the Knight-Errant twice a round (G8)."""
WINS_NEEDED = 2
"""Two round wins take the game (G12)."""


class Phase(StrEnum):
    FACTION = "faction"
    START = "start"
    DRAFT = "draft"
    PLACE = "place"
    PLAY = "play"
    OVER = "over"


# Enum members looked up once: ``Phase.PLAY`` costs a class attribute lookup on every use.
FACTION_PHASE = Phase.FACTION
START_PHASE = Phase.START
DRAFT_PHASE = Phase.DRAFT
PLACE_PHASE = Phase.PLACE
PLAY_PHASE = Phase.PLAY
OVER_PHASE = Phase.OVER

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]
"""A round's fixed deal: seat 0's four cards and seat 1's."""


@dataclass(frozen=True, slots=True)
class DraftStep:
    shown: tuple[Card, ...]
    """The cards in front of the viewer at this step of the draft."""
    kept: Card


@dataclass(frozen=True, slots=True)
class Action:
    """A public Game Play action: which seat, from which Knight-Errant, what it did."""

    seat: Seat
    knight: int
    kind: str
    target: int | None

    def __str__(self) -> str:
        return "look" if self.target is None else f"swap {self.target}"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round's outcome, revealed to everyone (its moves are in the events)."""

    winner: Seat | None
    totals: tuple[int, int]
    """The Influence total of seat 0's faction and of seat 1's faction."""
    cards: tuple[Card, ...]
    decided_by: str


@dataclass(frozen=True, slots=True)
class RoundRecord(RoundResult):
    """A finished round with its public actions, in order: the state's record."""

    actions: tuple[Action, ...]


def not_this_phase(expected: Phrase) -> Phrase:
    """Why a move of another phase is refused: what the phase expects instead."""
    return Phrase("this is not a move of this phase; expected {expected}", expected=expected)


def public_actions(actions: list[tuple[Seat, int, int | None]]) -> tuple[Action, ...]:
    """A round's actions (the state's ``actions``) as everybody saw them."""
    return tuple(map(_action, actions))


@cache
def _action(action: tuple[Seat, int, int | None]) -> Action:
    """Actions are few and immutable, so each is made once."""
    seat, knight, target = action
    return Action(seat, knight, "look" if target is None else "swap", target)
