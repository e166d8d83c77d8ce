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

import inspect
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
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


R = TypeVar("R")


def slot_init(cls: type[R]) -> type[R]:
    """``cls``, a frozen and slotted dataclass, with an ``__init__`` that stores each field through its slot.

    A frozen dataclass's own ``__init__`` stores each field with ``object.__setattr__`` (its
    ``__setattr__`` refuses), which finds the slot by name every time; the slot's descriptor, kept
    by the compiled ``__init__``, stores it at about half the cost. Views are made for a seat at
    every decision of a learning environment, so this halves what their making costs. Nothing else
    changes: the same parameters, defaults and order, and the instance stays frozen. Put it above
    ``@dataclass(frozen=True, slots=True)``; a class it cannot serve (an ``InitVar``, a
    ``__post_init__``, a field not in ``__init__``) raises TypeError at once.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass")
    namespace: dict[str, Any] = {"FACTORY": _FACTORY}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for f in fields(cls):  # type: ignore[arg-type]
        name = f.name
        namespace[f"set_{name}"] = getattr(cls, name).__set__
        value = name
        if f.default is not MISSING:
            namespace[f"default_{name}"] = f.default
            parameter = f"{name}=default_{name}"
        elif f.default_factory is not MISSING:
            namespace[f"factory_{name}"] = f.default_factory
            parameter = f"{name}=FACTORY"
            value = f"factory_{name}() if {name} is FACTORY else {name}"
        else:
            parameter = name
        (keywords if f.kw_only else positional).append(parameter)
        body.append(f"    set_{name}(self, {value})\n")
    star = ["*", *keywords] if keywords else []
    lines = "".join(body) or "    pass\n"
    source = f"def __init__(self, {', '.join(positional + star)}):\n{lines}"
    exec(compile(source, f"<slot_init of {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    made = cls.__init__
    init.__annotations__ = dict(made.__annotations__)
    if hasattr(cls, "__post_init__") or str(inspect.signature(init)) != str(inspect.signature(made)):
        raise TypeError(f"{cls.__name__}'s __init__ does more than store its fields")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class _Factory:
    """The default of a field made by a factory: the factory is called when the parameter is left out."""

    def __repr__(self) -> str:
        return "<factory>"  # as the dataclass's own __init__ shows it


_FACTORY = _Factory()


@slot_init
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


@slot_init
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
        """The header's fields, then the game's, as JSON values: enums as strings, tuples as lists.

        It gives what :func:`jsonable` gives, through an encoder compiled once per view class
        from its field annotations (:func:`encoder`), so a view's JSON costs what it holds.
        """
        encode = _VIEW_ENCODERS.get(type(self)) or _view_encoder(type(self))
        data: JsonObject = encode(self)
        return data


V = TypeVar("V", bound=View)


def extended(view: View, kind: type[V], **changes: Any) -> V:
    """``view`` as a ``kind``, a subclass of its type: its fields, with ``changes`` laid over them.

    A game's revealed view is its spectator's view extended with what only seats hold.
    """
    values = {name: getattr(view, name) for name in _field_names(type(view))}
    values.update(changes)
    return kind(**values)


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


# --- encoders compiled from annotations ---------------------------------------------------------

Encoder = Callable[[Any], Any] | None
"""How a value of one annotated type becomes JSON data; None: it already is (a number, a string,
a string enum), so it passes with no call at all."""

_VIEW_ENCODERS: dict[type, Callable[[Any], JsonObject]] = {}
_RECORD_ENCODERS: dict[type, Callable[[Any], Any]] = {}


def _view_encoder(kind: type) -> Callable[[Any], JsonObject]:
    """A view class's encoder: its header's fields, then its own, in one dictionary display."""
    encode = _VIEW_ENCODERS[kind] = _compile_record(kind, flatten="header")
    return encode


def encoder(hint: Any) -> Encoder:
    """The encoder of a value annotated ``hint``: what :func:`jsonable` does, decided once.

    Numbers, strings and string enums pass as they are; tuples of them become lists in one C
    call; dataclasses and NamedTuples become objects through code compiled for their fields.
    What an annotation does not pin down (``Any``, a union of kinds) goes to :func:`jsonable`.
    """
    if hint in _PLAIN or hint is type(None):
        return None
    if isinstance(hint, type):
        if issubclass(hint, Enum):
            return None if issubclass(hint, str) else _enum_value
        if is_dataclass(hint) or is_named_tuple(hint):
            record, kind = _record_encoder(hint), hint
            return lambda v: record(v) if type(v) is kind else jsonable(v)
        return jsonable
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        inner = [encoder(arg) for arg in args if arg is not type(None)]
        if all(e is None for e in inner):
            return None
        if len(inner) == 1 and len(args) == 2:
            only = inner[0]
            assert only is not None
            return lambda v: None if v is None else only(v)
        return jsonable
    if origin in (tuple, list):
        if origin is list or (len(args) == 2 and args[1] is Ellipsis):
            item = encoder(args[0]) if args else jsonable
            return list if item is None else lambda v: [item(x) for x in v]
        items = [encoder(arg) for arg in args]
        if all(e is None for e in items):
            return list
        return lambda v: [x if e is None else e(x) for e, x in zip(items, v, strict=True)]
    return jsonable


def _record_encoder(kind: type) -> Callable[[Any], Any]:
    encode = _RECORD_ENCODERS.get(kind)
    if encode is None:
        # Recursive records are not views' business; a placeholder keeps a cycle from looping.
        _RECORD_ENCODERS[kind] = jsonable
        encode = _RECORD_ENCODERS[kind] = _compile_record(kind)
    return encode


def _compile_record(kind: type, flatten: str | None = None) -> Callable[[Any], Any]:
    """Code that writes one record class as a dictionary display, every field read once.

    A field whose value is not of its annotated record class (a subclass with more fields, say)
    falls back to :func:`jsonable`, so the output is always what ``jsonable`` would give.
    """
    namespace: dict[str, Any] = {"jsonable": jsonable}
    items: list[str] = []
    prologue: list[str] = []
    for owner, source in ((_field_type(kind, flatten), "h"), (kind, "v")) if flatten else ((kind, "v"),):
        hints = typing.get_type_hints(owner)
        for name in _field_names(owner):
            if owner is kind and name == flatten:
                prologue.append(f"h = v.{name}")
                continue
            hint = hints[name]
            convert = encoder(hint)
            value = f"{source}.{name}"
            if convert is None:
                expression = value
            elif convert is list:
                expression = f"list({value})"
            elif isinstance(hint, type) and (is_dataclass(hint) or is_named_tuple(hint)):
                slot = f"e{len(namespace)}"
                namespace[slot], namespace[f"k{slot}"] = _record_encoder(hint), hint
                expression = f"({slot}(x) if type(x := {value}) is k{slot} else jsonable(x))"
            else:
                slot = f"e{len(namespace)}"
                namespace[slot] = convert
                expression = f"{slot}({value})"
            items.append(f"{name!r}: {expression}")
    body = "\n".join(f"    {line}" for line in prologue)
    source_code = f"def encode(v):\n{body}\n    return {{{', '.join(items)}}}\n"
    # Compiled as dataclasses compiles __init__: one dictionary display reading each field once
    # makes no call for a plain field, where a loop over the fields makes one for each.
    exec(compile(source_code, f"<encoder of {kind.__qualname__}>", "exec"), namespace)
    encode: Callable[[Any], Any] = namespace["encode"]
    return encode


def _field_type(kind: type, name: str | None) -> type:
    hint: type = typing.get_type_hints(kind)[name or ""]
    return hint
