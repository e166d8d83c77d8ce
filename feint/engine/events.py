"""The one event log: every state change a person would notice, numbered, with its audiences.

An :class:`Event` has a sequence number (1, 2, ... in the whole game), a
kind, the seat that acted (or None for the game itself), a public part that
every viewer sees, and private parts, each a :class:`Secret` with its
audience: one seat, several, or nobody (until a later event reveals it). A
viewer sees an event as :meth:`Event.seen_by` makes it: the public part and
only the private parts meant for it; ``event.get("key")`` and
:meth:`Event.fields` read a private value over the public one. A public part may hold a
placeholder, such as ``HIDDEN`` cards, under a key that a secret overrides
with the real value for its audience.

The log is a persistent list: :class:`EventLog` values never change, and
adding an event gives a new log that shares every older entry. A state's
clone shares its past for free, and the clones that diverge after it never
see each other's events.
"""

from __future__ import annotations

import copyreg
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from feint.engine.errors import StateFormatError
from feint.engine.types import JsonObject, Seat, Viewer
from feint.engine.view import jsonable


def payload(data: Mapping[str, Any] | None = None, /, **fields: Any) -> Mapping[str, Any]:
    """A read-only mapping of ``data`` and ``fields``."""
    return MappingProxyType({**(data or {}), **fields})


def _reduce_payload(data: MappingProxyType[str, Any]) -> tuple[Any, ...]:
    return payload, (dict(data),)


# An event's read-only fields are mapping proxies, which Python cannot pickle or deep-copy on its own:
# this teaches both to write one as its plain dict and read it back read-only, so events, logs and
# states go through ``pickle`` (multiprocessing, Ray) and ``copy.deepcopy`` (OpenSpiel's clone).
copyreg.pickle(MappingProxyType, _reduce_payload)


AUDIENCES = tuple(frozenset({seat}) for seat in range(16))
"""The audience of one seat, made once per seat."""


def audience_of(seats: Seat | Iterable[Seat]) -> frozenset[Seat]:
    """One seat or several as an audience; single seats share one frozen set each."""
    if isinstance(seats, int):
        return AUDIENCES[seats] if 0 <= seats < len(AUDIENCES) else frozenset({seats})
    return frozenset(seats)


class Secret(NamedTuple):
    """A private part of an event and the seats that see it; an empty audience is nobody."""

    audience: frozenset[Seat]
    data: Mapping[str, Any]


class Event(NamedTuple):
    """One event. A tuple underneath, so making one costs little; its fields are read-only."""

    seq: int
    kind: str
    actor: Seat | None
    data: Mapping[str, Any]
    """The public part: what every viewer, the spectator included, sees."""
    secrets: tuple[Secret, ...] = ()

    def fields(self) -> Mapping[str, Any]:
        """The public part with every private part this event still carries laid over it."""
        if not self.secrets:
            return self.data
        merged = dict(self.data)
        for secret in self.secrets:
            merged.update(secret.data)
        return MappingProxyType(merged)

    def get(self, key: str, default: Any = None) -> Any:
        """A field, private over public: ``event.get("card")``."""
        for secret in reversed(self.secrets):
            if key in secret.data:
                return secret.data[key]
        return self.data.get(key, default)

    def seen_by(self, viewer: Viewer) -> Event:
        """The event as ``viewer`` sees it: the public part and only the private parts meant for it.

        The parts it keeps still name their audiences, so a world sampled from
        a viewer's events can hand them on as they were.
        """
        if not self.secrets:
            return self
        kept = tuple(s for s in self.secrets if viewer in s.audience)
        if len(kept) == len(self.secrets):
            return self
        return Event(self.seq, self.kind, self.actor, self.data, kept)

    def to_json(self) -> JsonObject:
        """The event as JSON: its public fields, then its private parts with their audiences."""
        data: JsonObject = {"seq": self.seq, "kind": str(self.kind), "actor": self.actor}
        data.update(jsonable(dict(self.data)))
        if self.secrets:
            data["secrets"] = [
                {"audience": sorted(s.audience), **jsonable(dict(s.data))} for s in self.secrets
            ]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Event:
        if not isinstance(data, Mapping) or not isinstance(data.get("seq"), int):
            raise StateFormatError(f"not an event: {data!r}")
        fields = {k: _frozen(v) for k, v in data.items() if k not in ("seq", "kind", "actor", "secrets")}
        secrets = []
        for secret in data.get("secrets", ()):
            audience = audience_of(int(s) for s in secret["audience"])
            secrets.append(
                Secret(audience, payload({k: _frozen(v) for k, v in secret.items() if k != "audience"}))
            )
        actor = data.get("actor")
        return cls(
            int(data["seq"]),
            str(data["kind"]),
            None if actor is None else int(actor),
            payload(fields),
            tuple(secrets),
        )


def _frozen(value: Any) -> Any:
    """JSON data made immutable: lists become tuples, objects payloads."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return payload({k: _frozen(v) for k, v in value.items()})
    return value


class EventLog:
    """A persistent log of events: the last event's fields, and the log before it.

    Adding an event is the hot path of every move, so it makes this one small
    slotted object and nothing else: the event's fields stay the plain dict
    they were recorded as, never handed out, and each reader gets
    :class:`Event` values with read-only fields, made when it reads
    (:meth:`events`, :meth:`seen_by`). A log is no sequence: it cannot be
    unpacked, indexed or iterated by mistake, and ``==`` is identity, so two
    long logs are never compared entry by entry. :data:`EMPTY_LOG` has no
    event and ``seq`` 0.
    """

    __slots__ = ("_actor", "_before", "_data", "_kind", "_secrets", "seq")

    seq: int
    """The last event's sequence number; 0 for the empty log."""

    def __init__(
        self,
        seq: int,
        kind: str,
        actor: Seat | None,
        data: Mapping[str, Any],
        secrets: Sequence[Secret],
        before: EventLog | None,
    ) -> None:
        self.seq = seq
        self._kind = kind
        self._actor = actor
        self._data = data
        self._secrets = secrets
        self._before = before

    def __bool__(self) -> bool:
        return self.seq > 0

    def __copy__(self) -> EventLog:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> EventLog:
        """The log never changes, so a copy is the log itself (and a deep copy walks no chain)."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its events, oldest first, not as a chain of nodes: a long game's chain would
        take one level of the pickler's recursion per event."""
        entries = []
        node: EventLog | None = self
        while node is not None and node.seq > 0:
            entries.append((node.seq, node._kind, node._actor, node._data, node._secrets))
            node = node._before
        entries.reverse()
        return _log_of_entries, (tuple(entries),)

    def __repr__(self) -> str:
        return f"<EventLog of {self.seq} events>"

    def events(self, since: int = 0) -> list[Event]:
        """The events after ``since``, oldest first; walks back only as far as ``since``."""
        newer: list[Event] = []
        node: EventLog | None = self
        while node is not None and node.seq > since:
            newer.append(node._event())
            node = node._before
        newer.reverse()
        return newer

    def seen_by(self, viewer: Viewer, since: int = 0) -> tuple[Event, ...]:
        """What ``viewer`` saw of the events after ``since``: each as :meth:`Event.seen_by` makes it.

        A learning environment catches each seat up at every move, so each event is made here at once
        as the viewer sees it, its private parts for others never made."""
        newer: list[Event] = []
        node: EventLog | None = self
        while node is not None and node.seq > since:
            secrets: Sequence[Secret] = node._secrets
            if secrets:
                secrets = tuple(
                    tuple.__new__(Secret, (s[0], _read_only(s[1]))) for s in secrets if viewer in s[0]
                )
            newer.append(
                tuple.__new__(Event, (node.seq, node._kind, node._actor, _read_only(node._data), secrets))
            )
            node = node._before
        newer.reverse()
        return tuple(newer)

    def add(self, event: Event) -> EventLog:
        """This log with ``event`` after it, which must be numbered next."""
        if event.seq != self.seq + 1:
            raise StateFormatError(f"event {event.seq} cannot follow event {self.seq}")
        return EventLog(event.seq, event.kind, event.actor, event.data, event.secrets, self)

    def _event(self) -> Event:
        """The last event, its fields read-only."""
        secrets: Sequence[Secret] = self._secrets
        if secrets:
            secrets = tuple(tuple.__new__(Secret, (s[0], _read_only(s[1]))) for s in secrets)
        return tuple.__new__(Event, (self.seq, self._kind, self._actor, _read_only(self._data), secrets))


EMPTY_LOG = EventLog(0, "", None, MappingProxyType({}), (), None)


def _log_of_entries(
    entries: Iterable[tuple[int, str, Seat | None, Mapping[str, Any], Sequence[Secret]]],
) -> EventLog:
    """The log that :meth:`EventLog.__reduce__` wrote as its entries."""
    log = EMPTY_LOG
    for seq, kind, actor, data, secrets in entries:
        log = EventLog(seq, kind, actor, data, secrets, log)
    return log


def log_seq(log: EventLog) -> int:
    """The last event's sequence number; 0 for an empty log."""
    return log.seq


def log_events(log: EventLog, since: int = 0) -> list[Event]:
    """The events after ``since``, oldest first (``log.events(since)``)."""
    return log.events(since)


def log_seen_by(log: EventLog, viewer: Viewer, since: int = 0) -> tuple[Event, ...]:
    """What ``viewer`` saw of the events after ``since`` (``log.seen_by(viewer, since)``)."""
    return log.seen_by(viewer, since)


def log_of(events: Iterable[Event]) -> EventLog:
    """The log of ``events``, which must be numbered 1, 2, ... in order."""
    log = EMPTY_LOG
    for event in events:
        log = log.add(event)
    return log


def log_to_json(log: EventLog) -> list[JsonObject]:
    return [event.to_json() for event in log_events(log)]


def log_from_json(data: Any) -> EventLog:
    if not isinstance(data, list):
        raise StateFormatError("the event log must be a list")
    return log_of(Event.from_json(entry) for entry in data)


def _read_only(data: Mapping[str, Any]) -> Mapping[str, Any]:
    return data if type(data) is MappingProxyType else MappingProxyType(data)
