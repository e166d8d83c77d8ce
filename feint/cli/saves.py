"""Save files for ``feint play``: a replay file that also records who sits in each seat.

A save is a replay (``feint replay`` reads it) with a ``seats`` note, one
entry per seat: ``"human"`` or the name of a bot. It is rewritten whole after
every move through a temporary file in the same folder, renamed over the old
one, so a save is never half written; a save that fails is reported to the
caller, which goes on playing, and its temporary file is removed.

Files are read as UTF-8, with or without a byte-order mark, or as UTF-16 (a
Windows editor's "Unicode"); anything else is a :class:`SaveError` that says
what is wrong.
"""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from feint.engine.errors import FeintError
from feint.engine.replay import Replay
from feint.engine.state import Move, Seat

SEATS = "seats"


class SaveError(FeintError):
    """A save file that cannot be read, or may not be written."""


@dataclass(frozen=True)
class SavedGame:
    record: Replay
    seats: tuple[str, ...] | None
    """Who sat in each seat; None in a replay written by something else."""


def read_save(path: Path) -> SavedGame:
    """The game saved in ``path``; raises SaveError for a file it cannot read."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        data = json.loads(decode(raw))
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a text file (neither UTF-8 nor UTF-16)") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise SaveError(f"{path} is not a saved game: not valid JSON ({error.msg} at {where})") from None
    record = Replay.from_json(data)
    seats = data.get(SEATS)
    if seats is None:
        return SavedGame(record, None)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveError(f'{path}: "seats" must be a list of names, such as ["human", "heuristic"]')
    return SavedGame(record, tuple(seats))


def decode(raw: bytes) -> str:
    """Text in UTF-8 (a byte-order mark allowed) or UTF-16 (either byte order, with or without a mark)."""
    if raw.startswith(codecs.BOM_UTF8):
        return raw[len(codecs.BOM_UTF8) :].decode("utf-8")
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16")
    # JSON starts with an ASCII character: in UTF-16 without a mark, one of its two bytes is zero.
    if len(raw) >= 2 and raw[1] == 0 and raw[0] != 0:
        return raw.decode("utf-16-le")
    if len(raw) >= 2 and raw[0] == 0 and raw[1] != 0:
        return raw.decode("utf-16-be")
    return raw.decode("utf-8")


class SaveFile:
    """A game's save file, kept up to date after every move."""

    def __init__(self, path: Path, record: Replay, seats: Sequence[str]) -> None:
        self.path = path
        self.record = record
        self.seats = tuple(seats)

    def add(self, seat: Seat, move: Move) -> str | None:
        """Record a move and write the file; the reason it failed, or None."""
        self.record = replace(self.record, moves=(*self.record.moves, (seat, str(move))))
        return self.write()

    def keep(self, moves: int) -> str | None:
        """Keep the first ``moves`` moves only (an undo) and write the file."""
        self.record = replace(self.record, moves=self.record.moves[:moves])
        return self.write()

    def write(self) -> str | None:
        """Write the whole file atomically; the reason it failed, or None. No temporary file is left."""
        text = json.dumps({**self.record.to_json(), SEATS: list(self.seats)}) + "\n"
        draft: str | None = None
        try:
            handle, draft = tempfile.mkstemp(
                dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
            )
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(draft, self.path)
            draft = None
        except OSError as error:
            return error.strerror or str(error)
        finally:
            if draft is not None:
                with contextlib.suppress(OSError):
                    os.unlink(draft)
        return None
