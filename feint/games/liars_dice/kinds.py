"""Every kind of event Liar's Dice writes."""

from enum import StrEnum


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
