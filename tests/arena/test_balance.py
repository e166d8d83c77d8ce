from pathlib import Path

import pytest

from feint.arena.balance import experiments, start_seat_answer
from feint.arena.bluffs import BluffCounts
from feint.arena.records import GameRecord, read_games
from feint.cli.main import main
from feint.engine.replay import Replay


def test_balance_answers_each_question_and_writes_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["balance", "guile", "--games", "4", "--out", str(tmp_path)]) == 0
    records = read_games(tmp_path / "games.jsonl")
    experiments = sorted({(r.bots, r.variants) for r in records})
    assert experiments == [
        (("heuristic", "heuristic"), ()),
        (("heuristic", "heuristic"), ("code-of-chivalry",)),
        (("heuristic", "heuristic"), ("extended-cast",)),
        (("random", "random"), ()),
    ]
    assert len(records) == 16
    summary = capsys.readouterr().out
    for question in (
        "1. Does the start seat",
        "2. Which seat position",
        "3. What each variant",
        "4. How long",
    ):
        assert question in summary
    assert "2 seats: seat 0 wins random" in summary
    page = (tmp_path / "balance.html").read_text()
    for plot in ("start-seat.png", "seats-2.png", "variants.png", "length.png"):
        assert f'src="{plot}"' in page
        assert (tmp_path / plot).read_bytes().startswith(b"\x89PNG")


def test_balance_studies_each_table_size_asked_for(tmp_path: Path) -> None:
    args = ["balance", "knights", "--players", "2", "--players", "3", "--bots", "random", "--games", "3"]
    assert main([*args, "--variant", "agreeing-not-safe", "--out", str(tmp_path)]) == 0
    records = read_games(tmp_path / "games.jsonl")
    # The variants are played at the first table size asked for when the usual one (4) is not.
    assert sorted({(r.players, r.variants) for r in records}) == [
        (2, ()),
        (2, ("agreeing-not-safe",)),
        (3, ()),
    ]
    assert "seats-3.png" in (tmp_path / "balance.html").read_text()


def _self_play(bot: str, seat0_wins: int, games: int) -> list[GameRecord]:
    return [
        GameRecord(
            i,
            (bot, bot),
            (1, 2),
            (0,) if i < seat0_wins else (1,),
            (1.0, 0.0) if i < seat0_wins else (0.0, 1.0),
            80,
            (BluffCounts(), BluffCounts()),
            Replay("guile", 2, i),
        )
        for i in range(games)
    ]


@pytest.mark.parametrize(
    ("seat0_wins", "reading"),
    [
        ({"random": 100, "heuristic": 58}, "no bot shows a start-seat effect"),
        ({"random": 130, "heuristic": 70}, "every bot shows it, on the same side: the game"),
        ({"random": 100, "heuristic": 35}, "heuristic shows it and random does not on that side"),
        ({"random": 130, "heuristic": 35}, "heuristic shows it and random does not on that side"),
        (
            {"random": 104, "heuristic": 30, "ismcts": 25},
            "every bot but random shows it, on the same side: the game, as skilled play finds it",
        ),
        ({"random": 130, "heuristic": 50, "ismcts": 50}, "only random shows it: that bot's play"),
        ({"random": 100, "heuristic": 30, "ismcts": 70}, "the bots disagree on its side"),
    ],
)
def test_the_start_seat_question_tells_the_game_from_the_bot(
    seat0_wins: dict[str, int], reading: str
) -> None:
    records = [
        r for bot, wins in seat0_wins.items() for r in _self_play(bot, wins, 200 if bot == "random" else 100)
    ]
    (answer,) = start_seat_answer(experiments(records), tuple(seat0_wins))
    assert answer.startswith("2 seats: seat 0 wins random")
    assert reading in answer
