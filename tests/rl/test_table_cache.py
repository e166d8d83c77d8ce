"""A table's caches: each seat's observation is built once per move and a mask is kept per tuple of legal
moves; what they hand out always equals what is built afresh, and one seat's is never handed to another."""

from __future__ import annotations

import random

import numpy as np
import pytest

from feint.engine.info import InfoState
from feint.engine.registry import declaration, declarations
from feint.rl.pettingzoo import FeintAEC
from feint.rl.table import Table

GAMES = sorted(game.name for game in declarations() if game.package.startswith("feint.games."))
TABLES = [(name, n) for name in GAMES for n in sorted({2, declaration(name).state.MAX_PLAYERS})]
TABLE_IDS = [f"{name}-{n}" for name, n in TABLES]


def _fresh_observation(table: Table, seat: int) -> np.ndarray:
    """The seat's observation built from nothing any cache holds: its view and its events now."""
    info = InfoState.of(table.state, seat)
    return np.frombuffer(table.encoding.dense(info), np.float64).astype(np.float32)


def _fresh_mask(table: Table, seat: int) -> np.ndarray:
    mask = np.zeros(table.moves, dtype=np.int8)
    state = table.state
    if not state.is_over() and seat == state.to_move()[0]:
        mask[[move.index for move in state.legal_moves(seat)]] = 1
    return mask


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_cached_observations_and_masks_are_the_fresh_ones_of_their_own_seat(name: str, players: int) -> None:
    aec = FeintAEC(name, players)
    table = aec.table
    rng = random.Random(11)
    for seed in (1, 2):
        aec.reset(seed=seed)
        for agent in aec.agent_iter():
            seats = list(range(players))
            rng.shuffle(seats)  # each seat asked after others, in a new order at every point
            first = {seat: table.observation(seat) for seat in seats}
            for seat in reversed(seats):
                observation = table.observation(seat)
                assert observation is first[seat]  # built once per move
                assert not observation.flags.writeable
                assert np.array_equal(observation, _fresh_observation(table, seat)), (seed, seat)
                assert np.array_equal(table.mask(seat), _fresh_mask(table, seat)), (seed, seat)
                assert np.array_equal(aec.observe(f"player_{seat}")["observation"], observation)
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            aec.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
            moved = aec.agent_name_mapping[agent]
            assert table.observation(moved) is not first[moved]  # a move makes every observation anew


def test_the_same_legal_moves_give_the_same_mask_and_others_their_own() -> None:
    table = Table("guile", 2)
    table.deal(np.random.default_rng(5))
    state = table.state
    kept: list[tuple[object, np.ndarray]] = []  # each tuple of legal moves met, and its mask
    rng = random.Random(5)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        mask = table.legal_mask(seat)
        assert tuple(np.flatnonzero(mask)) == tuple(move.index for move in legal)
        assert not mask.flags.writeable
        again = [m for moves, m in kept if moves is legal]
        assert all(m is mask for m in again)
        kept.append((legal, mask))
        table.play(seat, rng.choice(legal).index)
    assert len({id(mask) for _, mask in kept}) > 1
    assert len({id(mask) for _, mask in kept}) < len(kept)  # Guile hands out its turn's moves again


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_an_observation_handed_out_stays_as_it_was_while_the_game_and_the_next_go_on(
    name: str, players: int
) -> None:
    """Each seat's numbers are written into one buffer again and again: what was handed out is a copy."""
    table = Table(name, players)
    rng = random.Random(3)
    generator = np.random.default_rng(3)
    handed: list[tuple[np.ndarray, np.ndarray]] = []  # each observation, and a copy taken when handed out
    for _ in range(2):
        table.deal(generator)
        state = table.state
        while not state.is_over():
            seat = state.to_move()[0]
            observation = table.observation(seat)
            handed.append((observation, observation.copy()))
            table.play(seat, rng.choice(state.legal_moves(seat)).index)
    assert all(np.array_equal(observation, copy) for observation, copy in handed)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_a_seats_information_is_made_when_first_asked_for_and_then_caught_up(name: str, players: int) -> None:
    table = Table(name, players)
    rng = random.Random(4)
    generator = np.random.default_rng(4)
    for _ in range(2):
        table.deal(generator)
        state = table.state
        asked = rng.randrange(players)  # one seat is asked from the start, the others from a later move
        while not state.is_over():
            seat = state.to_move()[0]
            for viewer in {asked, seat}:
                info, fresh = table.info(viewer), InfoState.of(state, viewer)
                assert (info.view, info.events) == (fresh.view, fresh.events)
            table.play(seat, rng.choice(state.legal_moves(seat)).index)
