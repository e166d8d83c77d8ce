"""The contract every game keeps: the abstract game state.

A state is mutable and owns its random generator and its event log. The
engine owns the machinery: the move table and its checks, the view template
and its header, the event log and what each viewer may see of it, the codec
that writes, reads and clones every state, and determinization through the
game's sampler. A game writes only its rules: who is to move, which moves
are legal (and why one is not), what a move does, what a viewer sees, and how
to draw a world consistent with a viewer's information.

``apply`` checks a move against the legal moves, computed once per decision
and remembered here, and either changes the state or raises, having changed
nothing, :class:`NotationError` (no move of the game) or :class:`IllegalMove`
(a move the rules do not allow now).
"""

from __future__ import annotations

import random
from abc import ABC, ABCMeta, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, get_origin

from feint.engine.codec import codec_of
from feint.engine.errors import IllegalMove, StateFormatError
from feint.engine.events import AUDIENCES, Event, EventLog, Secret, audience_of
from feint.engine.info import Information, InfoState
from feint.engine.moves import MoveBase, MoveTable
from feint.engine.types import JsonObject, Seat, Viewer, is_whole
from feint.engine.view import Header, View, check_viewer
from feint.engine.words import Phrase

__all__ = ["Belief", "GameState", "JsonObject", "Move", "Result", "Seat", "View", "Viewer"]

Move = MoveBase

Trust = Callable[[Seat], float]
"""A seat's pending claim's chance of being made true by the sampler where it drew it false (0..1)."""
if TYPE_CHECKING:
    from typing_extensions import TypeVar

    ViewT = TypeVar("ViewT", bound=View, covariant=True, default=View)
    MoveT = TypeVar("MoveT", bound=MoveBase, covariant=True, default=MoveBase)
else:  # the defaults (PEP 696) are for the type checker; Python 3.11's TypeVar takes none
    from typing import TypeVar

    ViewT = TypeVar("ViewT", bound=View, covariant=True)
    MoveT = TypeVar("MoveT", bound=MoveBase, covariant=True)
"""A state's view and move types. Both are covariant, so any game's state is a plain ``GameState``
(views ``View``, moves ``MoveBase``). The rules methods that take a move (``explain_illegal``,
``_apply``, ``_apply_table_move``) take the game's own: the engine calls them only with a move of
the game's table, interned, so the covariant parameter is safe (its lines silence the checker's
general objection). ``apply`` itself takes any move or text, and refuses another game's."""

_new_node = object.__new__

_NO_SEAT = object()
"""Equal to no seat: ``_legal_seat`` once the state has changed."""


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: the winning seats, a score for every seat, and why the game ended."""

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    termination: str
    """Why the game ended, one of the game's ``TERMINATIONS`` (such as ``"exit"``, a seat reached the
    way out; ``"round-limit"``), as python-chess's ``Outcome`` says
    checkmate or stalemate: so a front-end and a report can say why without reading the state."""
    tiebreak: str | None = None
    """The rule that parted seats tied on the top score, when the game has one and it was needed: its name
    (such as ``"coins"``, the most coins left), so a front-end can say why the tie went as
    it did. With it the winners may still be several: the tie held there too, and the victory is shared."""

    def to_json(self) -> JsonObject:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "termination": self.termination,
            "tiebreak": self.tiebreak,
        }


class Belief(Protocol):
    """What a viewer's information says of the cards it cannot see, as the sampler and the bots use it.

    A *location* names one place a hidden card may be (``"hand 2 #3"``,
    ``"deck #0"``): a game's ``hidden_placement`` maps each location the
    viewer cannot see to the card there.
    """

    def unseen(self) -> Counter[Hashable]:
        """The cards of the locations hidden from the viewer, as a multiset."""
        ...

    def allows(self, location: str, card: Hashable) -> bool:
        """Whether the viewer's information lets ``card`` be at ``location``."""
        ...


class StateMeta(ABCMeta):
    """Gives every state class ``__slots__``: one per field it annotates, and no ``__dict__``.

    Why: a state is read and written on every move, and CPython 3.11 keeps an
    object's attributes inline (and specializes the code that reads them and
    calls its methods) only up to 30 of them; a state has more, so without
    slots its attributes went to a plain dict and every ``self.method()`` of
    the rules took the slow, unspecialized path. The slots are made from the
    annotations, so a game declares its fields once, as it always has; a
    ``ClassVar`` or a field its base already holds gets no slot.
    """

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any) -> Any:
        if "__slots__" not in namespace:
            inherited = {slot for base in bases for k in base.__mro__ for slot in getattr(k, "__slots__", ())}
            fields = [
                field
                for field, hint in namespace.get("__annotations__", {}).items()
                if not _is_class_var(hint) and field not in inherited
            ]
            clash = [field for field in fields if field in namespace]
            if clash:
                listed = ", ".join(clash)
                raise TypeError(f"{name}: state fields take no class-level default, so not {listed}")
            namespace["__slots__"] = tuple(fields)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


def _is_class_var(hint: object) -> bool:
    if isinstance(hint, str):
        return hint.startswith(("ClassVar", "typing.ClassVar"))
    return hint is ClassVar or get_origin(hint) is ClassVar


class GameState(ABC, Generic[ViewT, MoveT], metaclass=StateMeta):
    """One game in progress, declared by its game's package (``feint.engine.game``); metadata first.

    A game's state names its view and move types, ``class DiceState(GameState[DiceView,
    DiceMove])``, so its rules and a reader of its views need no casts: ``view`` returns
    its view type, ``legal_moves`` and ``apply`` its move type. ``GameState`` alone, as a
    game-agnostic front-end writes it, is any game: its views are ``View``, its moves any move.
    """

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULT_PLAYERS: ClassVar[int | None] = None
    """The seats of a game when none are asked for; None means ``MIN_PLAYERS``."""
    VARIANTS: ClassVar[tuple[str, ...]]
    MOVES: ClassVar[MoveTable[Any]]
    """Every move of the game; ``MOVES[m.index] is m``."""
    TABLE_MOVES: ClassVar[frozenset[Move]] = frozenset()
    """Moves a seat may make out of turn, such as sitting out: never in ``legal_moves``."""
    INFORMATION: ClassVar[Mapping[str, Information]]
    """Who may know each stored field of the state (``players`` and ``log`` are the engine's)."""
    CHANCE_NODES: ClassVar[bool] = False
    """Whether the game, made with the option ``chance: "explicit"``, stops at a chance node where it would
    draw (``chance_outcomes``, ``apply_chance``) instead of drawing from its generator inside ``apply``."""
    CHANCE_OUTCOMES: ClassVar[int] = 0
    """The most outcomes a chance node of the game has (OpenSpiel's ``max_chance_outcomes``); 0 without
    ``CHANCE_NODES``."""
    SAMPLES_HISTORIES: ClassVar[bool] = False
    """Whether a world ``sample`` draws carries every seat's private past, rebuilt consistently with the
    hidden cards it drew (``feint.engine.history``), and not only the viewer's. A world that carries the
    viewer's alone says so (:meth:`recall_only`): a search never reads another seat's information from it."""
    SIMULTANEOUS: ClassVar[bool] = False
    """Whether the game has phases where several seats choose in secret at once (``to_move()`` lists them
    all, ``in_simultaneous_phase()`` is True there): a learning environment offers such a game stepped in
    parallel (``feint.rl.parallel``)."""
    TERMINATIONS: ClassVar[tuple[str, ...]]
    """Every way a game may end, each a short lower-case name: ``result().termination`` is one."""

    players: int
    log: EventLog
    phase: StrEnum

    _to_move_cache: tuple[Seat, ...] | None
    _legal_seat: object
    """The seat whose legal moves ``_legal`` holds, remembered for the decision under way."""
    _legal: tuple[MoveT, ...]
    _recalled: frozenset[Seat] | None
    """The seats whose events carry their own private past, where not every seat's do (:meth:`recalls`)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        """A state with nothing remembered yet: a game's ``new``, the codec or a sampler sets the rest."""
        state = super().__new__(cls)
        state._to_move_cache = None
        state._legal_seat = _NO_SEAT
        state._legal = ()
        state._recalled = None
        return state

    # --- construction and the game's rules ------------------------------------

    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        """A new game; raises SetupError for bad players, options or set-up."""

    @abstractmethod
    def _compute_to_move(self) -> tuple[Seat, ...]:
        """``to_move`` worked out afresh; computed once per decision."""

    @abstractmethod
    def _compute_legal(self, seat: Seat) -> tuple[MoveT, ...]:
        """The legal moves of ``seat``, a seat to move; computed once per decision."""

    @abstractmethod
    def explain_illegal(self, seat: Seat, move: MoveT) -> str:  # type: ignore[misc]
        """Why ``move`` is not legal for ``seat`` now, for a person to read."""

    @abstractmethod
    def _apply(self, seat: Seat, move: MoveT) -> None:  # type: ignore[misc]
        """Carry out a move already known to be legal."""

    @abstractmethod
    def _view(self, header: Header) -> ViewT:
        """The game's view for ``header.viewer``, already checked, under the engine's header."""

    @abstractmethod
    def _revealed_view(self, header: Header) -> ViewT:
        """The spectator's view with nothing hidden: every card face-up, every seat's hidden cards added."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Winners and scores; raises FeintError before the end."""

    def report(self) -> JsonObject:
        """The state as ``feint replay`` prints it after the summary: the game's derived, readable values."""
        return self.to_json()

    def table_moves(self, seat: Seat) -> tuple[MoveT, ...]:
        """The table moves open to ``seat`` now, whether or not it is to move."""
        return ()

    def table_moves_later(self, seat: Seat) -> tuple[MoveT, ...]:
        """Table moves ``seat`` may ask for now that the rules let it make only later.

        A front-end keeps such a request and plays it as soon as it is in ``table_moves``
        (sitting out or in, asked for during a turn, may wait for the turn to end); a
        request no longer listed here nor open has lost its sense and is dropped.
        """
        return ()

    def _apply_table_move(self, seat: Seat, move: MoveT) -> None:  # type: ignore[misc]
        """Carry out a table move already known to be open to ``seat``."""
        raise NotImplementedError(f"{self.NAME} has no table moves")

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        """At a chance node, every outcome chance may give and its probability (they add up to 1); empty
        elsewhere. Only a game made with explicit chance (``CHANCE_NODES``) has chance nodes: there nobody
        is to move (``to_move()`` is empty) and the game is not over until ``apply_chance`` resolves it."""
        return ()

    def apply_chance(self, outcome: Hashable) -> None:
        """Resolve the chance node with ``outcome``, one of ``chance_outcomes()``; raises IllegalMove (a
        MoveError) and changes nothing otherwise."""
        outcomes = self.chance_outcomes()
        if not any(outcome == listed for listed, _ in outcomes):
            if not outcomes:
                raise IllegalMove(
                    str(outcome), Phrase("this is no chance node: a seat is to move, or the game is over")
                )
            listed = ", ".join(str(o) for o, _ in outcomes)
            raise IllegalMove(str(outcome), Phrase("chance gives one of {listed}", listed=listed))
        self._forget()
        self._apply_chance(outcome)

    def _apply_chance(self, outcome: Any) -> None:
        """Carry out a chance outcome already known to be one of ``chance_outcomes()``."""
        raise NotImplementedError(f"{self.NAME} has no chance nodes")

    def max_game_length(self) -> int | None:
        """A bound on the decisions of the whole game this state is one moment of, from its start, under
        its options and table size: every move of a seat to move counts (each seat's secret choice in a
        simultaneous phase is one), table moves do not (they are never in ``legal_moves``). None where
        the rules set no bound. Each game argues its bound in docs/rules; OpenSpiel requires one."""
        return None

    def in_simultaneous_phase(self) -> bool:
        """True while the seats make secret choices that are revealed together."""
        return False

    def _check_consistent(self) -> None:
        """Raise StateFormatError if a state read from JSON breaks the game's invariants."""

    # --- determinization ---------------------------------------------------------

    @classmethod
    @abstractmethod
    def belief(cls, info: InfoState[Any]) -> Belief:
        """What ``info`` says of the cards its viewer cannot see."""

    @classmethod
    @abstractmethod
    def sample(cls, info: InfoState[Any], rng: random.Random, trust: Trust | None = None) -> Self:
        """A full state drawn at random among those that give ``info.viewer`` exactly ``info``.

        It reads ``info`` and ``rng`` only, so it cannot peek; its own
        generator is drawn from ``rng``, so the future is unknown too.
        ``trust``, the search's opponent model, gives each seat the chance that
        a pending claim of that seat the draw made false is made true instead
        (each game says how, in its sampler); without it every hidden card is
        drawn uniformly. A viewer's own claims are never changed: it knows them.
        """

    @abstractmethod
    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        """Every location whose card ``viewer`` cannot see, with the card there (see :class:`Belief`)."""

    def recalls(self, seat: Seat) -> bool:
        """Whether ``seat``'s events here carry its own private past (perfect recall), so that
        ``InfoState.of(self, seat)`` is an information a real game could give it.

        A real game's always do. A world a sampler drew carries its viewer's, and every other seat's
        where the game rebuilds them (``SAMPLES_HISTORIES``), unless the sampler kept a world it found
        none for (:meth:`recall_only`). A copy keeps this (a clone, ``copy``, pickle); JSON, a game's
        stored fields only, does not.
        """
        return self._recalled is None or seat in self._recalled

    def recall_only(self, viewer: Viewer) -> None:
        """Say that this world's log carries the private past of ``viewer`` alone (of nobody for the
        spectator): a sampler's world whose log is its viewer's events."""
        self._recalled = frozenset(() if viewer is None else (viewer,))

    def resample(self, viewer: Viewer, rng: random.Random) -> Self:
        """A world consistent with what ``viewer`` knows of this one: ``sample`` of its information."""
        return type(self).sample(InfoState.of(self, viewer), rng)

    # --- what the engine does for every game -------------------------------------

    def to_move(self) -> tuple[Seat, ...]:
        """The seats that must act now: several during simultaneous secret choices."""
        cached = self._to_move_cache
        if cached is None:
            cached = self._to_move_cache = self._compute_to_move()
        return cached

    def legal_moves(self, seat: Seat) -> tuple[MoveT, ...]:
        """Every legal move of ``seat`` now; empty when it is not to move."""
        if seat == self._legal_seat:
            return self._legal
        movers = self._to_move_cache
        if movers is None:
            movers = self.to_move()
        legal = self._compute_legal(seat) if seat in movers else ()
        self._legal_seat = seat
        self._legal = legal
        return legal

    def _forget(self) -> None:
        """Drop what ``to_move`` and ``legal_moves`` remembered: the state is about to change."""
        self._to_move_cache = None
        self._legal_seat = _NO_SEAT

    def view(self, viewer: Viewer) -> ViewT:
        """What ``viewer`` may know: the only window front-ends and bots get.

        ``viewer`` must be a seat of this game or None (the spectator);
        anything else raises ViewerError.
        """
        return self._view(self._header(check_viewer(viewer, self.players)))

    def revealed_view(self) -> ViewT:
        """Everything, as a view: for the end of a game and its replay, never for a seat in play.

        It is the spectator's view (its header's viewer is None) with every
        ``HIDDEN`` marker replaced by what lies there, and the game's fields
        for what only seats hold (hands, decks, cards set aside) added: the
        JSON of a spectator's view, and more.
        """
        return self._revealed_view(self._header(None))

    def _header(self, viewer: Viewer) -> Header:
        over = self.is_over()
        return Header(
            self.NAME,
            viewer,
            self.phase,
            self.to_move(),
            over,
            self.result().winners if over else (),
            self.seq,
        )

    def events(self, viewer: Viewer, since: int = 0) -> tuple[Event, ...]:
        """What ``viewer`` may see of the events after sequence number ``since``, oldest first."""
        return self.log.seen_by(check_viewer(viewer, self.players), since)

    @property
    def seq(self) -> int:
        """The sequence number of the last event; 0 before the first."""
        return self.log.seq

    def record(
        self, kind: str, actor: Seat | None = None, secrets: Sequence[Secret] = (), /, **data: Any
    ) -> None:
        """Add an event to the log: ``data`` is public, each secret is seen by its audience only.

        Values must be immutable (tuples, not lists): the log is shared by clones and viewers.
        The first three are positional-only: a call's keywords then all go to ``data`` without
        being compared with the parameters' names first, which every move pays for.
        """
        log = self.log
        # The hot path of every move: one small slotted object (see EventLog), and no other made.
        # Filled slot by slot, not through EventLog(...): a call to a Python __init__ costs three
        # times as much as these stores on CPython 3.11, and every move pays it.
        node = _new_node(EventLog)
        node.seq = log.seq + 1
        node._kind = kind
        node._actor = actor
        node._data = data
        node._secrets = secrets
        node._before = log
        self.log = node

    @classmethod
    def parse_move(cls, text: str) -> MoveT:
        """The move written as ``text``; raises NotationError."""
        move: MoveT = cls.MOVES.parse(text)
        return move

    @classmethod
    def move_from_index(cls, index: int) -> MoveT:
        move: MoveT = cls.MOVES.from_index(index)
        return move

    def apply(self, seat: Seat, move: MoveBase | str) -> MoveT:
        """Play ``move`` (a move or its notation) for ``seat``; returns the move played.

        Raises NotationError for what is no move of the game, IllegalMove for a move not
        allowed now (both a MoveError), and changes nothing then.
        """
        legal = self._legal if seat == self._legal_seat else self.legal_moves(seat)
        # The hot path: a move taken from legal_moves is one of those very objects, found by an
        # identity scan in C, with no __eq__ call per move and no lookup in the move table.
        if any(map(is_, legal, repeat(move))):
            self._to_move_cache = None
            self._legal_seat = _NO_SEAT
            self._apply(seat, move)  # type: ignore[arg-type]
            return move  # type: ignore[return-value]
        played: MoveT = self.MOVES.parse(move) if isinstance(move, str) else self.MOVES.intern(move)
        if any(map(is_, legal, repeat(played))):
            self._forget()
            self._apply(seat, played)
        elif played in self.table_moves(seat):
            self._forget()
            self._apply_table_move(seat, played)
        else:
            raise IllegalMove(str(played), self._reason(seat, played))
        return played

    def _reason(self, seat: Seat, move: MoveT) -> str:  # type: ignore[misc]
        if self.is_over():
            return Phrase("the game is over")
        if not is_whole(seat) or not 0 <= seat < self.players:
            return Phrase(
                "there is no seat {seat!r}; seats are 0 to {last}", seat=seat, last=self.players - 1
            )
        if self.chance_outcomes():
            return Phrase("chance acts now (a chance node): the game waits for apply_chance")
        waiting = self.to_move()
        if seat not in waiting and move not in self.TABLE_MOVES:
            return Phrase(
                "seat {seat} is not to move; waiting for seat {waiting}",
                seat=seat,
                waiting=_seat_list(waiting),
            )
        return self.explain_illegal(seat, move)

    def winners(self) -> tuple[Seat, ...]:
        return self.result().winners if self.is_over() else ()

    # --- JSON and copies, through the one codec ----------------------------------

    @classmethod
    def information(cls) -> dict[str, Information]:
        """Who may know each stored field, the engine's own included."""
        return {"players": Information.PUBLIC, "log": Information.TRACKED, **cls.INFORMATION}

    def to_json(self) -> JsonObject:
        """The whole state, hidden information included."""
        return {"game": self.NAME, **codec_of(type(self)).dump(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The state that ``to_json`` wrote; raises StateFormatError."""
        if not isinstance(data, Mapping) or data.get("game") != cls.NAME:
            raise StateFormatError(f"not a {cls.TITLE} state")
        state: Self = codec_of(cls).load(data)
        state._check_consistent()
        return state

    def clone(self) -> Self:
        """An independent copy (its generator included) that shares the immutable past."""
        copy: Self = codec_of(type(self)).copy(self)
        copy._recalled = self._recalled
        return copy

    # ``copy.copy``, ``copy.deepcopy`` and ``pickle`` (OpenSpiel clones by deepcopy; multiprocessing and
    # Ray pickle) give a state that plays on exactly as this one: the stored fields only, moves as the
    # listed objects (``MoveBase``), the log shared or written flat (``EventLog``), and no cache, so
    # ``apply``'s identity check against the remembered legal moves holds in the copy as it does here.

    def __copy__(self) -> Self:
        """A clone: a shallow copy sharing the lists of a mutable state would let one change the other."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        codec = codec_of(type(self))
        values = tuple(getattr(self, name) for name in codec.names)
        return _unpickled, (type(self), codec.names, values, self._recalled)

    # --- what the replay output starts with ----------------------------------------

    def legal_notation(self) -> dict[str, list[str]]:
        """The legal moves in notation, keyed by each seat to move (as a string, for JSON)."""
        return {str(s): [str(m) for m in self.legal_moves(s)] for s in self.to_move()}

    def summary(self) -> JsonObject:
        """The keys every game's replay output starts with."""
        over = self.is_over()
        return {
            "game": self.NAME,
            "players": self.players,
            "over": over,
            "winners": list(self.winners()),
            "termination": self.result().termination if over else None,
            "to_move": list(self.to_move()),
            "legal": self.legal_notation(),
            **({"table": self.table_notation()} if self.TABLE_MOVES else {}),
        }

    def table_notation(self) -> dict[str, list[str]]:
        """The table moves open now, keyed by seat (as a string, for JSON); seats with none left out."""
        open_moves = {seat: self.table_moves(seat) for seat in range(self.players)}
        return {str(seat): [str(m) for m in moves] for seat, moves in open_moves.items() if moves}


def _unpickled(
    cls: type[GameState], names: Sequence[str], values: Sequence[Any], recalled: frozenset[Seat] | None
) -> GameState:
    """The state :meth:`GameState.__reduce__` wrote: its stored fields set, and the seats whose pasts its
    log carries (:meth:`GameState.recalls`); nothing remembered yet."""
    state = cls.__new__(cls)
    for name, value in zip(names, values, strict=True):
        setattr(state, name, value)
    state._recalled = recalled
    return state


def secret(audience: Seat | Sequence[Seat], **data: Any) -> Secret:
    """A private part of an event for one seat or several (an empty sequence: nobody yet)."""
    seats = (
        AUDIENCES[audience] if type(audience) is int and audience < len(AUDIENCES) else audience_of(audience)
    )
    # ``data`` stays a plain dict until the log hands the event to a reader, read-only.
    return tuple.__new__(Secret, (seats, data))


def _seat_list(seats: Sequence[Seat]) -> str:
    return " or ".join(str(s) for s in seats) if seats else "nobody"
