"""An observation kept up to date, from the seat's events (an encoding's tracker) or from its last view
(an encoding's refill), is at every decision the very numbers its encoding fills afresh from the seat's
view, in every game, variant and table size."""

from __future__ import annotations

import random

import numpy as np
import pytest

from feint.engine.info import InfoState
from feint.engine.observation import Encoding
from feint.engine.registry import declaration
from feint.engine.types import Seat
from feint.rl.table import Table
from tests.engine.configurations import configurations, ids


def _tracked(name: str) -> bool:
    """Whether the game's encoding offers a tracker."""
    return type(declaration(name).encoding(2)).tracker is not Encoding.tracker


def _refilled(name: str) -> bool:
    """Whether the game's encoding refills an observation from the seat's last view."""
    return type(declaration(name).encoding(2)).refill is not Encoding.refill


CONFIGS = [c for c in configurations(every_size=False) if _tracked(c[0]) or _refilled(c[0])]


def test_guile_tracks_its_observations_and_the_others_refill_theirs() -> None:
    assert {name for name, _, _ in CONFIGS if _tracked(name)} == {"guile"}
    assert {name for name, _, _ in CONFIGS if _refilled(name)} == {"guardians", "knights", "liars_dice"}


def _fresh(table: Table, seat: Seat) -> bytes:
    state = table.state
    info = InfoState.of(state, seat) if table.encoding.reads_events else InfoState(seat, state.view(seat))
    return np.frombuffer(table.encoding.dense(info), np.float64).astype(np.float32).tobytes()


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGS, ids=ids(CONFIGS))
def test_a_kept_observation_is_the_fresh_one_at_every_decision(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    table = Table(name, players, variants)
    rng = random.Random(7)
    generator = np.random.default_rng(7)
    kept = filled = 0
    for game in range(2):
        table.deal(generator)
        state = table.state
        while True:
            # Each seat asked at some decisions only, so a tracker catches up over one move or several.
            for seat in range(players):
                if rng.random() < 0.5 or state.is_over():
                    tracker, before = table._trackers[seat], table._filled[seat]
                    observation = table.observation(seat)
                    assert observation.tobytes() == _fresh(table, seat), (game, state.seq, seat)
                    if before is not None or (tracker is not None and table._trackers[seat] is tracker):
                        kept += 1
                    else:
                        filled += 1
            if state.is_over():
                break
            seat = state.to_move()[0]
            table.play(seat, rng.choice(state.legal_moves(seat)).index)
    assert kept > filled  # most observations were kept up to date, not filled afresh
