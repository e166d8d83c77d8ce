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

from dataclasses import dataclass, fields, is_dataclass
from enum import Enum, StrEnum
from typing import Any

from feint.engine.errors import FeintError
from feint.engine.types import JsonObject, Seat, Viewer


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
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
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
        for name in _field_names(type(self))[1:]:
            data[name] = jsonable(getattr(self, name))
        return data


_SCALARS = frozenset({int, str, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses as objects, tuples and sets as lists, enums as strings.

    It walks only what it is given, with the field names of each dataclass
    looked up once, so a view's JSON costs what the view holds.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [jsonable(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    if kind in _FIELDS or (is_dataclass(value) and not isinstance(value, type)):
        return {name: jsonable(getattr(value, name)) for name in _field_names(kind)}
    if isinstance(value, dict):
        return {str(jsonable(key)): jsonable(item) for key, item in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(jsonable(item) for item in value)
    if hasattr(value, "to_json"):
        return value.to_json()
    raise TypeError(f"{kind.__name__} is not JSON data")
