"""Random legal play, the suites' common driver: seeded choices, so every run repeats."""

from __future__ import annotations

import random
from collections.abc import Iterator

from feint.engine import GameState, Move


def random_moves(state: GameState, chooser: random.Random, limit: int) -> Iterator[tuple[int, Move]]:
    """Up to ``limit`` random legal moves, to the end at most; yields each (seat, move) just before it is
    applied."""
    for _ in range(limit):
        if state.is_over():
            return
        seat = chooser.choice(state.to_move())
        move = chooser.choice(state.legal_moves(seat))
        yield seat, move
        state.apply(seat, move)


def play(state: GameState, chooser: random.Random, limit: int) -> None:
    """Up to ``limit`` random legal moves, to the end at most."""
    for _ in random_moves(state, chooser, limit):
        pass
