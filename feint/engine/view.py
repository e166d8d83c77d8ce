"""Views: what one viewer may know of a state, with one header and one hidden marker for every game.

A game's view is a frozen dataclass deriving from :class:`View`; its first
field is the :class:`Header` the engine builds, so every view answers the same
questions (which game, whose view, which phase, who is to move, is it over)
the same way. Views hold only immutable values (tuples, enums, strings,
numbers, other frozen dataclasses), so they are hashable and share nothing a
reader could change. Enums stay enums in the view and become their string
values only in :meth:`View.to_json`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum, StrEnum
from typing import Any, TypeVar

from feint.engine.errors import FeintError
from feint.engine.types import JsonObject, Seat, Viewer, is_whole


class Hidden(StrEnum):
    """The one marker of something a viewer may not see: a face-down card, a secret vote."""

    CARD = "?"


HIDDEN = Hidden.CARD


class ViewerError(FeintError, ValueError):
    """A viewer that is neither a seat of the game nor ``None`` (the spectator)."""


def check_viewer(viewer: object, players: int) -> Viewer:
    """``viewer`` if it is a seat of a ``players``-seat game or ``None``; raises ViewerError otherwise."""
    if viewer is None:
        return None
    if not is_whole(viewer) or not 0 <= viewer < players:
        raise ViewerError(
            f"a viewer is a seat from 0 to {players - 1} or None for a spectator, not {viewer!r}"
        )
    return viewer


@dataclass(frozen=True, slots=True)
class Header:
    """What every view of every game starts with."""

    game: str
    viewer: Viewer
    phase: StrEnum
    to_move: tuple[Seat, ...]
    over: bool
    winners: tuple[Seat, ...]
    seq: int
    """The sequence number of the last event: ``state.events(viewer, since=seq)`` is what follows."""


@dataclass(frozen=True, slots=True)
class View:
    """The base of every game's view: the header, then the game's own fields."""

    header: Header

    @property
    def viewer(self) -> Viewer:
        return self.header.viewer

    @property
    def phase(self) -> StrEnum:
        return self.header.phase

    @property
    def to_move(self) -> tuple[Seat, ...]:
        return self.header.to_move

    @property
    def over(self) -> bool:
        return self.header.over

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.header.winners

    @property
    def seq(self) -> int:
        return self.header.seq

    def to_json(self) -> JsonObject:
        """The header's fields, then the game's, as JSON values: enums as strings, tuples as lists."""
        data: JsonObject = jsonable(self.header)
        body = _BODIES.get(type(self)) or _body(type(self))
        data.update(body(self))
        return data


V = TypeVar("V", bound=View)


def extended(view: View, kind: type[V], **changes: Any) -> V:
    """``view`` as a ``kind``, a subclass of its type: its fields, with ``changes`` laid over them.

    A game's revealed view is its spectator's view extended with what only seats hold.
    """
    values = {name: getattr(view, name) for name in _field_names(type(view))}
    values.update(changes)
    return kind(**values)


def _body(kind: type) -> Callable[[Any], JsonObject]:
    """The converter of a view's own fields, after the header."""
    names = _field_names(kind)[1:]

    def convert(v: Any) -> JsonObject:
        return {name: jsonable(getattr(v, name)) for name in names}

    _BODIES[kind] = convert
    return convert


_BODIES: dict[type, Callable[[Any], JsonObject]] = {}
_PLAIN = frozenset({int, str, bool, float, type(None)})
_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


def is_named_tuple(kind: type) -> bool:
    """A NamedTuple class: stored and written as an object of its fields, like a dataclass."""
    return issubclass(kind, tuple) and hasattr(kind, "_fields")


def _field_names(cls: type) -> tuple[str, ...]:
    names: tuple[str, ...] = cls._fields if is_named_tuple(cls) else tuple(f.name for f in fields(cls))  # type: ignore[attr-defined]
    return names


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses and NamedTuples as objects, tuples and sets as lists.

    Enums that are strings (every phase and card kind) are strings already and
    pass as they are; other enums become their values. A converter is made
    once per type, and plain values inside containers are passed without a
    call, so a view's JSON costs what the view holds.
    """
    kind = type(value)
    if kind in _PLAIN:
        return value
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter(kind, value)
    return convert(value)


def _converter(kind: type, sample: Any) -> Callable[[Any], Any]:
    plain = _PLAIN
    if isinstance(sample, str):
        return _same
    if isinstance(sample, Enum):
        return _enum_value
    if kind is tuple or kind is list:
        return lambda v: [x if type(x) in plain else jsonable(x) for x in v]
    if is_dataclass(sample) or is_named_tuple(kind):
        names = _field_names(kind)

        def convert(v: Any) -> Any:
            data = {}
            for name in names:
                x = getattr(v, name)
                data[name] = x if type(x) in plain else jsonable(x)
            return data

        return convert
    if isinstance(sample, Mapping):
        return lambda v: {str(jsonable(k)): jsonable(x) for k, x in v.items()}
    if isinstance(sample, frozenset | set):
        return lambda v: sorted(jsonable(x) for x in v)
    if hasattr(sample, "to_json"):
        return lambda v: v.to_json()
    raise TypeError(f"{kind.__name__} is not JSON data")


def _same(value: Any) -> Any:
    return value


def _enum_value(value: Any) -> Any:
    return jsonable(value.value)
