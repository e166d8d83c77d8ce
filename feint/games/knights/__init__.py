"""Knights of Glory: a dungeon of tier paths crossed by bluffing with weapon cards."""

from feint.games.knights.state import KnightsState

__all__ = ["KnightsState"]
