"""Typed errors: each says what was wrong and, where it helps, what is legal instead."""

from __future__ import annotations


class FeintError(Exception):
    """Base class of every error Feint raises on purpose."""


class IllegalMove(FeintError, ValueError):
    """A move that the rules do not allow now. The state is left untouched."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"illegal move {move!r}: {reason}")
        self.move = move
        self.reason = reason


class NotationError(IllegalMove):
    """Text that is not a move of this game at all."""


class SetupError(FeintError, ValueError):
    """Bad players, options or fixed set-up for a new game."""


class StateFormatError(FeintError, ValueError):
    """A serialized state or replay file that cannot be read."""
