"""Guardian's Call scenario files: each plays a replay and checks the outcome its rule predicts.

The format and the runner are shared by every game (tests/scenario_support.py); the index
of rules to files is in docs/rules/guardians-call.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.scenario_support import load, run_scenario, scenario_files

GAME = "guardians"
FILES = scenario_files(GAME)
VIEW_KEYS = {"0", "1", "2", "3", "4", "spectator"}
MINIMUM_SCENARIOS = 50


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(load(path), GAME, VIEW_KEYS)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS


def test_the_rules_page_indexes_every_scenario() -> None:
    page = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "guardians-call.md").read_text(
        encoding="utf-8"
    )
    named = set(re.findall(r"`([a-z0-9-]+)`", page))
    assert [p.stem for p in FILES if p.stem not in named] == []
