"""Liar's Dice claims: every bid is one, answered by the next move (docs/rules/liars-dice.md, "Claims").

A bid claims that at least so many dice on the table count for its face. The
next seat answers it: a higher bid believes it, ``liar`` calls it, ``spot
on`` believes it (the bid is right, and exactly so). A bid was a bluff if
fewer dice counted than it named: a full log shows every seat's dice in each
roll's private parts, so every bid is judged; a seat's own events show the
others' dice only at the round's public ``reveal``, so a bid of the round
under way has no known truth there yet.

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
        dice: tuple[tuple[int, ...], ...] | None = None
        """Every seat's dice this round, once the events read show them all."""
        wild: frozenset[int] = frozenset()
        for event in events:
            kind, actor = event.kind, event.actor
            if kind == Kind.ROLL:
                yield from _judged(answered, dice, wild)
                answered, standing, wild = [], None, frozenset(event.get("wild"))
                dice = _every_seats_dice(event)
            elif kind == Kind.BID and actor is not None:
                if standing is not None:
                    answered.append((*standing, actor, True))
                standing = (actor, event.get("quantity"), event.get("face"))
            elif kind in (Kind.LIAR, Kind.SPOT_ON) and standing is not None and actor is not None:
                answered.append((*standing, actor, kind == Kind.SPOT_ON))
                standing = None
            elif kind == Kind.REVEAL:
                dice = event.get("dice")
        yield from _judged(answered, dice, wild)

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


def _judged(
    answered: list[tuple[Seat, int, int, Seat, bool]],
    dice: tuple[tuple[int, ...], ...] | None,
    wild: frozenset[int],
) -> Iterator[Claim]:
    """The round's answered bids as claims: each a bluff if fewer dice count than it named; the truth
    unknown (None) while the events read do not show every die."""
    for bidder, quantity, face, answerer, believed in answered:
        if dice is None:
            bluff = None
        else:
            bluff = sum(1 for hand in dice for d in hand if d == face or d in wild) < quantity
        yield Claim(bidder, bluff, () if believed else (answerer,), (answerer,) if believed else ())


def _every_seats_dice(roll: Event) -> tuple[tuple[int, ...], ...] | None:
    """Every seat's dice from a roll's private parts: a full log holds them all, a seat's events its own."""
    counts = roll.get("counts")
    dice: list[tuple[int, ...]] = [()] * len(counts)
    for part in roll.secrets:
        for seat in part.audience:
            dice[seat] = part.data["dice"]
    if any(len(hand) != n for hand, n in zip(dice, counts, strict=True)):
        return None
    return tuple(dice)


CLAIMS = LiarsClaims()
