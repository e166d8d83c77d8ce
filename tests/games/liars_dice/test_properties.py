"""Properties of random Liar's Dice games: a seat's view, events and sentences are the same in every world
its information allows, the sampler draws such worlds (with or without trust), and states round-trip JSON.
The contract every game keeps is checked for every game in tests/engine/."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import InfoState, new_game, state_from_json
from feint.engine.view import HIDDEN
from feint.games.liars_dice.belief import sample_world
from feint.games.liars_dice.inference import read_roll
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.rules import VARIANTS
from feint.games.liars_dice.state import LiarsDiceState
from feint.games.liars_dice.words import BOOK

VARIANT_SETS = [(), *((v,) for v in VARIANTS), VARIANTS]


def played(players: int, variants: tuple[str, ...], seed: int, moves: int) -> LiarsDiceState:
    """A game ``moves`` random moves in (fewer if it ends first)."""
    state = new_game("liars_dice", players, seed, {"variants": list(variants)})
    assert isinstance(state, LiarsDiceState)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    return state


def sentences(state: LiarsDiceState, viewer: int | None) -> list[str | None]:
    return [BOOK.tell(event, viewer) for event in state.events(viewer)]


@given(
    players=st.integers(2, 6),
    variants=st.sampled_from(VARIANT_SETS),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 80),
)
@settings(max_examples=60, deadline=None)
def test_a_seat_is_shown_the_same_in_every_world_its_information_allows(
    players: int, variants: tuple[str, ...], seed: int, moves: int
) -> None:
    state = played(players, variants, seed, moves)
    for viewer in (None, *range(players)):
        world = state.resample(viewer, random.Random(seed))
        assert world.view(viewer) == state.view(viewer)
        assert world.events(viewer) == state.events(viewer)
        assert sentences(world, viewer) == sentences(state, viewer)
        if viewer is not None:
            assert world.dice[viewer] == state.dice[viewer]
        assert world.counts == state.counts


def test_the_sampler_rolls_the_hidden_dice_afresh_and_fairly() -> None:
    state = played(4, (), 7, 3)
    info = InfoState.of(state, 1)
    faces: Counter[int] = Counter()
    for k in range(600):
        world = sample_world(LiarsDiceState, info, random.Random(k))
        assert world.dice[1] == state.dice[1]
        faces.update(d for seat in (0, 2, 3) for d in world.dice[seat])
    assert set(faces) == set(range(1, 7))
    assert max(faces.values()) < 1.25 * min(faces.values())


def exact_posterior(bids: list[tuple[int, int]], others: int, trust: float) -> dict[tuple[int, ...], float]:
    """Seat 1's five dice given its bids, by brute force over all 6**5 ordered rolls: each roll's fair
    chance times, per bid, (1 - trust) + trust * the chance the bid stands from the bidder's place."""
    weights: Counter[tuple[int, ...]] = Counter()
    for roll in product(range(1, 7), repeat=5):
        weight = 1.0
        for quantity, face in bids:
            needed = quantity - roll.count(face)
            stands = sum(
                comb(others, k) * (1 / 6) ** k * (5 / 6) ** (others - k)
                for k in range(max(needed, 0), others + 1)
            )
            weight *= (1 - trust) + trust * stands
        weights[tuple(sorted(roll))] += weight
    total = sum(weights.values())
    return {roll: w / total for roll, w in weights.items()}


def test_trust_draws_a_bidders_dice_by_what_its_bids_make_likely() -> None:
    """docs/bots.md, the sampler's inference: a bidder's dice are weighed by the odds its bids stood from
    its own place, as far as the trust in it; the viewer's dice and view never change."""
    state = new_game("liars_dice", 3, 2, {}, {"rolls": [[[1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 3]]]})
    state.apply(0, "bid 4 5s")
    state.apply(1, "bid 4 6s")
    info = InfoState.of(state, 2)
    exact = exact_posterior([(4, 6)], 10, 0.8)
    drawn: Counter[tuple[int, ...]] = Counter()
    fives = 0
    draws = 2000
    for k in range(draws):
        world = sample_world(
            LiarsDiceState, info, random.Random(k), trust=lambda seat: 0.8 if seat == 1 else 0.0
        )
        assert world.view(2) == state.view(2)
        assert world.dice[2] == (3, 3, 3, 3, 3)
        drawn[world.dice[1]] += 1
        fives += world.dice[0].count(5)
    sixes = sum(roll.count(6) * n for roll, n in drawn.items()) / draws
    expected = sum(roll.count(6) * p for roll, p in exact.items())
    # A fair roll holds 5/6 of a six; the bid of four 6s makes more likely.
    assert expected > 1.1
    assert abs(sixes - expected) < 0.1
    # Seat 0 is not trusted: its dice stay a fair roll.
    assert abs(fives / draws - 5 / 6) < 0.1
    # The likeliest rolls come as often as the exact posterior says.
    for roll, p in sorted(exact.items(), key=lambda item: -item[1])[:5]:
        assert abs(drawn[roll] / draws - p) < 0.02


def test_trust_never_touches_the_viewers_own_bid() -> None:
    state = new_game("liars_dice", 2, 2, {}, {"rolls": [[[1, 1, 1, 1, 1], [2, 2, 2, 2, 2]]]})
    state.apply(0, "bid 3 5s")
    info = InfoState.of(state, 0)
    made_true = 0
    for k in range(200):
        world = sample_world(LiarsDiceState, info, random.Random(k), trust=lambda seat: 1.0)
        assert world.dice[0] == (1, 1, 1, 1, 1)
        made_true += world.dice[1].count(5) >= 3
    # Only seat 1's five fair dice can make it true: three 5s or more, about one time in thirty.
    assert made_true < 20


def test_the_spectator_sees_no_die_until_the_reveal_and_every_die_after_it() -> None:
    state = played(3, (), 5, 0)
    assert all(d is HIDDEN for seat in state.view(None).seats for d in seat.dice)
    seat = state.to_move()[0]
    state.apply(seat, "bid 1 2s")
    dice = [tuple(d) for d in state.dice]
    state.apply(state.to_move()[0], "liar")
    reveal = next(e for e in state.events(None) if e.kind == Kind.REVEAL)
    assert list(reveal.get("dice")) == dice
    last = state.view(None).last
    assert last is not None and list(last.dice) == dice


@given(variants=st.sampled_from(VARIANT_SETS), seed=st.integers(0, 2**32), moves=st.integers(0, 120))
@settings(max_examples=40, deadline=None)
def test_a_state_round_trips_through_json_and_plays_on_the_same(
    variants: tuple[str, ...], seed: int, moves: int
) -> None:
    state = played(4, variants, seed, moves)
    copy = state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy.to_json() == state.to_json()
    assert copy.view(0) == state.view(0)
    for game in (state, copy):
        chooser = random.Random(seed + 1)
        while not game.is_over():
            seat = game.to_move()[0]
            game.apply(seat, chooser.choice(game.legal_moves(seat)))
    assert copy.to_json() == state.to_json()


def test_bids_no_roll_could_back_together_leave_the_roll_fair() -> None:
    """Five 2s, then five 4s, from five of seven dice: no roll backs both, so they say nothing."""
    rng = random.Random(3)
    rolls = [read_roll((), 5, ((5, 2), (5, 4)), 7, frozenset(), 1.0, rng) for _ in range(3000)]
    assert all(len(roll) == 5 and roll == tuple(sorted(roll)) for roll in rolls)
    for face in (2, 4):
        assert abs(sum(roll.count(face) for roll in rolls) / len(rolls) - 5 / 6) < 0.06
