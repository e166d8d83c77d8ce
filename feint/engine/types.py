"""The engine's small shared names: seats, viewers and JSON objects."""

from __future__ import annotations

from typing import Any, TypeGuard

Seat = int
Viewer = Seat | None
"""Who looks at a state: a seat, or ``None`` for a spectator who sees only public information."""

JsonObject = dict[str, Any]


def is_whole(value: object) -> TypeGuard[int]:
    """Whether a value read from JSON is an integer: ``true`` and ``false`` are not, though bools are ints."""
    return isinstance(value, int) and not isinstance(value, bool)
