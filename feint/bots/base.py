"""The bot contract: a bot sees its seat's information and its legal moves, never the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from feint.engine.info import InfoState
from feint.engine.state import Move


class Bot(Protocol):
    name: str

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        """One of ``legal``, chosen from what ``info`` (the seat's view and events) shows."""
        ...
