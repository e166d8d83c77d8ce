"""The one event log: every state change a person would notice, numbered, with its audiences.

An :class:`Event` has a sequence number (1, 2, ... in the whole game), a
kind, the seat that acted (or None for the game itself), a public part that
every viewer sees, and private parts, each a :class:`Secret` with its
audience: one seat, several, or nobody (until a later event reveals it). A
viewer sees an event as :meth:`Event.seen_by` makes it: the public part and
only the private parts meant for it; ``event["key"]`` and :meth:`Event.fields`
read a private value over the public one. A public part may hold a
placeholder, such as ``HIDDEN`` cards, under a key that a secret overrides
with the real value for its audience.

The log is a persistent list: :class:`EventLog` values never change, and
adding an event gives a new log that shares every older entry. A state's
clone shares its past for free, and the clones that diverge after it never
see each other's events.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from feint.engine.errors import StateFormatError
from feint.engine.types import JsonObject, Seat, Viewer
from feint.engine.view import jsonable


class Payload(Mapping[str, Any]):
    """An immutable, hashable mapping of an event's fields; values are immutable JSON-like data."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | None = None, /, **fields: Any) -> None:
        self._data: dict[str, Any] = {**(data or {}), **fields}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Payload):
            return self._data == other._data
        return isinstance(other, Mapping) and self._data == dict(other)

    def __repr__(self) -> str:
        return f"Payload({self._data!r})"

    def merged(self, other: Payload) -> Payload:
        return Payload({**self._data, **other._data})


EMPTY = Payload()


@dataclass(frozen=True, slots=True)
class Secret:
    """A private part of an event and the seats that see it; an empty audience is nobody."""

    audience: frozenset[Seat]
    data: Payload


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    actor: Seat | None
    data: Payload
    """The public part: what every viewer, the spectator included, sees."""
    secrets: tuple[Secret, ...] = ()

    def fields(self) -> Payload:
        """The public part with every private part this event still carries laid over it."""
        data = self.data
        for secret in self.secrets:
            data = data.merged(secret.data)
        return data

    def __getitem__(self, key: str) -> Any:
        for secret in reversed(self.secrets):
            if key in secret.data:
                return secret.data[key]
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

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
            audience = frozenset(int(s) for s in secret["audience"])
            secrets.append(
                Secret(audience, Payload({k: _frozen(v) for k, v in secret.items() if k != "audience"}))
            )
        actor = data.get("actor")
        return cls(
            int(data["seq"]),
            str(data["kind"]),
            None if actor is None else int(actor),
            Payload(fields),
            tuple(secrets),
        )


def _frozen(value: Any) -> Any:
    """JSON data made immutable: lists become tuples, objects payloads."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return Payload({k: _frozen(v) for k, v in value.items()})
    return value


_Node = tuple[Event, "_Node | None"]


class EventLog:
    """An immutable sequence of events; :meth:`add` returns a longer log sharing this one."""

    __slots__ = ("_tip",)

    def __init__(self, tip: _Node | None = None) -> None:
        self._tip = tip

    @classmethod
    def of(cls, events: Iterable[Event]) -> EventLog:
        log = cls()
        for event in events:
            log = log._push(event)
        return log

    @property
    def seq(self) -> int:
        """The last event's sequence number; 0 for an empty log."""
        return 0 if self._tip is None else self._tip[0].seq

    def __len__(self) -> int:
        return self.seq

    def add(
        self,
        kind: str,
        actor: Seat | None = None,
        data: Mapping[str, Any] | None = None,
        secrets: Iterable[Secret] = (),
    ) -> EventLog:
        event = Event(
            self.seq + 1, kind, actor, data if isinstance(data, Payload) else Payload(data), tuple(secrets)
        )
        return self._push(event)

    def _push(self, event: Event) -> EventLog:
        if event.seq != self.seq + 1:
            raise StateFormatError(f"event {event.seq} cannot follow event {self.seq}")
        return EventLog((event, self._tip))

    def last(self) -> Event | None:
        return None if self._tip is None else self._tip[0]

    def since(self, seq: int) -> list[Event]:
        """The events after ``seq``, oldest first; walks back only as far as ``seq``."""
        newer: list[Event] = []
        node = self._tip
        while node is not None and node[0].seq > seq:
            newer.append(node[0])
            node = node[1]
        newer.reverse()
        return newer

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    def seen_by(self, viewer: Viewer, since: int = 0) -> tuple[Event, ...]:
        return tuple(event.seen_by(viewer) for event in self.since(since))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and (self._tip is other._tip or list(self) == list(other))

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> list[JsonObject]:
        return [event.to_json() for event in self]

    @classmethod
    def from_json(cls, data: Any) -> EventLog:
        if not isinstance(data, list):
            raise StateFormatError("the event log must be a list")
        return cls.of(Event.from_json(entry) for entry in data)
