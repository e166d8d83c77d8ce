"""Guardian's Call's claims: an offer's declared type, believed or doubted by the seat it is made to.

An offer is face-down and declares a type (rulebook "Offering"); the target
answers it by believing or doubting, and either answer reveals the cards
("Believe or Doubt"), so every answered claim's truth is public.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from feint.engine.claims import Claim
from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.view import View
from feint.games.guardians.cards import Card
from feint.games.guardians.kinds import Kind
from feint.games.guardians.moves import BELIEVE, DOUBT, Offer


def is_true(card: Card | str, declared: Card | str) -> bool:
    """Whether an offer of cards of type ``card`` declared as ``declared`` is true: the real type is the
    declared one (GC16). A Curse is never declared, so an offer of Curses is always a bluff."""
    return card == declared


class GuardiansClaims:
    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        """One claim per answered offer; the answer shows the cards, so its truth is always known."""
        offer: Event | None = None
        for event in events:
            if event.kind == Kind.OFFER:
                offer = event
            elif event.kind in (Kind.BELIEVE, Kind.DOUBT) and offer is not None:
                assert event.actor is not None and offer.actor is not None
                bluff = not is_true(event.get("cards")[0], offer.get("declared"))
                answer = (event.actor,)
                doubted = event.kind == Kind.DOUBT
                yield Claim(offer.actor, bluff, answer if doubted else (), () if doubted else answer)
                offer = None

    def truth(self, view: View, move: MoveBase) -> bool | None:
        """Whether an offer about to be made declares its cards' real type; None for any other move."""
        return is_true(move.card, move.declared) if isinstance(move, Offer) else None

    def answer(self, move: MoveBase) -> bool | None:
        return True if move == BELIEVE else False if move == DOUBT else None


CLAIMS = GuardiansClaims()
