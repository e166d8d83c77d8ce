"""What one viewer may know of a Knights of Glory state.

Information vocabulary: places, tokens, statuses, flipped path cards, dice,
face-up covers, who has voted, and every card revealed by any rule are
public, and stay so through the log. A seat's hand, its face-down covers and
how it voted (until every vote is cast) are private to that seat. The
Unknown Deck, the Discard Pile's cards, unflipped path cards and the
generator are known to nobody; views give only the sizes of the piles.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from feint.engine.errors import StateFormatError
from feint.engine.state import JsonObject, Seat, Viewer
from feint.games.knights.cards import EXIT, PATH_PLACES, sorted_cards
from feint.games.knights.model import GONE, Phase

if TYPE_CHECKING:
    from feint.games.knights.state import KnightsState


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the game's log: what everybody saw, and what only ``owner`` saw besides.

    ``public["n"]`` numbers the entry in the whole log, so a front-end can tell
    which entries of a view are new to it.
    """

    owner: Seat | None
    public: JsonObject
    private: JsonObject | None = None

    @classmethod
    def everyone(cls, **fields: Any) -> Event:
        """An event every viewer sees alike."""
        return cls(None, fields)

    @classmethod
    def with_secret(cls, owner: Seat, public: JsonObject, **secret: Any) -> Event:
        """An event whose ``secret`` fields only ``owner`` sees."""
        return cls(owner, public, secret)

    def to_json(self) -> list[Any]:
        return [self.owner, self.public, self.private]

    @classmethod
    def from_json(cls, data: Any) -> Event:
        if not isinstance(data, list) or len(data) != 3 or not isinstance(data[1], dict):
            raise StateFormatError(f"not a log entry: {data!r}")
        owner, public, private = data
        return cls(None if owner is None else int(owner), public, private)


def event_for(event: Event, viewer: Viewer) -> JsonObject:
    """The event as ``viewer`` saw it."""
    if event.private is not None and viewer is not None and viewer == event.owner:
        return {**event.public, **event.private}
    return event.public


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    place: int
    tokens: int
    status: str
    out: bool
    hand_size: int
    known: tuple[str, ...]
    """The cards of this hand that everybody knows."""
    may_discard: bool


@dataclass(frozen=True, slots=True)
class CoverView:
    face: str
    card: str | None
    """The card, or None while it lies face-down and unrevealed to the viewer."""
    face_down: bool
    substitution: bool
    claim: str
    """The weapon the cover claims: the die's face, or the path's indicator for a substitution."""


@dataclass(frozen=True, slots=True)
class KnightsView:
    viewer: Viewer
    players: int
    variants: tuple[str, ...]
    phase: str
    round: int
    first: Seat
    active: Seat | None
    to_move: tuple[Seat, ...]
    hand: tuple[str, ...] | None
    """The viewer's own hand; None for a spectator."""
    seats: tuple[SeatView, ...]
    path: tuple[str | None, ...]
    """The cards of places 1-6, None while face-down."""
    collapsed: tuple[int, ...]
    exits: tuple[Seat, ...]
    target: int | None
    """The place the active seat is advancing to, during an advance."""
    path_of_glory: bool
    glory: int
    dice: tuple[str, ...]
    open: tuple[str, ...]
    """Non-blank dice still to cover."""
    covers: tuple[CoverView, ...]
    voters: tuple[Seat, ...]
    voted: tuple[Seat, ...]
    my_vote: bool | None
    pending: tuple[str, Seat] | None
    """The decision being waited for, and whose."""
    final_turns: tuple[Seat, ...] | None
    unknown: int
    discard: int
    supply: int
    log: tuple[JsonObject, ...]
    """The events of this round and the last as the viewer saw them; ``n`` numbers them in the whole game."""

    def to_json(self) -> JsonObject:
        return asdict(self)


def build_view(state: KnightsState, viewer: Viewer) -> KnightsView:
    """What ``viewer`` may know of ``state``, and nothing more."""
    attempt = state.attempt
    covers: tuple[CoverView, ...] = ()
    if attempt is not None and attempt.covers:
        covers = tuple(
            CoverView(
                c.face,
                c.card if c.public or viewer == state.active else None,
                c.face_down,
                c.substitution,
                c.claim,
            )
            for c in attempt.covers
        )
    seats = tuple(
        SeatView(
            seat=s,
            place=state.place[s],
            tokens=state.tokens[s],
            status=str(state.status[s]),
            out=state.status[s] in GONE,
            hand_size=sum(state.hands[s].values()),
            known=tuple(sorted_cards(state.known[s])),
            may_discard=state.may_discard(s),
        )
        for s in range(state.players)
    )
    pending = state.queue[0] if state.phase is Phase.DECIDE else None
    return KnightsView(
        viewer=viewer,
        players=state.players,
        variants=tuple(sorted(state.variants)),
        phase=str(state.phase),
        round=state.round,
        first=state.first,
        active=state.active if state.phase is not Phase.OVER else None,
        to_move=state.to_move(),
        hand=tuple(sorted_cards(state.hands[viewer])) if viewer is not None else None,
        seats=seats,
        path=tuple(state.card_at(p).kind if state.revealed[p] else None for p in PATH_PLACES),
        collapsed=tuple(p for p in range(EXIT) if state.collapsed(p)),
        exits=tuple(state.exits),
        target=attempt.target if attempt else None,
        path_of_glory=bool(attempt and attempt.path_of_glory),
        glory=attempt.glory if attempt else 0,
        dice=attempt.dice if attempt else (),
        open=tuple(attempt.open or ()) if attempt else (),
        covers=covers,
        voters=state.voters,
        voted=tuple(s for s in state.voters if state.votes[s] is not None),
        my_vote=state.votes[viewer] if viewer is not None else None,
        pending=(str(pending[0]), pending[1]) if pending else None,
        final_turns=tuple(state.final_turns) if state.final_turns is not None else None,
        unknown=len(state.unknown),
        discard=len(state.discard),
        supply=state.supply,
        log=tuple(event_for(e, viewer) for e in state.log[state.log_start() :]),
    )
