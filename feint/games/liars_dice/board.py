"""The stored state of a Liar's Dice game, who may know each part, and the questions every rule asks.

:class:`Board` declares the fields the codec stores, with their
``INFORMATION``, and answers the rules modules' common questions (the rule
set, the dice in play, the seat after another); it changes nothing itself.
``bidding`` (what is legal and why not) and ``effects`` (what a move does)
take a Board; the driver, :class:`~feint.games.liars_dice.state.LiarsDiceState`,
derives from it, so no rules module imports the driver.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import ClassVar, NamedTuple

from feint.engine.events import EventLog
from feint.engine.info import Information
from feint.engine.rng import Rng
from feint.engine.state import GameState, Seat, ViewT
from feint.games.liars_dice.moves import LiarsMove
from feint.games.liars_dice.rules import Rules, rules_of


class Phase(StrEnum):
    BID = "bid"
    OVER = "over"
    ROLL = "roll"
    """Chance rolls the dice, die by die (explicit chance only): nobody is to move."""


BID_PHASE, OVER_PHASE, ROLL_PHASE = Phase.BID, Phase.OVER, Phase.ROLL


class BidRecord(NamedTuple):
    """A bid made this round: ``seat`` said at least ``quantity`` dice show ``face``."""

    seat: Seat
    quantity: int
    face: int


class Showdown(NamedTuple):
    """How the last bidding round ended: the call, every die shown, the count and who lost."""

    bidder: Seat
    quantity: int
    face: int
    caller: Seat
    call: str
    """The move that ended the bidding: ``liar`` or ``spot on``."""
    dice: tuple[tuple[int, ...], ...]
    """Every seat's dice as they were shown (a seat out of the game shows none)."""
    counted: int
    """The dice that counted for the bid: its face and the wild faces."""
    loser: Seat


class Board(GameState[ViewT, LiarsMove]):
    """A Liar's Dice state's fields and the queries on them; the driver adds the transitions."""

    INFORMATION: ClassVar[Mapping[str, Information]] = {
        "variants": Information.PUBLIC,
        "dice_per_seat": Information.PUBLIC,
        "rng": Information.NOBODY,
        "rolls": Information.NOBODY,
        "phase": Information.PUBLIC,
        "round": Information.PUBLIC,
        "starter": Information.PUBLIC,
        "turn": Information.PUBLIC,
        "dice": Information.PRIVATE,
        "counts": Information.PUBLIC,
        "bids": Information.PUBLIC,
        "last": Information.PUBLIC,
        "winner": Information.PUBLIC,
        "loser": Information.PUBLIC,
        "explicit_chance": Information.PUBLIC,
        "pending": Information.NOBODY,
    }

    players: int
    log: EventLog
    variants: frozenset[str]
    dice_per_seat: int
    """The dice each seat starts with (the ``dice`` option)."""
    rng: Rng
    rolls: list[tuple[tuple[int, ...], ...]]
    """Fixed rolls from the set-up, one per round still to come, each seat's dice; later rounds are rolled."""
    phase: Phase
    round: int
    starter: Seat
    """The seat that opened this round's bidding."""
    turn: Seat
    """The seat to bid or call now."""
    dice: list[tuple[int, ...]]
    """Each seat's dice this round, in rising order."""
    counts: list[int]
    """Each seat's number of dice: public, while the faces are not."""
    bids: list[BidRecord]
    """This round's bids, oldest first: the last is the standing bid."""
    last: Showdown | None
    """The previous round's end, shown to all."""
    winner: Seat | None
    loser: Seat | None
    """Under ``openspiel``, the seat that lost the one challenge (scored -1)."""
    explicit_chance: bool
    """Chance is a node of its own (the option ``chance: "explicit"``): a roll waits for ``apply_chance``,
    die by die, instead of drawing from ``rng``."""
    pending: list[int]
    """The faces chance has given the roll under way so far, seat by seat (explicit chance only)."""

    @property
    def rules(self) -> Rules:
        return rules_of(self.variants)

    def total_dice(self) -> int:
        """The dice in play: the largest quantity a bid may name."""
        return sum(self.counts)

    def standing(self) -> BidRecord | None:
        bids = self.bids
        return bids[-1] if bids else None

    def next_seat(self, seat: Seat) -> Seat:
        """The next seat clockwise after ``seat`` that still has dice."""
        counts, players = self.counts, self.players
        for step in range(1, players + 1):
            other = (seat + step) % players
            if counts[other]:
                return other
        return seat

    def in_game(self) -> list[Seat]:
        return [seat for seat in range(self.players) if self.counts[seat]]
