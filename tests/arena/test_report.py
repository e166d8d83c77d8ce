from feint.arena.bluffs import BluffCounts
from feint.arena.ratings import finishing_ranks
from feint.arena.records import GameRecord
from feint.arena.report import matchup_rows
from feint.arena.schedule import schedule
from feint.engine.replay import Replay

STRENGTH = {"strong": 3, "middle": 2, "weak": 1}


def _record(
    index: int, bots: tuple[str, ...], winners: tuple[int, ...], scores: tuple[float, ...]
) -> GameRecord:
    counts = tuple(BluffCounts() for _ in bots)
    return GameRecord(
        index, bots, (0,) * len(bots), winners, scores, 10, counts, Replay("guile", len(bots), index)
    )


def test_head_to_head_counts_only_the_games_between_the_two_bots() -> None:
    records = []
    for index, lineup in enumerate(schedule(list(STRENGTH), 2, 12, seed=0)):
        winner = max(range(2), key=lambda seat: STRENGTH[lineup[seat]])
        records.append(_record(index, lineup, (winner,), tuple(float(seat == winner) for seat in range(2))))
    rows = {row[0]: row[1:] for row in matchup_rows(records, list(STRENGTH))}
    assert rows["strong"] == ["", "100.0% [51.0%, 100.0%]", "100.0% [51.0%, 100.0%]"]
    assert rows["middle"] == ["0.0% [0.0%, 49.0%]", "", "100.0% [51.0%, 100.0%]"]
    assert rows["weak"] == ["0.0% [0.0%, 49.0%]", "0.0% [0.0%, 49.0%]", ""]


def test_head_to_head_is_left_out_for_two_bots_or_three_at_one_table() -> None:
    two = [_record(0, ("a", "b"), (0,), (1.0, 0.0))]
    assert matchup_rows(two, ["a", "b"]) == []
    three_at_once = [_record(0, ("a", "b", "c"), (0,), (1.0, 0.0, 0.0))]
    assert matchup_rows(three_at_once, ["a", "b", "c"]) == []


def test_finishing_order_puts_the_winners_first_then_the_scores_with_ties_shared() -> None:
    record = _record(0, ("a", "b", "c", "d"), (2,), (40.0, 55.0, 50.0, 40.0))
    assert finishing_ranks(record) == [3, 2, 1, 3]
    shared = _record(1, ("a", "b", "c"), (0, 2), (1.0, 0.0, 1.0))
    assert finishing_ranks(shared) == [1, 3, 1]
