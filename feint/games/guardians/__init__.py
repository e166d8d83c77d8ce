"""Guardian's Call: gather provisions, offer them, and believe or doubt each offer."""

from feint.engine.game import Game
from feint.games.guardians.kinds import Kind
from feint.games.guardians.state import GuardiansState

GAME = Game(
    package=__name__,
    state=GuardiansState,
    kinds=Kind,
    words=".words:BOOK",
    lesson=".lesson:LESSON",
    reveals=".kinds:reveals",
    claims=".claims:CLAIMS",
    heuristic=".heuristic:HeuristicBot",
    search=".search:SCORING",
    terminal=".terminal:GuardiansRenderer",
    web="web.js",
    style="web.css",
    facts=".quests:FACTS",
    observation=".observation:GuardiansEncoding",
)

__all__ = ["GAME", "GuardiansState"]
