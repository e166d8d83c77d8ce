"""One game between bots, each fed its own seat's information as the game goes."""

from __future__ import annotations

from collections.abc import Mapping

from feint.bots.base import Bot
from feint.engine.info import InfoState
from feint.engine.state import GameState, Move, Seat


def play_out(state: GameState, bots: Mapping[Seat, Bot]) -> list[tuple[Seat, Move]]:
    """Play ``state`` to its end, every seat by its bot, each from its view and events only.

    Returns the moves played, each with its seat, in order.
    """
    infos = {seat: InfoState.of(state, seat) for seat in bots}
    played: list[tuple[Seat, Move]] = []
    while not state.is_over():
        seat = state.to_move()[0]
        info = infos[seat]
        info.sync(state)
        played.append((seat, state.apply(seat, bots[seat].choose(info, state.legal_moves(seat)))))
    return played


def share(state: GameState, seat: Seat) -> float:
    """The seat's share of a finished game: one over the number of winners, if it is one."""
    winners = state.result().winners
    return 1 / len(winners) if seat in winners else 0.0
