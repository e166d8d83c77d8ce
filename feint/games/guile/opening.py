"""The opening (rulebook Set Up I-II, round 1 only): seat 0 chooses its faction, then its Start Knight.

Rules held here (docs/rules/guile.md, "Set-up"): seat 0 plays ``faction
arthur`` or ``faction mordred`` and seat 1 leads the other faction for the
whole game (G11); then seat 0 names one of its own knights as the Start
Knight, where the Turn Card starts. What the choices do is in
:mod:`feint.games.guile.effects`.
"""

from __future__ import annotations

from feint.engine.words import Phrase
from feint.games.guile import moves as mv
from feint.games.guile.board import Board
from feint.games.guile.cards import KNIGHTS, Faction, faction_of, faction_positions
from feint.games.guile.model import not_this_phase

FACTION_MOVES: tuple[mv.GuileMove, ...] = tuple(mv.FACTION.values())
"""Either faction, for seat 0."""
_START_MOVES = {f: tuple(mv.START[k] for k in faction_positions(f)) for f in Faction}


def start_moves(s: Board) -> tuple[mv.GuileMove, ...]:
    """One of seat 0's own knights as the Start Knight."""
    return _START_MOVES[s.faction_of_seat(0)]


def explain_faction() -> str:
    return not_this_phase(Phrase("seat 0 chooses a faction: faction arthur or faction mordred"))


def explain_start(move: mv.GuileMove) -> str:
    if isinstance(move, mv.ChooseStart):
        return Phrase(
            "{knight} is a knight of {faction}, not one of yours",
            knight=Phrase(KNIGHTS[move.knight]),
            faction=Phrase(faction_of(move.knight)),
        )
    return not_this_phase(Phrase("seat 0 chooses its Start Knight: start <knight>"))
