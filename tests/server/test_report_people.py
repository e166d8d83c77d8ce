"""``feint report people``: each bot level's share against people, on a database of known outcomes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import create_engine, insert

from feint.arena.stats import wilson
from feint.cli import report
from feint.cli.main import main
from feint.server.db import OutcomeRow, TableRow, migrate
from feint.server.outcomes import Outcome, people_shares

KNOWN = [
    # table, game, players, seat kinds and bots, shares, stand-in moves
    ("t1", "guile", [("person", None, 0.0, 0), ("bot", "heuristic", 1.0, 0)]),
    ("t2", "guile", [("person", None, 1.0, 0), ("bot", "heuristic", 0.0, 0)]),
    # A tie between the person and the heuristic bot: each takes half the win.
    ("t3", "knights", [("person", None, 0.5, 0), ("bot", "heuristic", 0.5, 0), ("bot", "random", 0.0, 0)]),
    # Bots only: not against people, not counted.
    ("t4", "knights", [("bot", "heuristic", 1.0, 0), ("bot", "random", 0.0, 0), ("bot", "random", 0.0, 0)]),
    # A stand-in bot made 3 of the person's moves: left out, counted apart.
    ("t5", "guile", [("person", None, 1.0, 3), ("bot", "heuristic", 0.0, 0)]),
]


def known_outcomes() -> list[Outcome]:
    return [
        Outcome(table, game, len(seats), kind, bot, stood_in, share)
        for table, game, seats in KNOWN
        for kind, bot, share, stood_in in seats
    ]


def test_the_shares_of_known_outcomes() -> None:
    report = people_shares(known_outcomes())
    assert (report.tables, report.stood_in) == (5, 1)
    assert sorted(report.records) == [("guile", "heuristic"), ("knights", "heuristic"), ("knights", "random")]
    guile = report.records["guile", "heuristic"]
    assert (guile.games, guile.won, guile.fair) == (2, 1.0, 0.5)
    assert guile.share.interval == wilson(1.0, 2)
    knights = report.records["knights", "heuristic"]
    assert (knights.games, knights.won, knights.fair) == (1, 0.5, pytest.approx(1 / 3))
    assert report.records["knights", "random"].won == 0.0


@pytest.fixture
def known_database(database: str) -> str:
    """SQLite and PostgreSQL databases holding the known outcomes (and their tables, for the foreign key)."""
    url = database
    migrate(url)
    tables = [
        {
            "id": table,
            "game": game,
            "players": len(seats),
            "options": {},
            "seed": 1,
            "setup": {},
            "bot_stream": 2,
            "public": False,
            "creator_hash": "c" * 64,
            "over": True,
            "created": 0.0,
        }
        for table, game, seats in KNOWN
    ]
    rows = [
        {
            "table_id": table,
            "seat": seat,
            "game": game,
            "players": len(seats),
            "kind": kind,
            "bot": bot,
            "stand_in_moves": stood_in,
            "score": share,
            "won": share > 0,
            "share": share,
            "finished": 0.0,
        }
        for table, game, seats in KNOWN
        for seat, (kind, bot, share, stood_in) in enumerate(seats)
    ]
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(insert(TableRow), tables)
        connection.execute(insert(OutcomeRow), rows)
    engine.dispose()
    return url


def test_the_report_prints_each_bot_levels_share_and_interval(
    known_database: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    assert main(["report", "people", "--database", known_database]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "│ Guile │ heuristic │ 2 │ 1 │ 50.0% [9.5%, 90.5%] │ 50.0% │" in out
    assert "│ Knights of Glory │ heuristic │ 1 │ 0.5 │ 50.0% [5.5%, 94.5%] │ 33.3% │" in out
    assert "│ Knights of Glory │ random │ 1 │ 0 │ 0.0% [0.0%, 79.3%] │ 33.3% │" in out
    assert "5 finished table(s) read; 1 left out" in out


def test_the_json_report_of_one_game(known_database: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "people", "--database", known_database, "--game", "knights", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tables"] == 2 and report["left_out_stand_in"] == 0
    assert [(b["bot"], b["games"], b["wins"], b["share"]) for b in report["bots"]] == [
        ("heuristic", 1, 0.5, 0.5),
        ("random", 1, 0.0, 0.0),
    ]
    assert report["bots"][0]["interval"] == list(wilson(0.5, 1))


def test_the_report_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "people", "--help"])
    text = capsys.readouterr().out
    assert all(option in text for option in ("--database", "--game", "--json", "fair share"))
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    assert "people" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["--database", "sqlite:///nowhere/feint.db"], "there is no database at sqlite:///nowhere/feint.db"),
        (["--database", "not a url"], "is not a database URL"),
    ],
)
def test_bad_input_is_refused_with_a_reason(
    arguments: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "people", *arguments]) == 2
    assert complaint in capsys.readouterr().err
    assert not Path("nowhere").exists()


def test_a_database_not_a_servers_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "other.db"
    create_engine(f"sqlite:///{empty}").connect().close()
    assert main(["report", "people", "--database", f"sqlite:///{empty}"]) == 2
    assert "has no outcomes table" in capsys.readouterr().err


def test_a_missing_database_option_or_an_unknown_game_is_a_usage_error(
    known_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as missing:
        main(["report", "people"])
    assert missing.value.code == 2 and "--database" in capsys.readouterr().err
    with pytest.raises(SystemExit) as unknown:
        main(["report", "people", "--database", known_database, "--game", "chess"])
    assert unknown.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err


def test_many_rows_are_read_in_batches_under_a_progress_bar_to_the_same_report(
    known_database: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["report", "people", "--database", known_database, "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(report, "PROGRESS_FROM", 1)
    monkeypatch.setattr(report, "BATCH", 2)
    assert main(["report", "people", "--database", known_database, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == whole
