"""A simple Guile rule, the yardstick of the Guile heuristic: take the best card you know of.

In play, when the Knight-Errant (always one of the bot's own knights) holds a
card the bot knows, and a knight of the other faction holds a known card
worth more, it swaps the two: its weakest known card for the strongest it
knows about. Otherwise it looks. It drafts the highest card, places its
cards in the order given, and chooses the faction and the Start Knight at
random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.engine.view import HIDDEN
from feint.games.guile.cards import Card
from feint.games.guile.moves import LOOK, ChooseFaction, ChooseStart, Pick, Swap
from feint.games.guile.view import GuileView

VALUE: dict[Card, int] = {Card.ONE: 1, Card.TWO: 2, Card.THREE: 3, Card.FOUR: 4, Card.DAGGER: 4}
"""Influence of the numbered cards; characters count 0 for this rule."""


class SimpleGuileBot:
    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        view = info.view
        assert isinstance(view, GuileView), "the simple Guile rule reads Guile views"
        first = legal[0]
        if isinstance(first, ChooseFaction | ChooseStart):
            return self._rng.choice(legal)
        if isinstance(first, Pick):
            return max(legal, key=lambda m: VALUE.get(m.card, 0) if isinstance(m, Pick) else 0)
        if view.knight_errant is None:
            return first
        return _swap_up(view, legal)


def _swap_up(view: GuileView, legal: Sequence[Move]) -> Move:
    errant = view.knights[view.knight_errant or 0]
    if errant.card in (None, HIDDEN):
        return LOOK
    mine = VALUE.get(errant.card, 0)
    theirs = [
        (VALUE.get(k.card, 0), k.position)
        for k in view.knights
        if k.seat != view.viewer and k.card not in (None, HIDDEN)
    ]
    best = max(theirs, default=(0, -1))
    if best[0] <= mine:
        return LOOK
    return next(m for m in legal if isinstance(m, Swap) and m.knight == best[1])
