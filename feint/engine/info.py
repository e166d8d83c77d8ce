"""The information vocabulary, and a viewer's information state.

Each game declares, as data, who may know each part of its state
(``GameState.INFORMATION``), in the manner of OpenSpiel's observation types:
public, private to one seat, tracked (known to the seats the state records
as having seen it), or known to nobody. The declaration names every field
the codec stores, so a new field cannot be added without saying who sees it.

An :class:`InfoState` is everything one viewer has learnt: its latest view
and every event it has seen, in order (perfect recall). Bots, samplers and
front-ends hold these, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic

from feint.engine.events import Event
from feint.engine.infokey import NO_EVENTS, EventChain, InfoKey
from feint.engine.types import Viewer
from feint.engine.view import View

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from feint.engine.state import GameState

    ViewT = TypeVar("ViewT", bound=View, default=View)
else:  # the default (PEP 696) is for the type checker; Python 3.11's TypeVar takes none
    from typing import TypeVar

    ViewT = TypeVar("ViewT", bound=View)


class Information(StrEnum):
    PUBLIC = "public"
    """Every viewer, the spectator included, sees it."""
    PRIVATE = "private to its seat"
    """One entry per seat, each seen by its own seat only."""
    TRACKED = "known to the seats that saw it"
    """The state records, part by part, which seats have seen it (a face-down card once looked at)."""
    NOBODY = "known to nobody"
    """No viewer sees it: a deck's order, the generator."""


@dataclass(slots=True)
class InfoState(Generic[ViewT]):
    """One viewer's information: its view now and the events it has seen, oldest first.

    ``InfoState[DiceView]`` is a seat's of a game whose views are ``DiceView``: no cast needed.
    """

    viewer: Viewer
    view: ViewT
    events: list[Event] = field(default_factory=list)
    _chain: EventChain = field(default=NO_EVENTS, init=False, repr=False, compare=False)
    """The events folded into :attr:`key` so far (events are only ever added)."""
    _last: Event | None = field(default=None, init=False, repr=False, compare=False)
    """The last event folded, to notice a list of events replaced rather than extended."""
    _key: InfoKey | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    @property
    def key(self) -> InfoKey:
        """This information as a hashable key, equal exactly when the view and the events are equal.

        Built as the events arrive: each new event is folded into the key's chain once (see
        :mod:`feint.engine.infokey`), so asking after every decision costs the new events only.
        """
        events = self.events
        chain = self._chain
        folded = chain.length
        if folded > len(events) or (folded and events[folded - 1] is not self._last):
            chain, folded = NO_EVENTS, 0
        if len(events) > folded:
            chain = self._chain = chain.extend(islice(events, folded, None))
            self._last = events[-1]
        key = self._key
        if key is None or key.chain is not chain or key.view is not self.view:
            key = self._key = InfoKey(self.view, chain)
        return key

    def __deepcopy__(self, memo: dict[int, Any]) -> InfoState[ViewT]:
        """An independent copy that shares what never changes: the view and the events (immutable) and the
        key folded so far; only the list of events is new, so syncing the copy leaves this one alone.
        (OpenSpiel clones a Python state, and the information it holds, by ``copy.deepcopy``.)"""
        copied = InfoState(self.viewer, self.view, list(self.events))
        copied._chain, copied._last, copied._key = self._chain, self._last, self._key
        return copied

    @classmethod
    def of(cls, state: GameState[ViewT, Any], viewer: Viewer) -> InfoState[ViewT]:
        return cls(viewer, state.view(viewer), list(state.events(viewer)))

    def sync(self, state: GameState[ViewT, Any]) -> list[Event]:
        """Catch up with ``state`` through its view and events only; returns the new events."""
        new = state.events(self.viewer, since=self.seq)
        self.events.extend(new)
        self.view = state.view(self.viewer)
        return list(new)
