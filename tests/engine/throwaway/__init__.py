"""A throwaway game, written to a temporary package by the tests: what a game's author writes at least.

Two seats are dealt a card each from 1 to 4. Seat 0 claims its card's value;
seat 1 believes the claim (then the higher of the claimed value and seat 1's
card wins, a tie to seat 1) or calls it (then the claimant wins if the claim
was true, the caller if it was a bluff). It has rules, a view, events, a
sampler, claims and a phrasebook: nothing else, so every front-end and bot
must draw and play it from its declaration alone.
"""

from feint.engine.game import Game

from .kinds import Kind
from .state import ClaimState

GAME = Game(
    package=__name__,
    state=ClaimState,
    kinds=Kind,
    words=".words:BOOK",
    claims=".claims:CLAIMS",
    reveals=".kinds:reveals",
)
