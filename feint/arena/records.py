"""The record of one arena game: one JSON line of ``games.jsonl``, and the replay inside it.

A line is::

    {"index": 0, "bots": ["heuristic", "random"], "bot_seeds": [..., ...],
     "winners": [1], "scores": [0.0, 2.0], "length": 84,
     "bluffs": [{...}, {...}],
     "replay": {"game": "<name>", "players": 2, "seed": ..., "options": {...}, "moves": [...]}}

``replay`` is a replay file as ``feint replay`` reads it: a line, or a
file holding one line, replays with ``feint replay FILE`` (``--line N``
picks line N of a whole ``games.jsonl``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from feint.arena.bluffs import BluffCounts
from feint.bots.registry import check_seats
from feint.engine.errors import SetupError, StateFormatError
from feint.engine.files import SeveralDocuments, read_json, read_json_lines
from feint.engine.replay import Replay
from feint.engine.types import JsonObject, Seat

GAMES_FILE = "games.jsonl"
TIMES_FILE = "times.jsonl"


@dataclass(frozen=True, slots=True)
class GameRecord:
    index: int
    bots: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    length: int
    """Moves played, every seat's decisions counted."""
    bluffs: tuple[BluffCounts, ...]
    replay: Replay
    times: tuple[tuple[float, ...], ...] = field(default=(), compare=False)
    """Per seat, the wall-clock milliseconds of each of its decisions; empty for a game read back from its
    line. Not part of the line (a measurement, not the game: ``games.jsonl`` stays the same whatever the
    machine), but of ``times.jsonl`` beside it (:func:`write_times`)."""

    @property
    def game(self) -> str:
        return self.replay.game

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(self.replay.options.get("variants", ()))

    def win_share(self, seat: Seat) -> float:
        """The seat's share of the win: one winner takes 1, several share it, nobody's win is nobody's."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> JsonObject:
        return {
            "index": self.index,
            "bots": list(self.bots),
            "bot_seeds": list(self.bot_seeds),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "length": self.length,
            "bluffs": [counts.to_json() for counts in self.bluffs],
            "replay": self.replay.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, Mapping) or not isinstance(data.get("replay"), Mapping):
            raise StateFormatError('an arena game line is an object with a "replay"')
        try:
            return cls(
                int(data["index"]),
                tuple(str(bot) for bot in data["bots"]),
                tuple(int(seed) for seed in data["bot_seeds"]),
                tuple(int(seat) for seat in data["winners"]),
                tuple(float(score) for score in data["scores"]),
                int(data["length"]),
                tuple(BluffCounts.from_json(counts) for counts in data["bluffs"]),
                Replay.from_json(data["replay"]),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise StateFormatError(f"not an arena game line: {err}") from None


def write_line(stream: Any, record: GameRecord) -> None:
    stream.write(json.dumps(record.to_json(), separators=(",", ":")) + "\n")


def write_times(stream: Any, record: GameRecord) -> None:
    """A line of ``times.jsonl``: the game's index, its bots and each seat's milliseconds a decision."""
    line = {"index": record.index, "bots": list(record.bots), "ms": [list(ms) for ms in record.times]}
    stream.write(json.dumps(line, separators=(",", ":")) + "\n")


def read_games(path: Path) -> list[GameRecord]:
    """Every game of a ``games.jsonl``; raises StateFormatError naming the first bad line."""
    records = []
    for number, data in read_json_lines(path):
        try:
            records.append(GameRecord.from_json(data))
        except StateFormatError as err:
            raise StateFormatError(f"{path} line {number}: {err}") from None
    return records


def read_replay(path: str | Path, line: int | None = None) -> Replay:
    """The replay in a file: a replay file, an arena game line, or (with ``line``) line ``line`` of many.

    Raises StateFormatError, naming the file, for a missing file, a line out of range or a malformed
    replay; the file is read by :mod:`feint.engine.files`, so every file that reader refuses is refused
    here too.
    """
    data: Any
    if line is not None:
        if line < 1:
            raise StateFormatError(f"--line counts from 1, not {line}")
        data = next((data for number, data in read_json_lines(path) if number == line), _MISSING)
        if data is _MISSING:
            raise StateFormatError(f"{path} has no line {line}")
    else:
        try:
            data = read_json(path)
        except SeveralDocuments as err:
            raise StateFormatError(f"{err}; pick one with --line N") from None
    if isinstance(data, Mapping) and "replay" in data:
        data = data["replay"]
    try:
        replay = Replay.from_json(data)
        if "seats" in data:  # a save of feint play: its seats are checked as feint play --resume checks them
            check_seats(data["seats"], replay.game)
    except (StateFormatError, SetupError) as err:
        raise StateFormatError(f"{path}{'' if line is None else f' line {line}'}: {err}") from None
    return replay


_MISSING = object()
