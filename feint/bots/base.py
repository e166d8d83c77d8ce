"""The bot contract: a bot sees a view and the legal moves, never the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from feint.engine.state import Move, View


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: Sequence[Move]) -> Move:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...
