from __future__ import annotations

from feint.engine.events import Event
from feint.engine.types import Viewer
from feint.engine.words import Phrasebook, capital, who

from .kinds import Kind


class Book(Phrasebook):
    def tell(self, event: Event, viewer: Viewer) -> str | None:
        actor = capital(who(event.actor, viewer)) if event.actor is not None else "The table"
        if event.kind == Kind.DEAL:
            card = event.get("card")
            return f"{actor} drew {card}." if isinstance(card, int) else f"{actor} drew a card."
        if event.kind == Kind.CLAIM:
            return f"{actor} claimed a {event.get('value')}."
        if event.kind == Kind.CALL:
            return f"{actor} called the claim: the card was a {event.get('card')}."
        return f"{actor} believed the claim."


BOOK = Book(
    {}, "Seat 0 claims its card; seat 1 believes or calls.", {"claim": "What seat 0 says its card is."}
)
