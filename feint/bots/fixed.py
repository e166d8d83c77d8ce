"""Fixed strategies: bots that always tell the truth, always bluff, always call or never do.

They are the yardsticks of the strength check (docs/bots.md): a strong bot
must not let any of them take more than a fair share. Each is the game's
heuristic bot with one kind of decision fixed, so it plays the rest of the
game sensibly. What counts as a true claim, a bluff, a belief or a call is
the game's own declared claims (:mod:`feint.engine.claims`), so every
strategy works in every game that has claims:

| spec | the decisions it fixes |
|---|---|
| ``fixed:truthful`` | every claim it makes is true |
| ``fixed:bluff`` | every claim it makes is a bluff |
| ``fixed:trust`` | every claim it answers, it believes (``believe``, ``agree`` are the same) |
| ``fixed:doubt`` | every claim it answers, it calls (``disagree`` is the same) |

Each holds "whenever it can": when no legal move fits the strategy (a hand
of Curses can only be offered as a bluff, a die nothing in hand truly
covers), the heuristic chooses among every legal move. A game without
claims has none of these decisions, so no fixed strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from feint.bots.base import Bot
from feint.engine.claims import Claims
from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.engine.view import View
from feint.engine.words import Phrase

Rule = Callable[[Claims, View, Sequence[Move]], Sequence[Move]]
"""The legal moves a strategy allows in a decision; all of them when it has no say."""


def _claims(truthful: bool) -> Rule:
    def rule(claims: Claims, view: View, legal: Sequence[Move]) -> Sequence[Move]:
        truths = [claims.truth(view, m) for m in legal]
        # With no claim of the kind asked for, every claim stays open: a claim may be the only way on.
        if truthful not in truths:
            return legal
        return [m for m, truth in zip(legal, truths, strict=True) if truth in (None, truthful)]

    return rule


def _answers(trusting: bool) -> Rule:
    def rule(claims: Claims, view: View, legal: Sequence[Move]) -> Sequence[Move]:
        return [m for m in legal if claims.answer(m) in (None, trusting)]

    return rule


STRATEGIES: dict[str, Rule] = {
    "truthful": _claims(True),
    "bluff": _claims(False),
    "trust": _answers(True),
    "doubt": _answers(False),
}
ALIASES = {"believe": "trust", "agree": "trust", "disagree": "doubt"}
"""The answers by the names the games give them: one game's seats believe, another's agree."""


class FixedBot:
    """The heuristic ``base``, choosing only among the moves ``rule`` allows."""

    def __init__(self, name: str, rule: Rule, claims: Claims, base: Bot) -> None:
        self.name = name
        self._rule = rule
        self._claims = claims
        self._base = base

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        allowed = self._rule(self._claims, info.view, legal) or legal
        return allowed[0] if len(allowed) == 1 else self._base.choose(info, allowed)


def make_fixed(strategy: str | None, game: str, claims: Claims | None, base: Bot) -> FixedBot:
    """``fixed:<strategy>`` for ``game``, on the heuristic ``base``; SetupError where it does not apply."""
    name = ALIASES.get(strategy or "", strategy or "")
    rule = STRATEGIES.get(name)
    if rule is None:
        raise SetupError(
            Phrase("fixed needs a strategy: fixed:{listed}", listed="|".join([*STRATEGIES, *ALIASES]))
        )
    if claims is None:
        raise SetupError(
            Phrase(
                "fixed:{strategy} fixes how claims are made or answered; {game} has no claims",
                strategy=strategy,
                game=game,
            )
        )
    return FixedBot(f"fixed:{strategy}", rule, claims, base)
