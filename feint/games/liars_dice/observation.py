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

from collections.abc import MutableSequence

from feint.engine.info import InfoState
from feint.engine.observation import Layout, RefillingEncoding, count_into, scaled
from feint.games.liars_dice.board import OVER_PHASE
from feint.games.liars_dice.rules import FACES, MAX_DICE, VARIANTS
from feint.games.liars_dice.view import LiarsView

FACE_INDEX = {face: face - 1 for face in range(1, FACES + 1)}


class LiarsEncoding(RefillingEncoding[LiarsView]):
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

    def write(self, out: MutableSequence[float], info: InfoState[LiarsView], b: LiarsView | None) -> None:
        """A round's bids only grow: those ``b`` already held are kept, and only the bids after them are
        written."""
        v = info.view
        me = info.viewer
        assert me is not None
        n, top, rel, clear = self.players, self.top, self.rel, self.clear
        out[self.over] = float(v.header.phase is OVER_PHASE)
        if b is None or v.variants != b.variants or v.wild != b.wild:
            if b is not None:
                clear(out, self.wild, self.round)
            for i, name in enumerate(VARIANTS):
                out[self.variant + i] = float(name in v.variants)
            for face in v.wild:
                out[self.wild + face - 1] = 1.0
        out[self.round] = scaled(v.round, top)
        dice = v.seats[me].dice
        if b is None or dice != b.seats[me].dice:
            if b is not None:
                clear(out, self.mine, self.seats)
            count_into(out, self.mine, dice, FACE_INDEX, MAX_DICE)
        to_move = v.header.to_move
        for s in v.seats:
            at = self.seats + 4 * rel(s.seat, me)
            out[at] = scaled(s.count, MAX_DICE)
            out[at + 1] = float(s.out)
            out[at + 2] = float(s.seat == v.starter)
            out[at + 3] = float(s.seat in to_move)
        out[self.total] = scaled(v.total, top)
        bids, written = v.bids, () if b is None else b.bids
        if written and bids[: len(written)] != written:  # a new round: its bids written afresh
            clear(out, self.standing, self.showdown)
            written = ()
        if len(bids) > len(written):
            bid = bids[-1]
            if written:
                clear(out, self.standing, self.bids)
            out[self.standing] = scaled(bid.quantity, top)
            out[self.standing + bid.face] = 1.0
            out[self.standing + FACES + 1 + rel(bid.seat, me)] = 1.0
            latest = {bid.seat: bid for bid in bids[len(written) :]}  # oldest first: a seat's latest stays
            for bid in latest.values():
                at = self.bids + (FACES + 1) * rel(bid.seat, me)
                if written:
                    clear(out, at, at + FACES + 1)
                out[at] = scaled(bid.quantity, top)
                out[at + bid.face] = 1.0
        out[self.bids + (FACES + 1) * n] = scaled(len(bids), top)
        last = v.last
        if b is None or (last is not b.last and last != b.last):
            if b is not None:
                clear(out, self.showdown, self.showdown + 10 + 9 * n)
            if last is not None:
                at = self.showdown
                out[at + (0 if last.call == "liar" else 1)] = 1.0
                out[at + 2] = scaled(last.quantity, top)
                out[at + 2 + last.face] = 1.0
                out[at + 9] = scaled(last.counted, top)
                at += 10
                for k, seat in enumerate((last.bidder, last.caller, last.loser)):
                    out[at + k * n + rel(seat, me)] = 1.0
                at += 3 * n
                for seat, dice_shown in enumerate(last.dice):
                    count_into(out, at + FACES * rel(seat, me), dice_shown, FACE_INDEX, MAX_DICE)
