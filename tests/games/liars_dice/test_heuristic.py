"""The Liar's Dice heuristic: it calls what its dice make unlikely, bids what they back, beats random."""

from __future__ import annotations

from feint.bots.random_bot import RandomBot
from feint.engine import GameState, InfoState, new_game
from feint.engine.registry import declaration
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.heuristic import HeuristicBot

ROLLS = {"rolls": [[[1, 2, 3, 5, 5], [4, 4, 5, 5, 6]]]}


def choice(state: GameState, seed: int = 0) -> mv.LiarsMove:
    seat = state.to_move()[0]
    move = HeuristicBot(seed).choose(InfoState.of(state, seat), state.legal_moves(seat))
    assert isinstance(move, mv.Bid | mv.Call)
    return move


def test_the_game_declares_this_heuristic() -> None:
    assert declaration("liars_dice").load(declaration("liars_dice").heuristic or "") is HeuristicBot


def test_it_calls_a_bid_its_own_dice_make_nearly_impossible() -> None:
    state = new_game("liars_dice", 2, 0, {}, ROLLS)
    state.apply(0, "bid 7 1s")  # seat 1 holds no 1; seven of five unseen dice cannot show 1
    assert all(choice(state, seed) is mv.LIAR for seed in range(20))


def test_it_never_calls_a_bid_its_own_dice_make_true() -> None:
    state = new_game("liars_dice", 2, 0, {}, ROLLS)
    state.apply(0, "bid 2 4s")  # seat 1 holds two 4s itself
    assert all(choice(state, seed) is not mv.LIAR for seed in range(20))


def test_its_opening_bid_is_one_its_dice_make_likely() -> None:
    state = new_game("liars_dice", 2, 0, {}, ROLLS)
    bids = {str(choice(state, seed)) for seed in range(20)}
    # Seat 0 holds two 5s: 3 5s stands if one of five unseen dice shows 5 (0.60); every higher bid is
    # below even a bluff's floor (4 5s and 3 6s: 0.20).
    assert bids == {"bid 3 5s"}


def test_it_beats_random_bots() -> None:
    wins = 0
    for seed in range(30):
        state = new_game("liars_dice", 3, seed)
        bots = [HeuristicBot(seed), RandomBot(seed), RandomBot(seed + 100)]
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(InfoState.of(state, seat), state.legal_moves(seat)))
        wins += state.result().winners == (0,)
    assert wins >= 27, wins
