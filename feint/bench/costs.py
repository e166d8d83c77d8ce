"""What one view (with its JSON text) and one clone cost, at every stage of a game.

States are collected from random games, grouped by move number, and each
cost is the median of timing every state of a group: so a cost that grows
with the length of the game shows as a rising row, not as noise in a mean.
The costs are reported with the same-run tic-tac-toe baseline
(:mod:`feint.bench.throughput`) for comparison across machines.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from feint.bench.throughput import baseline
from feint.engine.registry import new_game
from feint.engine.state import GameState, Viewer

BUCKETS = (0, 25, 100, 250, 500, 1000, 2000)
"""The move numbers that open each group of states."""


@dataclass(frozen=True, slots=True)
class Costs:
    bucket: int
    """The first move number of the group."""
    states: int
    view_us: float
    """Median µs of ``view(viewer)`` plus ``json.dumps`` of its JSON, over every viewer."""
    clone_us: float
    baseline: float
    """Tic-tac-toe baseline moves/s, timed just before the group: how fast the machine ran then."""


def collect(game: str, players: int | None, games: int, seed: int = 0) -> dict[int, list[GameState]]:
    """Copies of the states of random games, by group of move number (every third state kept)."""
    groups: dict[int, list[GameState]] = {}
    for number in range(games):
        chooser = random.Random(seed + number)
        state = new_game(game, players, seed + number)
        moves = 0
        while not state.is_over():
            if moves % 3 == 0:
                bucket = max(b for b in BUCKETS if b <= moves)
                groups.setdefault(bucket, []).append(state.clone())
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
            moves += 1
    return groups


def _median_us(action: Callable[[], object], repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def _view_text(state: GameState, viewer: Viewer) -> str:
    return json.dumps(state.view(viewer).to_json())


def measure(game: str, players: int | None, games: int, seed: int = 0) -> list[Costs]:
    rows = []
    for bucket, states in sorted(collect(game, players, games, seed).items()):
        rate = baseline(2_000, seed + bucket).decisions_per_second
        views = []
        clones = []
        for state in states:
            for viewer in (None, *range(state.players)):
                views.append(_median_us(partial(_view_text, state, viewer)))
            clones.append(_median_us(state.clone))
        rows.append(Costs(bucket, len(states), statistics.median(views), statistics.median(clones), rate))
    return rows
