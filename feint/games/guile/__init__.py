"""Guile: two factions of knights, hidden Influence, and a memory for swaps."""

from feint.engine.game import Game
from feint.games.guile.kinds import Kind
from feint.games.guile.state import GuileState

GAME = Game(
    package=__name__,
    state=GuileState,
    kinds=Kind,
    words=".words:BOOK",
    lesson=".lesson:LESSON",
    reveals=".kinds:reveals",
    heuristic=".heuristic:HeuristicBot",
    search=".search:SCORING",
    terminal=".terminal:GuileRenderer",
    web="web.js",
    style="web.css",
    observation=".observation:GuileEncoding",
    bots={"simple": ".simple:SimpleGuileBot"},
)

__all__ = ["GAME", "GuileState"]
