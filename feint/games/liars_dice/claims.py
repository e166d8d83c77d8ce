"""Liar's Dice claims: every bid is one, answered by the next move (docs/rules/liars-dice.md, "Claims").

A bid claims that at least so many dice on the table count for its face. The
next seat answers it: a higher bid believes it, ``liar`` calls it, ``spot
on`` believes it (the bid is right, and exactly so). Whether a bid was a
bluff is known when the round's dice are all shown (the public ``reveal``),
so a seat's own events show the truth of every finished round's bids; a bid
of the round under way has no known truth yet.

Before it is made, a bid's truth is decided only when the bidder's own dice
settle it: they count enough already (True), or even every other die in play
could not make it (False). Otherwise it is a guess, neither true nor a
bluff, and :meth:`LiarsClaims.truth` says None.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from feint.engine.claims import Claim
from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.types import Seat
from feint.engine.view import View
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.odds import Odds
from feint.games.liars_dice.view import LiarsView


class LiarsClaims:
    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        answered: list[tuple[Seat, int, int, Seat, bool]] = []
        """This round's answered bids: bidder, quantity, face, answering seat, whether it believed."""
        standing: tuple[Seat, int, int] | None = None
        for event in events:
            kind, actor = event.kind, event.actor
            if kind == Kind.BID and actor is not None:
                if standing is not None:
                    answered.append((*standing, actor, True))
                standing = (actor, event.get("quantity"), event.get("face"))
            elif kind in (Kind.LIAR, Kind.SPOT_ON) and standing is not None and actor is not None:
                answered.append((*standing, actor, kind == Kind.SPOT_ON))
                standing = None
            elif kind == Kind.REVEAL:
                dice, wild = event.get("dice"), frozenset(event.get("wild"))
                for bidder, quantity, face, answerer, believed in answered:
                    counted = sum(1 for hand in dice for d in hand if d == face or d in wild)
                    yield _claim(bidder, counted < quantity, answerer, believed)
                answered = []
        for bidder, _, _, answerer, believed in answered:
            yield _claim(bidder, None, answerer, believed)

    def truth(self, view: View, move: MoveBase) -> bool | None:
        if not isinstance(move, mv.Bid) or not isinstance(view, LiarsView):
            return None
        odds = Odds(view)
        own = odds.counted(move.face)
        if own >= move.quantity:
            return True
        if own + odds.hidden < move.quantity:
            return False
        return None

    def answer(self, move: MoveBase) -> bool | None:
        if move is mv.LIAR:
            return False
        if move is mv.SPOT_ON or isinstance(move, mv.Bid):
            return True
        return None


def _claim(bidder: Seat, bluff: bool | None, answerer: Seat, believed: bool) -> Claim:
    return Claim(bidder, bluff, () if believed else (answerer,), (answerer,) if believed else ())


CLAIMS = LiarsClaims()
