"""A truthful Knights seat against the search: how far the drawn worlds believe it, how often it is called.

    PYTHONPATH=TREE .venv/bin/python benchmarks/knights_truthful.py worlds [GAMES] [WORLDS]
    PYTHONPATH=TREE .venv/bin/python benchmarks/knights_truthful.py votes SEED...

Five seats, Bluffing Wild Cards, ``fixed:truthful`` in seat ``seed % 5``.

``worlds``: the other four seats are heuristic bots (games 0 to GAMES-1,
default 20). At every vote on the truthful seat's advance, each voter's
information is sampled WORLDS times (default 40) by ``KnightsState.sample``
trusting the claimant not at all, at 0.8 and at 1.0, and the share of the
worlds' face-down covers that are true is printed for each, beside the share
of the real ones. The games do not depend on the sampler, so two trees play
the same votes: run it with ``PYTHONPATH`` at each to compare them.

``votes``: the other four seats are ``ismcts:hard`` (a count of
iterations, so the load does not change the games); prints, per seed, the
votes the searchers cast on the truthful seat's voted advances and how many
disagreed, apart for the advances true and those it bluffed (when no true
cover was legal, the truthful strategy takes any).

Both read the true state to know whose advance is voted on and what its
covers are, which is what makes them measurements and not bots.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from feint.bots.base import Bot
from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.engine.state import Seat, Trust
from feint.games.knights.claims import covers_truly
from feint.games.knights.model import BLUFFING_WILDS, Phase
from feint.games.knights.state import KnightsState

PLAYERS = 5
TRUSTS: tuple[float | None, ...] = (None, 0.8, 1.0)
"""No trust (the sampler's uniform odds), then the search's and full belief."""


def _game(seed: int, others: str) -> tuple[KnightsState, dict[Seat, Bot], Seat]:
    state = new_game("knights", PLAYERS, seed, {"variants": [BLUFFING_WILDS]})
    assert isinstance(state, KnightsState)
    truthful = seed % PLAYERS
    bots = {
        seat: make_bot("fixed:truthful" if seat == truthful else others, "knights", bot_seed(seed, seat))
        for seat in range(PLAYERS)
    }
    return state, bots, truthful


def _face_down_truths(state: KnightsState) -> list[bool]:
    assert state.attempt is not None and state.attempt.covers is not None
    return [covers_truly(c.card, c.claim) for c in state.attempt.covers if c.face_down and not c.public]


def _trusting(claimant: Seat, trust: float | None) -> Trust | None:
    """The sampler's trust: ``claimant`` believed at ``trust``, nobody else; None: the uniform odds."""
    if trust is None:
        return None
    return lambda seat: trust if seat == claimant else 0.0


def worlds(games: int, samples: int) -> None:
    true: Counter[float | None] = Counter()
    covers = real = real_true = votes = 0
    for seed in range(games):
        state, bots, truthful = _game(seed, "heuristic")
        infos = {seat: InfoState.of(state, seat) for seat in range(PLAYERS)}
        judged = False
        while not state.is_over():
            seat = state.to_move()[0]
            info = infos[seat]
            info.sync(state)
            voting = state.phase is Phase.VOTE and state.active == truthful
            if voting and not judged and _face_down_truths(state):
                judged = True
                real += len(_face_down_truths(state))
                real_true += sum(_face_down_truths(state))
                for voter in state.to_move():
                    infos[voter].sync(state)
                    votes += 1
                    for n in range(samples):
                        for trust in TRUSTS:
                            rng = random.Random(seed * 100_003 + voter * 1_009 + n)
                            world = KnightsState.sample(infos[voter], rng, _trusting(truthful, trust))
                            truths = _face_down_truths(world)
                            true[trust] += sum(truths)
                            if trust is None:
                                covers += len(truths)
            if not voting:
                judged = False
            state.apply(seat, bots[seat].choose(info, state.legal_moves(seat)))
    print(f"{games} games: {votes} voters' information at the truthful seat's face-down advances")
    print(f"  real covers true: {real_true} of {real} ({real_true / max(real, 1):.3f})")
    for trust in TRUSTS:
        name = "uniform" if trust is None else f"trust {trust}"
        print(f"  worlds, {name}: {true[trust]} of {covers} covers true ({true[trust] / max(covers, 1):.3f})")


def votes(seeds: list[int]) -> None:
    counts: Counter[str] = Counter()
    for seed in seeds:
        state, bots, truthful = _game(seed, "ismcts:hard")
        infos = {seat: InfoState.of(state, seat) for seat in range(PLAYERS)}
        game: Counter[str] = Counter()
        while not state.is_over():
            seat = state.to_move()[0]
            info = infos[seat]
            info.sync(state)
            move = bots[seat].choose(info, state.legal_moves(seat))
            if state.phase is Phase.VOTE and state.active == truthful and seat != truthful:
                # Forced, the truthful seat bluffs: a vote on a false advance is counted apart.
                advance = "true" if all(_face_down_truths(state)) else "bluff"
                game[advance] += 1
                game[f"{advance} disagree"] += str(move) == "vote disagree"
            state.apply(seat, move)
        print(f"seed {seed} (truthful seat {truthful}): {_votes(game)}", flush=True)
        counts.update(game)
    print(f"all: {_votes(counts)}")


def _votes(counts: Counter[str]) -> str:
    cast = counts["true"] + counts["bluff"]
    against = counts["true disagree"] + counts["bluff disagree"]
    return (
        f"{against} disagree of {cast} votes; on true advances {counts['true disagree']} of {counts['true']},"
        f" on bluffs {counts['bluff disagree']} of {counts['bluff']}"
    )


def main() -> None:
    mode, args = sys.argv[1], [int(a) for a in sys.argv[2:]]
    if mode == "worlds":
        worlds(*(args or [20]))
    elif mode == "votes":
        votes(args)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
