"""ISMCTS with every seat's past in its sampled Knights worlds against the same search without, at equal time.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/knights_pasts_arena.py [--games 40] [--ms 50] [--seed 0]

``feint arena`` has no switch for a game's sampler, so this plays the
arena's games itself: two ``ismcts:ms=N`` bots, one of which draws its
worlds as the Knights sampler did before pasts were rebuilt (the viewer's
events alone, :func:`~feint.games.knights.belief.sample_state`), seats
swapped every game. Prints the share of the bot with pasts (a shared win
counts half) with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any, Self

from feint.arena.stats import wilson
from feint.bots.match import play_out
from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.state import Trust
from feint.games.knights.belief import sample_state
from feint.games.knights.believed import believe_covers
from feint.games.knights.state import KnightsState
from feint.games.knights.view import KnightsView


class WithoutPasts(KnightsState):
    """Knights as its sampler drew worlds before pasts: the viewer's events alone in the world's log."""

    @classmethod
    def sample(cls, info: InfoState[KnightsView], rng: random.Random, trust: Trust | None = None) -> Self:
        state: Any = KnightsState.__new__(KnightsState)
        sample_state(state, info, rng)
        if trust is not None:
            believe_covers(state, info, trust, rng)
        return state  # type: ignore[no-any-return]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--ms", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    points = 0.0
    start = time.perf_counter()
    for game in range(args.games):
        seed = args.seed + game
        state = new_game("knights", 2, seed)
        ours = game % 2
        bots = {seat: make_bot(f"ismcts:ms={args.ms}", "knights", seed * 2 + seat) for seat in range(2)}
        bots[1 - ours]._game = WithoutPasts  # type: ignore[attr-defined]
        play_out(state, bots)
        winners = state.result().winners
        points += (ours in winners) / len(winners) if winners else 0.5
        share = points / (game + 1)
        low, high = wilson(points, game + 1)
        print(
            f"game {game + 1}: pasts seat {ours}, winners {list(winners)}; share {share:.3f} "
            f"[{low:.3f}, {high:.3f}] ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
