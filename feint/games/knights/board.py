"""The stored state of a Knights of Glory game, who may know each part, and the questions every rule asks.

:class:`Board` declares the fields the engine's codec stores, with their
``INFORMATION``, and answers the common questions of the rules modules
(whose turn, which places collapsed, KG20; may a seat discard, KG14 and the
rulings; may it vote, KG8; are covers face-up only, KG19-KG20). It changes
nothing itself. The rules modules (``action``, ``cover``, ``vote``,
``decide``, ``table``, ``effects``) take a Board; the driver,
:class:`feint.games.knights.state.KnightsState`, derives from it. So no rules
module imports the driver, and the package has no import circle.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import ClassVar

from feint.engine.events import EventLog
from feint.engine.info import Information
from feint.engine.rng import Rng
from feint.engine.state import GameState, Seat, ViewT
from feint.games.knights.cards import EXIT, START, Counts, Kind, PathCard, tier_of
from feint.games.knights.model import IN_GAME, OVER_PHASE, PLAYING, After, Attempt, Phase, Status, Step
from feint.games.knights.moves import KnightsMove

PUBLIC, PRIVATE, TRACKED, NOBODY = (
    Information.PUBLIC,
    Information.PRIVATE,
    Information.TRACKED,
    Information.NOBODY,
)


class Board(GameState[ViewT, KnightsMove]):
    """A Knights of Glory state's fields and the queries on them; the driver adds the transitions.

    Its view type is the driver's to name (``Board[KnightsView]``): the view module reads a Board.
    """

    INFORMATION: ClassVar[Mapping[str, Information]] = {
        "variants": PUBLIC,
        "max_rounds": PUBLIC,
        "reshuffle": PUBLIC,
        "rng": NOBODY,
        "dice_queue": NOBODY,
        "path": TRACKED,
        "revealed": PUBLIC,
        "box": NOBODY,
        "status": PUBLIC,
        "place": PUBLIC,
        "tokens": PUBLIC,
        "supply": PUBLIC,
        "hands": PRIVATE,
        "known": PUBLIC,
        "retreated": PUBLIC,
        "blocked": PUBLIC,
        "unknown": NOBODY,
        "discard": TRACKED,
        "pile_public": PUBLIC,
        "pile_own": PRIVATE,
        "phase": PUBLIC,
        "round": PUBLIC,
        "first": PUBLIC,
        "active": PUBLIC,
        "acted": PUBLIC,
        "exits": PUBLIC,
        "final_turns": PUBLIC,
        "attempt": TRACKED,
        "voters": PUBLIC,
        "votes": PRIVATE,
        "queue": PUBLIC,
        "after": PUBLIC,
    }

    players: int
    log: EventLog
    variants: frozenset[str]
    max_rounds: int
    reshuffle: bool
    """False (scenarios only) keeps a reshuffled Discard Pile in the order it was discarded."""
    rng: Rng
    dice_queue: list[Kind]
    """Fixed dice from the set-up, rolled before the generator is asked."""
    path: tuple[PathCard, ...]
    """The cards on places 1-6: ``path[place - 1]``."""
    revealed: list[bool]
    """Per place 0-7; Start and Exit are always face-up."""
    box: tuple[PathCard, ...]
    """The thirty path cards not dealt, back in the box unseen."""
    status: list[Status]
    place: list[int]
    tokens: list[int]
    supply: int
    hands: list[Counts]
    known: list[Counts]
    """The cards of each hand that everybody knows (a sub-multiset of the hand)."""
    retreated: list[bool]
    """Retreated since the start of its latest turn: it may not discard on its next one."""
    blocked: bool
    """The active seat retreated since the start of its previous turn: no discard this turn."""
    unknown: list[Kind]
    """The Unknown Deck, top first."""
    discard: list[Kind]
    """The Discard Pile, oldest first."""
    pile_public: Counts
    """The cards of the Discard Pile that everybody saw go there."""
    pile_own: list[Counts]
    """Per seat, the cards of the Discard Pile that only it saw go there (its own face-down cards)."""
    phase: Phase
    round: int
    first: Seat
    active: Seat
    acted: bool
    """The active seat has made its first action of the turn."""
    exits: list[Seat]
    final_turns: list[Seat] | None
    """The seats still owed a final turn, once a seat has exited."""
    attempt: Attempt | None
    voters: tuple[Seat, ...]
    votes: list[bool | None]
    queue: list[tuple[Step, Seat]]
    after: After

    @abstractmethod
    def settle(self) -> None:
        """Carry out the queued consequences, then what comes ``after``: the driver's transitions."""

    # --- questions every rule asks ------------------------------------------------

    def card_at(self, place: int) -> PathCard:
        return self.path[place - 1]

    def opponents(self, seat: Seat) -> tuple[Seat, ...]:
        """The other seats clockwise from the left of ``seat``."""
        return _OPPONENTS[self.players][seat]

    def clockwise(self, start: Seat) -> tuple[Seat, ...]:
        """Every seat once, clockwise from ``start`` included."""
        return _CLOCKWISE[self.players][start]

    def collapsed(self, place: int) -> bool:
        return bool(self.exits) and place != EXIT and tier_of(place) <= len(self.exits)

    def endgame(self) -> bool:
        return self.final_turns is not None

    def face_up_only(self) -> bool:
        """At the Exit and in final turns every cover is face-up and true, with no vote."""
        attempt = self.attempt
        return self.final_turns is not None or (attempt is not None and attempt.target == EXIT)

    def may_discard(self, seat: Seat) -> bool:
        """On its turn now, or on its next turn for any other seat (KG14 and the rulings)."""
        if tier_of(self.place[seat]) < 1 or not any(self.hands[seat]):
            return False
        if seat == self.active and self.phase is not OVER_PHASE:
            return not self.blocked
        return not self.retreated[seat]

    def may_vote(self, seat: Seat) -> bool:
        """Voting rights revoked: a seat on Start with no cards has no vote; a seat sitting out agrees."""
        return self.status[seat] is PLAYING and (self.place[seat] != START or any(self.hands[seat]))

    def in_game(self, seat: Seat) -> bool:
        return self.status[seat] in IN_GAME


_OPPONENTS = {
    players: tuple(tuple((seat + i) % players for i in range(1, players)) for seat in range(players))
    for players in range(1, 9)
}
"""For each table size and seat, the other seats clockwise from its left, made once."""
_CLOCKWISE = {
    players: tuple((seat, *others) for seat, others in enumerate(seats))
    for players, seats in _OPPONENTS.items()
}
"""For each table size and seat, every seat clockwise from it, made once."""
