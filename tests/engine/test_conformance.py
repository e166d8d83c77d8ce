"""The contract, checked on every registered game with random play (OpenSpiel-style).

Each game's own tests add what only it has (its cards, its views); these hold
for all: games end, same seed and moves give the same game, JSON round-trips,
illegal moves change nothing, notation and indices round-trip, views are JSON.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import (
    FeintError,
    GameState,
    IllegalMove,
    Move,
    game_names,
    get_game,
    new_game,
    state_from_json,
)
from feint.engine.codec import codec_of
from feint.engine.events import log_events
from feint.engine.game import KIND_PATTERN
from feint.engine.registry import declaration
from tests.engine.configurations import Config, configurations, ids
from tests.engine.random_play import random_moves

CONFIGURATIONS = configurations()
IDS = ids(CONFIGURATIONS)


def start(name: str, players: int, variants: tuple[str, ...], seed: int) -> GameState:
    return new_game(name, players, seed, {"variants": list(variants)})


def play_randomly(
    state: GameState, chooser: random.Random, limit: int = 100_000
) -> Iterator[tuple[int, Move]]:
    """Random legal moves to the end; yields each (seat, move) just before it is applied."""
    yield from random_moves(state, chooser, limit)
    if not state.is_over():
        raise AssertionError(f"no end after {limit} moves")


@pytest.mark.parametrize("name", game_names())
def test_every_event_kind_is_spelt_the_one_way(name: str) -> None:
    assert all(re.fullmatch(KIND_PATTERN, kind) for kind in declaration(name).kinds)


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGURATIONS, ids=IDS)
def test_random_games_end_and_every_step_keeps_the_contract(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    chooser = random.Random(0)
    for seed in range(25):
        state = start(name, players, variants, seed)
        for _ in play_randomly(state, chooser):
            movers = state.to_move()
            assert movers and len(set(movers)) == len(movers)
            # Several seats to move at once, or a simultaneous phase, only in a game declaring it.
            assert type(state).SIMULTANEOUS or (len(movers) == 1 and not state.in_simultaneous_phase())
            for seat in range(state.players):
                legal = state.legal_moves(seat)
                assert bool(legal) == (seat in movers)
                for move in legal:
                    assert state.parse_move(str(move)) == move
                    assert type(state).move_from_index(move.index) == move
        # Every event is of a kind the game declares; the end says why, in one of its words.
        assert {event.kind for event in log_events(state.log)} <= set(declaration(name).kinds)
        result = state.result()
        assert result.termination in type(state).TERMINATIONS
        assert result.winners and set(result.winners) <= set(range(players))
        assert len(result.scores) == players
        assert state.to_move() == ()
        assert state.summary()["over"] is True


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGURATIONS, ids=IDS)
def test_views_are_json_and_the_spectator_sees_no_private_hand(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    state = start(name, players, variants, 3)
    for _ in play_randomly(state, random.Random(3)):
        for viewer in (None, *range(players)):
            json.dumps(state.view(viewer).to_json())


@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**40), bot_seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_same_seed_and_moves_give_the_same_game_byte_for_byte(
    config: Config, seed: int, bot_seed: int
) -> None:
    first = start(*config, seed)
    moves = [(seat, str(move)) for seat, move in play_randomly(first, random.Random(bot_seed))]
    second = start(*config, seed)
    for seat, text in moves:
        second.apply(seat, text)
    assert json.dumps(second.to_json()) == json.dumps(first.to_json())


@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**40), bot_seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_json_round_trips_at_every_step_and_the_copy_plays_on_identically(
    config: Config, seed: int, bot_seed: int
) -> None:
    state = start(*config, seed)
    chooser = random.Random(bot_seed)
    stop_at = chooser.randrange(200)
    for step, _ in enumerate(play_randomly(state, chooser)):
        data = state.to_json()
        copy = state_from_json(json.loads(json.dumps(data)))
        assert copy.to_json() == data
        if step == stop_at:
            break
    copy = state_from_json(state.to_json())
    list(play_randomly(state, random.Random(bot_seed + 1)))
    list(play_randomly(copy, random.Random(bot_seed + 1)))
    assert copy.to_json() == state.to_json()


@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**40), bot_seed=st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_an_illegal_move_raises_and_leaves_the_state_byte_identical(
    config: Config, seed: int, bot_seed: int
) -> None:
    state = start(*config, seed)
    chooser = random.Random(bot_seed)
    universe = type(state).MOVES
    for _ in play_randomly(state, chooser):
        # The log is immutable and shared: the same object means the same events, so the rest
        # of the state is compared as JSON without writing out the whole history each time.
        log, before = state.log, json.dumps(everything_but_the_log(state))
        seat = chooser.randrange(-1, state.players + 1)
        legal = (*state.legal_moves(seat), *state.table_moves(seat))
        illegal = [m for m in universe if m not in legal]
        for move in chooser.sample(illegal, min(3, len(illegal))):
            with pytest.raises(IllegalMove) as caught:
                state.apply(seat, move)
            assert caught.value.reason
            assert state.log is log
            assert json.dumps(everything_but_the_log(state)) == before


def everything_but_the_log(state: GameState) -> dict[str, object]:
    codec = codec_of(type(state))
    return {name: conv.dump(getattr(state, name)) for name, conv in codec.fields if name != "log"}


@pytest.mark.parametrize("name", game_names())
def test_clone_is_independent(name: str) -> None:
    cls = get_game(name)
    state = new_game(name, cls.MIN_PLAYERS, 5)
    chooser = random.Random(5)
    for _, _ in zip(range(30), play_randomly(state, chooser), strict=False):
        pass
    before = state.to_json()
    copy = state.clone()
    list(play_randomly(copy, chooser))
    assert state.to_json() == before
    assert copy.is_over()


@pytest.mark.parametrize("name", game_names())
def test_result_before_the_end_is_an_error(name: str) -> None:
    state = new_game(name)
    assert state.winners() == ()
    with pytest.raises(FeintError, match="not over"):
        state.result()
