"""The phases of a turn and the decisions a move may leave waiting, as stored values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from feint.engine.state import Seat
from feint.games.guardians.cards import Card


class Phase(StrEnum):
    PREPARE = "prepare"
    """The current seat draws, buys, cleanses, trades Artifacts, and finally offers."""
    RESPOND = "respond"
    CURSE = "curse"
    ASSIGN = "assign"
    KEEP = "keep"
    NAME = "name"
    ADD = "add"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PendingOffer:
    """An offer waiting for its answer; its real cards are the state's ``offer_cards``."""

    offerer: Seat
    target: Seat
    count: int
    declared: Card


@dataclass(frozen=True, slots=True)
class PendingCurse:
    chooser: Seat
    victim: Seat
    strength: int


@dataclass(frozen=True, slots=True)
class PendingAssign:
    """Spells may be assigned: ``count`` cards of printed type ``card`` just joined ``seat``'s tableau.

    ``castle`` and ``steps`` are where the pawn stood before the gain and how
    far the gain moved it: Villagers assigned with the gain join it in one
    move from there (GC5), not in a second one. ``spells`` is how many of the
    Spells just gained are still unassigned, and ``added`` the types of the
    cards just added, a type given a gained Spell included: older unassigned
    Spells may become only those (rulings).
    """

    seat: Seat
    card: Card
    count: int
    castle: int = 0
    steps: int = 0
    spells: int = 0
    added: tuple[Card, ...] = ()


pending_offer = cache(PendingOffer)
pending_curse = cache(PendingCurse)
pending_assign = cache(PendingAssign)
"""Waiting decisions are values: each is made once and shared, as a frozen ``__init__`` is slow."""
