"""Guardian's Call scenario files: each plays a replay and checks the outcome its rule predicts.

The format and the subset matching are in tests/scenario_check.py; the index
of rules to files is in docs/rules/guardians-call.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_check import load, run_scenario, scenario_files

FILES = scenario_files("guardians")
MINIMUM_SCENARIOS = 50


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(load("guardians", path.stem))


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS
