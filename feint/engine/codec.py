"""One codec for every state: JSON out, JSON in, and clones, all read from the type annotations.

A game declares its state's fields as annotations on its class; the codec
compiles, once per class, a converter for each field from its type: numbers,
strings and enums; ``X | None``; lists, tuples, sets, dicts and Counters of
these; dataclasses and NamedTuples; the generator; the event log. ``dump`` writes plain JSON,
``load`` checks and reads it back (without dealing a new game first), and
``copy`` copies what is mutable and shares what is not: frozen dataclasses, NamedTuples,
tuples of immutable values, and the event log, whose past never changes.

Fields whose names start with ``_`` are caches: never stored, never copied.

The same annotations, with the game's ``INFORMATION``, give a sampler the public part of a
world: :func:`copy_public` sets every public field that the viewer's view holds as it is.
"""

from __future__ import annotations

import contextlib
import types
import typing
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, get_args, get_origin

from feint.engine.errors import StateFormatError
from feint.engine.events import EventLog, log_from_json, log_to_json
from feint.engine.info import Information
from feint.engine.rng import Rng
from feint.engine.view import is_named_tuple

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Conv:
    """How one type is written to JSON, read back, and copied."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]
    copy: Callable[[Any], Any]
    mutable: bool


def _same(value: Any) -> Any:
    return value


def _scalar(kind: type) -> Conv:
    def load(value: Any) -> Any:
        if type(value) is not kind and not (kind is float and type(value) is int):
            raise StateFormatError(f"expected {kind.__name__}, got {value!r}")
        return value

    return Conv(_same, load, _same, False)


def _enum(kind: type[Enum]) -> Conv:
    def load(value: Any) -> Any:
        try:
            return kind(value)
        except ValueError:
            raise StateFormatError(f"{value!r} is not a {kind.__name__}") from None

    return Conv(lambda v: v.value, load, _same, False)


def _optional(inner: Conv) -> Conv:
    return Conv(
        lambda v: None if v is None else inner.dump(v),
        lambda v: None if v is None else inner.load(v),
        (lambda v: None if v is None else inner.copy(v)) if inner.mutable else _same,
        inner.mutable,
    )


def _sequence(inner: Conv, build: type) -> Conv:
    def load(value: Any) -> Any:
        if not isinstance(value, list):
            raise StateFormatError(f"expected a list, got {value!r}")
        return build(inner.load(v) for v in value)

    def dump(value: Any) -> Any:
        return [inner.dump(v) for v in value]

    if build is tuple:
        copy = (lambda v: tuple(inner.copy(x) for x in v)) if inner.mutable else _same
        return Conv(dump, load, copy, inner.mutable)
    if build is frozenset:
        return Conv(lambda v: sorted(dump(v)), load, _same, False)
    if build is set:
        return Conv(lambda v: sorted(dump(v)), load, set, True)
    copy_list: Callable[[Any], Any] = (lambda v: [inner.copy(x) for x in v]) if inner.mutable else list
    return Conv(dump, load, copy_list, True)


def _fixed_tuple(items: tuple[Conv, ...]) -> Conv:
    def load(value: Any) -> Any:
        if not isinstance(value, list) or len(value) != len(items):
            raise StateFormatError(f"expected a list of {len(items)}, got {value!r}")
        return tuple(c.load(v) for c, v in zip(items, value, strict=True))

    mutable = any(c.mutable for c in items)
    copy = (lambda v: tuple(c.copy(x) for c, x in zip(items, v, strict=True))) if mutable else _same
    return Conv(lambda v: [c.dump(x) for c, x in zip(items, v, strict=True)], load, copy, mutable)


def _key(kind: Any) -> tuple[Callable[[Any], str], Callable[[str], Any]]:
    if kind is int:
        return str, int
    if isinstance(kind, type) and issubclass(kind, Enum):
        return (lambda k: str(k.value)), kind
    return str, str


def _mapping(key_type: Any, inner: Conv, build: type) -> Conv:
    dump_key, load_key = _key(key_type)

    def load(value: Any) -> Any:
        if not isinstance(value, dict):
            raise StateFormatError(f"expected an object, got {value!r}")
        try:
            return build({load_key(k): inner.load(v) for k, v in value.items()})
        except ValueError as err:
            raise StateFormatError(f"bad key in {value!r}: {err}") from None

    def copy(value: Any) -> Any:
        if inner.mutable:
            return build({k: inner.copy(v) for k, v in value.items()})
        return build(value)

    return Conv(lambda v: {dump_key(k): inner.dump(v) for k, v in v.items()}, load, copy, True)


def _json_data() -> Conv:
    """Free-form JSON (a set-up, options): stored as given, never changed, so shared."""
    return Conv(_same, _same, _same, False)


def _record(kind: type) -> Conv:
    """A dataclass or a NamedTuple, written as a JSON object of its fields."""
    hints = typing.get_type_hints(kind)
    named_tuple = issubclass(kind, tuple)
    names = kind._fields if named_tuple else tuple(f.name for f in fields(kind))  # type: ignore[attr-defined]
    members = tuple((name, converter(hints[name])) for name in names)
    frozen = named_tuple or kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
    mutable = not frozen or any(c.mutable for _, c in members)

    def dump(value: Any) -> Any:
        return {name: c.dump(getattr(value, name)) for name, c in members}

    def load(value: Any) -> Any:
        if not isinstance(value, dict):
            raise StateFormatError(f"expected a {kind.__name__} object, got {value!r}")
        try:
            return kind(**{name: c.load(value[name]) for name, c in members})
        except KeyError as err:
            raise StateFormatError(f"a {kind.__name__} needs {err}") from None

    def copy(value: Any) -> Any:
        if named_tuple:
            return kind(*(c.copy(getattr(value, name)) for name, c in members))
        other: Any = object.__new__(kind)
        for name, c in members:
            object.__setattr__(other, name, c.copy(getattr(value, name)))
        return other

    return Conv(dump, load, copy if mutable else _same, mutable)


def _rng() -> Conv:
    def load(value: Any) -> Rng:
        if type(value) is not int:
            raise StateFormatError(f"a generator's state is a whole number, not {value!r}")
        return Rng(state=value)

    return Conv(lambda r: r.state, load, lambda r: Rng(state=r.state), True)


def _log() -> Conv:
    return Conv(log_to_json, log_from_json, _same, False)


_CACHE: dict[Any, Conv] = {}


def converter(hint: Any) -> Conv:
    """The converter of a type annotation, built once."""
    try:
        cached = _CACHE.get(hint)
    except TypeError:
        cached = None
    if cached is not None:
        return cached
    conv = _build(hint)
    with contextlib.suppress(TypeError):
        _CACHE[hint] = conv
    return conv


def _build(hint: Any) -> Conv:
    if hint in (int, str, bool, float):
        return _scalar(hint)
    if hint is Any:
        return _json_data()
    if hint is Rng:
        return _rng()
    if hint is EventLog:
        return _log()
    origin, args = get_origin(hint), get_args(hint)
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return _optional(converter(rest[0]))
        raise TypeError(f"the codec reads only X | None unions, not {hint}")
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint)
    if isinstance(hint, type) and (is_dataclass(hint) or is_named_tuple(hint)):
        return _record(hint)
    if origin is list:
        return _sequence(converter(args[0]), list)
    if origin is set:
        return _sequence(converter(args[0]), set)
    if origin is frozenset:
        return _sequence(converter(args[0]), frozenset)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(converter(args[0]), tuple)
        return _fixed_tuple(tuple(converter(a) for a in args))
    if origin is Counter:
        return _mapping(args[0], _scalar(int), Counter)
    if origin is dict:
        return _mapping(args[0], converter(args[1]), dict)
    if origin is Mapping and args[1] is Any:
        return _json_data()
    raise TypeError(f"the codec cannot store {hint!r}")


class Codec:
    """The converters of one state class's fields, in the order of their annotations."""

    def __init__(self, cls: Any) -> None:
        hints = typing.get_type_hints(cls)
        self.cls = cls
        self.fields: tuple[tuple[str, Conv], ...] = tuple(
            (name, converter(hint))
            for name, hint in hints.items()
            if not name.startswith("_") and get_origin(hint) is not ClassVar and hint is not ClassVar
        )
        self._read = attrgetter(*self.names)
        """Every field's value at once, in one call."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.fields)

    def dump(self, state: Any) -> dict[str, Any]:
        return {name: conv.dump(getattr(state, name)) for name, conv in self.fields}

    def load(self, data: Mapping[str, Any]) -> Any:
        state = self.cls.__new__(self.cls)
        title = getattr(self.cls, "TITLE", self.cls.__name__)
        for name, conv in self.fields:
            if name not in data:
                raise StateFormatError(f"not a {title} state: no {name!r}")
            try:
                setattr(state, name, conv.load(data[name]))
            except StateFormatError as err:
                raise StateFormatError(f"not a {title} state: {name}: {err}") from None
        return state

    def copy(self, state: Any) -> Any:
        other = self.cls.__new__(self.cls)
        for (name, conv), value in zip(self.fields, self._read(state), strict=True):
            setattr(other, name, conv.copy(value))
        return other


_CODECS: dict[type, Codec] = {}


def codec_of(cls: type) -> Codec:
    codec = _CODECS.get(cls)
    if codec is None:
        codec = _CODECS[cls] = Codec(cls)
    return codec


# --- the public part of a state, read back from a view -----------------------------------------


def copy_public(state: Any, view: Any) -> tuple[str, ...]:
    """Set every public field of ``state`` that ``view`` holds under its name and in its form.

    A sampler rebuilds a world from a viewer's view; the fields the game's ``INFORMATION``
    declares public and that its view carries as they are (same name, and the same annotation
    with tuples for the state's lists: :func:`public_fields`) need no line of the game's: this
    copies them, as fresh mutable values where the state keeps lists or sets. Returns their names.
    """
    copied = public_fields(type(state), type(view))
    for name, thaw in copied:
        value = getattr(view, name)
        setattr(state, name, value if thaw is None else thaw(value))
    return tuple(name for name, _ in copied)


_PUBLIC_FIELDS: dict[tuple[type, type], tuple[tuple[str, Callable[[Any], Any] | None], ...]] = {}


def public_fields(cls: Any, view_type: type) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    """The public fields of state class ``cls`` that ``view_type`` holds in the same form.

    Each comes with the conversion from the view's value to the state's (None: the value as it
    is). The same form: the two annotations are equal once the state's lists are read as
    tuples (``list[Seat]`` and ``tuple[Seat, ...]``); a field the view holds in another form
    (a count for a pile, ``None`` where the state has a seat) is the game's to rebuild.
    """
    key = (cls, view_type)
    cached = _PUBLIC_FIELDS.get(key)
    if cached is None:
        information = cls.information()
        shown = typing.get_type_hints(view_type) if is_dataclass(view_type) else {}
        hints = typing.get_type_hints(cls)
        found = []
        for name, _ in codec_of(cls).fields:
            hint = hints[name]
            if information.get(name) is not Information.PUBLIC or name not in shown:
                continue
            form = _form(hint)
            if form is not None and form == _form(shown[name]):
                found.append((name, _thaw(hint)))
        cached = _PUBLIC_FIELDS[key] = tuple(found)
    return cached


def _form(hint: Any) -> Any:
    """An annotation with lists and tuples of one type alike; None for a form not compared."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (list, tuple) and (origin is list or (len(args) == 2 and args[1] is Ellipsis)):
        inner = _form(args[0])
        return None if inner is None else ("sequence", inner)
    if origin is tuple:
        items = tuple(_form(a) for a in args)
        return None if None in items else ("fixed", items)
    if origin in (types.UnionType, typing.Union):
        members = frozenset(_form(a) for a in args)
        return None if None in members else ("union", members)
    if origin is not None or hint is Any:
        return None
    if isinstance(hint, type) and (is_dataclass(hint) and not hint.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        return None
    return hint


def _thaw(hint: Any) -> Callable[[Any], Any] | None:
    """The view's immutable value made the state's: lists where the state keeps lists."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is list:
        inner = _thaw(args[0])
        return list if inner is None else (lambda v: [inner(x) for x in v])
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _thaw(args[0])
        return None if item is None else (lambda v: tuple(item(x) for x in v))
    if origin is tuple:
        items = [_thaw(a) for a in args]
        if all(t is None for t in items):
            return None
        return lambda v: tuple(x if t is None else t(x) for t, x in zip(items, v, strict=True))
    if origin in (types.UnionType, typing.Union):
        rest = [a for a in args if a is not type(None)]
        member = _thaw(rest[0]) if len(rest) == 1 else None
        if member is None:
            return None
        thaw = member
        return lambda v: None if v is None else thaw(v)
    return None
