"""``feint bench``: it runs and reports; speed itself is measured, never asserted."""

import re

import pytest

from feint.bench.costs import collect, measure
from feint.bench.throughput import Comparison, Throughput, against_baseline, baseline, random_games
from feint.cli.main import main


def test_bench_prints_games_and_decisions_per_second_with_a_same_run_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "guile", "--games", "3"]) == 0
    out = capsys.readouterr().out
    for label in ("games/s", "moves/s", "baseline", "ratio"):
        assert re.search(rf"^\s+{label}\s+[\d,.]+", out, re.MULTILINE), label


def test_random_games_count_every_applied_move() -> None:
    measured = random_games("guile", 2, 4, seed=11)
    assert measured.games == 4
    # A Guile game takes at least 2 rounds of 16 turns plus set-up, draft and placement.
    assert measured.decisions >= 4 * (2 + 2 * (6 + 8 + 16))
    assert measured.seconds > 0
    assert random_games("guile", 2, 4, seed=11).decisions == measured.decisions


def test_baseline_counts_tic_tac_toe_moves() -> None:
    measured = baseline(50)
    assert 5 * 50 <= measured.decisions <= 9 * 50


def test_bench_refuses_unknown_games_and_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["bench", "chess"], ["bench", "guile", "--games", "0"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2, argv
    capsys.readouterr()
    assert main(["bench", "guile", "--players", "3"]) == 2
    captured = capsys.readouterr()
    assert "Guile is played by 2 players, not 3" in captured.err
    assert captured.out == ""


def test_against_baseline_plays_every_game_in_slices_and_reports_progress_to_the_total() -> None:
    seen: list[int] = []
    comparison = against_baseline("guile", 2, 7, seed=3, slices=3, baseline_playouts=30, progress=seen.append)
    measured = comparison.game
    assert measured.games == 7
    assert seen == list(range(1, 8))
    assert comparison.baseline.games == 3 * 10
    assert measured.decisions == random_games("guile", 2, 7, seed=3).decisions
    assert len(comparison.ratios) == 3
    assert comparison.ratio == sorted(comparison.ratios)[1]


def test_the_ratio_is_the_median_of_the_slices_so_one_slow_slice_does_not_move_it() -> None:
    slow, fast = Throughput(1, 100, 1.0), Throughput(1, 100, 0.01)
    comparison = Comparison(fast, slow, (0.50, 0.52, 0.05, 0.51, 0.49))
    assert comparison.ratio == 0.50


def test_slices_beyond_the_games_are_skipped() -> None:
    comparison = against_baseline("guile", 2, 2, slices=5, baseline_playouts=10)
    assert comparison.game.games == 2 and len(comparison.ratios) == 2


def test_knights_bench_plays_four_seat_games_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "knights", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Knights of Glory, 4 seats, 2 random games")
    assert re.search(r"^\s+moves/s\s+[\d,.]+", out, re.MULTILINE)


def test_costs_time_a_view_and_a_clone_per_group_of_move_numbers_with_the_baseline() -> None:
    groups = collect("guile", 2, 3, seed=5)
    rows = measure("guile", 2, 3, seed=5)
    assert [row.bucket for row in rows] == sorted(groups)
    assert [row.states for row in rows] == [len(groups[b]) for b in sorted(groups)]
    assert all(row.view_us > 0 and row.clone_us > 0 and row.baseline > 0 for row in rows)


def test_bench_costs_prints_a_row_per_group_and_the_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "guile", "--costs", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Guile, 2 seats: median µs by move number, over 2 random games")
    assert re.search(r"^\s+0\s+\d+\s+[\d.]+\s+[\d.]+\s+[\d,]+$", out, re.MULTILINE)
    assert "baseline/s" in out
