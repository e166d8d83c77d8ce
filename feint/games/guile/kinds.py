"""Every kind of event the game writes, and which of them show a seat something hidden."""

from enum import StrEnum

from feint.engine.events import Event
from feint.engine.types import Viewer
from feint.engine.view import HIDDEN


class Kind(StrEnum):
    DEAL = "deal"
    FACTION = "faction"
    LOOK = "look"
    OVER = "over"
    PASS = "pass"
    PICK = "pick"
    PLACE = "place"
    PLACED = "placed"
    ROUND = "round"
    START = "start"
    SWAP = "swap"


_REVEALING = frozenset({Kind.DEAL, Kind.PASS, Kind.ROUND})


def reveals(event: Event, viewer: Viewer) -> bool:
    """A look at a card (for the seat that looked), a new hand (dealt or passed), or a round's table
    turned face-up (docs/rules/guile.md, "Knowledge"): no undo goes back past one."""
    if event.kind == Kind.LOOK:
        return bool(event.get("card") != HIDDEN)
    return event.kind in _REVEALING
