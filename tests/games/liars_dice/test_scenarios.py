"""Liar's Dice scenario files: each plays a replay and checks the outcome its ruling predicts.

The format and the runner are shared by every game (tests/scenario_support.py).
Each file under tests/scenarios/liars_dice/ fixes the dice of every round it
plays, so no luck is involved, and pins one ruling (LD1-LD13) of
docs/rules/liars-dice.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_support import load, run_scenario, scenario_files

GAME = "liars_dice"
FILES = scenario_files(GAME)
MINIMUM_SCENARIOS = 20
VIEW_KEYS = {"0", "1", "2", "spectator"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(load(path), GAME, VIEW_KEYS)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS


def test_every_scenario_fixes_its_dice() -> None:
    for path in FILES:
        assert load(path)["setup"].get("rolls"), f"{path.name}: fix the rolls"
