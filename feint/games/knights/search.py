"""How the generic search cuts and scores Knights of Glory's playouts, and how far it trusts a cover."""

from __future__ import annotations

from feint.bots.playout import Horizon, Rewards, Scoring, softmax
from feint.engine.view import View
from feint.games.knights.kinds import Kind
from feint.games.knights.view import KnightsView

TEMPERATURE = 2.75
"""A place ahead on the path is worth one over this more log-odds of winning.

Fitted, with ``TOKEN_PLACES``, by ``benchmarks/knights_estimate.py``: the
estimate at each round's end against who won, in heuristic self-play
(docs/bots.md). It was 1.5, which made six places ahead a certain win, so
a leader was indifferent to an Exit attempt that would fail."""
TOKEN_PLACES = 1.0
"""A KOG token is worth this many places in the estimate (fitted with ``TEMPERATURE``)."""
EXITED = 8.0
"""An exited seat's strength in the estimate: a place beyond the Exit."""
COVER_TRUST = 0.8
"""The chance a face-down cover the sampler made false is made true instead.

A cover the sampler deals is true about one time in six. Rejecting worlds
cannot lift that for an advance of two or three covers: a world with every
cover true is drawn about once in 36 or 216 tries, so the search mostly kept
a false one and disagreed with nearly every such advance. Made true one by
one, each cover is true about five times in six (1/6 + 5/6 * 0.8), the
heuristic's own rate (it bluffed 39 of 241 covers against ISMCTS, docs/bots.md).
"""
SHOWN_TRUTH = 0.5
"""The share of a seat's advances shown to the table (by a disagreement, or a Jester revealed) that were
true, the rate a claimant's record starts from. An advance is shown mostly because somebody disagreed
with it, so this is far below the share of true covers: the heuristic's shown advances were true 0.33 of
the time in 2-seat self-play, 0.51 in 4-seat self-play, 0.71 among heuristic seats against ISMCTS
(ISMCTS's own 0.53, docs/bots.md); the middle."""
DISAGREE_RATE = 0.32
"""The heuristic's share of disagree votes in self-play: 0.32 and 0.25 in two runs (60 two-seat and 30
four-seat games, 619 and 1,284 votes); the higher, so a seat is not taken for a doubter too soon."""


def estimate(view: View, temperature: float = TEMPERATURE, token_places: float = TOKEN_PLACES) -> Rewards:
    """The place on the path plus ``token_places`` a token, as a softmax over the seats still in the game.

    The playouts use the fitted constants; ``benchmarks/knights_estimate.py`` passes others to fit them.
    """
    assert isinstance(view, KnightsView)
    exited = set(view.exits)
    # An exit is a win: the others can only hope to join it.
    strength = [
        EXITED if seat.seat in exited else None if seat.out else seat.place + token_places * seat.tokens
        for seat in view.seats
    ]
    return softmax(strength, temperature)


SCORING = Scoring(
    Horizon(frozenset({Kind.ROUND})),
    estimate,
    trust=COVER_TRUST,
    shown_truth=SHOWN_TRUTH,
    doubt_rate=DISAGREE_RATE,
    quiet=frozenset({"pass", "vote agree"}),
)
