"""Taking moves back: the one rule the terminal and the server share.

A seat may take back its last move and every move made since, only while
nothing hidden was shown to it since: what it has seen cannot be unseen, so
a take-back past a card drawn, dice rolled or votes shown would let it play
the same decision again knowing more. Whether an event showed the seat
something hidden is a rule of its game, declared with it
(:attr:`~feint.engine.game.Game.reveals`); a game that declares none allows
no take-back at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from feint.engine.events import Event
from feint.engine.registry import declaration
from feint.engine.state import GameState, Seat


def last_move(moves: Sequence[tuple[Seat, str]], seat: Seat) -> int | None:
    """The position of ``seat``'s last move in ``moves`` (each a seat and its notation); None if none."""
    return next((i for i in reversed(range(len(moves))) if moves[i][0] == seat), None)


def revealed_since(state: GameState, seat: Seat, since: int) -> Event | None:
    """The first event after seq ``since`` that showed ``seat`` something hidden, as it saw it; None
    if there is none, so its moves from the one made at ``since`` on may be taken back."""
    game = declaration(state.NAME)
    return next((event for event in state.events(seat, since=since) if game.shows_hidden(event, seat)), None)
