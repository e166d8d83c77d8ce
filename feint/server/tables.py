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
from typing import TYPE_CHECKING, Any

from feint.engine.errors import IllegalMove, NotationError
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.state import GameState, Move, Seat
from feint.engine.types import is_whole
from feint.engine.words import Phrase
from feint.server import undo
from feint.server.tokens import matches

if TYPE_CHECKING:
    from feint.server.undo import UndoRequest

RETURN_GRACE = 10.0
"""Seconds a person whose clock ran out finds in the bank on coming back, if the increment is less."""

STAND_IN_BOT = "heuristic"
"""The bot that plays a seat whose person's clock ran out."""


TEACHER_BOT = "heuristic"
"""The bot in every other seat of a teaching table: quick, playing by rules of thumb a learner follows."""


class TableError(Exception):
    """A request refused: ``code`` is the protocol's error code; the table is unchanged.

    ``message`` is a template, its ``fields`` named (``TableError("stale", "… seq {seq}", seq=4)``),
    or a :class:`~feint.engine.words.Phrase` already made (an engine's reason): ``.message`` is the
    phrase, English as a string, told in each receiver's language where it is sent. Never build the
    text before (an f-string reaches every reader in English; ``tests/server/test_refusals.py``).
    """

    def __init__(self, code: str, message: str, /, **fields: object) -> None:
        phrase = message if isinstance(message, Phrase) and not fields else Phrase(message, **fields)
        super().__init__(phrase)
        self.code = code
        self.message: Phrase = phrase


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
    lobby: bool = False
    """Open to strangers in the lobby: the creator chose so; such a seat has no link until taken."""
    pending: str | None = None
    """A table move the seat asked for that the rules let it make only later
    (``GameState.table_moves_later``): played as soon as it is open."""
    name: str | None = None
    """The display name its person gave (checked by :func:`feint.server.names.check_name`), if any."""

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
    stand_in: bool = False
    """A bot made the move for the seat's person (stored with the move)."""


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
    clocks_started: bool = True
    """The clocks run once every person's seat has been opened (or a bot stands in for it), or once
    the creator starts them; until then no clock runs, so nobody is timed out before arriving."""
    stood_in: dict[int, Seat] = field(default_factory=dict)
    """The seq of every event a stand-in bot's move made for its seat, to that seat (from ``applied``)."""
    undo: UndoRequest | None = None
    """The request to take moves back that is open, or the last one until the next move (server.undo)."""
    undos: int = 0
    """How many times moves were taken back: a copy of the table that counts fewer must be rebuilt."""
    expired: bool = False
    """Idle past the host's limit (``feint serve --expire-after``): no change is made any more."""
    teach: bool = False
    """A table that teaches its person a first game: each state message carries a lesson (server.messages)."""
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
    def ended(self) -> bool:
        """The game is over or the table expired: its replay is open, every card face-up."""
        return self.over or self.expired

    @property
    def seq(self) -> int:
        return self.state.seq

    def catch_up(self, moves: Sequence[tuple[Seat, str, bool]]) -> None:
        """Apply moves stored after the ones this table has (by another worker, or on load):
        each its seat, its text and whether a stand-in bot made it."""
        for seat, text, stand_in in moves:
            self._apply(seat, text, stand_in)

    def _apply(self, seat: Seat, move: Move | str, stand_in: bool) -> Move:
        state = self.state
        seq, waiting, simultaneous = state.seq, state.to_move(), state.in_simultaneous_phase()
        played = state.apply(seat, move)
        secret = simultaneous and played not in state.TABLE_MOVES
        self.applied.append(Applied(seq, seat, secret, waiting, state.to_move(), stand_in))
        self.moves.append((seat, str(played)))
        if stand_in:
            self.stood_in.update((event, seat) for event in range(seq + 1, state.seq + 1))
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
        """Apply ``move`` (its text or ``{"index": n}``) for ``seat``, who last saw ``seq``.

        A table move the rules let the seat make only later is kept as its request instead
        (asking again for the one kept withdraws it), played as soon as the rules allow.
        """
        state = self.state
        if self.over:
            raise TableError("game_over", "the game is over")
        if not is_whole(seq):
            raise TableError("bad_json", '"seq" must be the sequence number of the last state seen')
        chosen = self._read_move(move)
        if table_move and chosen not in state.table_moves(seat) and chosen in state.table_moves_later(seat):
            # A request, not a decision: it holds whatever the seat last saw.
            entry = self.seats[seat]
            entry.pending = None if entry.pending == str(chosen) else str(chosen)
            return chosen
        if not self._current_for(seat, seq):
            raise TableError(
                "stale", "the table has moved on to seq {seq}; you sent seq {sent}", seq=state.seq, sent=seq
            )
        allowed = state.table_moves(seat) if table_move else state.legal_moves(seat)
        if not table_move and not allowed:
            raise TableError("not_your_turn", "seat {seat} is not to move", seat=seat)
        if table_move and chosen not in state.TABLE_MOVES:
            raise TableError("illegal", "{chosen} is not a table move; use a move message", chosen=chosen)
        if not table_move and chosen in state.TABLE_MOVES:
            raise TableError("illegal", "{chosen} is a table move; use a table_move message", chosen=chosen)
        try:
            played = self._apply(seat, chosen, self.seats[seat].stand_in and not table_move)
        except IllegalMove as err:
            raise TableError("illegal", err.reason) from None
        if table_move:
            self.seats[seat].pending = None
        undo.moved(self, seat)
        self._run_clocks(now, mover=seat)
        self._play_requests(now)
        return played

    def _play_requests(self, now: float) -> None:
        """Play every kept table move request the rules now allow; drop those that lost their sense."""
        state = self.state
        for entry in self.seats:
            if entry.pending is None or self.over:
                continue
            request = state.parse_move(entry.pending)
            if request in state.table_moves(entry.seat):
                entry.pending = None
                self._apply(entry.seat, request, stand_in=False)
                self._run_clocks(now, mover=None)
            elif request not in state.table_moves_later(entry.seat):
                entry.pending = None

    def _read_move(self, move: object) -> Move:
        game = type(self.state)
        if isinstance(move, str):
            try:
                return game.parse_move(move)
            except NotationError as err:
                raise TableError("not_a_move", err.reason) from None
        if isinstance(move, Mapping) and set(move) == {"index"}:
            try:
                return game.move_from_index(move["index"])
            except NotationError as err:
                raise TableError("not_a_move", err.reason) from None
        raise TableError("bad_json", 'a move is its text or {"index": n}')

    def start_clocks(self, now: float) -> None:
        """The creator starts the clocks without waiting for every person's seat to be opened."""
        if self.clock is None:
            raise TableError("forbidden", "this table has no clock")
        if self.clocks_started:
            raise TableError("forbidden", "the clocks have started already")
        if self.over:
            raise TableError("game_over", "the game is over")
        self.clocks_started = True
        self._run_clocks(now, mover=None)

    def start_when_everybody_is_here(self, now: float) -> None:
        """Start the clocks once every person's seat has been opened or has a bot standing in."""
        if not self.clocks_started and all(s.claimed or s.stand_in for s in self.seats if s.kind == "human"):
            self.clocks_started = True
        self._run_clocks(now, mover=None)

    def resume_clocks(self, now: float) -> None:
        """After the server was down: running clocks go on from ``now``, the time down uncharged.

        What a clock stores is the bank when it started and the wall time it started, so the
        thinking time since then, up to the moment the server stopped, is not charged either.
        """
        for seat in self.seats:
            if seat.running_since is not None:
                seat.running_since = now

    def run_clocks(self, now: float) -> None:
        """Start the clocks of the seats to move, and stop the others'."""
        self._run_clocks(now, mover=None)

    def _run_clocks(self, now: float, mover: Seat | None) -> None:
        """Stop the clocks of the seat that moved and of seats no longer to move; start the others'.

        None runs while a request to take moves back is open (feint.server.undo)."""
        if self.clock is None or not self.clocks_started or undo.asking(self):
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

    def expire(self, now: float) -> None:
        """The table was idle past the host's limit: its clocks stop and it takes no more changes."""
        for seat in self.seats:
            if seat.running_since is not None:
                seat.remaining = seat.time_left(now)
                seat.running_since = None
        self.expired = True

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

    def person_back(self, seat: Seat, now: float) -> None:
        """The person of ``seat`` is here (the first time, or back): a stand-in bot gives the seat back."""
        entry = self.seats[seat]
        entry.claimed = True
        if entry.stand_in:
            entry.stand_in = False
            entry.bot = None
            if self.clock is not None:
                entry.remaining = max(entry.remaining or 0.0, self.clock.increment, RETURN_GRACE)
        self.start_when_everybody_is_here(now)

    def hand_to_bot(self, seat: object, bot: str, connected: set[Seat], now: float) -> None:
        """The creator gives the seat of a person who left to ``bot``, until the person is back."""
        if not is_whole(seat) or not 0 <= seat < self.players:
            raise TableError("bad_json", "seat must be a seat from 0 to {last}", last=self.players - 1)
        entry = self.seats[seat]
        if entry.bot_plays:
            raise TableError("forbidden", "a bot already plays seat {seat}", seat=seat)
        if seat in connected:
            raise TableError("forbidden", "the person at seat {seat} is still here", seat=seat)
        if self.over:
            raise TableError("game_over", "the game is over")
        entry.stand_in = True
        entry.bot = bot
        self.start_when_everybody_is_here(now)

    def rename(self, seat: Seat, name: str) -> None:
        """The person of ``seat`` is called ``name`` from now on (checked by the caller)."""
        self.seats[seat].name = name

    def take_from_lobby(self, seat: Seat, token_hash: str, now: float) -> None:
        """A stranger takes a seat open to the lobby (the caller checked it is): it is opened."""
        entry = self.seats[seat]
        entry.token_hash = token_hash
        entry.claimed = True
        self.start_when_everybody_is_here(now)

    def seat_of(self, token: str) -> Seat | None:
        for seat in self.seats:
            if matches(token, seat.token_hash):
                return seat.seat
        return None
