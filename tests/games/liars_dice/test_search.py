"""The generic search on Liar's Dice: a playout stops at the round's reveal, scored by the dice left."""

from __future__ import annotations

import random

import pytest

from feint.bots.playout import Playout
from feint.bots.registry import make_bot
from feint.engine import InfoState, new_game
from feint.engine.events import log_events
from feint.engine.registry import declaration
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.search import SCORING, estimate, fair_odds

ROLLS = {"rolls": [[[1, 2, 3, 5, 5], [4, 4, 5, 5, 6], [2, 2, 2, 3, 3]]]}


def test_the_game_declares_this_scoring() -> None:
    game = declaration("liars_dice")
    assert game.load(game.search or "") is SCORING


def test_the_estimate_is_each_seats_chance_to_win_if_every_round_were_a_fair_draw() -> None:
    state = new_game("liars_dice", 3, 0, {}, ROLLS)
    state.apply(0, "bid 5 5s")
    state.apply(1, "liar")  # four 5s: seat 0 loses a die
    odds = estimate(state.view(None))
    assert odds == fair_odds((4, 5, 5))
    assert odds[1] == odds[2] > 1 / 3 > odds[0] and sum(odds) == pytest.approx(1.0)


def test_fair_odds_at_two_seats_are_the_gamblers_ruin() -> None:
    # 5 dice against 4: the first seat wins when the other loses 4 of the first 8 rounds or more.
    assert fair_odds((5, 4)) == pytest.approx((163 / 256, 93 / 256))
    assert fair_odds((3, 3)) == (0.5, 0.5)
    assert fair_odds((0, 2, 0)) == (0.0, 1.0, 0.0)
    # Seats are told apart by their dice only, wherever they sit.
    assert fair_odds((2, 5, 1)) == tuple(fair_odds((1, 2, 5))[i] for i in (1, 2, 0))


def test_a_playout_stops_at_the_reveal_that_ends_the_round() -> None:
    state = new_game("liars_dice", 3, 0, {}, ROLLS)
    playout = Playout(SCORING, 3)
    seq = state.seq
    state.apply(0, "bid 3 5s")
    assert not playout.passed(state, log_events(state.log, seq))
    seq = state.seq
    state.apply(1, "liar")
    assert playout.passed(state, log_events(state.log, seq))
    assert Kind.REVEAL in {e.kind for e in log_events(state.log, seq)}


def test_ismcts_plays_a_legal_move_from_a_seats_information() -> None:
    state = new_game("liars_dice", 3, 4)
    chooser = random.Random(4)
    for _ in range(3):
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    seat = state.to_move()[0]
    bot = make_bot("ismcts:iters=60", "liars_dice", 1)
    move = bot.choose(InfoState.of(state, seat), state.legal_moves(seat))
    assert move in state.legal_moves(seat)
