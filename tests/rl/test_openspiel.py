"""The OpenSpiel games: OpenSpiel's random_sim_test on every game, its Python ISMCTS playing every game to
the end against our random bot, and a resampling that never places a card where the seat knows it is not."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from feint.bots.random_bot import RandomBot
from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.registry import declaration, new_game
from feint.rl import openspiel
from feint.rl.openspiel import FeintSpielState, load

GAMES = sorted(name.removeprefix(openspiel.PREFIX) for name in openspiel.GAMES)
TABLES = [(name, n) for name in GAMES for n in sorted({2, declaration(name).state.MAX_PLAYERS})]
TABLE_IDS = [f"{name}-{n}" for name, n in TABLES]


def test_every_game_is_registered() -> None:
    registered = {game.short_name for game in pyspiel.registered_games()}
    assert len(GAMES) == 4
    assert {f"python_feint_{name}" for name in GAMES} <= registered
    game = pyspiel.load_game("python_feint_liars_dice", {"players": 3, "variants": "ones-wild"})
    assert game.num_players() == 3
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == len(declaration("liars_dice").state.MOVES)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_openspiel_random_sim_test_passes(name: str, players: int) -> None:
    pyspiel.random_sim_test(load(name, players, seed=players), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_ismcts_plays_to_the_end_against_our_random_bot(name: str) -> None:
    game = load(name, 2, seed=4)
    state = game.new_initial_state()
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=np.random.RandomState(0))
    # Its own resampler draws from an unseeded sampler: this one is seeded, so the test repeats.
    sampler = pyspiel.UniformProbabilitySampler(4, 0.0, 1.0)
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, sampler))
    ours = RandomBot(5)
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            action = bot.step(state)
        else:
            world = state.world
            action = ours.choose(world.info(seat), world.state.legal_moves(seat)).index
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert state.feint.is_over()
    assert sum(state.returns()) == 0.0 and set(state.returns()) <= {-1.0, 0.0, 1.0}
    assert moves <= game.max_game_length()


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_max_game_length_is_the_games_own_bound(name: str, players: int) -> None:
    game = load(name, players)
    assert game.max_game_length() == new_game(name, players, 0, {}).max_game_length()
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) <= game.max_game_length()


def test_a_game_whose_rules_set_no_bound_is_refused() -> None:
    # Guile's Extended Cast: a round may have no winner, so no bound (None), and OpenSpiel needs one.
    assert new_game("guile", 2, 0, {"variants": ["extended-cast"]}).max_game_length() is None
    with pytest.raises(SetupError, match="sets no bound on a game's length"):
        pyspiel.load_game("python_feint_guile", {"players": 2, "variants": "extended-cast"})
    assert load("guile", 2, ["code-of-chivalry"]).max_game_length() == 74


def _random_points(name: str, players: int, seed: int) -> list[FeintSpielState]:
    state = load(name, players, seed=seed).new_initial_state()
    rng = random.Random(seed)
    points = []
    while not state.is_terminal():
        points.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return points[::4]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_resampling_never_places_a_card_the_seat_knows_is_elsewhere(name: str, players: int) -> None:
    cls = declaration(name).state
    sampler = pyspiel.UniformProbabilitySampler(players, 0.0, 1.0)
    moved = 0
    for state in _random_points(name, players, seed=players):
        seat = state.current_player()
        truth = state.feint
        belief = cls.belief(InfoState.of(truth, seat))
        world = state.resample_from_infostate(seat, sampler)
        # What the seat knows is the same, as OpenSpiel's ISMCTS asserts.
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
        for location, card in world.feint.hidden_placement(seat).items():
            assert belief.allows(location, card), (location, card)
        moved += world.feint.revealed_view().to_json() != truth.revealed_view().to_json()
    assert moved > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_plays_on_as_the_original(name: str) -> None:
    # pyspiel clones a Python state by copy.deepcopy: the engine's own copies of the game and the seats'
    # information, nothing of the adapter's.
    state = load(name, 2, seed=8).new_initial_state()
    rng = random.Random(8)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    before = [state.information_state_string(seat) for seat in (0, 1)]
    copy = state.clone()
    assert copy.feint is not state.feint
    for _ in range(30):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        copy.apply_action(action)
        assert [state.information_state_string(seat) for seat in (0, 1)] == before  # untouched
        state.apply_action(action)
        before = [state.information_state_string(seat) for seat in (0, 1)]
        assert copy.legal_actions() == state.legal_actions()
        assert [copy.information_state_string(seat) for seat in (0, 1)] == before
        assert [copy.information_state_key(seat) for seat in (0, 1)] == [
            state.information_state_key(seat) for seat in (0, 1)
        ]
        assert copy.observation_tensor(1) == state.observation_tensor(1)
        assert str(copy) == str(state)
    assert copy.history() == state.history()
    assert copy.returns() == state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_the_information_key_is_equal_exactly_when_the_string_is(name: str) -> None:
    points = _random_points(name, 2, seed=3)
    seen: dict[object, str] = {}
    for state in points:
        for seat in (0, 1):
            string = state.information_state_string(seat)
            assert seen.setdefault(state.information_state_key(seat), string) == string
    assert len(set(seen.values())) == len(seen) > len(points)


def test_tensors_are_the_games_encoding() -> None:
    state = load("guile", 2, seed=1).new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[-1])
    encoding = declaration("guile").encoding(2)
    for seat in (0, 1):
        expected = encoding.encode(InfoState.of(state.feint, seat))
        assert state.observation_tensor(seat) == pytest.approx(expected)
        assert state.information_state_tensor(seat) == pytest.approx(expected)
    assert state.observation_string(0) != state.observation_string(1)
