"""Guile scenario files: each plays a replay and checks the outcome its rule predicts.

The format and the subset matching are in tests/scenario_check.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from feint.engine.replay import Replay
from tests.scenario_check import load, mismatch, run_scenario, scenario_files

FILES = scenario_files("guile")
MINIMUM_SCENARIOS = 30
SAME_OUTCOME = [
    ("draft-passing", "order-draft-picks-by-seat"),
    ("order-placement-interleaved", "order-placement-by-seat"),
]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(load("guile", path.stem))


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS


@pytest.mark.parametrize(("first", "second"), SAME_OUTCOME)
def test_simultaneous_moves_in_any_order_give_the_same_state(first: str, second: str) -> None:
    one, other = load("guile", first), load("guile", second)
    assert one["moves"] != other["moves"]
    assert sorted(one["moves"]) == sorted(other["moves"])
    assert Replay.from_json(one).play().to_json() == Replay.from_json(other).play().to_json()


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        ({"a": 1}, {"a": 2}),
        ({"a": {"b": [1, 2]}}, {"a": {"b": [1, 2, 3]}}),
        ({"a": 1}, {"b": 1}),
        ({"a": {"b": 1}}, {"a": [1]}),
        ({"a": None}, {"a": 0}),
        ({"a": 1}, {"a": True}),
        ({"a": [{"b": 1}]}, {"a": [{"b": 2, "c": 3}]}),
        ({"a": [{"b": 1}]}, {"a": [{"b": 1}, {"b": 1}]}),
    ],
)
def test_subset_matching_reports_a_difference(expected: Any, actual: Any) -> None:
    assert mismatch(expected, actual) is not None


def test_subset_matching_ignores_unlisted_keys() -> None:
    assert mismatch({"a": {"b": [1, {"c": 2}]}}, {"a": {"b": [1, {"c": 2, "x": 0}], "d": 3}, "e": 4}) is None
