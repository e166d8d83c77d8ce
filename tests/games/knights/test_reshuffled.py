"""After a reshuffle, a sampled world keeps the viewer's old face-down discards where they can be: in the
new Unknown Deck or with a seat dealt from it since (feint/games/knights/reshuffled.py); the viewer's own
information is the same in every world, and the real game always fits what the check keeps."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from feint.engine import InfoState, new_game
from feint.games.knights.cards import SWORD, TOKEN, cards_of
from feint.games.knights.reshuffled import reshuffled
from feint.games.knights.state import KnightsState
from tests.engine.random_play import play

SETUP = {
    "paths": ["sword", "key", "key", "deathtrap", "torch", "deathtrap"],
    "hands": {
        "0": ["sword", "sword", "key", "key", "bomb"],
        "1": ["shield", "shield", "torch", "torch", "jester"],
    },
    "unknown": ["bomb", "jester", "wild", "wild", "wild"],
    "dice": ["blank"] * 8,
}
MOVES = [
    # Round 1: both seats step onto place 1 on blanks, then discard one card face-down.
    (0, "advance"),
    (0, "discard sword"),
    (1, "advance"),
    (1, "discard shield"),
    # Rounds 2 and 3: one card each a turn; the refills empty the Unknown Deck.
    (1, "discard torch"),
    (0, "discard sword"),
    (0, "discard key"),
    (1, "discard torch"),
]


def through_a_reshuffle() -> KnightsState:
    """Seat 0 has discarded both Swords face-down; the pile was reshuffled when seat 0 was refilled,
    after seat 1's refill from the old deck: seat 1 was dealt nothing from the new deck."""
    state = new_game("knights", 2, 5, setup=SETUP)
    assert isinstance(state, KnightsState)
    for seat, move in MOVES:
        state.apply(seat, state.parse_move(move))
    kinds = [event.kind for event in state.events(0)]
    assert "reshuffle" in kinds and kinds.index("reshuffle") > len(kinds) - 4
    return state


def test_no_sampled_world_gives_a_sword_to_the_seat_dealt_nothing_from_the_reshuffled_deck() -> None:
    state = through_a_reshuffle()
    info = InfoState.of(state, 0)
    mine = state.view(0).hand
    assert mine is not None and SWORD not in info.view.discard_known
    swords_left = 2 - mine.count(SWORD)
    for seed in range(40):
        world = KnightsState.sample(info, random.Random(seed))
        assert world.view(0) == info.view
        assert list(world.events(0)) == info.events
        # Both Swords went into the new deck; seat 1 has been dealt nothing from it.
        assert SWORD not in cards_of(world.hands[1])
        assert world.unknown.count(SWORD) == swords_left


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_real_game_always_fits_what_the_viewer_knows_of_the_last_reshuffle(players: int) -> None:
    checked = 0
    for seed in range(12):
        state = new_game("knights", players, seed)
        chooser = random.Random(seed)
        play(state, chooser, chooser.randrange(60, 400))
        viewer = seed % players
        known = reshuffled(state.events(viewer), viewer)
        if known is None:
            continue
        checked += 1
        hands = [
            Counter(cards_of(hand)) - Counter(cards_of(known))
            for hand, known in zip(state.hands, state.known, strict=True)
        ]
        attempt = state.attempt
        if attempt is not None and attempt.covers and state.active != viewer:
            hands[state.active].update(c.card for c in attempt.covers if not c.public and c.card is not TOKEN)
        pile = Counter(state.discard) - Counter(state.view(viewer).discard_known)
        assert known.allows(hands, Counter(state.unknown), pile)
    assert checked
