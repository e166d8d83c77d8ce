"""Files from anywhere: ``feint replay FILE`` and ``feint play --resume FILE`` read through one reader.

Each bad file is fed to both commands: each exits 2 with one line on stderr
that names the file and says what is wrong, with no traceback, no hang and
no unbounded read. Good files are read in UTF-8, with or without a mark,
and in UTF-16.
"""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from feint.cli.main import main
from feint.engine.files import MAX_BYTES, MAX_DEPTH
from tests.terminal import ROOT

FAILED = 2
SAVE = {"game": "guile", "players": 2, "seed": 3, "moves": [[0, "faction arthur"]]}
"""A Guile game one move in: a replay, and a save once it names its seats."""
BOTS = ["random", "random"]
"""Seats that play on without a person, so a resumed game runs to its end by itself."""


def replay(path: Path) -> list[str]:
    return ["replay", str(path)]


def resume(path: Path) -> list[str]:
    # Until --resume FILE works without the game's name, the game is named: the file's, when it has one.
    return ["play", "guile", "--resume", str(path), "--fast", "--bot-seed", "1"]


COMMANDS = [pytest.param(replay, id="replay"), pytest.param(resume, id="resume")]


def text(**keys: Any) -> bytes:
    return json.dumps({**SAVE, **keys}).encode()


def deep(levels: int) -> bytes:
    return b'{"game": "guile", "setup": {"deals": ' + b"[" * levels + b"]" * levels + b"}}"


BAD_FILES: list[Any] = [
    pytest.param(b'{"game": "guile", "description": "caf\xe9"}', "is not a text file", id="latin-1"),
    pytest.param(text() + b"\xff\xfe\xfd", "is not a text file", id="invalid-utf-8"),
    pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00", "is not a text file", id="binary"),
    pytest.param(codecs.BOM_UTF16_LE + text()[:-1], "is not a text file", id="utf-16-cut-in-half"),
    pytest.param(deep(MAX_DEPTH + 1), f"nests lists and objects more than {MAX_DEPTH} deep", id="deep"),
    pytest.param(b"[" * 100_000, f"more than {MAX_DEPTH} deep", id="deeper-than-python-recurses"),
    pytest.param(
        b'{"game": "guile", "seed": 1' + b"0" * 5000 + b"}", "a number of 5001 digits", id="long-integer"
    ),
    pytest.param(
        text(seed=2**63), '"seed" must be a whole number from 0 to 9223372036854775807', id="seed-2**63"
    ),
    pytest.param(text(seed=-1), '"seed" must be a whole number from 0 to', id="negative-seed"),
    pytest.param(b'{"game": "guile", "seed": NaN}', "NaN is not a JSON number", id="nan"),
    pytest.param(
        text(seats=["human", "ismcts:iters=²"]), "N a positive number in digits 0-9", id="superscript"
    ),
    pytest.param(
        text(seats=["human", "ismcts:iters=\u0663\u0660"]),
        "N a positive number in digits 0-9",
        id="arabic-indic",
    ),
    pytest.param(
        text(seats=["human", "ismcts:iters=100000000"]),
        "seat 1: ismcts iters is at most 10000, not 100000000",
        id="absurd-budget",
    ),
    pytest.param(
        text(seats=["human", "montecarlo:playouts=100000000"]),
        "seat 1: montecarlo playouts is at most 10000",
        id="absurd-playouts",
    ),
    pytest.param(
        text(seats=["human", "random" + " " * 60]), "a bot spec is at most 64 characters", id="long-spec"
    ),
    pytest.param(text(seats="human"), '"seats" must be a list of names', id="seats-not-a-list"),
]


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], path: Path) -> str:
    """Run ``argv`` in this process; it must exit 2 with one line naming ``path`` once, and nothing else."""
    assert main(argv) == FAILED
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"feint {argv[0]}: ") and err.count(str(path)) == 1, err
    return err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("content", "message"), BAD_FILES)
def test_a_bad_file_is_refused_by_both_commands_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: Callable[[Path], list[str]],
    content: bytes,
    message: str,
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert message in refused(capsys, command(path), path)
    assert path.read_bytes() == content, "a refused save is left as it was"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_over_the_size_limit_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: Callable[[Path], list[str]]
) -> None:
    path = tmp_path / "game.json"
    with path.open("wb") as sparse:
        sparse.truncate(MAX_BYTES + 1)  # no bytes written: a read of it would be of zeros
    assert "is 16.0 MiB, more than the 16 MiB a file may hold" in refused(capsys, command(path), path)


def special_files(tmp_path: Path) -> list[tuple[Path, str]]:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    return [
        (fifo, "is a named pipe, not a file"),
        (Path("/dev/zero"), "is a device, not a file"),
        (tmp_path, "is a directory, not a file"),
    ]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_pipe_a_device_or_a_directory_is_refused_without_waiting_on_it(
    tmp_path: Path, command: Callable[[Path], list[str]]
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for path, message in special_files(tmp_path):
        # In a process of its own: a read of the pipe would wait for a writer, one of /dev/zero never end.
        done = subprocess.run(
            [sys.executable, "-c", "from feint.cli.main import entry; entry()", *command(path)],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        assert done.returncode == FAILED, done.stderr
        assert done.stdout == "" and "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1 and done.stderr.count(str(path)) == 1
        assert f"{path} {message}" in done.stderr


ENCODINGS = [
    pytest.param(lambda raw: raw.encode("utf-8"), id="utf-8"),
    pytest.param(lambda raw: codecs.BOM_UTF8 + raw.encode("utf-8"), id="utf-8-bom"),
    pytest.param(lambda raw: raw.encode("utf-16"), id="utf-16"),
]


@pytest.mark.parametrize("encode", ENCODINGS)
def test_a_good_file_is_read_by_both_commands_in_utf_8_with_or_without_a_mark_and_in_utf_16(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encode: Callable[[str], bytes]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(encode(json.dumps({**SAVE, "seats": BOTS, "description": "Guile, à deux"})))
    assert main(replay(path)) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["game"] == "guile" and shown["to_move"] == [0] and shown["over"] is False
    assert main(resume(path)) == 0, "the bots play the resumed game to its end"
    assert "Game over" in capsys.readouterr().out
    finished = json.loads(path.read_text(encoding="utf-8"))
    assert finished["moves"][0] == [0, "faction arthur"] and len(finished["moves"]) > 1
