"""``max_game_length()``: every game declares a bound on its decisions (OpenSpiel requires one), and long
random games never exceed it; the facts each game's argument rests on are checked over random games too."""

from __future__ import annotations

import random
from typing import Any

import pytest

from feint.engine import GameState, new_game
from feint.engine.registry import game_names
from tests.engine.configurations import configurations, ids

CONFIGURATIONS = configurations()


def decisions(state: GameState, chooser: random.Random) -> int:
    """Random legal moves to the end (table moves are no decisions, so none is made): how many."""
    made = 0
    while not state.is_over():
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
        made += 1
    return made


def longest(name: str, players: int, options: dict[str, Any], games: int) -> tuple[int, int | None]:
    """The most decisions of ``games`` random games, and the game's declared bound (alike for every seed)."""
    most, bounds = 0, set()
    for seed in range(games):
        state = new_game(name, players, seed, options)
        bounds.add(state.max_game_length())
        most = max(most, decisions(state, random.Random(seed)))
        bounds.add(state.max_game_length())
    assert len(bounds) == 1
    return most, bounds.pop()


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGURATIONS, ids=ids(CONFIGURATIONS))
def test_random_games_never_exceed_the_declared_length(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    most, bound = longest(name, players, {"variants": list(variants)}, 30)
    if name == "guile" and "extended-cast" in variants:
        assert bound is None  # a round may have no winner, and the rules set no bound
        return
    assert bound is not None and most <= bound


@pytest.mark.parametrize("max_rounds", [1, 2, 5])
@pytest.mark.parametrize("players", [2, 5])
def test_knights_stays_within_its_length_under_a_short_round_limit(players: int, max_rounds: int) -> None:
    most, bound = longest("knights", players, {"max_rounds": max_rounds}, 40)
    assert bound is not None and most <= bound
    assert bound < longest("knights", players, {"max_rounds": max_rounds + 1}, 1)[1]  # type: ignore[operator]


def test_guiles_bound_is_reached_by_a_game_of_three_full_rounds() -> None:
    """The base game's bound is exact: three rounds of picks, placements and sixteen turns, and the opening"""
    most, bound = longest("guile", 2, {}, 200)
    assert most == bound == 92


@pytest.mark.parametrize("players", [2, 6])
def test_a_liars_dice_round_has_at_most_six_bids_a_die_and_a_call(players: int) -> None:
    for seed in range(30):
        state = new_game("liars_dice", players, seed)
        chooser = random.Random(seed)
        while not state.is_over():
            in_play, decided, start = sum(state.counts), 0, state.round
            while not state.is_over() and state.round == start:
                seat = state.to_move()[0]
                state.apply(seat, chooser.choice(state.legal_moves(seat)))
                decided += 1
            assert decided <= 6 * in_play + 1


@pytest.mark.parametrize("players", [2, 5])
def test_guardians_cards_never_go_back_to_the_deck_the_pool_or_a_hand(players: int) -> None:
    """What Guardian's Call's bound rests on: the cards in the deck, the pool and the hands never grow, and
    every offer takes some out for good."""

    def unplaced(state: Any) -> int:
        return len(state.deck) + len(state.pool) + sum(len(hand) for hand in state.hands) + len(state.drawn)

    for seed in range(12):
        state = new_game("guardians", players, seed)
        chooser = random.Random(seed)
        while not state.is_over():
            before = unplaced(state)
            seat = chooser.choice(state.to_move())
            move = chooser.choice(state.legal_moves(seat))
            state.apply(seat, move)
            assert unplaced(state) <= before
            if type(move).__name__ == "Offer":
                assert unplaced(state) < before


def test_every_game_declares_a_length() -> None:
    for name in game_names():
        assert new_game(name, None, 0).max_game_length() is not None
