from collections import Counter
from itertools import permutations

import pytest

from feint.arena.schedule import block, block_size, rounded_games, schedule


@pytest.mark.parametrize(("bots", "players"), [(3, 2), (2, 2), (3, 4), (2, 5), (1, 3), (4, 3), (5, 2)])
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    names = [f"bot{i}" for i in range(bots)]
    lineups = schedule(names, players, 2 * block_size(bots, players), seed=7)
    assert len(lineups) == 2 * bots * players
    counts = Counter((bot, seat) for lineup in lineups for seat, bot in enumerate(lineup))
    assert set(counts) == {(bot, seat) for bot in names for seat in range(players)}
    assert set(counts.values()) == {2 * players}


def test_two_seats_play_every_ordered_pair_once_a_block() -> None:
    assert sorted(block(["a", "b", "c"], 2)) == sorted(permutations("abc", 2))


def test_the_seed_fixes_the_order_and_only_the_order() -> None:
    first = schedule(["a", "b", "c"], 2, 60, seed=1)
    assert first == schedule(["a", "b", "c"], 2, 60, seed=1)
    other = schedule(["a", "b", "c"], 2, 60, seed=2)
    assert other != first
    assert Counter(other) == Counter(first)


def test_games_round_up_to_whole_blocks() -> None:
    assert rounded_games(2000, 3, 2) == 2004
    assert rounded_games(12, 3, 4) == 12
    assert rounded_games(1, 3, 4) == 12
    with pytest.raises(ValueError, match="whole number of blocks"):
        schedule(["a", "b"], 2, 5, seed=0)
