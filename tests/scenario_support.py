"""Scenario files shared by every game: replays that check the outcome their rule predicts.

A scenario is a replay file (tests/scenarios/<game>/*.json) with three more
keys: ``rule`` cites the rulebook, ruling or gap it checks, ``description``
says what happens, and ``expect`` holds the outcome worked out by hand from
the rules::

    {"state": {...}, "views": {"0": {...}, "spectator": {...}},
     "error": {"position": N, "reason_contains": "..."}}

``state`` and each view are matched as subsets of the JSON that ``feint
replay`` prints: objects by their listed keys, lists item by item with the
same length, scalars exactly.

The game test modules import it as ``tests.scenario_support``: pytest puts
the project root on ``sys.path`` (``pythonpath`` in pyproject.toml).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest

from feint.engine.replay import Replay, ReplayMoveError
from feint.engine.state import GameState, Viewer

SCENARIO_ROOT = Path(__file__).resolve().parent / "scenarios"
EXPECT_KEYS = {"state", "views", "error"}


def scenario_files(game: str) -> list[Path]:
    """The scenario files of ``game``, sorted by name."""
    return sorted((SCENARIO_ROOT / game).glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
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
    return as_json({**state.summary(), **state.report()})


def check_error(replay: Replay, error: dict[str, Any]) -> None:
    with pytest.raises(ReplayMoveError) as raised:
        replay.play()
    assert raised.value.position == error["position"], str(raised.value)
    assert error["reason_contains"] in raised.value.reason, str(raised.value)


def check_outcome(state: GameState, expect: dict[str, Any]) -> None:
    problem = mismatch(expect.get("state", {}), full_state(state))
    assert problem is None, problem
    for key, expected_view in expect.get("views", {}).items():
        problem = mismatch(expected_view, as_json(state.view(viewer(key)).to_json()), f"view {key}")
        assert problem is None, problem


def check_shape(data: dict[str, Any], game: str, view_keys: Collection[str]) -> dict[str, Any]:
    """The scenario's ``expect``, once the file is known to cite, describe and expect something."""
    assert data.get("game") == game, f'a {game} scenario must say "game": "{game}"'
    assert isinstance(data.get("rule"), str) and data["rule"], "a scenario must cite its rule"
    assert isinstance(data.get("description"), str) and data["description"], "a scenario must describe itself"
    expect = data.get("expect")
    assert isinstance(expect, dict) and expect, "a scenario must say what it expects"
    assert set(expect) <= EXPECT_KEYS, f"unknown expect keys {sorted(set(expect) - EXPECT_KEYS)}"
    assert not ("error" in expect and set(expect) & {"state", "views"}), "an error leaves no state to check"
    assert set(expect.get("views", {})) <= set(view_keys), f"views may be {sorted(view_keys)}"
    return expect


def run_scenario(data: dict[str, Any], game: str, view_keys: Collection[str]) -> None:
    """Check a scenario's shape, play it, and compare the outcome with its ``expect``."""
    expect = check_shape(data, game, view_keys)
    replay = Replay.from_json(data)
    if "error" in expect:
        check_error(replay, expect["error"])
    else:
        check_outcome(replay.play(), expect)
