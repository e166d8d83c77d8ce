"""Explicit chance (``{"chance": "explicit"}``): every roll waits for chance, die by die, with its outcomes
and probabilities (``chance_outcomes``, ``apply_chance``), as OpenSpiel's tree walks need; seeded play is
unchanged."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

from feint.engine import IllegalMove, InfoState, SetupError, new_game
from feint.engine.events import log_events
from feint.games.liars_dice.state import LiarsDiceState

VARIANT_SETS = [[], ["ones-wild"], ["spot-on"], ["openspiel"], ["ones-wild", "spot-on", "openspiel"]]


def seeded_game(
    players: int, seed: int, variants: list[str]
) -> tuple[LiarsDiceState, list[tuple[int, object]]]:
    """A random seeded game to the end, and its moves."""
    state = new_game("liars_dice", players, seed, {"variants": variants})
    assert isinstance(state, LiarsDiceState)
    chooser, moves = random.Random(seed), []
    while not state.is_over():
        seat = state.to_move()[0]
        move = chooser.choice(state.legal_moves(seat))
        moves.append((seat, move))
        state.apply(seat, move)
    return state, moves


def faces(state: LiarsDiceState) -> Iterator[int]:
    """The faces the seeded game rolled, round by round, seat by seat, each seat's dice in rising order."""
    for event in log_events(state.log):
        if event.kind == "roll":
            for secret in event.secrets:
                yield from secret.data["dice"]


@pytest.mark.parametrize("variants", VARIANT_SETS)
@pytest.mark.parametrize("players", [2, 3, 6])
def test_fed_the_seeded_games_dice_explicit_chance_plays_the_same_game(
    players: int, variants: list[str]
) -> None:
    for seed in range(6):
        seeded, moves = seeded_game(players, seed, variants)
        explicit = new_game("liars_dice", players, seed, {"variants": variants, "chance": "explicit"})
        rolled = faces(seeded)
        chance_nodes = 0
        for seat, move in [*moves, (None, None)]:
            while explicit.chance_outcomes():
                assert explicit.to_move() == () and not explicit.is_over()
                explicit.apply_chance(next(rolled))
                chance_nodes += 1
            if seat is not None:
                explicit.apply(seat, move)  # type: ignore[arg-type]
        assert next(rolled, None) is None
        assert chance_nodes == sum(len(s.data["dice"]) for e in log_events(seeded.log) for s in e.secrets)
        assert [e.to_json() for e in log_events(explicit.log)] == [
            e.to_json() for e in log_events(seeded.log)
        ]
        assert explicit.result() == seeded.result()
        for viewer in [None, *range(players)]:
            ours, theirs = explicit.view(viewer).to_json(), seeded.view(viewer).to_json()
            assert ours.pop("explicit_chance") and not theirs.pop("explicit_chance")
            assert ours == theirs


def test_a_roll_is_a_chance_node_per_die_with_six_equal_outcomes() -> None:
    state = new_game("liars_dice", 2, 0, {"variants": ["openspiel"], "chance": "explicit"})
    outcomes = state.chance_outcomes()
    assert [face for face, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert sum(Fraction(p).limit_denominator(100) for _, p in outcomes) == 1
    assert state.to_move() == () and state.legal_moves(0) == () and state.events(0) == ()
    with pytest.raises(IllegalMove, match="chance acts now"):
        state.apply(0, "bid 1 2")
    with pytest.raises(IllegalMove, match="chance gives one of 1, 2, 3, 4, 5, 6"):
        state.apply_chance(7)
    state.apply_chance(5)
    assert state.chance_outcomes() and state.events(0) == ()  # nobody sees a die before the roll is whole
    state.apply_chance(2)
    assert state.chance_outcomes() == () and state.to_move() == (0,)
    assert state.view(0).seats[0].dice == (5,) and state.view(1).seats[1].dice == (2,)
    with pytest.raises(IllegalMove, match="no chance node"):
        state.apply_chance(3)


def test_the_chance_layer_of_openspiels_game_is_every_pair_of_faces_each_with_a_36th() -> None:
    """A tree walk over the first roll, by clones, as CFR or an exact best response walks it."""
    root = new_game("liars_dice", 2, 0, {"variants": ["openspiel"], "chance": "explicit"})
    leaves: dict[tuple[tuple[int, ...], ...], Fraction] = {}

    def walk(state: LiarsDiceState, reach: Fraction) -> None:
        outcomes = state.chance_outcomes()
        if not outcomes:
            leaves[tuple(state.dice)] = leaves.get(tuple(state.dice), Fraction(0)) + reach
            return
        for face, chance in outcomes:
            child = state.clone()
            child.apply_chance(face)
            walk(child, reach * Fraction(chance).limit_denominator(100))

    assert isinstance(root, LiarsDiceState)
    walk(root, Fraction(1))
    assert len(leaves) == 36 and set(leaves.values()) == {Fraction(1, 36)}


def test_a_later_round_waits_for_chance_too_and_copies_keep_the_roll_under_way() -> None:
    state = new_game("liars_dice", 3, 4, {"dice": 2, "chance": "explicit"})
    chooser = random.Random(4)
    rounds = set()
    while not state.is_over():
        if state.chance_outcomes():
            rounds.add(state.round)
            state.apply_chance(chooser.randint(1, 6))
            for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state)), state.clone()):
                assert twin.to_json() == state.to_json() and twin.chance_outcomes() == state.chance_outcomes()
            continue
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    assert rounds == set(range(1, state.round + 1)) and len(rounds) > 1


def test_a_world_sampled_at_a_chance_node_waits_for_chance_as_well() -> None:
    state = new_game("liars_dice", 2, 6, {"chance": "explicit"})
    state.apply_chance(3)
    world = state.resample(0, random.Random(1))
    assert world.chance_outcomes() == state.chance_outcomes() and world.view(0) == state.view(0)
    assert InfoState.of(world, 0).key == InfoState.of(state, 0).key


def test_explicit_chance_is_asked_for_by_name_and_takes_no_fixed_rolls() -> None:
    with pytest.raises(SetupError, match='chance must be "seeded" or "explicit"'):
        new_game("liars_dice", 2, 0, {"chance": "yes"})
    with pytest.raises(SetupError, match="explicit chance takes no setup rolls"):
        new_game("liars_dice", 2, 0, {"chance": "explicit"}, {"rolls": [[[1], [2]]]})
    assert new_game("liars_dice", 2, 0, {"chance": "seeded"}).chance_outcomes() == ()
