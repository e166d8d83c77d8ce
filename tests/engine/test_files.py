"""The reader of files people hand to Feint, at small limits: a JSON-lines file is read a line at a time."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from feint.engine import files
from feint.engine.errors import StateFormatError
from feint.engine.files import SeveralDocuments, read_json, read_json_lines

LINE = json.dumps({"game": "guile", "seed": 12345})


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> int:
    """A limit of 100 bytes, so that files over it are small enough to write."""
    monkeypatch.setattr(files, "MAX_BYTES", 100)
    return 100


def test_a_json_lines_file_longer_than_the_limit_is_read_a_line_at_a_time(tmp_path: Path, small: int) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text((LINE + "\n\n") * 20)
    assert path.stat().st_size > 5 * small
    assert [number for number, _ in read_json_lines(path)] == list(range(1, 40, 2))
    with pytest.raises(StateFormatError, match=r"is 0\.0 MiB, more than the"):
        read_json(path)


def test_a_line_over_the_limit_is_refused_naming_it(tmp_path: Path, small: int) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(f"{LINE}\n{json.dumps({'game': 'guile', 'description': 'x' * small})}\n")
    with pytest.raises(StateFormatError, match=r"games.jsonl line 2 holds more than the 0 MiB"):
        list(read_json_lines(path))


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_json_lines_are_read_in_every_encoding_a_document_is(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(f"{LINE}\n{LINE}\n".encode(encoding))
    assert [data["seed"] for _, data in read_json_lines(path)] == [12345, 12345]
    path.write_bytes(codecs.BOM_UTF8 + b"{}\n\xe9\n")
    with pytest.raises(StateFormatError, match="is not a text file"):
        list(read_json_lines(path))


def test_several_lines_where_one_document_is_expected_say_how_many(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(f"{LINE}\n{LINE}\n{LINE}\n")
    with pytest.raises(SeveralDocuments, match="holds 3 JSON lines, not one") as several:
        read_json(path)
    assert several.value.lines == 3
    path.write_text(f"{LINE}\n{{broken\n")
    with pytest.raises(StateFormatError, match="is not valid JSON: Extra data at line 2 column 1"):
        read_json(path)


def test_nesting_at_the_limit_is_read_and_one_deeper_is_not(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * files.MAX_DEPTH + "]" * files.MAX_DEPTH)
    read_json(path)
    path.write_text("[" * (files.MAX_DEPTH + 1) + "]" * (files.MAX_DEPTH + 1))
    with pytest.raises(StateFormatError, match="more than 32 deep"):
        read_json(path)


def test_brackets_and_digits_inside_strings_count_for_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    inside = '[{"' * 50 + "1" * 50 + '\\"[[['
    path.write_text(json.dumps({"game": "guile", "description": inside}))
    assert read_json(path)["description"] == inside
    path.write_text(json.dumps({"game": "guile", "seed": 10**25}))
    with pytest.raises(StateFormatError, match="has a number of 26 digits"):
        read_json(path)
