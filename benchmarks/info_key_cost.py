"""What ``InfoState.key`` costs against building the information's JSON string, in the same run.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/info_key_cost.py [--games G] [--rounds R]

For each game, random games are played and every state met at a decision kept. Then, in alternating
passes over those states, every seat's ``InfoState`` is synced at every decision (not timed) and then
asked, under the clock, for

- ``none``: nothing (the clock's own cost, subtracted from the others);
- ``key``: ``info.key``, folded from the new events as they arrive;
- ``json``: ``json.dumps`` of the view's and the events' JSON, as an information-state string built from
  JSON is (what a scratch OpenSpiel wrapper spent 35-70% of its search on);
- ``json+``: the same string built incrementally, the view's JSON and the new events' JSON appended to the
  earlier events' text (the cheapest honest JSON string).

It prints microseconds per information state (the clock's cost subtracted), each pass's median over
the rounds, and key/json and key/json+ (below 1: the key is cheaper).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from feint.engine import GameState, InfoState, game_names, new_game


def decisions(name: str, games: int) -> list[list[GameState]]:
    """Every state met at a decision of ``games`` random games, one list per game."""
    found = []
    for seed in range(games):
        chooser, state, met = random.Random(seed), new_game(name, None, seed), []
        while not state.is_over():
            met.append(state.clone())
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
        found.append(met)
    return found


def no_key(info: InfoState, memo: dict[int, tuple[int, str]]) -> object:
    return None


def key(info: InfoState, memo: dict[int, tuple[int, str]]) -> object:
    return info.key


def full_json(info: InfoState, memo: dict[int, tuple[int, str]]) -> object:
    return json.dumps([info.view.to_json(), [event.to_json() for event in info.events]])


def growing_json(info: InfoState, memo: dict[int, tuple[int, str]]) -> object:
    done, text = memo.get(id(info), (0, ""))
    events = info.events
    if len(events) > done:
        text += "".join(json.dumps(event.to_json()) for event in events[done:])
        memo[id(info)] = (len(events), text)
    return json.dumps(info.view.to_json()) + text


Ask = Callable[[InfoState, dict[int, tuple[int, str]]], object]


def timed(games: list[list[GameState]], ask: Ask) -> float:
    """Seconds per information state: every seat synced (not timed) and asked (timed) at every decision."""
    asked, spent, clock = 0, 0.0, time.perf_counter
    for met in games:
        infos = [InfoState.of(met[0], seat) for seat in range(met[0].players)]
        memo: dict[int, tuple[int, str]] = {}
        for state in met:
            for info in infos:
                info.sync(state)
                start = clock()
                ask(info, memo)
                spent += clock() - start
                asked += 1
    return spent / asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="random games per game (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="passes of each kind (default 5)")
    args = parser.parse_args()
    asks = {"none": no_key, "key": key, "json": full_json, "json+": growing_json}
    print(f"{'game':<11}{'key µs':>9}{'json µs':>9}{'json+ µs':>10}{'key/json':>10}{'key/json+':>11}")
    for name in game_names():
        games = decisions(name, args.games)
        times: dict[str, list[float]] = {kind: [] for kind in asks}
        for _ in range(args.rounds):
            for kind, ask in asks.items():
                times[kind].append(timed(games, ask))
        median = {kind: statistics.median(values) for kind, values in times.items()}
        cost = {kind: (median[kind] - median["none"]) * 1e6 for kind in ("key", "json", "json+")}
        print(
            f"{name:<11}{cost['key']:>9.2f}{cost['json']:>9.1f}{cost['json+']:>10.1f}"
            f"{cost['key'] / cost['json']:>10.3f}{cost['key'] / cost['json+']:>11.3f}"
        )


if __name__ == "__main__":
    main()
