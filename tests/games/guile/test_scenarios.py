"""Guile scenario files: each plays a replay and checks the outcome its rule predicts.

A scenario is a replay file (tests/scenarios/guile/*.json) with three more keys:
``rule`` cites the rulebook, ruling or gap it checks, ``description`` says what
happens, and ``expect`` holds the outcome worked out by hand from the rules::

    {"state": {...}, "views": {"0": {...}, "spectator": {...}},
     "error": {"position": N, "reason_contains": "..."}}

``state`` and each view are matched as subsets of the JSON that ``feint
replay`` prints: objects by their listed keys, lists item by item with the
same length, scalars exactly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from feint.engine.replay import Replay, ReplayMoveError
from feint.engine.state import GameState, Viewer

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "guile"
FILES = sorted(SCENARIOS.glob("*.json"))
MINIMUM_SCENARIOS = 30
EXPECT_KEYS = {"state", "views", "error"}
SAME_OUTCOME = [
    ("draft-passing", "order-draft-picks-by-seat"),
    ("order-placement-interleaved", "order-placement-by-seat"),
]


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def as_json(value: Any) -> Any:
    """The value as it would be printed and read back: tuples become lists."""
    return json.loads(json.dumps(value))


def mismatch(expected: Any, actual: Any, where: str = "$") -> str | None:
    """Where ``actual`` fails to contain ``expected``, or None if it does."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}: no key {key!r}"
            found = mismatch(value, actual[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for index, (item, found) in enumerate(zip(expected, actual, strict=True)):
            problem = mismatch(item, found, f"{where}[{index}]")
            if problem:
                return problem
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


def viewer(key: str) -> Viewer:
    return None if key == "spectator" else int(key)


def full_state(state: GameState) -> Any:
    return as_json({**state.summary(), **state.to_json()})


def check_error(replay: Replay, error: dict[str, Any]) -> None:
    with pytest.raises(ReplayMoveError) as raised:
        replay.play()
    assert raised.value.position == error["position"], str(raised.value)
    assert error["reason_contains"] in raised.value.reason


def check_outcome(state: GameState, expect: dict[str, Any]) -> None:
    problem = mismatch(expect.get("state", {}), full_state(state))
    assert problem is None, problem
    for key, expected_view in expect.get("views", {}).items():
        problem = mismatch(expected_view, as_json(state.view(viewer(key)).to_json()), f"view {key}")
        assert problem is None, problem


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    data = load(path.stem)
    assert isinstance(data.get("rule"), str) and data["rule"], "a scenario must cite its rule"
    assert isinstance(data.get("description"), str) and data["description"], "a scenario must describe itself"
    expect = data.get("expect")
    assert isinstance(expect, dict) and expect, "a scenario must say what it expects"
    assert set(expect) <= EXPECT_KEYS, f"unknown expect keys {sorted(set(expect) - EXPECT_KEYS)}"
    assert not ("error" in expect and set(expect) & {"state", "views"}), "an error leaves no state to check"
    assert set(expect.get("views", {})) <= {"0", "1", "spectator"}
    replay = Replay.from_json(data)
    if "error" in expect:
        check_error(replay, expect["error"])
    else:
        check_outcome(replay.play(), expect)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS


@pytest.mark.parametrize(("first", "second"), SAME_OUTCOME)
def test_simultaneous_moves_in_any_order_give_the_same_state(first: str, second: str) -> None:
    one, other = load(first), load(second)
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
