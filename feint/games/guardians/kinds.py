"""Every kind of event the game writes, and which of them show a seat something hidden."""

from enum import StrEnum

from feint.engine.events import Event
from feint.engine.types import Viewer
from feint.engine.view import HIDDEN


class Kind(StrEnum):
    ADD = "add"
    ASSIGN = "assign"
    BELIEVE = "believe"
    BUY = "buy"
    CASTLE = "castle"
    CLEANSE = "cleanse"
    COUNCIL = "council"
    CURSED = "cursed"
    DISCARD = "discard"
    DOUBT = "doubt"
    DRAW_DECK = "draw-deck"
    DRAW_POOL = "draw-pool"
    DRAW_SEVEN = "draw-seven"
    KEEP = "keep"
    LEAVE_SPELLS = "leave-spells"
    OFFER = "offer"
    REFILL = "refill"
    REVEAL_FIVE = "reveal-five"
    STEAL = "steal"
    TRADE = "trade"
    TREASURES_DRAWN = "treasures-drawn"
    WAR = "war"


REVEALING = frozenset(
    {
        Kind.REFILL,
        Kind.TREASURES_DRAWN,
        Kind.REVEAL_FIVE,
        Kind.DRAW_SEVEN,
        Kind.BELIEVE,
        Kind.DOUBT,
        Kind.COUNCIL,
        Kind.WAR,
    }
)
"""Events that show something hidden: deck cards, Treasures, an offer's cards."""


def reveals(event: Event, viewer: Viewer) -> bool:
    """A card drawn from the deck (for the seat that drew it), or one of :data:`REVEALING`: no undo goes
    back past one."""
    if event.kind == Kind.DRAW_DECK:
        return bool(event.get("card") != HIDDEN)
    return event.kind in REVEALING
