"""Table moves, open to any seat between turns: sit out, sit in, leave, join.

Sitting out or in may be asked for during a turn too (``table_moves_later``):
the request waits for the turn to end.

Rules held here (docs/rules/knights-of-glory.md; Poker Attributes, the
rulings, KG24): a seat sitting out is skipped, agrees to every vote and is
moved by none, but a collapse still puts it out; a seat may not sit out if
no other would be left playing; a seat that leaves gives its cards to the
Unknown Deck; an absent seat joins on Start, never once a seat has exited.
"""

from __future__ import annotations

from feint.engine.state import Seat
from feint.engine.words import Phrase
from feint.games.knights import moves as mv
from feint.games.knights.board import Board
from feint.games.knights.model import ABSENT, ACTION_PHASE, OVER_PHASE, PLAYING, SITTING_OUT

_SIT_OUT_OR_LEAVE: tuple[mv.KnightsMove, ...] = (mv.SIT_OUT, mv.LEAVE)
_LEAVE: tuple[mv.KnightsMove, ...] = (mv.LEAVE,)
_SIT_IN_OR_LEAVE: tuple[mv.KnightsMove, ...] = (mv.SIT_IN, mv.LEAVE)
_JOIN: tuple[mv.KnightsMove, ...] = (mv.JOIN,)


def table_moves(s: Board, seat: Seat) -> tuple[mv.KnightsMove, ...]:
    if s.phase is not ACTION_PHASE or s.acted or not 0 <= seat < s.players:
        return ()
    status = s.status[seat]
    if status is PLAYING:
        others = any(s.status[o] is PLAYING for o in s.opponents(seat))
        return _SIT_OUT_OR_LEAVE if others else _LEAVE
    if status is SITTING_OUT:
        return _SIT_IN_OR_LEAVE
    if status is ABSENT and s.final_turns is None:
        return _JOIN
    return ()


def table_moves_later(s: Board, seat: Seat) -> tuple[mv.KnightsMove, ...]:
    """Sitting out or in, asked for during a turn: it waits for the turn to end."""
    if (s.phase is ACTION_PHASE and not s.acted) or s.phase is OVER_PHASE or not 0 <= seat < s.players:
        return ()
    status = s.status[seat]
    if status is PLAYING and any(s.status[o] is PLAYING for o in s.opponents(seat)):
        return (mv.SIT_OUT,)
    if status is SITTING_OUT:
        return (mv.SIT_IN,)
    return ()


def explain_table_move(s: Board, seat: Seat, move: mv.KnightsMove) -> str:
    if s.phase is not ACTION_PHASE or s.acted:
        return Phrase("{move} is only possible between turns", move=move)
    status = s.status[seat]
    if move is mv.SIT_OUT and status is PLAYING:
        return Phrase("no other seat would be left playing")
    if move is mv.JOIN and status is ABSENT:
        return Phrase("nobody may join once a seat has exited")
    return Phrase("seat {seat} is {status}", seat=seat, status=Phrase(status))
