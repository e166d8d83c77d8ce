"""The opponent's private past in a sampled Guile world: what follows from the viewer's information is
the real game's, and the rest is the world's own cards (tests/engine/test_sampled_histories.py checks
the general promise)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from feint.engine import new_game
from feint.engine.events import Event
from feint.games.guile.kinds import Kind
from feint.games.guile.model import Phase
from feint.games.guile.state import GuileState


def into_second_placement(seed: int, variants: list[str]) -> GuileState:
    """A game played at random into round 2's placement, each seat with two cards down."""
    state = new_game("guile", seed=seed, options={"variants": variants})
    assert isinstance(state, GuileState)
    chooser = random.Random(seed)
    while not (state.phase == Phase.PLACE and state.round_index == 1 and min(state.view(None).placed) >= 2):
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    return state


def rounds(events: list[Event]) -> list[list[Event]]:
    split: list[list[Event]] = []
    for event in events:
        if event.kind == Kind.DEAL:
            split.append([])
        if split:
            split[-1].append(event)
    return split


def secrets_of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The private parts of every event of ``kind``, as seen by the seat whose events they are."""
    return [dict(s.data) for e in events if e.kind == kind for s in e.secrets]


@pytest.mark.parametrize("seed", range(6))
def test_the_opponents_finished_round_is_the_real_one_and_its_round_under_way_the_worlds(seed: int) -> None:
    chivalry = seed % 3 == 2
    state = into_second_placement(seed, ["code-of-chivalry"] if chivalry else [])
    world = state.resample(0, random.Random(seed))
    real, drawn = rounds(state.events(1)), rounds(world.events(1))
    # Round 1: the reveal and seat 0's own draft fix seat 1's picks, passes, looks, the cards it was dealt
    # and where it laid each; only the order of the deal and of the placements is left open.
    for kind in (Kind.PICK, Kind.PASS, Kind.LOOK):
        assert secrets_of(drawn[0], kind) == secrets_of(real[0], kind)
    (dealt,), (was_dealt,) = secrets_of(drawn[0], Kind.DEAL), secrets_of(real[0], Kind.DEAL)
    assert Counter(dealt["hand"]) == Counter(was_dealt["hand"])
    assert sorted(map(laid, secrets_of(drawn[0], Kind.PLACE))) == sorted(
        map(laid, secrets_of(real[0], Kind.PLACE))
    )
    # Round 2: seat 1's four cards in the world are those it was dealt (or kept in the draft), each card it
    # laid down is on the knight it names, and the rest are in its hand.
    now = drawn[1]
    if chivalry:
        (dealt,) = secrets_of(now, Kind.DEAL)
        four = Counter(dealt["hand"])
    else:
        four = Counter(p["card"] for p in secrets_of(now, Kind.PICK)) + Counter(
            secrets_of(now, Kind.PASS)[-1]["hand"]
        )
    down = [laid(p) for p in secrets_of(now, Kind.PLACE)]
    assert down and all(world.knights[knight] == card for card, knight in down)
    assert four == Counter(card for card, _ in down) + Counter(world.hands[1])


def laid(part: dict[str, Any]) -> tuple[str, int]:
    return part["card"], part["knight"]
