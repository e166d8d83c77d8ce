"""Placement (rulebook Set Up V): each seat lays one card face-down on each of its own knights.

Rules held here (docs/rules/guile.md, "Set-up" 5): both seats place at the
same time and in secret, one card a move, on a knight of their own faction
that has no card yet (G7); a seat with no card left waits for the other.
What a placement does is in :mod:`feint.games.guile.effects`.
"""

from __future__ import annotations

from functools import cache

from feint.engine.state import Seat
from feint.engine.words import Listing, Phrase
from feint.games.guile import moves as mv
from feint.games.guile.board import Board
from feint.games.guile.cards import KNIGHTS, Card, Faction, distinct, faction_of, faction_positions
from feint.games.guile.draft import WAITING
from feint.games.guile.model import not_this_phase

_OWN_POSITIONS = {f: tuple(faction_positions(f)) for f in Faction}


def placing(s: Board) -> tuple[Seat, ...]:
    """The seats with cards still to place."""
    hands = s.hands
    return WAITING[bool(hands[0])][bool(hands[1])]


def place_moves(s: Board, seat: Seat) -> tuple[mv.GuileMove, ...]:
    """Each distinct card of the hand on each of the seat's knights still empty."""
    knights = s.knights
    empty = tuple(k for k in _OWN_POSITIONS[s.faction_of_seat(seat)] if knights[k] is None)
    return _place_moves(tuple(s.hands[seat]), empty)


@cache
def _place_moves(hand: tuple[Card, ...], empty: tuple[int, ...]) -> tuple[mv.GuileMove, ...]:
    return tuple(mv.PLACE[c, k] for c in distinct(hand) for k in empty)


def explain_place(s: Board, seat: Seat, move: mv.GuileMove) -> str:
    if not isinstance(move, mv.Place):
        return not_this_phase(Phrase("placement: place <card> <knight>"))
    name = Phrase(KNIGHTS[move.knight])
    if faction_of(move.knight) is not s.faction_of_seat(seat):
        return Phrase(
            "{knight} is a knight of {faction}, not one of yours",
            knight=name,
            faction=Phrase(faction_of(move.knight)),
        )
    if s.knights[move.knight] is not None:
        return Phrase("{knight} already has a card", knight=name)
    return Phrase(
        "you hold no {card}; your hand is {hand}",
        card=Phrase(move.card),
        hand=Listing(distinct(s.hands[seat]), " "),
    )
