"""The engine's small shared names: seats, viewers and JSON objects."""

from __future__ import annotations

from typing import Any

Seat = int
Viewer = Seat | None
"""Who looks at a state: a seat, or ``None`` for a spectator who sees only public information."""

JsonObject = dict[str, Any]
