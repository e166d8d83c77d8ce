"""The Voting Phase: who votes and what a vote may be.

Rules held here (docs/rules/knights-of-glory.md): KG8, votes are secret and
simultaneous, cast by every opponent still playing, except a seat on Start
with no cards ("voting rights revoked"); a seat sitting out agrees and casts
nothing. What the votes lead to is in :mod:`feint.games.knights.effects`.
"""

from __future__ import annotations

from feint.engine.state import Seat
from feint.engine.words import Phrase
from feint.games.knights import moves as mv
from feint.games.knights.board import Board

VOTES: tuple[mv.KnightsMove, ...] = (mv.VOTE_AGREE, mv.VOTE_DISAGREE)


def waiting_voters(s: Board) -> tuple[Seat, ...]:
    """The voters who have not voted yet: they move together."""
    votes = s.votes
    return tuple([v for v in s.voters if votes[v] is None])


def explain_vote(s: Board, seat: Seat, move: mv.KnightsMove) -> str:
    return Phrase("the vote: vote agree or vote disagree")
