"""What a move does (docs/rules/liars-dice.md): rolling, bidding, a call and its showdown, losing dice.

Each function changes a :class:`Board` and records every change a person
would notice; the driver calls them for legal moves only.
"""

from __future__ import annotations

from feint.engine.state import Seat, secret
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.board import BID_PHASE, OVER_PHASE, ROLL_PHASE, BidRecord, Board, Showdown
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.rules import FACES, count_for


def roll(board: Board, starter: Seat) -> None:
    """A new round: every seat with dice rolls them, each seeing only its own; ``starter`` bids first.

    Under explicit chance the round waits for chance instead (:func:`chance_face`, die by die).
    """
    counts = board.counts
    if board.explicit_chance:
        board.phase = ROLL_PHASE
        board.pending = []
        board.dice = [() for _ in counts]
        board.bids = []
        board.starter = board.turn = starter
        return
    below = board.rng.below
    if board.rolls:
        fixed = board.rolls.pop(0)
        dice = [
            tuple(sorted([*hand[:n], *(below(FACES) + 1 for _ in range(n - len(hand)))]))
            for hand, n in zip(fixed, counts, strict=True)
        ]
    else:
        dice = [tuple(sorted([below(FACES) + 1 for _ in range(n)])) for n in counts]
    _rolled(board, starter, dice)


def chance_face(board: Board, face: int) -> None:
    """Chance gives the roll under way its next die, seat by seat; the last one starts the bidding."""
    pending = board.pending
    pending.append(face)
    counts = board.counts
    if len(pending) < sum(counts):
        return
    dice, start = [], 0
    for n in counts:
        dice.append(tuple(sorted(pending[start : start + n])))
        start += n
    board.pending = []
    board.phase = BID_PHASE
    _rolled(board, board.starter, dice)


def _rolled(board: Board, starter: Seat, dice: list[tuple[int, ...]]) -> None:
    counts = board.counts
    board.dice = dice
    board.bids = []
    board.starter = board.turn = starter
    board.record(
        Kind.ROLL,
        None,
        tuple(secret(seat, dice=dice[seat]) for seat in range(board.players) if counts[seat]),
        round=board.round,
        starter=starter,
        counts=tuple(counts),
        wild=tuple(sorted(board.rules.wild)),
    )


def bid(board: Board, seat: Seat, move: mv.Bid) -> None:
    board.bids.append(BidRecord(seat, move.quantity, move.face))
    board.record(Kind.BID, seat, quantity=move.quantity, face=move.face)
    board.turn = board.next_seat(seat)


def call(board: Board, seat: Seat, move: mv.Call) -> Seat:
    """``liar`` or ``spot on``: every die shown and counted; returns the seat that lost the round.

    A challenge: the bidder loses if fewer dice count than it bid, else the
    challenger. Spot on: the bidder loses if exactly as many count as it bid,
    else the seat that called it.
    """
    standing = board.bids[-1]
    bidder, quantity, face = standing
    spot_on = move is mv.SPOT_ON
    board.record(Kind.SPOT_ON if spot_on else Kind.LIAR, seat, bidder=bidder, quantity=quantity, face=face)
    dice = tuple(board.dice)
    count = count_for(board.rules, dice, face)
    bidder_right = count != quantity if spot_on else count >= quantity
    loser = seat if bidder_right else bidder
    board.record(
        Kind.REVEAL,
        None,
        call=str(move),
        dice=dice,
        quantity=quantity,
        face=face,
        count=count,
        loser=loser,
    )
    board.last = Showdown(bidder, quantity, face, seat, str(move), dice, count, loser)
    return loser


def lose_die(board: Board, seat: Seat) -> None:
    """``seat`` loses a die; with none left it is out of the game."""
    board.counts[seat] -= 1
    left = board.counts[seat]
    board.record(Kind.LOSE_DIE, seat, left=left)
    if not left:
        board.record(Kind.OUT, seat)


def finish(board: Board, winner: Seat, loser: Seat | None) -> None:
    board.phase = OVER_PHASE
    board.winner = winner
    board.loser = loser
    board.bids = []
    board.dice = [() for _ in range(board.players)]
    board.record(Kind.OVER, None, winners=(winner,), **({} if loser is None else {"loser": loser}))
