"""Save files for ``feint play``: a replay file that also records who sits in each seat.

A save is a replay (``feint replay`` reads it) with a ``seats`` note, one
entry per seat: ``"human"`` or the name of a bot. It is rewritten whole after
every move through a temporary file in the same folder, renamed over the old
one, so a save is never half written; a save that fails is reported to the
caller, which goes on playing, and its temporary file is removed.

A save is read by :mod:`feint.engine.files`, the reader of every file a
person hands to Feint (``feint replay`` reads through it too): UTF-8, with or
without a byte-order mark, or UTF-16 (a Windows editor's "Unicode"), within
its limits of size, kind of file and nesting.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from feint.bots.registry import check_seats
from feint.engine.errors import FeintError, SetupError, StateFormatError
from feint.engine.files import read_json
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
    """The game saved in ``path``; raises a FeintError naming the file for one the reader refuses, a
    malformed replay, or seats that are not people and bots within the bot parser's limits."""
    data = read_json(path)
    try:
        record = Replay.from_json(data)
        seats = data.get(SEATS)
        return SavedGame(record, None if seats is None else check_seats(seats, record.game))
    except (StateFormatError, SetupError) as error:
        raise SaveError(f"{path}: {error}") from None


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
