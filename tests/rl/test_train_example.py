"""examples/train_guile.py, on a tiny budget: it trains, evaluates both policies, reports win rates
inside their Wilson intervals (the arena's ``Share``), and repeats exactly under the same seed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_guile.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_guile", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_tiny_run_trains_evaluates_and_repeats(
    example: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "guile.zip"
    argv = ["--steps", "256", "--games", "6", "--seed", "3"]
    first = example.main([*argv, "--save", str(saved)])
    printed = capsys.readouterr().out
    assert saved.stat().st_size > 0
    for label, result in [("trained policy", first.trained), ("random baseline", first.baseline)]:
        assert result.trials == 6 and 0 <= result.successes <= 6
        low, high = result.interval
        assert 0.0 <= low <= result.value <= high <= 1.0 and low < high
        shown = [*label.split(), *example.described(result).split()]
        assert any(line.split() == shown for line in printed.splitlines())
    assert "Training" in printed and "steps" in printed  # the progress lines

    second = example.main(argv)
    assert (second.trained, second.baseline) == (first.trained, first.baseline)
