"""Liar's Dice in words: every event as its viewer saw it, the rules summary and the glossary.

The one place an event of this game becomes a sentence, for the terminal
and (sent by the server) the browser. It reads only the event as the viewer
saw it: a seat's roll shows its own dice, another seat's only their number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feint.engine.events import Event
from feint.engine.types import Viewer
from feint.engine.words import N_, Phrasebook, capital, listing, ntr, tr, who, whose
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.moves import Bid, Call

MESSAGES: Mapping[str, str] = {
    "event-roll-own": "Round {round}: you rolled {dice}. {starter} to bid first.",
    "event-roll": "Round {round}: the dice are rolled ({counts}). {starter} to bid first.",
    "event-bid": "{Actor} bid {bid}.",
    "event-liar": "{Actor} called liar on {whose} bid of {bid}.",
    "event-spot-on": "{Actor} called {whose} bid of {bid} spot on.",
    "event-reveal": "The dice: {dice}. {counted} for {bid}: {outcome}",
    "event-lose-die": "{Actor} lost a die: {left} left.",
    "event-out": "{Actor} {is} out of the game.",
    "event-over": "{Actor} won the game.",
    "event-over-loser": "{Actor} won the game; {loser} lost it.",
    "stood": "the bid stood.",
    "failed": "the bid failed.",
    "exact": "exactly right.",
    "not-exact": "not exactly right.",
}

RULES = """\
Liar's Dice. Every seat rolls its dice under a cup and sees only its own.
From the round's starter, clockwise, each seat either bids or calls.
A bid says how many dice on the whole table show a face, at least:
"bid 3 5s". Each bid must beat the one before: more dice of any face, or
as many of a higher face. The round opens with a bid.
"liar" challenges the standing bid: every die is shown. If fewer dice show
the face than were bid, the bidder loses a die; otherwise the challenger.
The loser starts the next round; a seat with no dice is out, and the last
seat with dice wins.
Variants. ones-wild: ones count for every face; n ones rank just above 2n
of another face, and no round opens on ones. spot-on: a seat may call the
standing bid "spot on": if exactly that many dice show the face, the bidder
loses a die, else the caller. openspiel: OpenSpiel's game: one die each, 6s
wild, one bidding round; the call's winner scores +1 and the loser -1.
Moves: bid <quantity> <face>s (or "3 5"), liar, spot on."""

GLOSSARY: Mapping[str, str] = {
    "bid": "A claim about every die on the table: at least that many show the face (wild faces count too).",
    "liar": "A challenge of the standing bid: the dice are shown; the bidder or the challenger loses a die.",
    "spot on": "The spot-on variant: a call that the standing bid is exactly right; wrong, the caller loses.",
    "wild": "A wild face counts for every bid: ones with ones-wild, sixes under openspiel.",
    "round": "From a roll to the call that ends its bidding; its loser starts the next.",
    "out": "A seat with no dice left; it takes no more part.",
}


def dice_words(dice: Sequence[Any]) -> str:
    return " ".join(str(d) for d in dice) if dice else tr("no dice")


def bid_words(quantity: int, face: int) -> str:
    return tr("{quantity} {face}s").format(quantity=quantity, face=face)


class LiarsBook(Phrasebook):
    def move_words(self, move: object) -> str | None:
        if isinstance(move, Bid):
            return tr("bid {quantity} {face}s").format(quantity=move.quantity, face=move.face)
        if isinstance(move, Call):
            return tr(move.word)
        return None

    def tell(self, event: Event, viewer: Viewer) -> str | None:
        kind = event.kind
        get = event.get
        actor = event.actor
        if kind == Kind.ROLL:
            starter = capital(who(get("starter"), viewer))
            own = get("dice")
            if own:
                return self("event-roll-own", round=get("round"), dice=dice_words(own), starter=starter)
            counts = listing([f"{who(seat, viewer)} {n}" for seat, n in enumerate(get("counts")) if n])
            return self("event-roll", round=get("round"), counts=counts, starter=starter)
        if kind == Kind.BID:
            return self("event-bid", actor, viewer, bid=bid_words(get("quantity"), get("face")))
        if kind in (Kind.LIAR, Kind.SPOT_ON):
            bid = bid_words(get("quantity"), get("face"))
            bidder = get("bidder")
            return self(
                f"event-{kind}",
                actor,
                viewer,
                whose=whose(bidder, viewer),
                bidder=who(bidder, viewer),
                bid=bid,
            )
        if kind == Kind.REVEAL:
            return self._reveal(event, viewer)
        if kind == Kind.LOSE_DIE:
            return self("event-lose-die", actor, viewer, left=get("left"))
        if kind == Kind.OUT:
            return self("event-out", actor, viewer)
        if kind == Kind.OVER:
            winner = get("winners")[0]
            loser = get("loser")
            if loser is None:
                return self("event-over", winner, viewer)
            return self("event-over-loser", winner, viewer, loser=who(loser, viewer))
        return None

    def _reveal(self, event: Event, viewer: Viewer) -> str:
        get = event.get
        quantity, face, counted = get("quantity"), get("face"), get("count")
        dice = "; ".join(
            f"{who(seat, viewer)} {dice_words(hand)}" for seat, hand in enumerate(get("dice")) if hand
        )
        exact = get("call") == "spot on"
        if exact:
            outcome = self("exact" if counted == quantity else "not-exact")
        else:
            outcome = self("stood" if counted >= quantity else "failed")
        return self(
            "event-reveal",
            dice=dice,
            counted=tr("No dice count").format()
            if counted == 0
            else ntr("{n} die counts", "{n} dice count", counted).format(n=counted),
            bid=bid_words(quantity, face),
            outcome=outcome,
        )


TERMS = (
    N_("phase"),
    N_("round"),
    N_("variants"),
    N_("dice per seat"),
    N_("wild"),
    N_("starter"),
    N_("seats"),
    N_("count"),
    N_("dice"),
    N_("out"),
    N_("total"),
    N_("bids"),
    N_("last"),
    N_("explicit chance"),
    N_("quantity"),
    N_("face"),
    N_("seat"),
    N_("call"),
    N_("bidder"),
    N_("caller"),
    N_("counted"),
    N_("loser"),
    N_("over"),
)
"""The view's fields and the moves' kinds, as the generic renderer shows them (``bid`` is in the glossary)."""

BOOK = LiarsBook(MESSAGES, RULES, GLOSSARY, TERMS)
