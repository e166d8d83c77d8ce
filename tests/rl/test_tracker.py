"""An observation kept up to date from the seat's events (an encoding's tracker) is, at every decision,
the very numbers its encoding fills afresh from the seat's view, in every game, variant and table size."""

from __future__ import annotations

import random

import numpy as np
import pytest

from feint.engine.info import InfoState
from feint.engine.registry import declaration
from feint.rl.table import Table
from tests.engine.configurations import configurations, ids

CONFIGS = [
    c for c in configurations(every_size=False) if declaration(c[0]).package.startswith("feint.games.")
]


def test_the_games_keep_their_observations_from_events() -> None:
    for name in ("guile", "liars_dice"):
        table = Table(name, 2)
        table.deal(np.random.default_rng(1))
        table.observation(0)
        assert table._trackers[0] is not None, name


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGS, ids=ids(CONFIGS))
def test_a_tracked_observation_is_the_fresh_one_at_every_decision(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    table = Table(name, players, variants)
    rng = random.Random(7)
    generator = np.random.default_rng(7)
    for game in range(3):
        table.deal(generator)
        state = table.state
        while True:
            # Each seat asked at some decisions only, so a tracker catches up over one move or several.
            for seat in range(players):
                if rng.random() < 0.6 or state.is_over():
                    fresh = table.encoding.dense(InfoState.of(state, seat))
                    expected = np.frombuffer(fresh, np.float64).astype(np.float32)
                    assert table.observation(seat).tobytes() == expected.tobytes(), (game, state.seq, seat)
            if state.is_over():
                break
            seat = state.to_move()[0]
            table.play(seat, rng.choice(state.legal_moves(seat)).index)
