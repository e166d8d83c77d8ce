"""The stored state of a Guile game, who may know each part, and the questions every rule asks.

:class:`Board` declares the fields the engine's codec stores, with their
``INFORMATION``, and answers the rules modules' common questions (which seat
controls a knight, which faction a seat leads, which knight holds the Turn
Card). It changes nothing itself. The rules of each phase (``opening``,
``draft``, ``place``, ``play``), what the moves do (``effects``), the views
(``view``) and the sampler (``belief``) take a Board; the driver,
:class:`feint.games.guile.state.GuileState`, derives from it. So no rules
module imports the driver, and the package has no import circle.

Each seat's knowledge is a bit mask over the eight knights: the knights whose
card it placed or looked at. A public swap swaps the two bits in every mask,
so a seat follows its known cards around the table exactly as a player would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from feint.engine.info import Information
from feint.engine.rng import Rng
from feint.engine.state import GameState, Seat, ViewT
from feint.games.guile.cards import TABLE, Card, Faction
from feint.games.guile.model import PLAY_PHASE, Deal, DraftStep, Phase, RoundRecord
from feint.games.guile.moves import GuileMove


class Board(GameState[ViewT, GuileMove]):
    """A Guile state's fields and the queries on them; the driver adds the transitions."""

    INFORMATION: ClassVar[Mapping[str, Information]] = {
        "variants": Information.PUBLIC,
        "rng": Information.NOBODY,
        "deals": Information.NOBODY,
        "phase": Information.PUBLIC,
        "arthur_seat": Information.PUBLIC,
        "start_knight": Information.PUBLIC,
        "round_index": Information.PUBLIC,
        "hands": Information.PRIVATE,
        "kept": Information.PRIVATE,
        "picked": Information.PUBLIC,
        "draft_log": Information.PRIVATE,
        "owned": Information.PRIVATE,
        "aside": Information.NOBODY,
        "knights": Information.TRACKED,
        "known": Information.PUBLIC,
        "turn": Information.PUBLIC,
        "actions": Information.PUBLIC,
        "round_wins": Information.PUBLIC,
        "rounds": Information.PUBLIC,
    }

    variants: frozenset[str]
    rng: Rng
    deals: tuple[Deal, ...]
    """Fixed deals from the set-up, one per round; rounds beyond them are shuffled."""
    phase: Phase
    arthur_seat: Seat | None
    start_knight: int | None
    round_index: int
    hands: list[list[Card]]
    kept: list[list[Card]]
    picked: list[bool]
    draft_log: list[list[DraftStep]]
    owned: list[tuple[Card, ...]]
    """Each seat's four cards of the round, once its draft is done (at the deal without a draft)."""
    aside: list[Card]
    knights: list[Card | None]
    known: list[int]
    """Per seat, a bit per knight whose card it knows: which seats saw a card follows from public moves."""
    turn: int
    actions: list[tuple[Seat, int, int | None]]
    """This round's public actions: (seat, Knight-Errant, swapped-with knight or None for a look)."""
    round_wins: list[int]
    rounds: list[RoundRecord]

    # --- questions every rule asks ------------------------------------------------

    def seat_of(self, position: int) -> Seat:
        """The seat that controls the knight at ``position``."""
        assert self.arthur_seat is not None
        return self.arthur_seat if position % 2 == 0 else 1 - self.arthur_seat

    def seat_of_faction(self, faction: Faction) -> Seat:
        return self.seat_of(0 if faction is Faction.ARTHUR else 1)

    def faction_of_seat(self, seat: Seat) -> Faction:
        return Faction.ARTHUR if seat == self.arthur_seat else Faction.MORDRED

    def knight_errant(self) -> int | None:
        """The knight holding the Turn Card, during Game Play."""
        return self.errant() if self.phase is PLAY_PHASE else None

    def errant(self) -> int:
        """The knight the Turn Card is on: ``turn`` knights clockwise from the Start Knight."""
        start = self.start_knight
        assert start is not None
        return (start + self.turn) % TABLE
