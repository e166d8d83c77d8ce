"""Every other seat's private past in a sampled Guardian's Call world: the cards of its offers are the
real ones, and its hand read backwards through its own events (offers given back, draws taken away)
never lacks a card and leaves a starting hand (tests/engine/test_sampled_histories.py checks the
general promise)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from feint.engine import new_game
from feint.games.guardians.cards import COUNCIL, STARTING_HAND
from feint.games.guardians.kinds import Kind
from feint.games.guardians.state import GuardiansState
from tests.engine.random_play import play


def played(seed: int) -> GuardiansState:
    state = new_game("guardians", 2 + seed % 3, seed)
    assert isinstance(state, GuardiansState)
    chooser = random.Random(seed)
    play(state, chooser, 60 + chooser.randrange(120))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_each_seats_hand_follows_from_its_own_past_in_the_world(seed: int) -> None:
    state = played(seed)
    world = state.resample(0, random.Random(seed))
    for seat in range(1, state.players):
        hand = Counter(world.hands[seat])
        for event in reversed(world.events(seat)):
            if event.actor != seat:
                continue
            if event.kind == Kind.OFFER:
                hand.update(event.get("cards"))
            elif event.kind == Kind.DRAW_POOL or (
                event.kind == Kind.DRAW_DECK and event.get("card") != COUNCIL
            ):
                hand[event.get("card")] -= 1
                assert hand[event.get("card")] >= 0
        assert hand.total() == STARTING_HAND
        # An offer answered showed its cards to all: the world's past has them as the real game's.
        real, drawn = (
            [e.get("cards") for e in g.events(seat) if e.kind == Kind.OFFER] for g in (state, world)
        )
        pending = world.offer is not None and world.offer.offerer == seat
        assert drawn[: len(drawn) - pending] == real[: len(real) - pending]
        assert not pending or drawn[-1] == world.offer_cards
