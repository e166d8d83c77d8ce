"""The data of a Knights of Glory game in progress: phases, seat statuses, an advance under way."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from feint.games.knights.cards import Kind

BLUFFING_WILDS = "bluffing-wilds"
BLANKS_LESS_REWARDING = "blanks-less-rewarding"
AGREEING_NOT_SAFE = "agreeing-not-safe"
DEFAULT_MAX_ROUNDS = 60


class Phase(StrEnum):
    ACTION = "action"
    GLORY = "glory"
    COVER = "cover"
    VOTE = "vote"
    DECIDE = "decide"
    OVER = "over"


ACTION_PHASE, GLORY_PHASE, COVER_PHASE, VOTE_PHASE, DECIDE_PHASE, OVER_PHASE = Phase


class Status(StrEnum):
    PLAYING = "playing"
    SITTING_OUT = "sitting out"
    ABSENT = "absent"
    EXITED = "exited"
    ELIMINATED = "eliminated"
    LEFT = "left"


PLAYING, SITTING_OUT, ABSENT, EXITED, ELIMINATED, LEFT = Status
"""The statuses as module constants: an enum member looked up on its class costs ten times more."""
IN_GAME = (PLAYING, SITTING_OUT)
GONE = (EXITED, ELIMINATED, LEFT)


class Step(StrEnum):
    """A consequence queued for one seat; the choices among them wait for that seat's move."""

    RETREAT = "retreat"
    """Retreat one place; a seat with a token may redeem instead."""
    FALL_BACK = "fall back"
    """Retreat one place with no redemption: a Deathtrap it could not cover."""
    FORWARD = "forward"
    """A caught bluff: a disagreeing opponent advances, or gains Final Glory on the Final Path."""
    DISCARD_ONE = "discard one"
    """Reveal and discard a card of one's choice."""
    REVEAL_ONE = "reveal one"
    """Blanks Are Less Rewarding: reveal a card not yet known, and keep it."""
    FREE_ADVANCE = "free advance"
    """Advance by default: move one place forward for free, or stay."""


STEP_RETREAT, STEP_FALL_BACK, STEP_FORWARD, STEP_DISCARD_ONE, STEP_REVEAL_ONE, STEP_FREE_ADVANCE = Step


class After(StrEnum):
    """What follows once the queued steps are done."""

    COVER = "cover"
    PUSH = "push"
    END = "end"


THEN_COVER, THEN_PUSH, THEN_END = After


class Cover(NamedTuple):
    """A die covered: a tuple, since a cover and an attempt are made at every step of an advance."""

    face: Kind
    """The face of the die it covers (the die removed, for a substitution)."""
    card: Kind
    """A card kind, or ``token``."""
    face_down: bool
    substitution: bool
    claim: Kind
    """The weapon the cover claims: the die's face, or the path's indicator for a substitution."""
    public: bool
    """True once everybody knows the card: face-up or revealed."""


class Attempt(NamedTuple):
    """An advance under way, from the flip of the place ahead to its outcome."""

    target: int
    path_of_glory: bool
    glory: int = 0
    dice: tuple[Kind, ...] = ()
    open: tuple[Kind, ...] | None = None
    """Non-blank faces not yet covered; None before the roll."""
    covers: tuple[Cover, ...] | None = None

    @property
    def substituted(self) -> bool:
        return any(c.substitution for c in self.covers or ())
