"""A view's JSON goes through encoders compiled once per class from its annotations: it must give
exactly what the generic ``jsonable`` walk gives, key order included, on every game and viewer."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, fields
from enum import Enum, StrEnum

import pytest

from feint.engine import Header, View, game_names, new_game
from feint.engine.view import encoder, jsonable


def reference(view: View) -> dict[str, object]:
    """The view as the generic walk writes it: the header's fields, then the view's own."""
    body = {f.name: jsonable(getattr(view, f.name)) for f in fields(view) if f.name != "header"}
    return {**jsonable(view.header), **body}


@pytest.mark.parametrize("name", game_names())
def test_every_views_json_is_what_the_generic_walk_gives(name: str) -> None:
    state = new_game(name, None, 11)
    chooser = random.Random(11)
    for number in range(100_000):
        if state.is_over():
            break
        for viewer in (None, *range(state.players)) if number % 3 == 0 else ():
            view = state.view(viewer)
            data = view.to_json()
            assert json.dumps(data) == json.dumps(reference(view))
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    revealed = state.revealed_view()
    assert json.dumps(revealed.to_json()) == json.dumps(reference(revealed))


class Colour(StrEnum):
    RED = "red"


class Size(Enum):
    BIG = 3


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    colour: Colour


@dataclass(frozen=True, slots=True)
class Labelled(Point):
    label: str


@dataclass(frozen=True, slots=True)
class Toy(View):
    points: tuple[Point, ...]
    where: Point | None
    best: Point
    size: Size
    pair: tuple[int, Size]
    marks: frozenset[str]
    weights: dict[Colour, int]


def test_a_views_encoder_handles_each_kind_of_field_and_a_subclass_where_its_base_is_annotated() -> None:
    header = Header("toy", 0, Colour.RED, (0,), False, (), 4)
    toy = Toy(
        header,
        points=(Point(1, Colour.RED), Labelled(2, Colour.RED, "two")),
        where=None,
        best=Labelled(3, Colour.RED, "three"),
        size=Size.BIG,
        pair=(5, Size.BIG),
        marks=frozenset({"b", "a"}),
        weights={Colour.RED: 2},
    )
    assert toy.to_json() == reference(toy)
    assert toy.to_json()["best"] == {"x": 3, "colour": "red", "label": "three"}
    assert toy.to_json()["points"][1] == {"x": 2, "colour": "red", "label": "two"}
    assert toy.to_json()["pair"] == [5, 3] and toy.to_json()["marks"] == ["a", "b"]
    assert list(toy.to_json()) == [
        "game",
        "viewer",
        "phase",
        "to_move",
        "over",
        "winners",
        "seq",
        *Toy.__annotations__,
    ]


def test_plain_values_pass_with_no_call_and_plain_tuples_become_lists_in_one() -> None:
    assert encoder(int) is None and encoder(Colour) is None and encoder(Colour | None) is None
    assert encoder(tuple[int, ...]) is list and encoder(tuple[Colour, int]) is list
