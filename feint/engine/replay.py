"""Replay files: a whole game as data, and the save and bug-report format.

A replay is JSON::

    {"game": "<name>", "players": 2, "options": {...}, "seed": 7,
     "setup": {...}, "moves": [[seat, "notation"], ...]}

``options`` and ``setup`` may be left out. A replay may also carry notes
that the game does not read: ``description``, ``rule`` or ``rules`` and
``expect`` (scenario files), and ``seats`` (who sat where, as a front-end's
save records it). Moves are applied in order, except
that during a simultaneous phase a seat's move may come before the moves of
the other seats that it must wait for: it is held back until that seat is to
move again, so the secret choices of one phase may be listed in any order.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from feint.engine.errors import FeintError, MoveError, StateFormatError
from feint.engine.registry import new_game
from feint.engine.seeding import SEEDS, is_seed
from feint.engine.state import GameState, JsonObject, Seat
from feint.engine.types import is_whole

_KEYS = {"game", "players", "options", "seed", "setup", "moves"}
_NOTES = {"expect", "rule", "rules", "description", "seats"}
"""Keys a replay may carry for its readers; playing it ignores them."""


class ReplayMoveError(FeintError):
    """A move of a replay that cannot be played: which one, and why."""

    def __init__(self, position: int, seat: Seat, move: str, reason: str) -> None:
        super().__init__(f"move {position} (seat {seat}, {move!r}): {reason}")
        self.position = position
        self.seat = seat
        self.move = move
        self.reason = reason


@dataclass(frozen=True)
class Replay:
    game: str
    players: int | None = None
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] = field(default_factory=dict)
    moves: tuple[tuple[Seat, str], ...] = ()

    @classmethod
    def from_json(cls, data: Any) -> Replay:
        """Read and check a replay's shape; raises StateFormatError saying what is wrong."""
        if not isinstance(data, Mapping):
            raise StateFormatError("a replay must be a JSON object")
        unknown = sorted(set(data) - _KEYS - _NOTES)
        if unknown:
            raise StateFormatError(f"unknown replay key {unknown[0]!r}; keys are {', '.join(sorted(_KEYS))}")
        game = data.get("game")
        if not isinstance(game, str):
            raise StateFormatError('a replay needs "game": the name of a game')
        players = data.get("players")
        if players is not None and not is_whole(players):
            raise StateFormatError('"players" must be a whole number')
        seed = data.get("seed", 0)
        if not is_seed(seed):
            raise StateFormatError(f'"seed" must be a whole number from 0 to {SEEDS[-1]}, not {seed!r}')
        options = data.get("options", {})
        setup = data.get("setup", {})
        for name, value in (("options", options), ("setup", setup)):
            if not isinstance(value, Mapping):
                raise StateFormatError(f'"{name}" must be an object')
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise StateFormatError('"moves" must be a list of [seat, "move"] pairs')
        moves = []
        for i, entry in enumerate(raw_moves):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or not is_whole(entry[0])
                or not isinstance(entry[1], str)
            ):
                raise StateFormatError(f'move {i} must be a [seat, "move"] pair, not {json.dumps(entry)}')
            moves.append((entry[0], entry[1]))
        return cls(game, players, seed, options, setup, tuple(moves))

    def to_json(self) -> JsonObject:
        data: JsonObject = {"game": self.game}
        if self.players is not None:
            data["players"] = self.players
        data["seed"] = self.seed
        if self.options:
            data["options"] = dict(self.options)
        if self.setup:
            data["setup"] = dict(self.setup)
        data["moves"] = [[seat, move] for seat, move in self.moves]
        return data

    def new_state(self) -> GameState:
        try:
            return new_game(self.game, self.players, self.seed, self.options, self.setup)
        except FeintError as err:
            raise StateFormatError(str(err)) from None

    def play(self) -> GameState:
        """The state after every move; raises ReplayMoveError at the first move that fails."""
        state = self.new_state()
        held: list[tuple[int, Seat, str]] = []
        for position, (seat, text) in enumerate(self.moves):
            if seat not in state.to_move() and state.in_simultaneous_phase() and _may_wait(state, seat):
                held.append((position, seat, text))
                continue
            _apply(state, position, seat, text)
            _release(state, held)
        if held:
            position, seat, text = held[0]
            raise ReplayMoveError(position, seat, text, f"seat {seat} never came to move again in this phase")
        return state


def _may_wait(state: GameState, seat: Seat) -> bool:
    """A seat that has made its secret choice may list its next one early."""
    return 0 <= seat < state.players and bool(state.to_move())


def _apply(state: GameState, position: int, seat: Seat, text: str) -> None:
    try:
        state.apply(seat, text)
    except MoveError as err:
        raise ReplayMoveError(position, seat, text, err.reason) from None


def _release(state: GameState, held: list[tuple[int, Seat, str]]) -> None:
    """Apply held moves, in their order, as soon as their seats are to move."""
    progress = True
    while progress and held:
        progress = False
        for entry in held:
            position, seat, text = entry
            if seat in state.to_move():
                held.remove(entry)
                _apply(state, position, seat, text)
                progress = True
                break
            if not state.in_simultaneous_phase():
                raise ReplayMoveError(position, seat, text, "the phase ended before this seat could move")
