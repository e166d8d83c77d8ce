"""Knights of Glory: a dungeon of tier paths crossed by bluffing with weapon cards."""

from feint.engine.game import Game
from feint.games.knights.kinds import Kind
from feint.games.knights.state import KnightsState

GAME = Game(
    package=__name__,
    state=KnightsState,
    kinds=Kind,
    words=".words:BOOK",
    lesson=".lesson:LESSON",
    reveals=".kinds:reveals",
    claims=".claims:CLAIMS",
    heuristic=".heuristic:HeuristicBot",
    search=".search:SCORING",
    terminal=".terminal:KnightsRenderer",
    web="web.js",
    style="web.css",
    observation=".observation:KnightsEncoding",
)

__all__ = ["GAME", "KnightsState"]
