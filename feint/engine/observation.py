"""A game's observation encoding: a seat's information as a fixed-size vector of numbers, for learning.

Each game declares its encoding with the game (``Game(observation=".observation:Encoding")``),
a subclass of :class:`Encoding` made with the table's size and variants. It lays out
named segments (:class:`Layout`) and fills them from one seat's :class:`InfoState`
(its view and the events it saw) and from nothing else, so an agent trained on it
never reads what the seat may not know. Every seat of a table has the same layout;
seats are written relative to the viewer (``0`` is the viewer, ``1`` the next seat
clockwise, and so on), so one policy can play any seat.

Every number lies in ``[0, 1]``: flags, one-hot choices, and counts divided by
the most they can be (clipped there). The engine stays free of numpy: an
encoding writes the numbers that are not zero, by index (most of an
observation is zeros: one-hot choices and empty places), into a zeroed
``array('d')``, whose buffer the learning environments (``feint.rl``) turn
into a ``float32`` array without a Python loop.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections import Counter
from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Generic

from feint.engine.events import Event
from feint.engine.info import InfoState, ViewT
from feint.engine.types import Seat


@dataclass(frozen=True, slots=True)
class Segment:
    """Indices ``start`` to ``start + size - 1`` of the vector, and what they encode."""

    name: str
    start: int
    size: int
    doc: str


class Layout:
    """The segments of an observation, in order; ``size`` is the vector's length."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """A new segment of ``size`` numbers after the others; returns its first index."""
        if size < 1 or any(s.name == name for s in self.segments):
            raise ValueError(f"a segment needs a new name and a size, not {name!r} of {size}")
        start = self.size
        self.segments.append(Segment(name, start, size, doc))
        self.size += size
        return start

    def markdown(self) -> str:
        """The layout as a Markdown table: indices, name, meaning."""
        rows = ["| indices | segment | encodes |", "|---|---|---|"]
        for s in self.segments:
            span = str(s.start) if s.size == 1 else f"{s.start}-{s.start + s.size - 1}"
            rows.append(f"| {span} | `{s.name}` | {s.doc} |")
        return "\n".join(rows)


class Encoding(ABC, Generic[ViewT]):
    """One game's observation at one table: made with the seats and variants, it lays out its segments
    in :meth:`declare` and writes a seat's information into them in :meth:`fill`."""

    reads_events: ClassVar[bool] = False
    """Whether :meth:`fill` reads ``info.events``; an encoding that reads the view alone is handed an
    information state without them, which spares a learning environment catching each seat up."""

    def __init__(self, players: int, variants: Iterable[str] = ()) -> None:
        self.players = players
        self.variants = frozenset(variants)
        self.layout = Layout()
        self.declare(self.layout)
        self.zeros = array("d", bytes(8 * self.layout.size))
        """``size`` zeros: what :meth:`fill` is handed (never changed)."""

    @property
    def size(self) -> int:
        return self.layout.size

    @abstractmethod
    def declare(self, layout: Layout) -> None:
        """Add the segments, keeping each one's first index."""

    @abstractmethod
    def fill(self, out: MutableSequence[float], info: InfoState[ViewT]) -> None:
        """Write ``info`` (one seat's view and events) into ``out`` (``size`` zeros), by index; an index
        left alone stays 0."""

    def refill(self, out: MutableSequence[float], info: InfoState[ViewT], before: ViewT) -> None:
        """Make ``out``, the fill of ``before`` (an earlier view of ``info``'s seat in the same game), the
        fill of ``info``, to the last bit.

        The default fills afresh. An encoding whose views change a little from move to move may rewrite
        only the stretches whose pieces of the view differ from ``before``'s (clearing them first, see
        :meth:`clear`): a stretch written from an equal piece holds the same numbers. The observation is
        still the seat's own views' alone."""
        out[:] = self.zeros
        self.fill(out, info)

    def clear(self, out: MutableSequence[float], start: int, stop: int) -> None:
        """Indices ``start`` to ``stop - 1`` of ``out`` back to 0, for :meth:`refill` to write them anew."""
        out[start:stop] = self.zeros[start:stop]

    def tracker(self, out: MutableSequence[float], info: InfoState[ViewT]) -> Tracker | None:
        """Something that keeps ``out``, just filled from ``info``, equal to the fill of ``info``'s seat
        as its events come; None (the default) where the encoding is filled afresh at every move."""
        return None

    def dense(self, info: InfoState[ViewT]) -> array[float]:
        """The observation of ``info``'s seat: ``size`` numbers, each in ``[0, 1]``, as an ``array('d')``
        (its buffer is what a learning environment converts to ``float32``)."""
        if info.viewer is None:
            raise ValueError("an observation is a seat's: the spectator has none")
        out = array("d", self.zeros)
        self.fill(out, info)
        return out

    def encode(self, info: InfoState[ViewT]) -> list[float]:
        """The observation of ``info``'s seat: ``size`` numbers, each in ``[0, 1]``."""
        return self.dense(info).tolist()

    def rel(self, seat: Seat, viewer: Seat) -> int:
        """``seat`` counted clockwise from ``viewer``: 0 is the viewer itself."""
        return (seat - viewer) % self.players


class RefillingEncoding(Encoding[ViewT]):
    """An encoding that writes a fresh fill and a refill with one routine, :meth:`write`."""

    def fill(self, out: MutableSequence[float], info: InfoState[ViewT]) -> None:
        self.write(out, info, None)

    def refill(self, out: MutableSequence[float], info: InfoState[ViewT], before: ViewT) -> None:
        self.write(out, info, before)

    @abstractmethod
    def write(self, out: MutableSequence[float], info: InfoState[ViewT], before: ViewT | None) -> None:
        """Write ``info``'s view into ``out``: into zeros when ``before`` is None, else over the fill of
        ``before`` (the seat's earlier view), where a stretch whose piece of the view equals ``before``'s is
        left as it is and every other one is cleared and written, or written whole."""


class Tracker(ABC):
    """One seat's observation kept up to date from the seat's new events, instead of filled afresh.

    A learning environment asks for the seat's observation at every move, and building its view and
    filling the whole encoding costs several moves of the engine; most moves change a few numbers,
    which the events say. An encoding that offers a tracker (:meth:`Encoding.tracker`) is handed
    ``out`` as it filled it from the seat's information, and then, at each later moment, only what
    the seat may know then: its events since (as ``state.events(seat, since=tracker.seq)`` gives
    them) and the seats to move (its view's ``header.to_move``, the same for every viewer). After
    :meth:`advance`, ``out`` holds exactly what :meth:`Encoding.fill` writes from the seat's view
    then, to the last bit (tests/rl/test_tracker.py checks it at every decision of random games).
    """

    def __init__(self, seq: int) -> None:
        self.seq = seq
        """The last event written into the observation."""

    def advance(self, events: Sequence[Event], to_move: tuple[Seat, ...]) -> bool:
        """Write ``events`` (the seat's, newest last; maybe none) and the seats now to move into ``out``;
        False for events the tracker does not follow (then ``out`` is to be filled afresh, and a new
        tracker made from it)."""
        if events:
            if not self.write(events):
                return False
            self.seq = events[-1].seq
        self.moving(to_move)
        return True

    @abstractmethod
    def write(self, events: Sequence[Event]) -> bool:
        """What ``events`` change in ``out``; False, leaving ``out`` anyhow, at an event it does not follow
        (a tracker may follow only a game's frequent events and leave the rest to a fresh fill)."""

    @abstractmethod
    def moving(self, to_move: tuple[Seat, ...]) -> None:
        """What the seats to move change in ``out``."""


def scaled(value: float, top: float) -> float:
    """``value`` as a share of ``top``, clipped to ``[0, 1]``."""
    if value <= 0:
        return 0.0
    share = value / top
    return share if share < 1.0 else 1.0


def count_into(
    out: MutableSequence[float], start: int, items: Iterable[Any], index: dict[Any, int], top: float
) -> None:
    """For each item its count, divided by ``top``, at ``start + index[item]``; unknown items are skipped."""
    step = 1.0 / top
    find = index.get
    for item in items:
        i = find(item)
        if i is not None:
            at = start + i
            count = out[at] + step
            out[at] = count if count < 1.0 else 1.0


def count_many_into(
    out: MutableSequence[float], start: int, items: Iterable[Any], index: dict[Any, int], top: float
) -> None:
    """:func:`count_into` for many items (a pile of tens of cards), into places that start at 0.

    The items are counted in C first (:class:`~collections.Counter`), and each count's number read
    from a table of the very additions :func:`count_into` makes, so both give the same number to the
    last bit."""
    sums = _running_sums(top)
    last = len(sums) - 1
    find = index.get
    for item, times in Counter(items).items():
        i = find(item)
        if i is not None:
            out[start + i] = sums[times if times < last else last]


def counted(times: int, top: float) -> float:
    """What :func:`count_into` writes for an item met ``times`` times, to the last bit."""
    sums = _running_sums(top)
    return sums[times] if times < len(sums) else 1.0


@cache
def _running_sums(top: float) -> tuple[float, ...]:
    """``sums[k]``: ``1 / top`` added ``k`` times from 0, clipped at 1 (the last entry is 1)."""
    step, total = 1.0 / top, 0.0
    sums = [total]
    while total < 1.0:
        total += step
        total = total if total < 1.0 else 1.0
        sums.append(total)
    return tuple(sums)


def one_hot(out: MutableSequence[float], start: int, choice: int | None) -> None:
    """1 at ``start + choice``; nothing for None."""
    if choice is not None:
        out[start + choice] = 1.0


def positions(values: Sequence[Any]) -> dict[Any, int]:
    """Each value's place in ``values``: the index of a one-hot choice or a count."""
    return {v: i for i, v in enumerate(values)}
