"""Liar's Dice claims: every bid is a claim, believed by a raise, called by 'liar', judged at the reveal."""

from __future__ import annotations

from feint.engine import GameState, new_game
from feint.engine.claims import Claim, bluffs, doubts
from feint.engine.events import log_events
from feint.engine.registry import declaration
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.claims import CLAIMS

ROLLS = {"rolls": [[[1, 2, 3, 5, 5], [4, 4, 5, 5, 6], [2, 2, 2, 3, 3]]]}


def round_played(*moves: str, variants: tuple[str, ...] = ()) -> GameState:
    state = new_game("liars_dice", 3, 0, {"variants": list(variants)}, ROLLS)
    for text in moves:
        state.apply(state.to_move()[0], text)
    return state


def test_the_game_declares_these_claims() -> None:
    assert declaration("liars_dice").claims_model() is CLAIMS


def test_each_bid_is_answered_by_the_next_move_and_judged_at_the_reveal() -> None:
    # Five 5s? Four are shown (seat 0 two, seat 1 two): seat 2's 5 5s was a bluff, 4 5s was true.
    state = round_played("bid 3 5s", "bid 4 5s", "bid 5 5s", "liar")
    assert list(CLAIMS.read(log_events(state.log))) == [
        Claim(0, False, (), (1,)),
        Claim(1, False, (), (2,)),
        Claim(2, True, (0,), ()),
    ]
    assert bluffs(CLAIMS, log_events(state.log)) == {0: (0, 1), 1: (0, 1), 2: (1, 1)}
    assert doubts(CLAIMS, log_events(state.log)) == {1: (0, 1), 2: (0, 1), 0: (1, 1)}


def test_a_seat_s_own_events_show_the_truth_once_the_dice_are_shown_and_not_before() -> None:
    state = round_played("bid 3 5s", "bid 4 5s")
    assert list(CLAIMS.read(state.events(2))) == [Claim(0, None, (), (1,))]
    state.apply(2, "liar")
    assert list(CLAIMS.read(state.events(2))) == [Claim(0, False, (), (1,)), Claim(1, False, (2,), ())]


def test_spot_on_believes_the_bid_and_wild_ones_count_for_its_truth() -> None:
    state = round_played("bid 6 5s", "spot on", variants=("ones-wild", "spot-on"))
    # 5s: four, and one 1 (wild): five dice count, so 6 5s was a bluff.
    assert list(CLAIMS.read(log_events(state.log))) == [Claim(0, True, (), (1,))]


def test_a_bid_is_true_or_a_bluff_before_it_is_made_only_when_the_bidders_dice_settle_it() -> None:
    view = round_played().view(0)  # seat 0 holds 1 2 3 5 5; ten dice are hidden from it
    assert CLAIMS.truth(view, mv.bid_move(2, 5)) is True
    assert CLAIMS.truth(view, mv.bid_move(3, 5)) is None
    assert CLAIMS.truth(view, mv.bid_move(13, 5)) is False
    assert CLAIMS.truth(view, mv.bid_move(12, 5)) is None
    assert CLAIMS.truth(view, mv.LIAR) is None


def test_answers() -> None:
    assert CLAIMS.answer(mv.LIAR) is False
    assert CLAIMS.answer(mv.SPOT_ON) is True
    assert CLAIMS.answer(mv.bid_move(3, 2)) is True


def test_a_full_log_judges_the_bids_of_the_round_under_way_a_seats_events_do_not() -> None:
    state = round_played("bid 3 5s", "bid 6 2s")
    assert list(CLAIMS.read(log_events(state.log))) == [Claim(0, False, (), (1,))]
    assert list(CLAIMS.read(state.events(0))) == [Claim(0, None, (), (1,))]
