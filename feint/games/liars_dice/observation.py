"""Liar's Dice's observation for learning environments: one seat's view as ``36 + 21 n`` numbers in
``[0, 1]`` at a table of ``n`` seats (78 at 2 seats, 162 at 6).

Built from the seat's view only (it holds this round's bids and the last
showdown). Seats are counted from the viewer: seat ``+0`` is me, ``+1`` the
next seat clockwise, and so on; faces are one-hot or counted over ``1`` to
``6``. Quantities are divided by the most dice a table may hold, ``5 n``.

- `over` (1): the game is over
- `variants` (3): ones-wild, spot-on, openspiel
- `wild` (6): the wild faces
- `round` (1): the round, /``5 n``
- `mine` (6): my dice, counted per face, /5
- `seats` (``4 n``): per seat from me: its dice /5; out of the game; opened this round's bidding; to move
- `total` (1): the dice in play, /``5 n``
- `standing` (``7 + n``): the standing bid: its quantity; its face, one-hot; its bidder from me, one-hot
- `bids` (``7 n + 1``): per seat from me, its latest bid this round: quantity; face one-hot; and the
  number of bids this round, /``5 n``
- `showdown` (``10 + 9 n``): the last round's end: the call (liar, spot on); the bid's quantity and face
  one-hot; the dice that counted; bidder, caller and loser from me, one-hot each; every seat's shown dice,
  counted per face /5
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence

from feint.engine.events import Event
from feint.engine.info import InfoState
from feint.engine.observation import Encoding, Layout, Tracker, count_into, scaled
from feint.engine.types import Seat
from feint.games.liars_dice.board import OVER_PHASE, Showdown
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.rules import FACES, MAX_DICE, VARIANTS
from feint.games.liars_dice.view import LiarsView

FACE_INDEX = {face: face - 1 for face in range(1, FACES + 1)}
BID, LIAR, SPOT_ON, REVEAL, LOSE_DIE, ROLL, OVER = (
    Kind.BID,
    Kind.LIAR,
    Kind.SPOT_ON,
    Kind.REVEAL,
    Kind.LOSE_DIE,
    Kind.ROLL,
    Kind.OVER,
)
"""The kinds of event, looked up once (an enum's member costs a class lookup each time)."""


class LiarsEncoding(Encoding[LiarsView]):
    def declare(self, layout: Layout) -> None:
        n = self.players
        self.top = MAX_DICE * n
        self.over = layout.add("over", 1, "the game is over")
        self.variant = layout.add("variants", len(VARIANTS), "ones-wild, spot-on, openspiel")
        self.wild = layout.add("wild", FACES, "the wild faces")
        self.round = layout.add("round", 1, "the round")
        self.mine = layout.add("mine", FACES, "my dice per face")
        self.seats = layout.add("seats", 4 * n, "per seat: dice; out; opened; to move")
        self.total = layout.add("total", 1, "the dice in play")
        self.standing = layout.add("standing", FACES + 1 + n, "the standing bid: quantity, face, bidder")
        self.bids = layout.add("bids", (FACES + 1) * n + 1, "per seat its latest bid; the bids this round")
        self.showdown = layout.add("showdown", 10 + 9 * n, "the last round's end")

    def fill(self, out: MutableSequence[float], info: InfoState[LiarsView]) -> None:
        v = info.view
        me = info.viewer
        assert me is not None
        n, top, rel = self.players, self.top, self.rel
        out[self.over] = float(v.header.phase is OVER_PHASE)
        for i, name in enumerate(VARIANTS):
            out[self.variant + i] = float(name in v.variants)
        for face in v.wild:
            out[self.wild + face - 1] = 1.0
        out[self.round] = scaled(v.round, top)
        count_into(out, self.mine, v.seats[me].dice, FACE_INDEX, MAX_DICE)
        to_move = v.header.to_move
        for s in v.seats:
            at = self.seats + 4 * rel(s.seat, me)
            out[at] = scaled(s.count, MAX_DICE)
            out[at + 1] = float(s.out)
            out[at + 2] = float(s.seat == v.starter)
            out[at + 3] = float(s.seat in to_move)
        out[self.total] = scaled(v.total, top)
        if v.bids:
            bid = v.bids[-1]
            out[self.standing] = scaled(bid.quantity, top)
            out[self.standing + bid.face] = 1.0
            out[self.standing + FACES + 1 + rel(bid.seat, me)] = 1.0
        latest = {bid.seat: bid for bid in v.bids}  # oldest first: a seat's latest bid stays
        for bid in latest.values():
            at = self.bids + (FACES + 1) * rel(bid.seat, me)
            out[at] = scaled(bid.quantity, top)
            out[at + bid.face] = 1.0
        out[self.bids + (FACES + 1) * n] = scaled(len(v.bids), top)
        if v.last is not None:
            self.show(out, me, v.last)

    def show(self, out: MutableSequence[float], me: Seat, last: Showdown) -> None:
        """Write the showdown ``last`` over zeros."""
        n, top, rel = self.players, self.top, self.rel
        at = self.showdown
        out[at + (0 if last.call == "liar" else 1)] = 1.0
        out[at + 2] = scaled(last.quantity, top)
        out[at + 2 + last.face] = 1.0
        out[at + 9] = scaled(last.counted, top)
        at += 10
        for k, seat in enumerate((last.bidder, last.caller, last.loser)):
            out[at + k * n + rel(seat, me)] = 1.0
        at += 3 * n
        for seat, dice in enumerate(last.dice):
            count_into(out, at + FACES * rel(seat, me), dice, FACE_INDEX, MAX_DICE)

    def tracker(self, out: MutableSequence[float], info: InfoState[LiarsView]) -> LiarsTracker:
        return LiarsTracker(self, out, info)


class LiarsTracker(Tracker):
    """A seat's Liar's Dice observation kept up to date from its events: a bid changes the standing bid,
    its seat's latest bid and the count of bids; a round's end (the reveal, a die lost, then a new roll
    or the game's end) changes the rest."""

    def __init__(
        self, encoding: LiarsEncoding, out: MutableSequence[float], info: InfoState[LiarsView]
    ) -> None:
        v = info.view
        super().__init__(v.header.seq)
        me = info.viewer
        assert me is not None
        self.encoding = encoding
        self.out = out
        self.me: Seat = me
        n, rel, top = encoding.players, encoding.rel, encoding.top
        self.top = top
        self.shares = [scaled(k, top) for k in range(top + 1)]
        """``scaled(k, top)`` for each ``k`` up to ``top`` (past it, 1)."""
        self.seat_at = [encoding.seats + 4 * rel(seat, me) for seat in range(n)]
        """Per seat, where its numbers start."""
        self.bidder_at = [encoding.standing + FACES + 1 + rel(seat, me) for seat in range(n)]
        self.latest_at = [encoding.bids + (FACES + 1) * rel(seat, me) for seat in range(n)]
        self.count_at = encoding.bids + (FACES + 1) * n
        self.counts = [s.count for s in v.seats]
        self.starter = v.starter
        self.to_move = v.header.to_move
        self.bids: list[tuple[Seat, int, int]] = [(bid.seat, bid.quantity, bid.face) for bid in v.bids]
        """This round's bids: seat, quantity, face."""
        self.latest = {bid.seat: bid.face for bid in v.bids}
        """Per seat that bid this round, the face of its latest bid."""
        self.last = v.last
        self.call: tuple[Seat, Seat] = (0, 0)
        """The bidder and the caller of the call being revealed."""
        self.zeros = array("d", bytes(8 * encoding.size))

    def write(self, events: Sequence[Event]) -> bool:
        out, shares, top, bids, latest = self.out, self.shares, self.top, self.bids, self.latest
        for event in events:
            kind, data = event.kind, event.data
            if kind == BID:
                seat, quantity, face = event.actor, data["quantity"], data["face"]
                assert seat is not None
                at = self.encoding.standing
                if bids:
                    bidder, _, standing = bids[-1]
                    out[at + standing] = out[self.bidder_at[bidder]] = 0.0
                share = shares[quantity]
                out[at] = share
                out[at + face] = out[self.bidder_at[seat]] = 1.0
                at = self.latest_at[seat]
                earlier = latest.get(seat)
                if earlier is not None:
                    out[at + earlier] = 0.0
                out[at] = share
                out[at + face] = 1.0
                latest[seat] = face
                bids.append((seat, quantity, face))
                made = len(bids)
                out[self.count_at] = shares[made] if made < top else 1.0
            elif kind in (LIAR, SPOT_ON):
                self.call = (data["bidder"], event.actor)  # type: ignore[assignment]
            elif kind == REVEAL:
                bidder, caller = self.call
                self.last = Showdown(
                    bidder,
                    data["quantity"],
                    data["face"],
                    caller,
                    data["call"],
                    data["dice"],
                    data["count"],
                    data["loser"],
                )
            elif kind == LOSE_DIE:
                seat, count = event.actor, data["left"]
                assert seat is not None
                self.counts[seat] = count
                at = self.seat_at[seat]
                out[at] = scaled(count, MAX_DICE)
                out[at + 1] = float(not count)
                out[self.encoding.total] = shares[sum(self.counts)]
            elif kind == ROLL:
                self.roll(event)
            elif kind == OVER:
                out[self.encoding.over] = 1.0
                self.new_round(())
        return True

    def moving(self, to_move: tuple[Seat, ...]) -> None:
        before = self.to_move
        if to_move != before:
            out, seat_at = self.out, self.seat_at
            for seat in before:
                out[seat_at[seat] + 3] = 0.0
            for seat in to_move:
                out[seat_at[seat] + 3] = 1.0
            self.to_move = to_move

    def roll(self, event: Event) -> None:
        encoding, out, data = self.encoding, self.out, event.data
        out[encoding.round] = self.shares[data["round"]]
        for face in data["wild"]:
            out[encoding.wild + face - 1] = 1.0
        seat_at, counts = self.seat_at, data["counts"]
        for seat, count in enumerate(counts):
            at = seat_at[seat]
            out[at] = scaled(count, MAX_DICE)
            out[at + 1] = float(not count)
        self.counts = list(counts)
        out[encoding.total] = self.shares[sum(counts)]
        out[seat_at[self.starter] + 2] = 0.0
        self.starter = data["starter"]
        out[seat_at[self.starter] + 2] = 1.0
        self.new_round(event.get("dice", ()))

    def new_round(self, dice: Sequence[int]) -> None:
        """My ``dice``, no bid yet, and the last showdown."""
        encoding, out, zeros = self.encoding, self.out, self.zeros
        mine, standing = encoding.mine, encoding.standing
        out[mine : mine + FACES] = zeros[mine : mine + FACES]
        count_into(out, mine, dice, FACE_INDEX, MAX_DICE)
        out[standing:] = zeros[standing:]
        if self.last is not None:
            encoding.show(out, self.me, self.last)
        self.bids.clear()
        self.latest.clear()
