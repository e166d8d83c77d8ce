import pytest

from feint.arena.stats import Share, spread, wilson

# Newcombe (1998), "Two-sided confidence intervals for the single proportion",
# Statistics in Medicine 17, Table I, method 3 (Wilson score, no continuity correction).
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize(("successes", "trials", "low", "high"), NEWCOMBE)
def test_wilson_matches_published_values(successes: int, trials: int, low: float, high: float) -> None:
    lower, upper = wilson(successes, trials)
    assert lower == pytest.approx(low, abs=5e-5)
    assert upper == pytest.approx(high, abs=5e-5)


def test_wilson_is_symmetric_and_refuses_impossible_counts() -> None:
    low, high = wilson(3, 10)
    assert wilson(7, 10) == pytest.approx((1 - high, 1 - low))
    with pytest.raises(ValueError):
        wilson(1, 0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_a_share_says_whether_it_excludes_the_fair_share() -> None:
    assert Share(70, 100).excludes(0.5)
    assert not Share(55, 100).excludes(0.5)
    assert Share(55, 100).text() == " 55.0% [45.2%, 64.4%]"


def test_spread_reports_mean_median_and_percentiles() -> None:
    values = spread([float(v) for v in range(1, 11)])
    assert values.mean == 5.5
    assert values.percentile(0.5) == 6
    assert values.percentile(0.1) == 2
    assert values.percentile(0.9) == 10
