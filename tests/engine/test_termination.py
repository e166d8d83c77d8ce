"""The end says why it ended: ``Result.termination``, one of the game's ``TERMINATIONS``, in the
result's JSON (the server's ``result``) and in the replay output's summary."""

from __future__ import annotations

import random

import pytest

from feint.engine import GameState, Result, game_names, get_game, log_events, new_game
from feint.games.guardians.kinds import Kind as GuardiansKind


def play_to_end(state: GameState, seed: int) -> GameState:
    chooser = random.Random(seed)
    while not state.is_over():
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    return state


def assert_carried(state: GameState, result: Result) -> None:
    """The termination is in the result's JSON and in the summary the replay output starts with."""
    assert result.to_json() == {
        "winners": list(result.winners),
        "scores": list(result.scores),
        "termination": result.termination,
        "tiebreak": result.tiebreak,
    }
    assert state.summary()["termination"] == result.termination


@pytest.mark.parametrize("name", game_names())
def test_every_random_game_ends_for_a_reason_its_game_declares(name: str) -> None:
    declared = get_game(name).TERMINATIONS
    assert declared and all(word == word.lower() and " " not in word for word in declared)
    for seed in range(8):
        state = play_to_end(new_game(name, None, seed), seed)
        assert state.result().termination in declared


def test_a_game_in_progress_has_no_termination_in_its_summary() -> None:
    assert new_game("guile", 2, 0).summary()["termination"] is None


def test_guile_ends_when_a_seat_has_won_two_rounds() -> None:
    """Rulebook Game End (docs/rules/guile.md, Between rounds and the end; G12)."""
    state = play_to_end(new_game("guile", 2, 2), 2)
    result = state.result()
    assert result == Result((0,), (2.0, 1.0), "two-round-wins")
    assert_carried(state, result)


def test_knights_ends_after_a_seat_reaches_the_exit() -> None:
    """KG20: the first exit starts the endgame; every seat that exited wins."""
    state = play_to_end(new_game("knights", 4, 0), 0)
    result = state.result()
    assert result == Result((1,), (0.0, 1.0, 0.0, 0.0), "exit")
    assert result.winners == tuple(state.exits)
    assert_carried(state, result)


def test_knights_ends_at_the_round_limit_with_nobody_exited() -> None:
    """KG21 (rulings): after the last round, the seats furthest along share the win."""
    state = play_to_end(new_game("knights", 4, 1, {"max_rounds": 1}), 1)
    result = state.result()
    assert result == Result((0,), (1.0, 0.0, 0.0, 0.0), "round-limit")
    assert state.round == 1 and not state.exits
    assert_carried(state, result)


def test_knights_ends_when_no_seat_is_left_playing() -> None:
    """KG24: when the last playing seat leaves, the seats still in the game (sitting out) share the win."""
    state = new_game("knights", 3, 1)
    state.apply(0, "sit out")
    state.apply(1, "leave")
    assert not state.is_over()
    state.apply(2, "leave")
    result = state.result()
    assert result == Result((0,), (1.0, 0.0, 0.0), "nobody-playing")
    assert_carried(state, result)


def test_guardians_ends_when_war_is_revealed() -> None:
    """GC21: War ends the game at once."""
    state = play_to_end(new_game("guardians", 4, 0), 0)
    result = state.result()
    assert result == Result((0,), (72.0, 22.0, 60.0, 22.0), "war")
    assert log_events(state.log)[-1].kind == GuardiansKind.WAR
    assert_carried(state, result)
