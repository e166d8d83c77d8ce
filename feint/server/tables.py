"""A live table and its rules of play, with no I/O: what the server checks before a move is stored.

A :class:`Table` holds what the database holds (see :mod:`feint.server.db`)
and the game state rebuilt from its moves. Every change goes through one of
its methods, which checks everything first and raises :class:`TableError`
having changed nothing, then changes the table. Which seat plays and what
it may do is decided here: the protocol layer only turns messages into calls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from feint.engine.errors import IllegalMove
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.state import GameState, Move, Seat
from feint.server.tokens import matches

RETURN_GRACE = 10.0
"""Seconds a person whose clock ran out finds in the bank on coming back, if the increment is less."""

STAND_IN_BOT = "heuristic"
"""The bot that plays a seat whose person's clock ran out."""


def is_whole(value: object) -> TypeGuard[int]:
    """Whether a value read from JSON is an integer: ``true`` and ``false`` are not, though bools are ints."""
    return isinstance(value, int) and not isinstance(value, bool)


class TableError(Exception):
    """A request refused: ``code`` is the protocol's error code; the table is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Clock:
    """A time bank per seat and an increment added after each of its moves, in seconds."""

    bank: float
    increment: float


@dataclass(slots=True)
class SeatState:
    seat: Seat
    kind: str
    """``human`` or ``bot``: who the seat was made for."""
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    stand_in: bool = False
    remaining: float | None = None
    running_since: float | None = None

    @property
    def bot_plays(self) -> bool:
        return self.kind == "bot" or self.stand_in

    def time_left(self, now: float) -> float:
        """The seconds left in the bank at ``now``, its running time counted."""
        left = self.remaining or 0.0
        if self.running_since is not None:
            left -= now - self.running_since
        return max(left, 0.0)


@dataclass(frozen=True, slots=True)
class Applied:
    """What the table remembers of one applied move, to tell a stale move from a simultaneous one."""

    seq: int
    """The seq the move was applied at (the state's seq before it)."""
    seat: Seat
    secret: bool
    """A move (not a table move) made in a simultaneous phase: a secret choice."""
    waiting: tuple[Seat, ...]
    """The seats to move before it."""
    after: tuple[Seat, ...]
    """The seats to move after it."""


@dataclass(slots=True)
class Table:
    id: str
    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    setup: Mapping[str, Any]
    bot_stream: int
    public: bool
    creator_hash: str
    clock: Clock | None
    seats: list[SeatState]
    state: GameState
    moves: list[tuple[Seat, str]] = field(default_factory=list)
    applied: list[Applied] = field(default_factory=list)
    """One entry a move, as ``moves``: rebuilt with the state, never stored."""
    rematch: str | None = None
    broken: bool = False
    """A write of this table failed after it changed in memory: load it afresh before using it."""

    @classmethod
    def new(cls, **fields: Any) -> Table:
        """A table before its first move; its state dealt from ``seed``."""
        state = new_game(
            fields["game"], fields["players"], fields["seed"], fields["options"], fields["setup"]
        )
        return cls(state=state, **fields)

    def replay(self) -> Replay:
        """The table's game as the replay file ``feint replay`` reads (the seed included)."""
        return Replay(self.game, self.players, self.seed, self.options, self.setup, tuple(self.moves))

    @property
    def over(self) -> bool:
        return self.state.is_over()

    @property
    def seq(self) -> int:
        return self.state.seq

    def catch_up(self, moves: Sequence[tuple[Seat, str]]) -> None:
        """Apply moves stored after the ones this table has (by another worker, or on load)."""
        for seat, text in moves:
            self._apply(seat, text)

    def _apply(self, seat: Seat, move: Move | str) -> Move:
        state = self.state
        seq, waiting, simultaneous = state.seq, state.to_move(), state.in_simultaneous_phase()
        played = state.apply(seat, move)
        secret = simultaneous and played not in state.TABLE_MOVES
        self.applied.append(Applied(seq, seat, secret, waiting, state.to_move()))
        self.moves.append((seat, str(played)))
        return played

    def _current_for(self, seat: Seat, seq: int) -> bool:
        """Whether ``seat``, who last saw ``seq``, still faces the same decision.

        True at the latest seq, and in a simultaneous phase when every move
        since ``seq`` was another seat's secret choice, with ``seat`` to move
        before and after each: the first of two secret choices moves the
        seq on, and the second, made from the same view, is not stale.
        """
        if seq == self.state.seq:
            return True
        for entry in reversed(self.applied):
            if entry.seq < seq:
                return False
            if entry.seat == seat or not entry.secret or seat not in entry.waiting or seat not in entry.after:
                return False
            if entry.seq == seq:
                return True
        return False

    # --- changes -------------------------------------------------------------------

    def play(self, seat: Seat, move: object, seq: object, now: float, *, table_move: bool = False) -> Move:
        """Apply ``move`` (its text or ``{"index": n}``) for ``seat``, who last saw ``seq``."""
        state = self.state
        if self.over:
            raise TableError("game_over", "the game is over")
        if not is_whole(seq):
            raise TableError("bad_json", '"seq" must be the sequence number of the last state seen')
        if not self._current_for(seat, seq):
            raise TableError("stale", f"the table has moved on to seq {state.seq}; you sent seq {seq}")
        chosen = self._read_move(move)
        allowed = state.table_moves(seat) if table_move else state.legal_moves(seat)
        if not table_move and not allowed:
            raise TableError("not_your_turn", f"seat {seat} is not to move")
        if table_move and chosen not in state.TABLE_MOVES:
            raise TableError("illegal", f"{chosen} is not a table move; use a move message")
        if not table_move and chosen in state.TABLE_MOVES:
            raise TableError("illegal", f"{chosen} is a table move; use a table_move message")
        try:
            played = self._apply(seat, chosen)
        except IllegalMove as err:
            raise TableError("illegal", err.reason) from None
        self._run_clocks(now, mover=seat)
        return played

    def _read_move(self, move: object) -> Move:
        game = type(self.state)
        if isinstance(move, str):
            try:
                return game.parse_move(move)
            except IllegalMove as err:
                raise TableError("illegal", err.reason) from None
        if isinstance(move, Mapping) and set(move) == {"index"}:
            try:
                return game.move_from_index(move["index"])
            except IllegalMove as err:
                raise TableError("illegal", err.reason) from None
        raise TableError("bad_json", 'a move is its text or {"index": n}')

    def start_clocks(self, now: float) -> None:
        self._run_clocks(now, mover=None)

    def _run_clocks(self, now: float, mover: Seat | None) -> None:
        """Stop the clocks of the seat that moved and of seats no longer to move; start the others'."""
        if self.clock is None:
            return
        to_move = () if self.over else self.state.to_move()
        for seat in self.seats:
            running = seat.running_since is not None
            if running and (seat.seat == mover or seat.seat not in to_move or seat.bot_plays):
                seat.remaining = seat.time_left(now)
                seat.running_since = None
            if seat.seat == mover:
                seat.remaining = (seat.remaining or 0.0) + self.clock.increment
            if seat.seat in to_move and seat.running_since is None and not seat.bot_plays:
                seat.running_since = now

    def next_deadline(self) -> float | None:
        """The wall time the first running clock runs out, if any runs."""
        ends = [s.running_since + (s.remaining or 0.0) for s in self.seats if s.running_since is not None]
        return min(ends, default=None)

    def time_out(self, now: float) -> list[Seat]:
        """Give every seat whose clock has run out to the stand-in bot; returns those seats."""
        out = [s for s in self.seats if s.running_since is not None and s.time_left(now) <= 0.0]
        for seat in out:
            seat.remaining = 0.0
            seat.running_since = None
            seat.stand_in = True
            seat.bot = STAND_IN_BOT
        return [s.seat for s in out]

    def person_back(self, seat: Seat, now: float) -> bool:
        """The person of ``seat`` is back: the stand-in bot, if any, gives the seat back."""
        entry = self.seats[seat]
        entry.claimed = True
        if not entry.stand_in:
            return False
        entry.stand_in = False
        entry.bot = None
        if self.clock is not None:
            entry.remaining = max(entry.remaining or 0.0, self.clock.increment, RETURN_GRACE)
        self.start_clocks(now)
        return True

    def hand_to_bot(self, seat: object, bot: str, connected: set[Seat], now: float) -> None:
        """The creator gives the seat of a person who left to ``bot``, until the person is back."""
        if not is_whole(seat) or not 0 <= seat < self.players:
            raise TableError("bad_json", f"seat must be a seat from 0 to {self.players - 1}")
        entry = self.seats[seat]
        if entry.bot_plays:
            raise TableError("forbidden", f"a bot already plays seat {seat}")
        if seat in connected:
            raise TableError("forbidden", f"the person at seat {seat} is still here")
        if self.over:
            raise TableError("game_over", "the game is over")
        entry.stand_in = True
        entry.bot = bot
        self.start_clocks(now)

    def seat_of(self, token: str) -> Seat | None:
        for seat in self.seats:
            if matches(token, seat.token_hash):
                return seat.seat
        return None
