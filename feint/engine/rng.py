"""A small seeded random generator whose whole state is one integer.

The state of a game owns its generator, so a game serializes to JSON and back
without losing its future: the same seed and the same moves give the same game.
The algorithm is SplitMix64 (Steele, Lea and Flood, 2014): fast, well mixed,
and simple enough to reimplement anywhere a replay must be checked.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMIT = 1 << 64
_LANE = 128
"""Bits per state in a shuffle's lanes: room for a 64-bit value times a 64-bit constant."""


class Rng:
    """SplitMix64. ``Rng(seed)`` for a new stream, ``state`` to save and restore it."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else seed * _GOLDEN + _GOLDEN) & _MASK

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its state, under every pickle protocol (0 and 1 cannot write slots on their own)."""
        return _at_state, (self.state,)

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _LIMIT - _LIMIT % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place, with exactly the draws of calling ``below`` for each place.

        Shuffles are the generator's hot path (a deck at every set-up and
        reshuffle). The draws of one shuffle are independent of each other, so
        they are computed together: each state is a 128-bit lane of one big
        integer, and SplitMix64's dozen operations run once on all the lanes
        (a lane's product never reaches the next one). A draw that ``below``
        would reject (only a value in the top ``n`` of 2**64 can be) sends the shuffle to the
        one-draw-at-a-time loop, which is the definition.
        """
        n = len(items)
        draws = n - 1
        if draws <= 0:
            return
        ones, multiples, masks = _lanes(draws)
        z = (self.state * ones + multiples) & masks
        z = ((z ^ (z >> 30)) & masks) * 0xBF58476D1CE4E5B9 & masks
        z = ((z ^ (z >> 27)) & masks) * 0x94D049BB133111EB & masks
        z = (z ^ (z >> 31)) & masks
        values = memoryview(z.to_bytes(16 * draws, "little")).cast("Q")[::2]
        if max(values) >= _LIMIT - n:
            self._shuffle_one_by_one(items)
            return
        for i, x in zip(range(draws, 0, -1), values, strict=True):
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = (self.state + draws * _GOLDEN) & _MASK

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(state=self.next64())


def _at_state(state: int) -> Rng:
    return Rng(state=state)


@cache
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes: 1 in every lane, ``k`` golden gammas in lane ``k - 1``, 64 ones in every lane."""
    ones = sum(1 << (_LANE * k) for k in range(count))
    multiples = sum((((k + 1) * _GOLDEN) & _MASK) << (_LANE * k) for k in range(count))
    return ones, multiples, ones * _MASK
