"""The information declaration drives the public part of a sampled world: every field a game
declares public and its view holds in the same form is copied back by the engine, not by hand."""

from __future__ import annotations

import random

import pytest

from feint.engine import game_names, new_game
from feint.engine.codec import codec_of, copy_public, public_fields


@pytest.mark.parametrize("name", game_names())
def test_the_public_fields_copied_from_a_view_are_the_states_own(name: str) -> None:
    state = new_game(name, None, 6)
    cls = type(state)
    codec = dict(codec_of(cls).fields)
    chooser = random.Random(6)
    for number in range(100_000):
        if state.is_over():
            break
        for viewer in (None, *range(state.players)) if number % 5 == 0 else ():
            view = state.view(viewer)
            blank = cls.__new__(cls)
            copied = copy_public(blank, view)
            assert copied, f"{name}: no public field is copied from the view"
            for field in copied:
                ours, theirs = getattr(blank, field), getattr(state, field)
                assert codec[field].dump(ours) == codec[field].dump(theirs), field
                assert type(ours) is type(theirs), field
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    assert state.is_over()


def test_only_public_fields_in_the_same_form_are_copied() -> None:
    """Knights: the exits are a list in the state and a tuple in the view, the same form; the
    active seat is None in a view where the state keeps a seat, and the hands are private."""
    state = new_game("knights", 3, 0)
    names = [name for name, _ in public_fields(type(state), type(state.view(0)))]
    assert "exits" in names and "queue" in names and "max_rounds" in names
    assert "active" not in names and "hands" not in names and "variants" not in names


def test_a_copied_list_is_the_worlds_own() -> None:
    state = new_game("knights", 3, 0)
    view = state.view(1)
    blank = type(state).__new__(type(state))
    copy_public(blank, view)
    assert blank.exits == [] and isinstance(blank.exits, list)
    blank.exits.append(2)
    assert view.exits == ()
