"""Fixed strategies: bots that always tell the truth, always bluff, always call or never do.

They are the yardsticks of the strength check (docs/bots.md): a strong bot
must not let any of them take more than a fair share. Each is the game's
heuristic bot with one kind of decision fixed, so it plays the rest of the
game sensibly:

| spec | Guardian's Call | Knights of Glory |
|---|---|---|
| ``fixed:truthful`` | offers declare their real type | covers are true (matching card, Wild, token) |
| ``fixed:bluff`` | offers declare another type | covers are false (a Jester, another weapon) |
| ``fixed:doubt`` / ``fixed:believe`` | every offer answered so | - |
| ``fixed:agree`` / ``fixed:disagree`` | - | every vote cast so |

Each holds "whenever it can": when no legal move fits the strategy (a hand
of Curses can only be offered as a bluff, a die nothing in hand truly
covers), the heuristic chooses among every legal move. Guile has none of
these: nothing in it is declared, so there is no truth to tell, bluff or call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from feint.bots.base import Bot
from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.engine.view import View
from feint.games.guardians.moves import BELIEVE, DOUBT, Offer
from feint.games.knights.cards import TOKEN, WILD
from feint.games.knights.moves import VOTE_AGREE, VOTE_DISAGREE, Cover, Substitute
from feint.games.knights.view import KnightsView

Rule = Callable[[View, Sequence[Move]], Sequence[Move]]
"""The legal moves a strategy allows in a decision; all of them when it has no say."""


def _offers(truthful: bool) -> Rule:
    def rule(view: View, legal: Sequence[Move]) -> Sequence[Move]:
        # Only an offer ends the turn: with none that fits, every offer stays open.
        if not any(isinstance(m, Offer) and (m.card is m.declared) == truthful for m in legal):
            return legal
        return [m for m in legal if not isinstance(m, Offer) or (m.card is m.declared) == truthful]

    return rule


def _one_of(move: Move) -> Rule:
    def rule(view: View, legal: Sequence[Move]) -> Sequence[Move]:
        return [move] if move in legal else legal

    return rule


def true_cover(view: KnightsView, move: Move) -> bool | None:
    """Whether a cover or substitution is true; None for any other move."""
    if isinstance(move, Cover):
        return move.cover in (move.face, WILD, TOKEN)
    if isinstance(move, Substitute):
        assert view.target is not None, "a substitution is made during an advance"
        return move.card in (view.path[view.target - 1], WILD)
    return None


def _covers(truthful: bool) -> Rule:
    def rule(view: View, legal: Sequence[Move]) -> Sequence[Move]:
        assert isinstance(view, KnightsView)
        return [m for m in legal if true_cover(view, m) in (None, truthful)]

    return rule


STRATEGIES: dict[str, dict[str, Rule]] = {
    "truthful": {"guardians": _offers(True), "knights": _covers(True)},
    "bluff": {"guardians": _offers(False), "knights": _covers(False)},
    "doubt": {"guardians": _one_of(DOUBT)},
    "believe": {"guardians": _one_of(BELIEVE)},
    "agree": {"knights": _one_of(VOTE_AGREE)},
    "disagree": {"knights": _one_of(VOTE_DISAGREE)},
}
"""Each strategy's rule, by game."""


class FixedBot:
    """The heuristic ``base``, choosing only among the moves ``rule`` allows."""

    def __init__(self, name: str, rule: Rule, base: Bot) -> None:
        self.name = name
        self._rule = rule
        self._base = base

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        allowed = self._rule(info.view, legal) or legal
        return allowed[0] if len(allowed) == 1 else self._base.choose(info, allowed)


def make_fixed(strategy: str | None, game: str, base: Bot) -> FixedBot:
    """``fixed:<strategy>`` for ``game``, on the heuristic ``base``; SetupError where it does not apply."""
    rules = STRATEGIES.get(strategy or "")
    if rules is None:
        raise SetupError(f"fixed needs a strategy: fixed:{'|'.join(STRATEGIES)}")
    rule = rules.get(game)
    if rule is None:
        games = " and ".join(sorted(rules))
        raise SetupError(f"fixed:{strategy} is for {games}; {game} has no such decision")
    return FixedBot(f"fixed:{strategy}", rule, base)
