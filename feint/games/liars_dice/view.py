"""What one viewer may know of a Liar's Dice state: its own dice, everybody's dice counts, the bidding.

Each seat sees its own dice; every other die is ``HIDDEN`` until the round's
showdown shows them all (``last``). Dice counts, the bids, whose turn it is
and how the previous round ended are public. What happened is in the
viewer's events, not in the view.
"""

from __future__ import annotations

from dataclasses import dataclass

from feint.engine.state import Seat
from feint.engine.view import HIDDEN, Header, Hidden, View, extended, slot_init
from feint.games.liars_dice.board import BidRecord, Board, Showdown


@slot_init
@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    count: int
    """How many dice the seat has; none once it is out."""
    dice: tuple[int | Hidden, ...]
    """Its dice this round, rising, as the viewer sees them."""
    out: bool


@slot_init
@dataclass(frozen=True, slots=True)
class LiarsView(View):
    variants: tuple[str, ...]
    dice_per_seat: int
    wild: tuple[int, ...]
    """The faces that count for every bid."""
    round: int
    starter: Seat
    seats: tuple[SeatView, ...]
    total: int
    """The dice in play: the most a bid may name."""
    bids: tuple[BidRecord, ...]
    """This round's bids, oldest first; the last is the standing bid."""
    last: Showdown | None
    explicit_chance: bool
    """Rolls wait for chance die by die (the option ``chance: "explicit"``), for OpenSpiel's tree walks."""


@slot_init
@dataclass(frozen=True, slots=True)
class LiarsRevealed(LiarsView):
    """The spectator's view with every seat's dice face-up."""


def build_view(board: Board, header: Header) -> LiarsView:
    viewer = header.viewer
    counts, dice = board.counts, board.dice
    seats = tuple(
        SeatView(
            seat,
            counts[seat],
            dice[seat] if seat == viewer else (HIDDEN,) * len(dice[seat]),
            not counts[seat],
        )
        for seat in range(board.players)
    )
    return LiarsView(
        header,
        tuple(sorted(board.variants)),
        board.dice_per_seat,
        tuple(sorted(board.rules.wild)),
        board.round,
        board.starter,
        seats,
        sum(counts),
        tuple(board.bids),
        board.last,
        board.explicit_chance,
    )


def build_revealed(board: Board, header: Header) -> LiarsRevealed:
    view = build_view(board, header)
    seats = tuple(SeatView(s.seat, s.count, board.dice[s.seat], s.out) for s in view.seats)
    return extended(view, LiarsRevealed, seats=seats)
