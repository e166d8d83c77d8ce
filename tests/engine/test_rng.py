from collections import Counter

import pytest

from feint.engine.rng import Rng


def test_same_seed_same_stream_and_state_restores_it() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    saved = Rng(state=a.state)
    assert [a.below(1000) for _ in range(20)] == [saved.below(1000) for _ in range(20)]


def test_different_seeds_differ() -> None:
    assert Rng(1).next64() != Rng(2).next64()


def test_known_splitmix64_values() -> None:
    # Reference values of SplitMix64 started from state 0 (Vigna's splitmix64.c).
    rng = Rng(state=0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_a_seeded_permutation() -> None:
    items = list(range(10))
    first, second = list(items), list(items)
    Rng(3).shuffle(first)
    Rng(3).shuffle(second)
    assert first == second and sorted(first) == items and first != items


def test_fork_is_independent_and_deterministic() -> None:
    a, b = Rng(9), Rng(9)
    assert a.fork().next64() == b.fork().next64()
    assert a.next64() == b.next64()


def test_shuffle_draws_exactly_what_fisher_yates_on_below_draws() -> None:
    """The shuffle writes ``below`` out in one loop; the draws and the state after must not change."""
    for seed in range(200):
        written_out, by_below = list(range(seed % 50)), list(range(seed % 50))
        fast, slow = Rng(seed), Rng(seed)
        fast.shuffle(written_out)
        for i in range(len(by_below) - 1, 0, -1):
            j = slow.below(i + 1)
            by_below[i], by_below[j] = by_below[j], by_below[i]
        assert written_out == by_below and fast.state == slow.state


def test_long_shuffles_draw_exactly_what_fisher_yates_on_below_draws() -> None:
    """Above 256 items a draw may be rejected by more than the top 256 values; lengths up to 300."""
    for length in (255, 256, 257, 300):
        for seed in range(20):
            fast, slow = Rng(seed), Rng(seed)
            written_out, by_below = list(range(length)), list(range(length))
            fast.shuffle(written_out)
            for i in range(length - 1, 0, -1):
                j = slow.below(i + 1)
                by_below[i], by_below[j] = by_below[j], by_below[i]
            assert written_out == by_below and fast.state == slow.state


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _undo_xorshift(value: int, shift: int) -> int:
    z = value
    for _ in range(64 // shift + 1):
        z = value ^ (z >> shift)
    return z


def _state_before(output: int) -> int:
    """The generator state whose next draw is ``output``: SplitMix64's mixing run backwards."""
    z = _undo_xorshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _undo_xorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    z = _undo_xorshift(z, 30)
    return (z - _GOLDEN) & _MASK


def test_a_rejected_draw_in_a_shuffle_is_drawn_again_as_below_does() -> None:
    # below(3) rejects 2**64 - 1 (2**64 leaves 1 over 3): make that the first draw of a 3-card shuffle.
    start = _state_before(_MASK)
    assert Rng(state=start).next64() == _MASK
    fast, slow = Rng(state=start), Rng(state=start)
    cards, by_below = ["a", "b", "c"], ["a", "b", "c"]
    fast.shuffle(cards)
    for i in (2, 1):
        j = slow.below(i + 1)
        by_below[i], by_below[j] = by_below[j], by_below[i]
    assert cards == by_below and fast.state == slow.state
    assert fast.state == (start + 3 * _GOLDEN) & _MASK  # three draws: the rejected one, then two
