"""Random-game throughput, reported against a baseline measured in the same run.

The machines are shared and noisy, so an absolute figure alone says little.
Each run also times a fixed reference workload, a random tic-tac-toe playout
written in plain Python, and reports the game's speed as a ratio to it: the
ratio moves with our code, not with the neighbours' load.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from feint.engine.registry import new_game

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Throughput:
    games: int
    decisions: int
    seconds: float

    def __add__(self, other: Throughput) -> Throughput:
        return Throughput(
            self.games + other.games, self.decisions + other.decisions, self.seconds + other.seconds
        )

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds


def random_games(
    game: str,
    players: int | None,
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Throughput:
    """Play ``games`` games with uniformly random moves; a decision is one applied move.

    Game ``n`` is dealt from seed ``seed + n`` and played by a chooser seeded
    the same, so any split of a run into slices plays the same games.
    """
    decisions = 0
    elapsed = 0.0
    for number in range(games):
        chooser = random.Random(seed + number)
        start = time.perf_counter()
        state = new_game(game, players, seed + number)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
            decisions += 1
        elapsed += time.perf_counter() - start
        if progress is not None:
            progress(number + 1)
    return Throughput(games, decisions, elapsed)


def baseline(playouts: int, seed: int = 0) -> Throughput:
    """The reference workload: random tic-tac-toe playouts, counted in moves."""
    chooser = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(playouts):
        board = [0] * 9
        empty = list(range(9))
        player = 1
        while empty:
            square = empty.pop(chooser.randrange(len(empty)))
            board[square] = player
            moves += 1
            if any(board[a] == board[b] == board[c] == player for a, b, c in _LINES):
                break
            player = -player
    return Throughput(playouts, moves, time.perf_counter() - start)


@dataclass(frozen=True)
class Comparison:
    """A game's random throughput against the baseline's, slice by slice."""

    game: Throughput
    baseline: Throughput
    ratios: tuple[float, ...]
    """Each slice's game moves/s over the baseline's moves/s in the slice just before it."""

    @property
    def ratio(self) -> float:
        """The median of the slices' ratios: a burst of load that hits a few slices moves it little."""
        return statistics.median(self.ratios)


def against_baseline(
    game: str,
    players: int | None,
    games: int,
    seed: int = 0,
    slices: int = 20,
    baseline_playouts: int = 20_000,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """The game's random throughput and the baseline's, measured in alternating slices.

    Load on a shared machine comes in bursts of a few seconds, and it slows
    the two workloads differently, so a ratio of totals moved by a tenth from
    one run to the next. Each slice pairs a short baseline run with the games
    after it, and the ratio is the median of the pairs' ratios.
    """
    measured = Throughput(0, 0, 0.0)
    reference = Throughput(0, 0, 0.0)
    ratios = []
    for index in range(slices):
        share = games * (index + 1) // slices - games * index // slices
        if not share:
            continue
        base = baseline(max(1, baseline_playouts // slices), seed + index)
        report = None if progress is None else partial(_shifted, progress, measured.games)
        played = random_games(game, players, share, seed + measured.games, report)
        reference += base
        measured += played
        ratios.append(played.decisions_per_second / base.decisions_per_second)
    return Comparison(measured, reference, tuple(ratios))


def _shifted(progress: Callable[[int], None], offset: int, count: int) -> None:
    progress(offset + count)
