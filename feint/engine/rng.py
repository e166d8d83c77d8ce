"""A small seeded random generator whose whole state is one integer.

The state of a game owns its generator, so a game serializes to JSON and back
without losing its future: the same seed and the same moves give the same game.
The algorithm is SplitMix64 (Steele, Lea and Flood, 2014): fast, well mixed,
and simple enough to reimplement anywhere a replay must be checked.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMIT = 1 << 64
_LIMITS = tuple(_LIMIT - _LIMIT % n if n else 0 for n in range(257))
"""The rejection bound of ``below(n)`` for the decks' sizes, worked out once."""


class Rng:
    """SplitMix64. ``Rng(seed)`` for a new stream, ``state`` to save and restore it."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else seed * _GOLDEN + _GOLDEN) & _MASK

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
        """Fisher-Yates, in place: ``below`` and ``next64`` written out in one loop.

        Shuffles are the generator's hot path (a deck at every set-up and
        reshuffle), and the draws are exactly those of calling ``below``.
        """
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < len(limits) else _LIMIT - _LIMIT % n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(state=self.next64())
