"""What one viewer may know of a Knights of Glory state (KG25).

Places, tokens, statuses, flipped path cards, dice, face-up covers, who has
voted, the queued consequences and every card revealed by any rule are
public. A seat's hand, its face-down covers, its face-down discards and how
it voted (until every vote is cast) are its own. The Unknown Deck, the
unflipped path cards and the generator are known to nobody; views give the
piles' sizes and the cards of the Discard Pile the viewer saw go there. What
happened is not in the view: it is in the viewer's events.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from feint.engine.state import Seat
from feint.engine.view import HIDDEN, Header, Hidden, View, extended, slot_init
from feint.games.knights.board import Board
from feint.games.knights.cards import EXIT, NONE, PATH_PLACES, Kind, PathCard, add, cards_of
from feint.games.knights.model import DECIDE_PHASE, GONE, OVER_PHASE, After, Status, Step


@slot_init
@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    place: int
    tokens: int
    status: Status
    out: bool
    hand_size: int
    known: tuple[Kind, ...]
    """The cards of this hand that everybody knows."""
    may_discard: bool
    """On its turn now, or on its next turn."""
    retreated: bool
    """Retreated since the start of its latest turn."""


@slot_init
@dataclass(frozen=True, slots=True)
class CoverView:
    face: Kind
    card: Kind | Hidden
    """The card (or ``token``), HIDDEN while it lies face-down and unrevealed to the viewer."""
    face_down: bool
    substitution: bool
    claim: Kind
    """The weapon the cover claims: the die's face, or the path's indicator for a substitution."""


@slot_init
@dataclass(frozen=True, slots=True)
class KnightsView(View):
    players: int
    variants: tuple[str, ...]
    max_rounds: int
    reshuffle: bool
    round: int
    first: Seat
    active: Seat | None
    acted: bool
    blocked: bool
    """The active seat retreated since the start of its previous turn: no discard this turn."""
    hand: tuple[Kind, ...] | None
    """The viewer's own hand; None for a spectator."""
    seats: tuple[SeatView, ...]
    path: tuple[Kind | Hidden, ...]
    """The cards of places 1-6, HIDDEN while face-down."""
    collapsed: tuple[int, ...]
    exits: tuple[Seat, ...]
    final_turns: tuple[Seat, ...] | None
    target: int | None
    """The place the active seat is advancing to, during an advance."""
    path_of_glory: bool
    glory: int
    dice: tuple[Kind, ...]
    open: tuple[Kind, ...]
    """Non-blank dice still to cover."""
    covers: tuple[CoverView, ...]
    voters: tuple[Seat, ...]
    voted: tuple[Seat, ...]
    my_vote: bool | None
    queue: tuple[tuple[Step, Seat], ...]
    """The consequences still to come, the first waiting for its seat's choice."""
    after: After
    unknown: int
    discard: int
    discard_known: tuple[Kind, ...]
    """The cards of the Discard Pile the viewer saw go there since it was last reshuffled."""
    supply: int

    @property
    def pending(self) -> tuple[Step, Seat] | None:
        """The decision being waited for, and whose."""
        return self.queue[0] if self.queue and self.header.phase is DECIDE_PHASE else None


def build_view(s: Board, header: Header) -> KnightsView:
    """What ``header.viewer`` may know of ``s``, and nothing more."""
    viewer = header.viewer
    attempt = s.attempt
    over = s.phase is OVER_PHASE
    covers: tuple[CoverView, ...] = ()
    if attempt is not None and attempt.covers:
        own = viewer == s.active
        covers = tuple(
            CoverView(c.face, c.card if c.public or own else HIDDEN, c.face_down, c.substitution, c.claim)
            for c in attempt.covers
        )
    hands, known, place, status = s.hands, s.known, s.place, s.status
    seats = tuple(
        SeatView(
            seat,
            place[seat],
            s.tokens[seat],
            status[seat],
            status[seat] in GONE,
            sum(hands[seat]),
            cards_of(known[seat]),
            s.may_discard(seat),
            s.retreated[seat],
        )
        for seat in range(s.players)
    )
    revealed = s.revealed
    pile = s.pile_public if viewer is None else add(s.pile_public, s.pile_own[viewer])
    exits = s.exits
    return KnightsView(
        header,
        s.players,
        tuple(sorted(s.variants)),
        s.max_rounds,
        s.reshuffle,
        s.round,
        s.first,
        None if over else s.active,
        s.acted,
        s.blocked,
        None if viewer is None else cards_of(hands[viewer]),
        seats,
        tuple(s.path[p - 1].kind if revealed[p] else HIDDEN for p in PATH_PLACES),
        tuple(p for p in range(EXIT) if exits and (p + 1) // 2 <= len(exits)),
        tuple(exits),
        None if s.final_turns is None else tuple(s.final_turns),
        None if attempt is None else attempt.target,
        attempt is not None and attempt.path_of_glory,
        0 if attempt is None else attempt.glory,
        () if attempt is None else attempt.dice,
        () if attempt is None or attempt.open is None else attempt.open,
        covers,
        s.voters,
        tuple(v for v in s.voters if s.votes[v] is not None),
        None if viewer is None else s.votes[viewer],
        tuple(s.queue),
        s.after,
        len(s.unknown),
        len(s.discard),
        cards_of(pile) if pile != NONE else (),
        s.supply,
    )


@slot_init
@dataclass(frozen=True, slots=True)
class KnightsRevealed(KnightsView):
    """Everything (the end screen and the replay): the path and covers face-up, every hand and pile."""

    hands: tuple[tuple[Kind, ...], ...]
    votes: tuple[bool | None, ...]
    """How each seat voted in the vote under way (None: not yet, or not a voter)."""
    deck: tuple[Kind, ...]
    """The Unknown Deck, top first."""
    discard_pile: tuple[Kind, ...]
    """The Discard Pile, oldest first."""
    box: tuple[PathCard, ...]
    """The path cards left in the box at set-up, out of the game."""


def build_revealed(s: Board, header: Header) -> KnightsRevealed:
    """The spectator's view of ``s`` with nothing hidden."""
    spectator = build_view(s, header)
    covers = (s.attempt.covers if s.attempt is not None else None) or ()
    return extended(
        spectator,
        KnightsRevealed,
        path=tuple(s.path[p - 1].kind for p in PATH_PLACES),
        covers=tuple(replace(view, card=c.card) for view, c in zip(spectator.covers, covers, strict=True)),
        hands=tuple(cards_of(hand) for hand in s.hands),
        votes=tuple(s.votes),
        deck=tuple(s.unknown),
        discard_pile=tuple(s.discard),
        box=s.box,
    )
