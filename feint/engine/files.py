"""Reading the JSON files people hand to Feint: replays, saves and an arena's ``games.jsonl``.

A file may come from anywhere (a download, another machine, a Windows
editor, a mistake), so every command reads it here, and each way a file can
be wrong is one :class:`~feint.engine.errors.StateFormatError` naming it,
never a traceback, a hang or memory without bound:

- Only a regular file is read. Its kind is checked with ``os.stat`` before it
  is opened, so a named pipe (whose open would wait for a writer), a device
  such as ``/dev/zero`` or a directory is refused unread; it is then opened
  without blocking and checked again, in case another file took its place.
- At most :data:`MAX_BYTES` (16 MiB) are read: a bigger file is refused by
  its size, and a file whose size says nothing (``/proc``) by reading one
  byte past the limit. A ``games.jsonl`` may be longer, read a line at a
  time, each line within the limit.
- Text is UTF-8, with or without a byte-order mark, or UTF-16 (with a mark,
  or, as JSON starts with an ASCII character, without one); other bytes
  (Latin-1, a binary file) are refused.
- JSON nests at most :data:`MAX_DEPTH` deep (a replay nests 8 at most),
  numbers have at most :data:`MAX_DIGITS` digits in a row (a 64-bit number
  has 20; Python would spend time on thousands and refuse more than 4300
  with a ``ValueError``), and ``NaN`` and ``Infinity``, which JSON lacks, are
  refused. Both limits are read off the text before it is parsed, so the
  parser never recurses past them.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import re
import stat
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path
from typing import Any, NoReturn

from feint.engine.errors import StateFormatError

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 32
MAX_DIGITS = 20


class SeveralDocuments(StateFormatError):
    """A file of several JSON lines where one JSON document was expected (a games.jsonl, say)."""

    def __init__(self, path: str | Path, lines: int) -> None:
        super().__init__(f"{path} holds {lines} JSON lines, not one")
        self.lines = lines


def read_json(path: str | Path) -> Any:
    """The one JSON document in ``path``; StateFormatError saying what is wrong with the file."""
    with _open(path) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_BYTES:
            _too_big(f"{path} is {size / 2**20:.1f} MiB,")
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        _too_big(f"{path} holds")
    try:
        text = raw.decode(_encoding(raw))
    except UnicodeDecodeError:
        raise StateFormatError(f"{path} is not a text file (neither UTF-8 nor UTF-16)") from None
    try:
        return parse_json(text, str(path))
    except SeveralDocuments:
        raise
    except StateFormatError:
        lines = sum(1 for line in text.splitlines() if line.strip())
        if lines > 1 and _is_json_lines(text):
            raise SeveralDocuments(path, lines) from None
        raise


def read_json_lines(path: str | Path) -> Iterator[tuple[int, Any]]:
    """Each non-empty line of a JSON-lines file as JSON, with its number from 1, read a line at a time."""
    with _open(path) as handle:
        encoding = _encoding(handle.peek(4)[:4])
        text = io.TextIOWrapper(handle, encoding=encoding, errors="strict")
        number = 0
        while True:
            try:
                line = text.readline(MAX_BYTES + 1)
            except UnicodeDecodeError:
                raise StateFormatError(f"{path} is not a text file (neither UTF-8 nor UTF-16)") from None
            if not line:
                return
            number += 1
            if len(line) > MAX_BYTES:
                _too_big(f"{path} line {number} holds")
            if line.strip():
                yield number, parse_json(line, f"{path} line {number}")


def parse_json(text: str, where: str) -> Any:
    """``text`` as JSON within the limits above; ``where`` names it in the error.

    The limits are read off the text, by regular expressions and C loops, rather than by a callback
    of the parser for every number or a walk of the parsed data, which cost seconds and a tuple a
    value on 16 MiB of numbers.
    """
    tokens = _STRING.sub("", text)  # what is left is JSON's punctuation, numbers and words
    number = _LONG_NUMBER.search(tokens)
    if number is not None:
        digits = len(number.group())
        raise StateFormatError(
            f"{where} has a number of {digits} digits; no number in a game's file has more than {MAX_DIGITS}"
        )
    if _depth(tokens) > MAX_DEPTH:
        _too_deep(where)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        at = f"line {err.lineno} column {err.colno}"
        raise StateFormatError(f"{where} is not valid JSON: {err.msg} at {at}") from None
    except RecursionError:  # not reached while the depth above is read right; a traceback never
        _too_deep(where)
    except _Refused as err:
        raise StateFormatError(f"{where}: {err}") from None


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string, its escapes included."""
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1},}}")
_OTHER_BYTES = bytes(byte for byte in range(256) if byte not in b"[]{}")
_STEP = [1 if byte in b"[{" else -1 for byte in range(256)]


class _Refused(ValueError):
    """A JSON value the limits refuse, raised from inside the parser."""


def _no_constant(name: str) -> NoReturn:
    raise _Refused(f"{name} is not a JSON number")


def _depth(tokens: str) -> int:
    """How deep the lists and objects of ``tokens`` (JSON without its strings) nest."""
    brackets = tokens.encode("utf-8", "replace").translate(None, _OTHER_BYTES)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _too_deep(where: str) -> NoReturn:
    raise StateFormatError(f"{where} nests lists and objects more than {MAX_DEPTH} deep")


def _too_big(what: str) -> NoReturn:
    raise StateFormatError(f"{what} more than the {MAX_BYTES // 2**20} MiB a file may hold")


def _is_json_lines(text: str) -> bool:
    try:
        for line in text.splitlines():
            if line.strip():
                json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return False
    return True


_KINDS = {
    stat.S_ISDIR: "a directory",
    stat.S_ISFIFO: "a named pipe",
    stat.S_ISCHR: "a device",
    stat.S_ISBLK: "a device",
    stat.S_ISSOCK: "a socket",
}


def _check_regular(path: str | Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS.items() if test(mode)), "not a regular file")
        raise StateFormatError(f"{path} is {kind}, not a file")


def _open(path: str | Path) -> io.BufferedReader:
    """``path`` opened for reading bytes, once it is known to be a regular file."""
    try:
        _check_regular(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as err:
        raise StateFormatError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        _check_regular(path, os.fstat(fd).st_mode)
    except StateFormatError:
        os.close(fd)
        raise
    return open(fd, "rb")


def _encoding(head: bytes) -> str:
    """UTF-8 (a byte-order mark allowed) or UTF-16 (either byte order, with or without a mark)."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    # JSON starts with an ASCII character: in UTF-16 without a mark, one of its two bytes is zero.
    if len(head) >= 2 and head[1] == 0 and head[0] != 0:
        return "utf-16-le"
    if len(head) >= 2 and head[0] == 0 and head[1] != 0:
        return "utf-16-be"
    return "utf-8"
