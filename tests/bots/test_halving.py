"""Sequential halving at the root of the policy search: each round plays the surviving moves on the same
worlds and keeps the better half; the budget goes to the contenders, and a fixed seed repeats."""

from __future__ import annotations

import time
from typing import Any

import pytest

from feint.bots.ismcts import POLICY_LEVELS, Budget, IsmctsBot
from feint.bots.playout import Halving, scoring_for
from feint.bots.registry import make_bot
from feint.engine.state import GameState, Move
from tests.bots.test_ismcts import wide_decision


def score(move: Move) -> float:
    """A playout's reward for ``move``, the same on every world: the moves ranked in a scrambled order."""
    return (move.index * 7919 % 101) / 101


def count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[Move]:
    """Every playout the search plays from now on scores by :func:`score`; the moves played, in order."""
    played: list[Move] = []

    def counted(self: IsmctsBot, world: GameState, seat: int, move: Move, *args: Any) -> float:
        played.append(move)
        return score(move)

    monkeypatch.setattr(IsmctsBot, "_play_out", counted)
    return played


def run(halving: Halving, budget: int, reward: dict[int, float]) -> list[list[int]]:
    """Worlds played until ``budget`` playouts are spent, each move scoring ``reward``: each world's moves."""
    worlds = []
    played = 0
    while played < budget:
        moves = halving.moves()
        worlds.append(list(moves))
        played += halving.record({index: reward[index] for index in moves})
    return worlds


def test_each_round_keeps_the_better_half_and_spreads_the_playouts_left_over_the_rounds_left() -> None:
    # Thirty moves, 150 playouts: five rounds of 30, 15, 8, 4 and 2 moves, on 1, 2, 4, 8 and 13 worlds
    # (each round the playouts left over the moves and rounds left, rounded up).
    moves = list(range(30))
    reward = {index: index / 100 for index in moves}
    halving = Halving(moves, 150)
    worlds = run(halving, 150, reward)
    sizes = [len(world) for world in worlds]
    assert sizes == [30] + [15] * 2 + [8] * 4 + [4] * 8 + [2] * 13
    assert sum(sizes) == 150
    assert worlds[1] == list(range(29, 14, -1)) and worlds[-1] == [29, 28]
    assert halving.best() == 29


def test_a_budget_of_one_world_or_none_plays_every_move_on_every_world() -> None:
    moves = [4, 9, 2]
    reward = {4: 0.2, 9: 0.7, 2: 0.5}
    assert run(Halving(moves, 2), 2, reward) == [[4, 9, 2]]
    unlimited = Halving(moves, None)
    assert run(unlimited, 12, reward) == [[4, 9, 2]] * 4
    assert unlimited.best() == 9


def test_the_best_is_a_survivor_even_if_an_eliminated_move_had_a_better_mean() -> None:
    # Move 0 is cut after the first world with a mean of 0.5; the two finalists fall below it on the
    # next two worlds, and the better of them is played.
    halving = Halving([0, 1, 2], 6)
    assert halving.moves() == [0, 1, 2]
    halving.record({0: 0.5, 1: 0.6, 2: 0.55})
    for _ in range(2):
        assert halving.moves() == [1, 2]
        halving.record({1: 0.1, 2: 0.0})
    assert halving.mean(0) > halving.mean(1) > halving.mean(2)
    assert halving.best() == 1


@pytest.mark.parametrize("players", [2, 4])
def test_in_guardians_call_a_level_halves_and_repeats_with_its_seed(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    info, legal = wide_decision("guardians", players, 5, 20, 8)
    assert scoring_for("guardians").halving and not scoring_for("knights").halving
    played = count_playouts(monkeypatch)
    share = POLICY_LEVELS["normal"] // players
    chosen = []
    for _ in range(2):
        played.clear()
        bot = make_bot("ismcts:normal", "guardians", 3)
        assert isinstance(bot, IsmctsBot)
        assert bot.budget == Budget(iterations=POLICY_LEVELS["normal"], by_seats=True)
        chosen.append(bot.choose(info, legal))
        assert bot.iterations == len(played) >= share
    # The whole share is spent, but not evenly: the move chosen was played on more worlds than most.
    best = max(legal, key=score)
    assert chosen == [best, best]
    counts = sorted(played.count(m) for m in legal)
    assert played.count(best) == counts[-1] > counts[0]


def test_a_budget_learned_from_the_first_world_halves_as_a_counted_one() -> None:
    moves = list(range(30))
    reward = {index: index / 100 for index in moves}
    counted = run(Halving(moves, 150), 150, reward)
    timed = Halving(moves, None)
    assert timed.moves() == moves
    timed.record({index: reward[index] for index in moves})
    timed.afford(150)
    assert [moves, *run(timed, 120, reward)] == counted
    assert timed.best() == 29


def test_a_search_of_time_halves_by_the_playouts_its_first_world_says_it_can_afford(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A clock that moves a millisecond a playout: 150 ms afford 150 playouts, spread as a counted
    # budget of 150 would be, so the moves that score best are played on more worlds.
    info, legal = wide_decision("guardians", 2, 5, 20, 8)
    played = count_playouts(monkeypatch)
    monkeypatch.setattr(time, "perf_counter", lambda: len(played) / 1000)
    bot = make_bot("ismcts:ms=150", "guardians", 3)
    assert isinstance(bot, IsmctsBot) and bot.budget == Budget(millis=150)
    best = max(legal, key=score)
    assert bot.choose(info, legal) == best
    assert 150 <= len(played) < 150 + len(legal)
    counts = sorted(played.count(m) for m in legal)
    assert played.count(best) == counts[-1] > 2 * counts[0]
    assert Budget(iterations=30).affordable(10, 0.01) is None
