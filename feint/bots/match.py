"""One game between bots, each fed its own seat's information as the game goes."""

from __future__ import annotations

from collections.abc import Mapping

from feint.bots.base import Bot
from feint.engine.info import InfoState
from feint.engine.state import GameState, Seat


def play_out(state: GameState, bots: Mapping[Seat, Bot]) -> GameState:
    """Play ``state`` to its end, every seat by its bot, each from its view and events only."""
    infos = {seat: InfoState.of(state, seat) for seat in bots}
    while not state.is_over():
        seat = state.to_move()[0]
        info = infos[seat]
        info.sync(state)
        state.apply(seat, bots[seat].choose(info, state.legal_moves(seat)))
    return state


def share(state: GameState, seat: Seat) -> float:
    """The seat's share of a finished game: one over the number of winners, if it is one."""
    winners = state.result().winners
    return 1 / len(winners) if seat in winners else 0.0
