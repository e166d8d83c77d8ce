"""``slot_init``: a frozen, slotted dataclass made through its slots is the dataclass it was, frozen still."""

from __future__ import annotations

import inspect
from dataclasses import FrozenInstanceError, InitVar, dataclass, field

import pytest

from feint.engine.registry import declarations, new_game
from feint.engine.view import slot_init


def _record() -> tuple[type, type]:
    """The same class twice: with the dataclass's own ``__init__`` and with ``slot_init``'s."""

    def make() -> type:
        @dataclass(frozen=True, slots=True)
        class Record:
            a: int
            b: tuple[int, ...] = (1, 2)
            c: list[int] = field(default_factory=list)
            d: str = field(default="d", kw_only=True)

        return Record

    return make(), slot_init(make())


def test_the_same_parameters_values_and_defaults() -> None:
    plain, quick = _record()
    assert str(inspect.signature(quick)) == str(inspect.signature(plain))
    assert "slot_init" in quick.__init__.__code__.co_filename
    for args, kwargs in [((1,), {}), ((1, (3,)), {"d": "e"}), ((), {"a": 2, "c": [5]})]:
        made, reference = quick(*args, **kwargs), plain(*args, **kwargs)
        assert [made.a, made.b, made.c, made.d] == [reference.a, reference.b, reference.c, reference.d]
    assert quick(1).c is not quick(1).c  # the factory is called each time
    with pytest.raises(TypeError):
        quick()


def test_it_stays_frozen_and_hashable() -> None:
    _, quick = _record()
    record = quick(1, (2,), d="x")
    with pytest.raises(FrozenInstanceError):
        record.a = 2
    assert record == quick(1, (2,), d="x") != quick(2, (2,), d="x")
    assert {quick(1, (2,)).b} == {(2,)}


def test_a_class_it_cannot_serve_is_refused_at_once() -> None:
    @dataclass(slots=True)
    class Unfrozen:
        a: int

    @dataclass(frozen=True)
    class Unslotted:
        a: int

    @dataclass(frozen=True, slots=True)
    class Derived:
        a: int
        b: int = field(default=0, init=False)

    @dataclass(frozen=True, slots=True)
    class Passed:
        a: int
        scale: InitVar[int] = 1

        def __post_init__(self, scale: int) -> None: ...

    for cls in (Unfrozen, Unslotted, Derived, Passed):
        with pytest.raises(TypeError):
            slot_init(cls)


def test_every_games_view_is_made_by_slot_init() -> None:
    for game in declarations():
        if not game.package.startswith("feint.games."):
            continue
        view = new_game(game.name, game.state.MIN_PLAYERS, 1).view(0)
        assert "slot_init" in type(view).__init__.__code__.co_filename, game.name
        assert "slot_init" in type(view.header).__init__.__code__.co_filename
