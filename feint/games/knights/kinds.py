"""Every kind of event the game writes, and which of them show a seat something hidden."""

from enum import StrEnum

from feint.engine.events import Event
from feint.engine.types import Viewer


class Kind(StrEnum):
    ADVANCE = "advance"
    BLUFF_CAUGHT = "bluff-caught"
    COVER = "cover"
    DEALT = "dealt"
    DISCARD = "discard"
    ELIMINATED = "eliminated"
    EXIT = "exit"
    FAILED = "failed"
    FINAL_GLORY = "final-glory"
    FLIP = "flip"
    GLORY = "glory"
    MOVE = "move"
    OVER = "over"
    PASS = "pass"
    REDEEM = "redeem"
    RESHUFFLE = "reshuffle"
    RETREAT = "retreat"
    REVEAL = "reveal"
    ROLL = "roll"
    ROUND = "round"
    STAY = "stay"
    TOKENS = "tokens"
    TRADE_JESTERS = "trade-jesters"
    VOTED = "voted"
    VOTES = "votes"
    SIT_OUT = "sit-out"
    SIT_IN = "sit-in"
    LEAVE = "leave"
    JOIN = "join"


REVEALING = frozenset(
    {Kind.FLIP, Kind.ROLL, Kind.VOTES, Kind.REVEAL, Kind.DEALT, Kind.RESHUFFLE, Kind.BLUFF_CAUGHT}
)
"""Events that show something hidden: a path card, dice, votes, cards."""


def reveals(event: Event, viewer: Viewer) -> bool:
    """A path card flipped, dice rolled, the votes shown, cards revealed, dealt or reshuffled, a bluff
    caught: no undo goes back past one."""
    return event.kind in REVEALING
