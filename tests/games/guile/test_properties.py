"""Properties of random Guile games: they end with a two-round winner, conserve
the cards, and hide what a seat cannot know. The contract every game keeps
(determinism, JSON, illegal moves, clones) is checked in tests/engine/test_conformance.py."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import new_game
from feint.games.guile.cards import Card, deck
from feint.games.guile.moves import Look, Place, Swap
from feint.games.guile.state import GuileState

VARIANT_SETS = ([], ["code-of-chivalry"], ["extended-cast"], ["code-of-chivalry", "extended-cast"])


def new(seed: int, variants: list[str]) -> GuileState:
    state = new_game("guile", seed=seed, options={"variants": variants})
    assert isinstance(state, GuileState)
    return state


def random_play(state: GuileState, chooser: random.Random) -> Iterator[tuple[int, Any]]:
    """Play random legal moves to the end, yielding each (seat, move) before it is applied."""
    while not state.is_over():
        seat = chooser.choice(state.to_move())
        move = chooser.choice(state.legal_moves(seat))
        yield seat, move
        state.apply(seat, move)


def cards_in_play(data: dict[str, Any]) -> Counter[str]:
    cards = [c for c in data["knights"] if c is not None] + data["aside"]
    cards += [c for hand in data["hands"] + data["kept"] for c in hand]
    return Counter(cards)


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
def test_thousands_of_random_games_end_with_a_two_round_winner(variants: list[str]) -> None:
    chooser = random.Random(1)
    for seed in range(600):
        state = new(seed, variants)
        for _ in random_play(state, chooser):
            pass
        result = state.result()
        (winner,) = result.winners
        assert state.round_wins[winner] == 2 and state.round_wins[1 - winner] <= 1
        assert result.scores == tuple(float(w) for w in state.round_wins)
        decided = [r for r in state.rounds if r.winner is not None]
        assert len(decided) == sum(state.round_wins)


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
def test_cards_are_conserved_after_every_move(variants: list[str]) -> None:
    chooser = random.Random(2)
    whole_deck = Counter(deck("extended-cast" in variants))
    for seed in range(40):
        state = new(seed, variants)
        for _ in random_play(state, chooser):
            if state.start_knight is not None:
                assert cards_in_play(state.to_json()) == whole_deck


class KnownKnights:
    """What one seat can know of the knights, worked out from the moves alone.

    It does not read the engine's own knowledge masks: it follows the rules
    (a seat knows the cards it placed and looked at, and sees every swap).
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.known: set[int] = set()
        self.round = 1

    def before(self, state: GuileState, seat: int, move: Any) -> None:
        if state.round_index + 1 != self.round:
            self.known.clear()
            self.round = state.round_index + 1
        errant = state.knight_errant()
        if isinstance(move, Place) and seat == self.seat:
            self.known.add(move.knight)
        elif isinstance(move, Look) and seat == self.seat:
            assert errant is not None
            self.known.add(errant)
        elif isinstance(move, Swap):
            assert errant is not None
            here, there = errant in self.known, move.knight in self.known
            self.known.difference_update({errant, move.knight})
            if here:
                self.known.add(move.knight)
            if there:
                self.known.add(errant)

    def after(self, state: GuileState) -> None:
        if state.round_index + 1 != self.round:
            self.known.clear()
            self.round = state.round_index + 1


@given(
    seed=st.integers(0, 2**40),
    variants=st.sampled_from(VARIANT_SETS),
    bot_seed=st.integers(0, 999),
    viewer=st.sampled_from([0, 1, None]),
)
@settings(max_examples=80, deadline=None)
def test_a_view_shows_only_what_the_seat_may_know_and_nothing_else_changes_it(
    seed: int, variants: list[str], bot_seed: int, viewer: int | None
) -> None:
    """The tracker says, from the moves alone, which knights the seat may know: the view shows
    no other card. And worlds that differ in everything else (sampled from the seat's own
    information: other hands, aside cards, unseen knights, the generator) give the same view."""
    state = new(seed, variants)
    chooser = random.Random(bot_seed)
    tracker = KnownKnights(-1 if viewer is None else viewer)
    checked = 0
    while not state.is_over():
        seat = chooser.choice(state.to_move())
        move = chooser.choice(state.legal_moves(seat))
        tracker.before(state, seat, move)
        state.apply(seat, move)
        tracker.after(state)
        if chooser.random() < 0.2:
            view = state.view(viewer)
            shown = {k.position for k in view.knights if isinstance(k.card, Card)}
            assert shown <= (tracker.known if viewer is not None else set())
            if viewer is None:
                assert view.hand == view.kept == view.draft == view.dealt == ()
                continue
            worlds = [state.resample(viewer, random.Random(chooser.getrandbits(32))) for _ in range(3)]
            assert all(world.view(viewer) == view for world in worlds)
            checked += 1
    assert checked > 0 or len(state.rounds) > 0 or viewer is None
