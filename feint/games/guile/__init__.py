"""Guile: two factions of knights, hidden Influence, and a memory for swaps."""

from feint.engine.game import Game
from feint.games.guile.kinds import Kind
from feint.games.guile.state import GuileState

GAME = Game(
    package=__name__,
    state=GuileState,
    kinds=Kind,
    words="feint.cli.render.guile:words",
    heuristic="feint.bots.guile_heuristic:HeuristicBot",
    search=".search:SCORING",
    terminal="feint.cli.render.guile:GuileRenderer",
    web="web.js",
    bots={"simple": "feint.bots.guile_simple:SimpleGuileBot"},
)

__all__ = ["GAME", "GuileState"]
