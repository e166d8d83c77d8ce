"""The revealed view, on every registered game: the spectator's view with nothing hidden.

It is what a finished game's end screen and replay show, so it must hold
every card no viewer sees (``hidden_placement(None)``), keep every key of
the spectator's view, and carry no ``HIDDEN`` marker anywhere.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from feint.engine import new_game
from feint.engine.view import HIDDEN, jsonable
from tests.engine.configurations import configurations, ids

CONFIGURATIONS = configurations(every_size=False)


def leaves(data: Any) -> Iterator[Any]:
    """Every number, string and boolean in a JSON value."""
    if isinstance(data, dict):
        for value in data.values():
            yield from leaves(value)
    elif isinstance(data, list):
        for value in data:
            yield from leaves(value)
    elif data is not None:
        yield data


def names(data: Any) -> Counter[str]:
    """The cards' names in a JSON value: its strings (a path card's tier, a number, is left out)."""
    return Counter(leaf for leaf in leaves(data) if isinstance(leaf, str))


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGURATIONS, ids=ids(CONFIGURATIONS))
def test_the_revealed_view_shows_every_hidden_card_and_keeps_the_spectators_shape(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    state = new_game(name, players, 11, {"variants": list(variants)})
    chooser = random.Random(4)
    while True:
        spectator = state.view(None).to_json()
        revealed = state.revealed_view().to_json()
        assert revealed["viewer"] is None
        assert set(spectator) <= set(revealed)
        assert HIDDEN.value not in list(leaves(revealed))
        hidden = names([jsonable(card) for card in state.hidden_placement(None).values()])
        shown_only_here = names(revealed) - names(spectator)
        assert not hidden - shown_only_here, f"hidden cards missing from the revealed view at seq {state.seq}"
        if state.is_over():
            break
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))


def test_the_revealed_view_changes_no_seats_view() -> None:
    state = new_game("guile", 2, 3, {})
    before = [state.view(seat) for seat in (0, 1, None)]
    state.revealed_view()
    assert [state.view(seat) for seat in (0, 1, None)] == before
