"""Knights of Glory scenario files: each plays a replay and checks the outcome its rule predicts.

The format and the runner are shared by every game (tests/scenario_support.py).
Each file under tests/scenarios/knights/ fixes the path, the hands, the
Unknown Deck and the dice, so no luck is involved, and pins one rule, ruling,
gap decision or variant of docs/rules/knights-of-glory.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_support import load, run_scenario, scenario_files

GAME = "knights"
FILES = scenario_files(GAME)
MINIMUM_SCENARIOS = 50
VIEW_KEYS = {"0", "1", "2", "3", "4", "spectator"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    run_scenario(load(path), GAME, VIEW_KEYS)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= MINIMUM_SCENARIOS


def test_every_scenario_fixes_its_chance() -> None:
    """Hands and dice fixed in every file that plays a move, so its outcome needs no luck."""
    for path in FILES:
        data = load(path)
        if data["moves"]:
            assert "hands" in data.get("setup", {}), f"{path.name}: fix the hands"
            assert "paths" in data.get("setup", {}), f"{path.name}: fix the paths"
