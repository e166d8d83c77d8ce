"""Knights of Glory's claims: the covers of an advance that goes to a vote, and the votes that answer it.

The one place that says whether a cover is true and how a claim was answered:
the rules (a vote's outcome), the sampler (covers made true with a trust),
the heuristic bot (its records of each seat), the fixed strategies and the
arena's bluff statistics all ask here.

An advance's face-down covers (and weapon substitutions) claim that each card
matches its die (rulebook "Dice Advancement Rules"); a Wild or a KOG token is
never judged false ("Bluffing Wild Cards"). The vote answers the claim: an
agreeing seat believes it, a disagreeing one calls it ("Voting").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from feint.engine.claims import Claim
from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.view import HIDDEN, View
from feint.games.knights.cards import JESTER, TOKEN, WILD, Kind
from feint.games.knights.kinds import Kind as EventKind
from feint.games.knights.moves import VOTE_AGREE, VOTE_DISAGREE, Cover, Substitute
from feint.games.knights.view import KnightsView

TRUE_ON_ANY_DIE = (WILD, TOKEN)
"""Covers true on a die of any face, in the order the face-up covers are offered."""
ALWAYS_TRUE = frozenset(TRUE_ON_ANY_DIE)
"""Covers that are never judged false."""


def covers_truly(card: object, claim: object) -> bool:
    """Whether a cover of ``card`` (a card kind or ``token``) is true to ``claim``, the weapon it claims."""
    return card in ALWAYS_TRUE or card == claim


def bluffed(card: object, claim: object) -> bool | None:
    """Whether a cover seen as ``card`` is a bluff; None where the card is hidden from the reader."""
    return None if card is HIDDEN or card == HIDDEN else not covers_truly(card, claim)


def true_covers(face: Kind) -> tuple[Kind, ...]:
    """The covers true to a die of ``face``, in the order they are offered face-up."""
    return (face, *TRUE_ON_ANY_DIE)


class KnightsClaims:
    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        """One claim per advance that went to a vote (see :meth:`answered`)."""
        for _, claim in self.answered(events):
            yield claim

    def answered(self, events: Iterable[Event]) -> Iterator[tuple[Event, Claim]]:
        """Each advance that went to a vote, as its ``votes`` event and its claim, in order.

        The claim is judged from its covers' cards where the reader saw them
        all (its own covers, or a full log); else from what the vote showed
        next: a disagreement reveals the covers, then a bluff is caught or
        the claim stands; when everybody agreed only the Jesters among the
        covers are revealed, and none shown leaves the truth unknown (None).
        """
        covers: list[Event] = []
        pending: tuple[Event, Claim] | None = None
        """A vote whose claim's truth the events after it show."""
        revealed = False
        for event in events:
            kind = event.kind
            if pending is not None:
                votes, claim = pending
                if votes.get("disagree") and not revealed and kind == EventKind.REVEAL:
                    revealed = True
                    continue
                bluff = _shown(claim, bool(votes.get("disagree")), event)
                yield votes, claim if bluff is None else replace(claim, bluff=bluff)
                pending = None
            if kind == EventKind.ADVANCE:
                covers = []
            elif kind == EventKind.COVER:
                covers.append(event)
            elif kind == EventKind.VOTES and covers:
                claimant = covers[0].actor
                assert claimant is not None
                judged = [bluffed(cover.get("card"), cover.get("claim")) for cover in covers]
                bluff = None if None in judged else any(judged)
                claim = Claim(claimant, bluff, tuple(event.get("disagree")), tuple(event.get("agree")))
                covers = []
                if bluff is None:
                    pending, revealed = (event, claim), False
                else:
                    yield event, claim
        if pending is not None:
            yield pending

    def truth(self, view: View, move: MoveBase) -> bool | None:
        """Whether a cover or substitution about to be made is true; None for any other move."""
        assert isinstance(view, KnightsView)
        if isinstance(move, Cover):
            return covers_truly(move.cover, move.face)
        if isinstance(move, Substitute):
            assert view.target is not None, "a substitution is made during an advance"
            return covers_truly(move.card, view.path[view.target - 1])
        return None

    def answer(self, move: MoveBase) -> bool | None:
        return True if move == VOTE_AGREE else False if move == VOTE_DISAGREE else None


def _shown(claim: Claim, disagreed: bool, event: Event) -> bool | None:
    """Whether ``event``, right after a vote (and the covers' reveal, after a disagreement), shows the
    claim a bluff (True) or true (False); None where it shows neither."""
    if disagreed:
        return event.kind == EventKind.BLUFF_CAUGHT and event.actor == claim.claimant
    # All agreed: the Jesters among the covers, if any, are revealed at once.
    jesters = (
        event.kind == EventKind.REVEAL and event.actor == claim.claimant and JESTER in event.get("cards")
    )
    return True if jesters else None


CLAIMS = KnightsClaims()
