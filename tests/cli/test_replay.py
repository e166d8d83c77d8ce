"""``feint replay FILE [--view SEAT]``: the final state as one JSON object, or exit 2 saying why not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from feint.cli.main import main

FAILED = 2
OWN_KNIGHTS = {
    0: ("tristan", "lancelot", "gawain", "percival"),
    1: ("palamedes", "agravaine", "meliagant", "breunor"),
}
"""Seat 0 plays Arthur in these replays, so it owns the even knights."""


def placements(seat: int, cards: tuple[str, str, str, str]) -> list[list[Any]]:
    return [[seat, f"place {card} {knight}"] for card, knight in zip(cards, OWN_KNIGHTS[seat], strict=True)]


def looks(first_seat: int) -> list[list[Any]]:
    """A round of sixteen looks; the seats alternate from the one that opens."""
    return [[(first_seat + turn) % 2, "look"] for turn in range(16)]


ROUND_1 = (("4", "4d", "3", "1"), ("3", "2", "2", "1"))
ROUND_2 = (("3", "3", "2", "2"), ("4", "2", "1", "1"))
PLACED = [
    [0, "faction arthur"],
    [0, "start tristan"],
    *placements(0, ROUND_1[0]),
    *placements(1, ROUND_1[1]),
]
"""Round 1 is set and tristan, seat 0's knight, opens."""
TWO_NIL = {
    "game": "guile",
    "players": 2,
    "options": {"variants": ["code-of-chivalry"]},
    "seed": 7,
    "setup": {"deals": [{"0": list(a), "1": list(b)} for a, b in (ROUND_1, ROUND_2)]},
    "moves": [*PLACED, *looks(0), *placements(0, ROUND_2[0]), *placements(1, ROUND_2[1]), *looks(1)],
}
"""Arthur (seat 0) wins 4+4d+3+1 = 12 to 3+2+2+1 = 8, then 3+3+2+2 = 10 to 4+2+1+1 = 8."""


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def with_moves(moves: list[list[Any]]) -> dict[str, Any]:
    return {**TWO_NIL, "moves": moves}


def run_ok(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["replay", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.endswith("\n") and out.count("\n") == 1, "one JSON object on one line"
    output: dict[str, Any] = json.loads(out)
    return output


def run_failing(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["replay", *argv]) == FAILED
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("feint replay: ")
    return err


def test_a_finished_game_prints_the_whole_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = run_ok(capsys, write(tmp_path, TWO_NIL))
    assert output["game"] == "guile"
    assert output["over"] is True
    assert output["winners"] == [0]
    assert output["to_move"] == []
    assert output["legal"] == {}
    assert output["round_wins"] == [2, 0]
    assert [len(r.pop("actions")) for r in output["rounds"]] == [16, 16]
    assert output["rounds"] == [
        {
            "winner": 0,
            "totals": [12, 8],
            "cards": ["4", "3", "4d", "2", "3", "2", "1", "1"],
            "decided_by": "total",
        },
        {
            "winner": 0,
            "totals": [10, 8],
            "cards": ["3", "4", "3", "2", "2", "1", "2", "1"],
            "decided_by": "total",
        },
    ]


def test_a_game_in_progress_lists_who_moves_and_how(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = run_ok(capsys, write(tmp_path, with_moves(PLACED)))
    assert output["over"] is False
    assert output["winners"] == []
    assert output["to_move"] == [0]
    assert output["legal"] == {
        "0": [
            "look",
            "swap palamedes",
            "swap lancelot",
            "swap agravaine",
            "swap gawain",
            "swap meliagant",
            "swap percival",
            "swap breunor",
        ]
    }
    assert output["round_wins"] == [0, 0]
    assert output["rounds"] == []


def test_an_illegal_move_names_its_position_move_and_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, with_moves([*PLACED, [0, "look"], [1, "swap palamedes"]]))
    err = run_failing(capsys, path)
    assert "move 11" in err
    assert "'swap palamedes'" in err
    assert "the Knight-Errant palamedes cannot swap with itself" in err


def test_an_unparsable_move_names_its_position_move_and_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = run_failing(capsys, write(tmp_path, with_moves([[0, "faction arthur"], [0, "joust lancelot"]])))
    assert "move 1" in err
    assert "'joust lancelot'" in err
    assert "not a Guile move" in err


BAD_DEAL = {"deals": [{"0": ["1", "2", "3"], "1": ["1", "2", "3", "4"]}]}
CHARACTER_IN_BASE_GAME = {"deals": [{"0": ["isolde", "1", "2", "3"], "1": ["1", "2", "3", "4"]}]}
TOO_MANY_FOURS = {"deals": [{"0": ["4", "4", "1", "2"], "1": ["1", "2", "3", "4d"]}]}


def guile(**keys: Any) -> str:
    return json.dumps({"game": "guile", **keys})


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param("{not json", "is not valid JSON", id="not-json"),
        pytest.param("[1, 2]", "a replay must be a JSON object", id="not-an-object"),
        pytest.param(json.dumps({"moves": []}), 'a replay needs "game"', id="no-game"),
        pytest.param(json.dumps({"game": "chess"}), "unknown game 'chess'", id="unknown-game"),
        pytest.param(guile(moves="look"), '"moves" must be a list', id="moves-not-a-list"),
        pytest.param(
            guile(moves=[[0]]), 'move 0 must be a [seat, "move"] pair, not [0]', id="move-not-a-pair"
        ),
        pytest.param(guile(moves=[["0", "look"]]), "move 0 must be a [seat", id="seat-not-a-number"),
        pytest.param(guile(options={"variants": ["turbo"]}), "unknown variant 'turbo'", id="unknown-variant"),
        pytest.param(
            guile(setup=BAD_DEAL), "deal 1: seat 0 must be dealt a list of 4 cards", id="short-deal"
        ),
        pytest.param(
            guile(setup=CHARACTER_IN_BASE_GAME),
            "deal 1: 'isolde' is not a card of this deck",
            id="character-in-base-game",
        ),
        pytest.param(
            guile(setup=TOO_MANY_FOURS),
            "deal 1 uses a card more often than the deck",
            id="deal-beyond-the-deck",
        ),
    ],
)
def test_a_malformed_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = write(tmp_path, content)
    err = run_failing(capsys, path)
    assert path in err
    assert message in err


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "absent.json")
    err = run_failing(capsys, missing)
    assert f"cannot read {missing}" in err


def cards_seen(view: dict[str, Any]) -> list[str | None]:
    return [knight["card"] for knight in view["knights"]]


def test_view_of_seat_0_shows_only_its_own_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    view = run_ok(capsys, write(tmp_path, TWO_NIL), "--view", "0")
    assert view["viewer"] == 0
    assert cards_seen(view) == ["3", "?", "3", "?", "2", "?", "2", "?"]
    assert view["winners"] == [0]
    assert "hands" not in view and "aside" not in view


def test_view_of_seat_1_shows_only_its_own_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    view = run_ok(capsys, write(tmp_path, TWO_NIL), "--view", "1")
    assert view["viewer"] == 1
    assert cards_seen(view) == ["?", "4", "?", "2", "?", "1", "?", "1"]


def test_view_of_a_player_shows_its_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    view = run_ok(capsys, write(tmp_path, with_moves(PLACED[:2])), "--view", "1")
    assert view["phase"] == "place"
    assert view["hand"] == list(ROUND_1[1])


def test_spectator_view_shows_no_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    view = run_ok(capsys, write(tmp_path, TWO_NIL), "--view", "spectator")
    assert view["viewer"] is None
    assert cards_seen(view) == ["?"] * 8
    assert view["hand"] == []
    assert view["round_wins"] == [2, 0]


@pytest.mark.parametrize("seat", ["5", "2", "-1", "seat0", "²", "\u0661"])
def test_view_of_a_seat_that_does_not_exist_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: str
) -> None:
    err = run_failing(capsys, write(tmp_path, TWO_NIL), f"--view={seat}")
    assert f"--view takes a seat from 0 to 1 or 'spectator', not '{seat}'" in err


def test_the_console_script_runs_a_replay(tmp_path: Path) -> None:
    feint = Path(sys.executable).with_name("feint")
    path = write(tmp_path, TWO_NIL)
    done = subprocess.run([str(feint), "replay", path], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == [0]
    refused = subprocess.run(
        [str(feint), "replay", path, "--view", "5"], capture_output=True, text=True, check=False
    )
    assert refused.returncode == FAILED
    assert refused.stdout == ""
    assert "--view takes a seat" in refused.stderr


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    feint = Path(sys.executable).with_name("feint")
    path = write(tmp_path, TWO_NIL)
    reader = subprocess.Popen(
        [str(feint), "replay", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()
    errors = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 0
    assert "Traceback" not in errors and errors == ""
