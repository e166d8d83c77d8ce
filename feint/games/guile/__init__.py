"""Guile: two factions of knights, hidden Influence, and a memory for swaps."""

from feint.games.guile.state import GuileState

__all__ = ["GuileState"]
