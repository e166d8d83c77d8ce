"""``copy.copy``, ``copy.deepcopy`` and ``pickle`` of a state give a state that plays on identically, on every
game (the throwaway one included): OpenSpiel clones by deepcopy, multiprocessing and Ray pickle.

At a random point of a random seeded game, the copy has the same views, events, legal and table moves, refuses
a wrong move with the same reason, accepts the original's legal move objects, and under the same moves goes on
to the same end; moves on the copy leave the original as it was.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import GameState, IllegalMove, InfoState, Move, MoveError, registry
from feint.engine.registry import get_game, new_game
from tests.engine.configurations import Config, configurations
from tests.engine.random_play import play, random_moves
from tests.engine.throwaway_package import install

CONFIGURATIONS = configurations(every_size=False)

COPIES: dict[str, Callable[[GameState], GameState]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda state: pickle.loads(pickle.dumps(state)),
    "pickle-0": lambda state: pickle.loads(pickle.dumps(state, protocol=0)),
}


def information(state: GameState) -> list[object]:
    """Everything every viewer is shown, with the legal and table moves of every seat."""
    viewers = [None, *range(state.players)]
    return [
        *(state.view(viewer) for viewer in viewers),
        *(state.events(viewer) for viewer in viewers),
        *(state.legal_moves(seat) for seat in range(state.players)),
        *(state.table_moves(seat) for seat in range(state.players)),
    ]


def refusal(state: GameState, seat: int, move: Move) -> str | None:
    """The reason ``state`` refuses ``move`` for ``seat``, on a clone; None if it takes it."""
    try:
        state.clone().apply(seat, move)
    except MoveError as error:
        return f"{type(error).__name__}: {error}"
    return None


def check_plays_on_identically(state: GameState, how: str, chooser: random.Random) -> None:
    before = state.to_json()
    original_information = information(state)
    twin = COPIES[how](state)
    assert type(twin) is type(state)
    assert twin.to_json() == before
    assert information(twin) == original_information
    # A wrong move is refused for the same reason; every seat and a sample of the game's moves.
    for seat in range(state.players):
        for move in chooser.sample(type(state).MOVES.moves, min(12, len(type(state).MOVES))):
            assert refusal(twin, seat, move) == refusal(state, seat, move)
    # The original's own legal move objects are legal in the copy, and the copy's moves are the listed ones.
    for seat in state.to_move():
        for move in twin.legal_moves(seat):
            assert type(state).MOVES[move.index] is move
        assert all(refusal(twin, seat, move) is None for move in state.legal_moves(seat))
    # Moves on the copy leave the original as it was; the same moves on both end in the same game.
    continuation = random.Random(chooser.random())
    moves = list(random_moves(twin, continuation, 10_000))
    assert state.to_json() == before
    for seat, move in moves:
        state.apply(seat, move)
    assert state.to_json() == twin.to_json()
    assert information(state) == information(twin)


@given(
    config=st.sampled_from(CONFIGURATIONS),
    how=st.sampled_from(sorted(COPIES)),
    seed=st.integers(0, 2**40),
    bot_seed=st.integers(0, 10**6),
)
@settings(max_examples=60, deadline=None)
def test_a_copy_plays_on_identically_at_a_random_point(
    config: Config, how: str, seed: int, bot_seed: int
) -> None:
    name, players, variants = config
    state = new_game(name, players, seed, {"variants": list(variants)})
    chooser = random.Random(bot_seed)
    play(state, chooser, chooser.randrange(120))
    check_plays_on_identically(state, how, chooser)


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("name", sorted({config[0] for config in CONFIGURATIONS}))
def test_a_copy_plays_on_identically_at_many_points_of_one_game(name: str, how: str) -> None:
    """Every fifteenth decision of a whole game, so the start, the middle and the end are all copied."""
    cls = get_game(name)
    state = new_game(name, cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS, 11)
    chooser = random.Random(11)
    while not state.is_over():
        check_plays_on_identically(state.clone(), how, random.Random(state.seq))
        play(state, chooser, 15)
    check_plays_on_identically(state, how, chooser)


@pytest.mark.parametrize("how", sorted(COPIES))
def test_the_copy_of_a_state_whose_legal_moves_were_read_refuses_a_wrong_move_for_the_right_reason(
    how: str,
) -> None:
    """The regression: a copied state remembered copies of its legal moves, refused the listed ones, and
    explained with the wrong reason."""
    state = new_game("liars_dice", 2, 3)
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    twin = COPIES[how](state)
    twin.apply(seat, legal[0])
    with pytest.raises(IllegalMove, match="not to move"):
        twin.apply(seat, twin.legal_moves(1 - seat)[0])


@pytest.mark.parametrize("how", sorted([*COPIES, "clone"]))
def test_a_copy_keeps_whose_pasts_a_sampled_worlds_log_carries(how: str) -> None:
    state = new_game("liars_dice", 3, 4)
    assert all(state.recalls(seat) for seat in range(3))
    state.recall_only(1)
    copied = state.clone() if how == "clone" else COPIES[how](state)
    assert [copied.recalls(seat) for seat in range(3)] == [False, True, False]


def test_moves_survive_a_pickle_as_the_listed_objects() -> None:
    for name in sorted({config[0] for config in CONFIGURATIONS}):
        table = get_game(name).MOVES
        for move in table:
            assert pickle.loads(pickle.dumps(move)) is move
            assert copy.deepcopy(move) is move
            assert copy.copy(move) is move


def test_the_throwaway_game_copies_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    try:
        for seed in range(6):
            for how in sorted(COPIES):
                state = new_game("claim", seed=seed)
                chooser = random.Random(seed)
                play(state, chooser, seed % 2)
                check_plays_on_identically(state, how, chooser)
                assert json.dumps(state.to_json())
    finally:
        for module in [m for m in sys.modules if m == "claimgame" or m.startswith("claimgame.")]:
            del sys.modules[module]
        registry.refresh()


@pytest.mark.parametrize("name", registry.game_names())
def test_a_deep_copy_of_an_info_state_is_independent_and_keeps_its_key(name: str) -> None:
    state = new_game(name, 2, 5, {})
    rng = random.Random(5)
    for _ in range(12):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    info = InfoState.of(state, 0)
    key = info.key
    copied = copy.deepcopy(info)
    assert copied == info and copied.key == key and copied.events is not info.events
    while not state.is_over() and len(copied.sync(state)) == 0:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert len(copied.events) > len(info.events)
    assert info.key == key and copied.key != key
    assert copied.key == InfoState.of(state, 0).key
