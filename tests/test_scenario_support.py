"""The subset matcher every game's scenario files are checked with."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenario_support import mismatch


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
