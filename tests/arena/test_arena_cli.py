import json
from pathlib import Path

import pytest

from feint.arena.plan import Plan
from feint.arena.records import read_games
from feint.arena.report import bot_lines
from feint.cli.main import main
from tests.arena.conftest import run_arena


def test_the_same_seed_gives_the_same_file_whatever_the_workers(local_run: Path, tmp_path: Path) -> None:
    assert run_arena(tmp_path, "--workers", "2") == 0
    assert (tmp_path / "games.jsonl").read_bytes() == (local_run / "games.jsonl").read_bytes()


def test_a_different_seed_deals_different_games_with_other_bot_seeds() -> None:
    first, other = (Plan("guardians", ("heuristic", "random"), 2, 4, seed).specs() for seed in (5, 6))
    assert {s.seed for s in first}.isdisjoint(s.seed for s in other)
    assert {b for s in first for b in s.bot_seeds}.isdisjoint(b for s in other for b in s.bot_seeds)
    assert len({s.seed for s in first}) == 4


def test_every_line_replays_to_its_recorded_result(
    local_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = local_run / "games.jsonl"
    records = read_games(games)
    assert [r.index for r in records] == list(range(12))
    capsys.readouterr()
    for number, record in enumerate(records, start=1):
        assert main(["replay", str(games), "--line", str(number)]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert replayed["over"] is True
        assert tuple(replayed["winners"]) == record.winners
    single = tmp_path / "one.json"
    single.write_text(games.read_text().splitlines()[4] + "\n")
    assert main(["replay", str(single)]) == 0
    assert tuple(json.loads(capsys.readouterr().out)["winners"]) == records[4].winners


def test_replay_asks_for_a_line_of_a_whole_file(local_run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(local_run / "games.jsonl")]) == 2
    assert "pick one with --line N" in capsys.readouterr().err
    assert main(["replay", str(local_run / "games.jsonl"), "--line", "13"]) == 2
    assert "has no line 13" in capsys.readouterr().err


def test_the_schedule_seats_every_bot_everywhere_and_the_heuristic_rates_higher(local_run: Path) -> None:
    records = read_games(local_run / "games.jsonl")
    seats = sorted((r.bots[s], s) for r in records for s in range(2))
    assert seats == sorted([("heuristic", 0), ("heuristic", 1), ("random", 0), ("random", 1)] * 6)
    best, worst = bot_lines(records, ("heuristic", "random"))
    assert (best.bot, worst.bot) == ("heuristic", "random")
    assert best.rating is not None and worst.rating is not None
    assert best.rating.mu > worst.rating.mu
    assert best.share.excludes(0.5)


def test_a_bot_listed_several_times_is_a_field_the_other_plays_against_in_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["arena", "knights", "--players", "3", "--bots", "random,heuristic,heuristic", "--games", "9"]
    assert main([*args, "--out", str(tmp_path)]) == 0
    records = read_games(tmp_path / "games.jsonl")
    # Every game is one random bot against two heuristic bots, random in each seat position alike.
    assert all(sorted(r.bots) == ["heuristic", "heuristic", "random"] for r in records)
    assert sorted(r.bots.index("random") for r in records) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    out = capsys.readouterr().out
    assert "fair share 33.3%" in out
    # One row a bot, its seat-games counted over every seat it held: 9 games, 18 heuristic seats.
    rows = [
        line for line in out.splitlines() if line.startswith("│ heuristic") or line.startswith("│ random")
    ]
    assert [row.split("│")[2].strip() for row in rows[:2]] == ["18", "9"]
    assert "Head to head" not in out


def test_the_report_and_its_plots_are_written(local_run: Path) -> None:
    page = (local_run / "report.html").read_text()
    for heading in ("Bots", "Seat positions", "Bluffs", "Game length and scores", "Variants"):
        assert f"<h2>{heading}</h2>" in page
    for plot in ("win-share.png", "seats.png", "length.png", "scores.png"):
        assert f'src="{plot}"' in page
        assert (local_run / plot).read_bytes().startswith(b"\x89PNG")


def test_variants_are_configurations_played_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "arena",
        "guile",
        "--games",
        "4",
        "--variant",
        "base",
        "--variant",
        "code-of-chivalry+extended-cast",
    ]
    assert main([*args, "--out", str(tmp_path)]) == 0
    records = read_games(tmp_path / "games.jsonl")
    assert [r.variants for r in records] == [()] * 4 + [("code-of-chivalry", "extended-cast")] * 4
    assert 'src="variants.png"' in (tmp_path / "report.html").read_text()
    assert "game length (code-of-chivalry+extended-cast)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "guile", "--bots", "heuristic,wizard"], "unknown bot 'wizard'"),
        (["balance", "guile", "--bots", "random,random"], "listed twice"),
        (["arena", "guile", "--bots", "ismcts:hard,iters=5,random"], "give ismcts one budget"),
        (["arena", "guile", "--bots", "ismcts:iters=100000000,random"], "ismcts iters is at most 10000"),
        (["balance", "guile", "--bots", "montecarlo:playouts=²,random"], "N a positive number in digits 0-9"),
        (["arena", "guile", "--variant", "fog-of-war"], "unknown variant 'fog-of-war'"),
        (["arena", "guile", "--players", "3"], "played by 2 players, not 3"),
        (["balance", "knights", "--players", "6"], "2 to 5 players, not 6"),
        (["balance", "guile", "--bots", "nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_input_is_refused_with_exit_2_and_nothing_written(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main([*args, "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_an_output_path_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine\n")
    assert main(["arena", "guile", "--games", "2", "--out", str(taken)]) == 2
    assert f"cannot write to {taken}" in capsys.readouterr().err
    assert taken.read_text() == "mine\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "chess"], "invalid choice: 'chess'"),
        (["arena", "guile", "--games", "0"], "must be at least 1, not 0"),
        (["balance", "guile", "--workers", "none"], "must be a whole number"),
    ],
)
def test_bad_arguments_exit_2_with_usage(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
