"""The flat Monte Carlo bot, and the omniscient instrument beside it: both play every game to its end;
montecarlo draws every world from the sampler with its seat's information, so the cards it cannot know
never change its move, and plays every legal move in each world; its budgets and playout policies parse."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from feint.bots.base import Bot
from feint.bots.ismcts import Budget
from feint.bots.match import play_out
from feint.bots.montecarlo import MonteCarloBot
from feint.bots.registry import bot_kinds, check_seats, make_bot, make_omniscient
from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.engine.state import GameState, Move
from tests.bots.test_ismcts import Spy, advanced, spy_on_the_sampler

TABLES = [("guile", 2), ("knights", 2), ("knights", 4), ("guardians", 2), ("guardians", 4)]
EVERY_GAME = [*TABLES, ("liars_dice", 2), ("liars_dice", 4)]
OPENINGS = {("guardians", 2): 150, ("guardians", 4): 230, ("liars_dice", 4): 40}
"""Random moves before the bots take over, to keep the suite's CPU small: a Guardian's Call decision has
20 to 40 legal moves, each played out, so a whole game of search costs 15-50 s; these the bots play from
late in the game."""


def played(game: str, players: int, seed: int) -> tuple[GameState, list[tuple[int, Move]]]:
    """A game (after its opening, if any): montecarlo in seat 0, omniscient in seat 1, random elsewhere."""
    state = advanced(game, players, seed, OPENINGS.get((game, players), 0))
    bots: dict[int, Bot] = {seat: make_bot("random", game, bot_seed(seed, seat)) for seat in range(players)}
    bots[0] = make_bot("montecarlo:playouts=1", game, bot_seed(seed, 0))
    bots[1] = make_omniscient("omniscient:iters=1", game, bot_seed(seed, 1), lambda: state)
    return state, play_out(state, bots)


@pytest.mark.parametrize(("game", "players"), EVERY_GAME)
def test_montecarlo_and_omniscient_play_every_game_to_its_end(game: str, players: int) -> None:
    state, moves = played(game, players, 5)
    assert state.is_over() and state.result().winners
    assert {seat for seat, _ in moves} >= {0, 1}


def test_the_same_seeds_play_the_same_game() -> None:
    first, again = played("liars_dice", 2, 5), played("liars_dice", 2, 5)
    assert first[1] == again[1] and first[0].result() == again[0].result()


def decide(state: GameState, seat: int, spec: str, stream: int = 7) -> Move:
    bot = make_bot(spec, state.NAME, bot_seed(stream, seat))
    return bot.choose(InfoState.of(state, seat), state.legal_moves(seat))


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_hidden_cards_it_cannot_know_do_not_change_its_move(game: str, players: int) -> None:
    state = advanced(game, players, 11, 15)
    seat = state.to_move()[0]
    other = state.resample(seat, random.Random(5))
    # Two true states, one information: the cards the seat cannot see differ.
    assert other.hidden_placement(seat) != state.hidden_placement(seat)
    assert other.view(seat) == state.view(seat) and other.events(seat) == state.events(seat)
    specs = ["montecarlo:playouts=20", "montecarlo:horizon=1,playouts=20"]
    if game == "guile":
        specs.append("montecarlo:heuristic,playouts=1")
    for spec in specs:
        for stream in range(2):
            assert decide(state, seat, spec, stream) == decide(other, seat, spec, stream), spec


@pytest.mark.parametrize(("game", "players"), [("guile", 2), ("knights", 4), ("guardians", 2)])
def test_each_world_is_drawn_from_its_information_and_every_legal_move_played_in_it(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = advanced(game, players, 3, 12)
    seat = state.to_move()[0]
    info, legal = InfoState.of(state, seat), state.legal_moves(seat)
    worlds = spy_on_the_sampler(monkeypatch, type(state))
    tried: list[tuple[int, int]] = []
    play_out_move = MonteCarloBot._play_out

    def spy(self: MonteCarloBot, world: GameState, seat: int, move: Move, *args: Any) -> float:
        tried.append((len(worlds), move.index))
        return play_out_move(self, world, seat, move, *args)

    monkeypatch.setattr(MonteCarloBot, "_play_out", spy)
    bot = MonteCarloBot(game, 4, Budget(iterations=len(legal) + 1))
    assert bot.choose(info, legal) in legal
    # Two worlds (a world plays every legal move once), both drawn from the bot's own information.
    assert [drawn for drawn, _ in worlds] == [info, info] and bot.playouts == 2 * len(legal)
    assert tried == [(w, m.index) for w in (1, 2) for m in legal]


def test_it_plays_the_move_whose_playouts_score_best(monkeypatch: pytest.MonkeyPatch) -> None:
    state = advanced("knights", 2, 3, 12)
    seat = state.to_move()[0]
    info, legal = InfoState.of(state, seat), state.legal_moves(seat)
    best = legal[len(legal) // 2]

    def rigged(self: MonteCarloBot, world: GameState, seat: int, move: Move, *args: Any) -> float:
        return 0.9 if move == best else 0.1

    monkeypatch.setattr(MonteCarloBot, "_play_out", rigged)
    assert MonteCarloBot("knights", 1, Budget(iterations=10)).choose(info, legal) == best


def test_with_the_heuristic_each_seat_plays_its_playouts_from_its_own_information() -> None:
    state = advanced("knights", 2, 3, 12)
    seat = state.to_move()[0]
    asked: list[tuple[InfoState, Sequence[Move]]] = []
    bot = MonteCarloBot("knights", 2, Budget(iterations=1), policy=lambda seed: Spy(asked))
    assert bot.choose(InfoState.of(state, seat), state.legal_moves(seat)) in state.legal_moves(seat)
    assert {seen.viewer for seen, _ in asked} == {0, 1}, "every seat plays on by the policy"
    for seen, moves in asked:
        assert seen.viewer is not None and seen.view.viewer == seen.viewer and len(moves) > 1
        assert all(event.seen_by(seen.viewer) == event for event in seen.events)


def test_budgets_and_policies_parse() -> None:
    def made(spec: str) -> MonteCarloBot:
        bot = make_bot(spec, "knights", 0)
        assert isinstance(bot, MonteCarloBot)
        return bot

    assert made("montecarlo").budget == Budget(iterations=100) and made("montecarlo").policy is None
    assert made("montecarlo:random,ms=250").budget == Budget(millis=250)
    assert made("montecarlo:heuristic,playouts=30").policy is not None
    with pytest.raises(SetupError, match="give montecarlo one budget: playouts=N or ms=N"):
        make_bot("montecarlo:playouts=30,ms=200", "knights", 0)
    with pytest.raises(SetupError, match="unknown montecarlo level 'hard'; levels are random, heuristic"):
        make_bot("montecarlo:hard", "knights", 0)


def test_a_time_budget_plays_at_least_one_world() -> None:
    state = advanced("guile", 2, 8, 10)
    seat = state.to_move()[0]
    bot = make_bot("montecarlo:ms=1", "guile", 3)
    assert isinstance(bot, MonteCarloBot)
    assert bot.choose(InfoState.of(state, seat), state.legal_moves(seat)) in state.legal_moves(seat)
    assert bot.playouts >= len(state.legal_moves(seat))


def test_omniscient_is_no_seats_bot() -> None:
    # Neither a kind a command offers nor a spec any front-end seats (the server's refusal:
    # tests/server/test_bot_specs.py), nor a seat of a save file.
    assert "omniscient" not in bot_kinds()
    for spec in ("omniscient", "omniscient:ms=200"):
        with pytest.raises(SetupError, match="omniscient sees every card: a measuring instrument"):
            make_bot(spec, "guile", 0)
    with pytest.raises(SetupError, match="seat 1: omniscient sees every card"):
        check_seats(["human", "omniscient"], "guile")
    with pytest.raises(SetupError, match="'ismcts' is not the omniscient instrument"):
        make_omniscient("ismcts", "guile", 0, lambda: new_game("guile", 2, 0))


@pytest.mark.parametrize(("game", "players"), [("knights", 2), ("guardians", 4)])
def test_omniscient_searches_the_true_state_itself(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = advanced(game, players, 4, 14)
    seat = state.to_move()[0]
    hidden = state.hidden_placement(seat)
    assert hidden, "the seat cannot see every card"
    worlds = spy_on_the_sampler(monkeypatch, type(state))
    bot = make_omniscient("omniscient:iters=8", game, 3, lambda: state)
    seen: list[dict[str, object]] = []
    play_out_move = type(bot)._play_out

    def spy(self: Any, world: GameState, *args: Any) -> float:
        seen.append(world.hidden_placement(seat))
        return play_out_move(self, world, *args)

    monkeypatch.setattr(type(bot), "_play_out", spy)
    assert bot.choose(InfoState.of(state, seat), state.legal_moves(seat)) in state.legal_moves(seat)
    # Every world it plays out holds the true cards, and none is drawn by the sampler.
    assert seen and all(placement == hidden for placement in seen) and not worlds
    assert bot.name == "omniscient"
