"""Decisions per second through the PettingZoo AEC environment against the raw engine, for every game.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/rl_speed.py [--games 20] [--rounds 5] [--players N] [--floor]

For each game (at two seats, or ``--players`` where the game allows it), in the
same process and alternately, ``--rounds`` times: the raw engine plays
``--games`` random games (each decision: ``to_move``, ``legal_moves``, a
choice, ``apply``), and the AEC environment plays as many (each decision:
``last()``, which builds the acting seat's observation and mask, a choice
among the mask's moves, ``step``). The best round of each is kept, so the
neighbours' load mostly cancels. Prints decisions/s of each and the ratio of
their costs per decision (the environment's over the engine's).

With ``--floor``, a third loop runs in each round: the environment with no
observation built (``last(observe=False)``, the mask read from ``info``),
and its cost ratio is printed too: what the environment's own bookkeeping
and the choice from a mask cost, so the observation's share is the rest.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from feint.engine.registry import declarations, get_game, new_game
from feint.rl.pettingzoo import env
from feint.rl.table import draw_seed


def raw(game: str, players: int, games: int) -> tuple[int, float]:
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = new_game(game, players, seed)
        chooser = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
            decisions += 1
    return decisions, time.perf_counter() - start


def aec(game: str, players: int, games: int, observe: bool = True) -> tuple[int, float]:
    table = env(game, players)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        table.reset(seed=seed)
        chooser = random.Random(seed)
        for _agent in table.agent_iter():
            observation, _, termination, truncation, info = table.last(observe)
            if termination or truncation:
                table.step(None)
                continue
            mask = observation["action_mask"] if observe else info["action_mask"]
            table.step(int(chooser.choice(np.flatnonzero(mask))))
            decisions += 1
    return decisions, time.perf_counter() - start


Trace = tuple[int, list[int]]
"""A game played through the AEC environment: the seed ``reset`` was given, and every action taken."""


def traced(game: str, players: int, games: int) -> list[Trace]:
    """``games`` random games through the AEC environment (as :func:`aec`), each kept as its seed and actions,
    for :func:`raw_replay` and :func:`aec_replay` to play again without choosing."""
    table = env(game, players)
    traces = []
    for seed in range(games):
        table.reset(seed=seed)
        chooser = random.Random(seed)
        actions: list[int] = []
        for _agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            actions.append(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
            table.step(actions[-1])
        traces.append((seed, actions))
    return traces


def raw_replay(game: str, players: int, traces: list[Trace]) -> tuple[int, float]:
    """The engine's own cost of the traced games: each decision ``to_move``, ``legal_moves`` and ``apply``
    of the action taken (looked up by index, no choice made)."""
    listed = get_game(game).MOVES.moves
    decisions = 0
    start = time.perf_counter()
    for seed, actions in traces:
        state = new_game(game, players, draw_seed(np.random.default_rng(seed)), {"variants": []})
        for action in actions:
            seat = state.to_move()[0]
            state.legal_moves(seat)
            state.apply(seat, listed[action])
        decisions += len(actions)
    return decisions, time.perf_counter() - start


def aec_replay(game: str, players: int, traces: list[Trace]) -> tuple[int, float]:
    """The environment's own cost of the same games: each decision ``last()`` (observation and mask) and
    ``step`` of the action taken, and the end of each game as :func:`aec` plays it."""
    table = env(game, players)
    decisions = 0
    start = time.perf_counter()
    for seed, actions in traces:
        table.reset(seed=seed)
        moves = iter(actions)
        for _agent in table.agent_iter():
            _, _, termination, truncation, _ = table.last()
            table.step(None if termination or truncation else next(moves))
        decisions += len(actions)
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; the best is kept (5)")
    parser.add_argument("--players", type=int, default=2, help="seats, where the game allows (default 2)")
    parser.add_argument("--floor", action="store_true", help="also the environment with no observation built")
    args = parser.parse_args()
    floor = f" {'floor ratio':>11}" if args.floor else ""
    print(f"{'game':<12} {'seats':>5} {'engine/s':>10} {'AEC/s':>10} {'cost ratio':>10}{floor}")
    for declared in declarations():
        if declared.observation is None:
            continue
        game, cls = declared.name, declared.state
        players = min(max(args.players, cls.MIN_PLAYERS), cls.MAX_PLAYERS)
        best_raw = best_env = best_bare = 0.0
        for _ in range(args.rounds):
            n, spent = raw(game, players, args.games)
            best_raw = max(best_raw, n / spent)
            n, spent = aec(game, players, args.games)
            best_env = max(best_env, n / spent)
            if args.floor:
                n, spent = aec(game, players, args.games, observe=False)
                best_bare = max(best_bare, n / spent)
        ratios = f"{best_raw / best_env:>10.2f}" + (f" {best_raw / best_bare:>11.2f}" if args.floor else "")
        print(f"{game:<12} {players:>5} {best_raw:>10,.0f} {best_env:>10,.0f} {ratios}")


if __name__ == "__main__":
    main()
