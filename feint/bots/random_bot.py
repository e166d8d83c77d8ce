"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from feint.engine.info import InfoState
from feint.engine.state import Move


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        return self._rng.choice(legal)
