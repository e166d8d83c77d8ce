"""The contract every game keeps: the abstract game state.

A state is mutable and owns its random generator. ``apply`` checks a move
against the legal moves, computed once per decision and remembered here, and
either changes the state or raises :class:`IllegalMove` having changed nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

from feint.engine.errors import IllegalMove, NotationError

Seat = int
Viewer = Seat | None
"""Who looks at a state: a seat, or ``None`` for a spectator who sees only public information."""

JsonObject = dict[str, Any]


class Move(Protocol):
    """A move: an immutable value with a text notation and a stable integer index."""

    @property
    def index(self) -> int: ...

    def __str__(self) -> str: ...


class View(Protocol):
    """What one viewer may know of a state, and nothing more."""

    def to_json(self) -> JsonObject: ...


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: the winning seats and a score for every seat."""

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]


class GameState(ABC):
    """One game in progress. Subclasses are registered under ``NAME``."""

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULT_PLAYERS: ClassVar[int | None] = None
    """The seats of a game when none are asked for; None means ``MIN_PLAYERS``."""
    VARIANTS: ClassVar[tuple[str, ...]]
    MOVES: ClassVar[tuple[Move, ...]]
    """Every move of the game; ``MOVES[m.index] is m``."""
    TABLE_MOVES: ClassVar[frozenset[Move]] = frozenset()
    """Moves a seat may make out of turn, such as sitting out: never in ``legal_moves``."""

    players: int
    _to_move_cache: tuple[Seat, ...] | None = None
    _legal_cache: dict[Seat, tuple[Move, ...]] | None = None

    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        """A new game; raises SetupError for bad players, options or set-up."""

    @classmethod
    @abstractmethod
    def parse_move(cls, text: str) -> Move:
        """The move written as ``text``; raises NotationError."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The state that ``to_json`` wrote; raises StateFormatError."""

    @abstractmethod
    def to_json(self) -> JsonObject:
        """The whole state, hidden information included."""

    def to_move(self) -> tuple[Seat, ...]:
        """The seats that must act now: several during simultaneous secret choices."""
        cached = self._to_move_cache
        if cached is None:
            cached = self._to_move_cache = self._compute_to_move()
        return cached

    def legal_moves(self, seat: Seat) -> tuple[Move, ...]:
        """Every legal move of ``seat`` now; empty when it is not to move."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        cached = cache.get(seat)
        if cached is None:
            cached = cache[seat] = self._compute_legal(seat) if seat in self.to_move() else ()
        return cached

    def _forget(self) -> None:
        """Drop what ``to_move`` and ``legal_moves`` remembered: the state is about to change.

        ``apply`` calls it; so must anything else that changes a state (a
        clone that will diverge, a state read from JSON).
        """
        self._to_move_cache = None
        self._legal_cache = None

    @abstractmethod
    def _compute_to_move(self) -> tuple[Seat, ...]:
        """``to_move`` worked out afresh; computed once per decision."""

    @abstractmethod
    def _compute_legal(self, seat: Seat) -> tuple[Move, ...]:
        """The legal moves of ``seat``, a seat to move; computed once per decision."""

    @abstractmethod
    def explain_illegal(self, seat: Seat, move: Move) -> str:
        """Why ``move`` is not legal for ``seat`` now, for a person to read."""

    @abstractmethod
    def _apply(self, seat: Seat, move: Move) -> None:
        """Carry out a move already known to be legal."""

    @abstractmethod
    def view(self, viewer: Viewer) -> View:
        """What ``viewer`` may know: the only window front-ends and bots get."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Winners and scores; raises FeintError before the end."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (its generator included)."""

    def table_moves(self, seat: Seat) -> tuple[Move, ...]:
        """The table moves open to ``seat`` now, whether or not it is to move."""
        return ()

    def _apply_table_move(self, seat: Seat, move: Move) -> None:
        """Carry out a table move already known to be open to ``seat``."""
        raise NotImplementedError(f"{self.NAME} has no table moves")

    def in_simultaneous_phase(self) -> bool:
        """True while the seats make secret choices that are revealed together."""
        return False

    def winners(self) -> tuple[Seat, ...]:
        return self.result().winners if self.is_over() else ()

    @classmethod
    def move_from_index(cls, index: int) -> Move:
        if not 0 <= index < len(cls.MOVES):
            raise NotationError(str(index), f"move indices run from 0 to {len(cls.MOVES) - 1}")
        return cls.MOVES[index]

    def apply(self, seat: Seat, move: Move | str) -> Move:
        """Play ``move`` (a move or its notation) for ``seat``; returns the move played."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if move in self.legal_moves(seat):
            self._forget()
            self._apply(seat, move)
        elif move in self.table_moves(seat):
            self._forget()
            self._apply_table_move(seat, move)
        else:
            raise IllegalMove(str(move), self._reason(seat, move))
        return move

    def _reason(self, seat: Seat, move: Move) -> str:
        if self.is_over():
            return "the game is over"
        if not 0 <= seat < self.players:
            return f"there is no seat {seat}; seats are 0 to {self.players - 1}"
        waiting = self.to_move()
        if seat not in waiting and move not in self.TABLE_MOVES:
            return f"seat {seat} is not to move; waiting for seat {_seat_list(waiting)}"
        return self.explain_illegal(seat, move)

    def legal_notation(self) -> dict[str, list[str]]:
        """The legal moves in notation, keyed by each seat to move (as a string, for JSON)."""
        return {str(s): [str(m) for m in self.legal_moves(s)] for s in self.to_move()}

    def summary(self) -> JsonObject:
        """The keys every game's replay output starts with."""
        return {
            "game": self.NAME,
            "players": self.players,
            "over": self.is_over(),
            "winners": list(self.winners()),
            "to_move": list(self.to_move()),
            "legal": self.legal_notation(),
            **({"table": self.table_notation()} if self.TABLE_MOVES else {}),
        }

    def table_notation(self) -> dict[str, list[str]]:
        """The table moves open now, keyed by seat (as a string, for JSON); seats with none left out."""
        open_moves = {seat: self.table_moves(seat) for seat in range(self.players)}
        return {str(seat): [str(m) for m in moves] for seat, moves in open_moves.items() if moves}


def _seat_list(seats: Sequence[Seat]) -> str:
    return " or ".join(str(s) for s in seats) if seats else "nobody"
