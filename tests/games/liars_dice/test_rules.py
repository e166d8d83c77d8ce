"""Liar's Dice rules beyond the scenarios: notation, the ranking of bids, set-up errors, dice conservation."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from feint.engine import IllegalMove, NotationError, SetupError, new_game
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.rules import VARIANTS, rules_of
from feint.games.liars_dice.state import LiarsDiceState

VARIANT_SETS = [[], *([v] for v in VARIANTS), list(VARIANTS)]


def new(players: int, seed: int, variants: list[str], **options: Any) -> LiarsDiceState:
    state = new_game("liars_dice", players, seed, {"variants": variants, **options})
    assert isinstance(state, LiarsDiceState)
    return state


def random_play(state: LiarsDiceState, chooser: random.Random) -> Iterator[tuple[int, Any]]:
    while not state.is_over():
        seat = state.to_move()[0]
        move = chooser.choice(state.legal_moves(seat))
        yield seat, move
        state.apply(seat, move)


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("bid 3 5s", "bid 3 5s"),
        ("Bid 3  5", "bid 3 5s"),
        ("3 5", "bid 3 5s"),
        ("bid 3 5's", "bid 3 5s"),
        ("bid 12 fives", "bid 12 5s"),
        ("bid 2 aces", "bid 2 1s"),
        ("2 sixes", "bid 2 6s"),
        ("LIAR", "liar"),
        ("challenge", "liar"),
        ("dudo", "liar"),
        ("spot on", "spot on"),
        ("spot-on", "spot on"),
        ("calza", "spot on"),
    ],
)
def test_notation_reads_what_a_player_types(text: str, notation: str) -> None:
    assert str(LiarsDiceState.parse_move(text)) == notation


@pytest.mark.parametrize("text", ["bid 0 5s", "bid 3 7s", "bid 31 2s", "bid 3", "raise", "bid three 5s"])
def test_notation_refuses_what_is_not_a_move(text: str) -> None:
    with pytest.raises(NotationError, match="bid <quantity> <face>s"):
        LiarsDiceState.parse_move(text)


def test_a_bids_index_is_openspiels_action_number() -> None:
    for quantity in range(1, 31):
        for face in range(1, 7):
            move = mv.bid_move(quantity, face)
            assert (move.quantity, move.face) == (quantity, face)
            assert move.index == (quantity - 1) * 6 + face - 1
    assert (mv.LIAR.index, mv.SPOT_ON.index) == (180, 181)
    assert len(LiarsDiceState.MOVES) == 182


def test_bids_rank_by_quantity_then_face_in_the_common_game() -> None:
    rules = rules_of(frozenset())
    ranked = sorted(mv.BIDS, key=lambda b: rules.rank(b.quantity, b.face))
    assert ranked == list(mv.BIDS)


def test_with_ones_wild_n_ones_rank_between_2n_and_2n_plus_one() -> None:
    rules = rules_of(frozenset({"ones-wild"}))
    for n in range(1, 15):
        ones = rules.rank(n, 1)
        assert rules.rank(2 * n, 6) < ones < rules.rank(2 * n + 1, 2)
        assert rules.rank(n + 1, 1) > ones
    assert rules.wild == frozenset({1})


def test_openspiel_and_ones_wild_make_both_faces_wild() -> None:
    assert rules_of(frozenset({"openspiel", "ones-wild"})).wild == frozenset({1, 6})
    assert rules_of(frozenset({"openspiel"})).matches(3) == frozenset({3, 6})


@pytest.mark.parametrize(
    ("options", "setup", "message"),
    [
        ({"dice": 0}, {}, "dice"),
        ({"dice": 6}, {}, "1 to 5"),
        ({"dice": True}, {}, "dice"),
        ({"variants": ["wild-sixes"]}, {}, "unknown variant 'wild-sixes'"),
        ({"colour": "red"}, {}, "unknown option 'colour'"),
        ({}, {"rolls": [[[1, 2, 3, 4, 5]]]}, "one list of dice per seat"),
        ({}, {"rolls": [[[1, 2, 3, 4, 5, 6], []]]}, "at most 5 dice"),
        ({}, {"rolls": [[[1, 2, 7], []]]}, "a die shows 1 to 6"),
        ({}, {"dice": [1]}, "unknown setup key 'dice'"),
    ],
)
def test_bad_options_and_setups_are_refused_clearly(
    options: dict[str, Any], setup: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        new_game("liars_dice", 2, 0, options, setup)


def test_seven_seats_are_refused() -> None:
    with pytest.raises(SetupError, match="2 to 6 players"):
        new_game("liars_dice", 7, 0)


@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_round_costs_one_die_and_the_game_ends_with_one_seat_holding_dice(
    players: int, variants: list[str]
) -> None:
    chooser = random.Random(players)
    for seed in range(10):
        state = new(players, seed, variants)
        start = state.dice_per_seat * players
        for _ in random_play(state, chooser):
            if state.is_over():
                break
            assert sum(state.counts) == start - (state.round - 1)
            assert [len(d) for d in state.dice] == state.counts
            assert all(list(d) == sorted(d) for d in state.dice)
        result = state.result()
        if "openspiel" in variants:
            assert state.round == 1
            assert sorted(result.scores) == [-1.0, *[0.0] * (players - 2), 1.0]
        else:
            assert [seat for seat in range(players) if state.counts[seat]] == list(result.winners)
            assert sorted(result.scores) == [0.0] * (players - 1) + [1.0]


def test_an_illegal_bid_says_why_and_changes_nothing() -> None:
    state = new(2, 3, [])
    state.apply(0, "bid 4 3s")
    before = state.to_json()
    with pytest.raises(IllegalMove, match="a bid must beat 4 3s"):
        state.apply(1, "bid 4 2s")
    with pytest.raises(IllegalMove, match="seat 0 is not to move"):
        state.apply(0, "liar")
    assert state.to_json() == before
