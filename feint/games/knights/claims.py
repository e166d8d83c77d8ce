"""Knights of Glory's claims: the covers of an advance that goes to a vote, and the votes that answer it.

An advance's face-down covers (and weapon substitutions) claim that each card
matches its die (rulebook "Dice Advancement Rules"); a Wild or a KOG token is
never judged false ("Bluffing Wild Cards"). The vote answers the claim: an
agreeing seat believes it, a disagreeing one calls it ("Voting").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from feint.engine.claims import Claim
from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.view import HIDDEN, View
from feint.games.knights.cards import TOKEN, WILD, Kind
from feint.games.knights.kinds import Kind as Event_
from feint.games.knights.moves import VOTE_AGREE, VOTE_DISAGREE, Cover, Substitute
from feint.games.knights.view import KnightsView

ALWAYS_TRUE = frozenset({WILD, TOKEN})
"""Covers that are never judged false."""


class KnightsClaims:
    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        """One claim per advance that went to a vote, judged from its covers' real cards where shown."""
        covers: list[Event] = []
        for event in events:
            if event.kind == Event_.ADVANCE:
                covers = []
            elif event.kind == Event_.COVER:
                covers.append(event)
            elif event.kind == Event_.VOTES and covers:
                claimant = covers[0].actor
                assert claimant is not None
                judged = [_false(cover) for cover in covers]
                bluff = None if None in judged else any(judged)
                yield Claim(claimant, bluff, tuple(event.get("disagree")), tuple(event.get("agree")))
                covers = []

    def truth(self, view: View, move: MoveBase) -> bool | None:
        """Whether a cover or substitution about to be made is true; None for any other move."""
        assert isinstance(view, KnightsView)
        if isinstance(move, Cover):
            return move.cover in (move.face, WILD, TOKEN)
        if isinstance(move, Substitute):
            assert view.target is not None, "a substitution is made during an advance"
            return move.card in (view.path[view.target - 1], WILD)
        return None

    def answer(self, move: MoveBase) -> bool | None:
        return True if move == VOTE_AGREE else False if move == VOTE_DISAGREE else None


def _false(cover: Event) -> bool | None:
    """Whether a cover event's card is false; None where the reader was not shown the card."""
    card = str(cover.get("card"))
    if card == HIDDEN:
        return None
    return Kind(card) not in ALWAYS_TRUE and card != str(cover.get("claim"))


CLAIMS = KnightsClaims()
