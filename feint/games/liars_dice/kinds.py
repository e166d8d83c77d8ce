"""Every kind of event Liar's Dice writes, and which of them show a seat something hidden."""

from enum import StrEnum

from feint.engine.events import Event
from feint.engine.types import Viewer


class Kind(StrEnum):
    ROLL = "roll"
    """A round begins: every seat with dice rolls them (each sees its own)."""
    BID = "bid"
    LIAR = "liar"
    """The seat to move challenges the standing bid."""
    SPOT_ON = "spot-on"
    """The seat to move declares the standing bid exactly right (the spot-on variant)."""
    REVEAL = "reveal"
    """Every die is shown and counted for the bid."""
    LOSE_DIE = "lose-die"
    OUT = "out"
    """A seat has lost its last die."""
    OVER = "over"


def reveals(event: Event, viewer: Viewer) -> bool:
    """A roll (each seat sees its new dice) or the dice shown at a challenge (docs/rules/liars-dice.md):
    bids show nothing hidden, so a bid may be taken back until the next roll or reveal."""
    return event.kind in (Kind.ROLL, Kind.REVEAL)
