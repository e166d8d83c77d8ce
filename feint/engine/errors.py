"""Typed errors: each says what was wrong and, where it helps, what is legal instead."""

from __future__ import annotations

from typing import ClassVar


class FeintError(Exception):
    """Base class of every error Feint raises on purpose."""


class MoveError(FeintError, ValueError):
    """A move refused: either no move of the game at all, or a move the rules do not allow now.

    The two are siblings, not one kind of the other, so a front-end can tell
    a typing slip (:class:`NotationError`) from a rule (:class:`IllegalMove`)
    and a server answer them with different codes; ``except MoveError``
    catches both. The state is left untouched.
    """

    WHAT: ClassVar[str] = "bad move"
    """How the message names the move refused."""

    def __init__(self, move: str, reason: str) -> None:
        """``reason``: a :class:`~feint.engine.words.Phrase` where it has values, to be told in the
        reader's language (``str(error)`` is English, for logs)."""
        super().__init__(f"{self.WHAT} {move!r}: {reason}")
        self.move = move
        self.reason = reason


class IllegalMove(MoveError):
    """A move of the game that the rules do not allow now."""

    WHAT: ClassVar[str] = "illegal move"


class NotationError(MoveError):
    """Text (or an index, or an object) that is not a move of this game at all."""

    WHAT: ClassVar[str] = "unreadable move"


class SetupError(FeintError, ValueError):
    """Bad players, options or fixed set-up for a new game."""

    @property
    def reason(self) -> str:
        """The message as raised: a :class:`~feint.engine.words.Phrase` where it is one, which a front-end
        tells in its reader's language."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


class StateFormatError(FeintError, ValueError):
    """A serialized state or replay file that cannot be read."""
