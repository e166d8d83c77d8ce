"""Guile scenario files: each plays a replay and checks the outcome its rule predicts.

The format and the runner are shared by every game (tests/scenario_support.py);
here are the Guile files (tests/scenarios/guile/*.json) and Guile's own checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from feint.engine.replay import Replay
from tests.scenario_support import SCENARIO_ROOT, load, run_scenario, scenario_files

GAME = "guile"
FILES = scenario_files(GAME)
MINIMUM_SCENARIOS = 30
VIEW_KEYS = {"0", "1", "spectator"}
SAME_OUTCOME = [
    ("draft-passing", "order-draft-picks-by-seat"),
    ("order-placement-interleaved", "order-placement-by-seat"),
]


def load_named(name: str) -> dict[str, Any]:
    return load(SCENARIO_ROOT / GAME / f"{name}.json")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(load(path), GAME, VIEW_KEYS)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS


@pytest.mark.parametrize(("first", "second"), SAME_OUTCOME)
def test_simultaneous_moves_in_any_order_give_the_same_state(first: str, second: str) -> None:
    one, other = load_named(first), load_named(second)
    assert one["moves"] != other["moves"]
    assert sorted(one["moves"]) == sorted(other["moves"])
    # The log keeps the order the choices came in; the game itself does not depend on it.
    assert Replay.from_json(one).play().report() == Replay.from_json(other).play().report()
