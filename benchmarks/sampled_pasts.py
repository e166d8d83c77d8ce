"""What rebuilding every seat's past costs a sampled world, against the viewer's log alone, in one run.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/sampled_pasts.py [--states 30] [--rounds 5]

For each game whose worlds carry every seat's past (``SAMPLES_HISTORIES``),
random games are played to fixed-seed points; then, alternating round by
round, the same resamples are timed with the game's rebuild and with it
switched off (the world's log laid out from the viewer's events as they
are). Prints the best time of each and their ratio: the resample's cost, not
the search's (an ISMCTS iteration also plays the world out).
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Sequence
from typing import Any

from feint.engine.events import log_of
from feint.engine.registry import new_game
from tests.engine.random_play import play

REBUILDERS = {
    "guile": "feint.games.guile.belief",
    "guardians": "feint.games.guardians.state",
    "knights": "feint.games.knights.state",
}
"""The module that calls ``rebuilt_log`` and ``pasts`` in each game's sampler."""


def measure(game: str, players: int, states: int, rounds: int) -> tuple[float, float]:
    module: Any = importlib.import_module(REBUILDERS[game])
    worlds = []
    for seed in range(states):
        state = new_game(game, players, seed)
        chooser = random.Random(seed)
        play(state, chooser, chooser.randrange(20, 120))
        if not state.is_over():
            worlds.append(state)
    rebuild, pasts = module.rebuilt_log, module.pasts
    best = {True: float("inf"), False: float("inf")}
    try:
        for _ in range(rounds):
            for on in (True, False):
                module.rebuilt_log = rebuild if on else (lambda events, viewer, _: log_of(events))
                module.pasts = pasts if on else (lambda *_: None)
                start = time.perf_counter()
                for k in range(20):
                    for i, state in enumerate(worlds):
                        state.resample(i % players, random.Random(k))
                best[on] = min(best[on], time.perf_counter() - start)
    finally:
        module.rebuilt_log, module.pasts = rebuild, pasts
    return best[True], best[False]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--states", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    for game, players in (("guile", 2), ("guardians", 2), ("guardians", 4), ("knights", 2), ("knights", 5)):
        rebuilt, alone = measure(game, players, args.states, args.rounds)
        ratio = rebuilt / alone
        print(f"{game:<10} {players} seats: rebuilt {rebuilt:.3f}s, viewer's log {alone:.3f}s, x{ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
