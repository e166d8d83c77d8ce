"""A heuristic Guile bot: it keeps strong cards, places characters well, and
takes the opponent's strong cards when it knows where they are.

It reasons only from its seat's information. Every card it placed stays
known to it through the public swaps, so each face-down card it has not seen
is one of the opponent's; the draft tells it most of those (the card counting
is Guile's belief module, which the sampler uses too). From that it gives
each unseen card the same probability per card kind, and scores a table by its faction's expected
Influence minus the opponent's. In play it makes the swap that raises that
margin most, and looks when no swap is worth more; a swap that takes a card it
has not seen must be worth clearly more (``UNSEEN_RISK``), since the opponent
knows where its own cards are.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import permutations
from typing import cast

from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.engine.view import HIDDEN
from feint.games.guile.belief import Knowledge, knowledge
from feint.games.guile.cards import (
    DAGGER,
    ISOLDE,
    MERLIN,
    MORGANA,
    PALAMEDES,
    TABLE,
    TRISTAN,
    Card,
    across,
)
from feint.games.guile.model import EXTENDED_CAST
from feint.games.guile.moves import LOOK, ChooseFaction, ChooseStart, GuileMove, Pick, Place, Swap
from feint.games.guile.view import GuileView

Layout = list[Card | None]
"""A card per knight as the bot knows it; None for a card it has not seen."""

NUMBER: dict[Card, float] = {Card.ONE: 1.0, Card.TWO: 2.0, Card.THREE: 3.0, Card.FOUR: 4.0, DAGGER: 4.1}
"""Numbered cards' worth; the dagger a little more, for the last tie-break."""

DRAFT_WORTH: dict[Card, float] = {
    **NUMBER,
    ISOLDE: 3.6,
    # Worth no Influence itself, but cancels an opponent's card, and in the
    # opponent's hands it would cancel one of ours.
    MORGANA: 2.8,
    MERLIN: 2.5,
}
"""How much the bot wants each card in the draft: Isolde matches its best card on
its own Isolde knight, Merlin copies a card of its own faction across the table."""

UNSEEN_RISK = 1.5
"""A swap that takes a card the bot has not seen must gain this much more margin than looking.

The opponent knows where each of its own cards lies, so a strong card taken
blind is soon swapped back, and the card given away for it is now known to
sit on the opponent's knight. Without this the bot stole blind at every
chance, and lost 84% of its games (1,000 games) to the simple rule that only
takes back the cards it knows (``feint.games.guile.simple``)."""

_JITTER = 1e-6
_Worth = Callable[[GuileMove], float]


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, info: InfoState, legal: Sequence[Move]) -> GuileMove:
        view = info.view
        assert isinstance(view, GuileView), "the Guile heuristic reads Guile views"
        return self._choose(view, cast(Sequence[GuileMove], legal))

    def _choose(self, view: GuileView, legal: Sequence[GuileMove]) -> GuileMove:
        first = legal[0]
        if isinstance(first, ChooseFaction | ChooseStart):
            return self._rng.choice(legal)
        if isinstance(first, Pick):
            return self._best(legal, lambda m: DRAFT_WORTH[m.card] if isinstance(m, Pick) else 0.0)
        if isinstance(first, Place):
            return self._place(view, legal)
        return self._play(view, legal)

    def _best(self, moves: Sequence[GuileMove], worth: _Worth) -> GuileMove:
        """The move worth most; equal ones are told apart at random."""
        return max(moves, key=lambda m: worth(m) + self._rng.random() * _JITTER)

    def _place(self, view: GuileView, legal: Sequence[GuileMove]) -> GuileMove:
        """Plan the whole placement of the hand, and make its first move."""
        if EXTENDED_CAST not in view.variants:
            return _weakest_first(view, legal)
        parity = _own_parity(view)
        layout = _layout(view)
        empty = sorted({m.knight for m in legal if isinstance(m, Place)})
        plans = [dict(zip(empty, order, strict=True)) for order in sorted(set(permutations(view.hand)))]
        # Every plan puts the same cards down, so the unseen ones are the same.
        unknown = _unknown_cards(knowledge(view), _planned(layout, plans[0]).count(None))
        best_plan = max(
            plans,
            key=lambda plan: _margin(_planned(layout, plan), unknown, parity) + self._rng.random() * _JITTER,
        )
        knight = empty[0]
        card = best_plan[knight]
        return next(m for m in legal if isinstance(m, Place) and m.knight == knight and m.card == card)

    def _play(self, view: GuileView, legal: Sequence[GuileMove]) -> GuileMove:
        errant = view.knight_errant
        assert errant is not None
        parity = _own_parity(view)
        layout = _layout(view)
        unknown = _unknown_cards(knowledge(view), layout.count(None))
        now = _margin(layout, unknown, parity)

        def gain(move: GuileMove) -> float:
            if not isinstance(move, Swap):
                return 0.0
            swapped = list(layout)
            swapped[errant], swapped[move.knight] = swapped[move.knight], swapped[errant]
            return _margin(swapped, unknown, parity) - now

        def worth(move: GuileMove) -> float:
            blind = isinstance(move, Swap) and layout[move.knight] is None
            return gain(move) - (UNSEEN_RISK if blind else 0.0)

        swap = self._best([m for m in legal if isinstance(m, Swap)], worth)
        return swap if worth(swap) > _JITTER else LOOK


def _weakest_first(view: GuileView, legal: Sequence[GuileMove]) -> GuileMove:
    """Numbered cards score the same on any knight, so put the weakest card on the
    knight whose turn comes first: the bot may swap it away soonest."""
    start = view.start_knight or 0
    return min(
        legal,
        key=lambda m: (NUMBER[m.card], (m.knight - start) % TABLE) if isinstance(m, Place) else (0.0, 0),
    )


def _own_parity(view: GuileView) -> int:
    """0 if the viewer controls Arthur's knights (even positions), 1 for Mordred's."""
    return 0 if view.viewer == view.arthur_seat else 1


def _layout(view: GuileView) -> Layout:
    return [None if k.card in (None, HIDDEN) else k.card for k in view.knights]


def _planned(layout: Layout, plan: Mapping[int, Card]) -> Layout:
    return [plan.get(p, card) for p, card in enumerate(layout)]


def _unknown_cards(know: Knowledge, unseen: int) -> dict[Card, float]:
    """The probability of each card kind for any one of the ``unseen`` cards of the table.

    The opponent's cards the bot knows but has not seen on a knight are among
    them for sure; the others are drawn from the cards it never saw.
    """
    if unseen == 0:
        return {}
    certain = know.unplaced_known
    rest = know.never_seen - know.required
    drawn = max(unseen - certain.total(), 0)
    rest_total = rest.total() or 1
    return {
        card: (certain[card] + drawn * rest[card] / rest_total) / unseen
        for card in certain.keys() | rest.keys()
    }


def _margin(layout: Layout, unknown: Mapping[Card, float], parity: int) -> float:
    """The expected Influence of the faction on ``parity`` minus the other's.

    Unseen cards count as the mixture ``unknown``; Morgana, Merlin and Isolde are
    resolved as in the rulings, one knight at a time, with expected values.
    """
    p_morgana = unknown.get(MORGANA, 0.0)
    mean_number = sum(p * NUMBER.get(card, 0.0) for card, p in unknown.items())
    standing = [
        1.0 - (p_morgana if after is None else float(after == MORGANA)) for after in layout[1:] + layout[:1]
    ]
    numbered = [
        standing[p] * (mean_number if card is None else NUMBER.get(card, 0.0))
        for p, card in enumerate(layout)
    ]
    best = (max(numbered[0::2]), max(numbered[1::2]))
    p_merlin = unknown.get(MERLIN, 0.0)
    p_isolde = unknown.get(ISOLDE, 0.0)
    margin = 0.0
    for p, card in enumerate(layout):
        merlin = standing[p] * numbered[across(p)]
        isolde = standing[p] * best[p % 2] if p in (TRISTAN, PALAMEDES) else 0.0
        if card is None:
            value = numbered[p] + p_merlin * merlin + p_isolde * isolde
        elif card == MERLIN:
            value = merlin
        elif card == ISOLDE:
            value = isolde
        else:
            value = numbered[p]
        margin += value if p % 2 == parity else -value
    return margin
