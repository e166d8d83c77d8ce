"""Guardian's Call scenario files: each plays a replay and checks the outcome its rule predicts.

The format and the subset matching are in tests/scenario_check.py; the index
of rules to files is in docs/rules/guardians-call.md.
"""

from __future__ import annotations

import re
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


def test_the_rules_page_indexes_every_scenario() -> None:
    page = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "guardians-call.md").read_text(
        encoding="utf-8"
    )
    named = set(re.findall(r"`([a-z0-9-]+)`", page))
    assert [p.stem for p in FILES if p.stem not in named] == []
