"""A cheap, exact, hashable key for one viewer's information: its view and the events it has seen.

A search that keys its nodes by information state (OpenSpiel's ISMCTS, CFR's tables) asks for the key
at every decision of every simulation; a JSON string of the view and the events costs more than the
rest of the search. An :class:`InfoKey` is built as the events arrive: each event the viewer sees is
folded once into a persistent chain (:class:`EventChain`) whose node keeps the hash of the whole chain,
so a new event costs one small object and the hash of that event's own fields, and the key's hash is
read, never recomputed.

Equality is exact, not a hash's promise: two keys are equal exactly when their views are equal and
their chains hold equal events in the same order (the chains are compared event by event, back to the
first node the two share, only when their hashes and lengths agree). Hashes are Python's, so a key is
for one process; a pickled key is rebuilt from its events.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from feint.engine.events import Event
from feint.engine.view import View

Compact = tuple[Hashable, ...]
"""An event as the chain holds it: its number, kind, actor, public fields and the private parts seen."""


def compact(event: Event) -> Compact:
    """``event``'s compact form: every field a viewer saw of it, hashable, in the order recorded."""
    secrets = event.secrets
    return (
        event.seq,
        event.kind,
        event.actor,
        _items(event.data),
        tuple((secret.audience, _items(secret.data)) for secret in secrets) if secrets else (),
    )


def _items(data: Mapping[str, Any]) -> tuple[tuple[str, Hashable], ...]:
    return tuple((key, _hashable(value)) for key, value in data.items())


def _hashable(value: Any) -> Hashable:
    """``value`` itself when it hashes (events hold immutable values); a mapping read back from JSON, or
    a tuple holding one, as a tuple of its items."""
    if isinstance(value, Mapping):
        return ("mapping", _items(value))
    if type(value) is tuple and not _hashes(value):
        return tuple(_hashable(item) for item in value)
    return value  # type: ignore[no-any-return]


def _hashes(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


class EventChain:
    """The events a viewer has seen, as a persistent chain: the last one's compact form and the chain
    before it, with the hash and length of the whole. :data:`NO_EVENTS` is the empty chain."""

    __slots__ = ("_before", "_hash", "_item", "length")

    length: int

    def __init__(self, item: Compact, before: EventChain | None) -> None:
        self._item = item
        self._before = before
        if before is None:
            self.length = 0
            self._hash = hash(item)
        else:
            self.length = before.length + 1
            self._hash = hash((before._hash, item))

    def add(self, event: Event) -> EventChain:
        """This chain with ``event`` after it."""
        return EventChain(compact(event), self)

    def extend(self, events: Iterable[Event]) -> EventChain:
        chain = self
        for event in events:
            chain = EventChain(compact(event), chain)
        return chain

    def items(self) -> list[Compact]:
        """The events' compact forms, oldest first."""
        found: list[Compact] = []
        node: EventChain | None = self
        while node is not None and node._before is not None:
            found.append(node._item)
            node = node._before
        found.reverse()
        return found

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, EventChain) or self._hash != other._hash or self.length != other.length:
            return False
        a: EventChain | None = self
        b: EventChain | None = other
        while a is not b:
            assert a is not None and b is not None  # equal lengths: both end together
            if a._item != b._item:
                return False
            a, b = a._before, b._before
        return True

    def __repr__(self) -> str:
        return f"<EventChain of {self.length} events>"

    def __reduce__(self) -> tuple[Any, ...]:
        return _chain_of, (tuple(self.items()),)


NO_EVENTS = EventChain(("no events",), None)


def _chain_of(items: Iterable[Compact]) -> EventChain:
    chain = NO_EVENTS
    for item in items:
        chain = EventChain(item, chain)
    return chain


class InfoKey:
    """One viewer's information as a dictionary key: its view and the chain of the events it saw.

    The hash is the chain's (read, not computed); equality compares the chains and then the views, so
    two keys are equal exactly when the information states are.
    """

    __slots__ = ("chain", "view")

    def __init__(self, view: View, chain: EventChain) -> None:
        self.view = view
        self.chain = chain

    def __hash__(self) -> int:
        return self.chain._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, InfoKey) and self.chain == other.chain and self.view == other.view

    def __repr__(self) -> str:
        return f"<InfoKey of viewer {self.view.viewer} after {self.chain.length} events>"
