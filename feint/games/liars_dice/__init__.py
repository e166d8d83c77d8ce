"""Liar's Dice: hidden dice, bids on what the whole table rolled, and a call of 'liar'."""

from feint.engine.game import Game
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.state import LiarsDiceState

GAME = Game(
    package=__name__,
    state=LiarsDiceState,
    kinds=Kind,
    words=".words:BOOK",
    lesson=".lesson:LESSON",
    reveals=".kinds:reveals",
    claims=".claims:CLAIMS",
    heuristic=".heuristic:HeuristicBot",
    search=".search:SCORING",
    observation=".observation:LiarsEncoding",
)

__all__ = ["GAME", "LiarsDiceState"]
