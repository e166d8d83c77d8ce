"""The bluff statistics people see at the end of a game: each seat's counts and the one sentence telling them.

Each game is a fixed deal and a list of moves whose claims are worked out by
hand, citing the rule that makes each move a claim, a bluff or a call.
"""

from __future__ import annotations

from feint.arena.bluffs import BluffCounts, bluff_sentence, bluff_statistics, game_bluffs
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.state import GameState
from tests.arena.test_bluffs import GUARDIANS_SETUP
from tests.games.knights.three_claims import MOVES as KNIGHTS_MOVES
from tests.games.knights.three_claims import SETUP as KNIGHTS_SETUP

LIARS_ROLLS = {"rolls": [[[2, 5], [5, 6]], [[1, 4], [4]], [[3], [3]]]}
"""Two seats of two dice (option ``dice``: 2), three rounds to the end."""
LIARS_MOVES = (
    # Round 1 (LD4, LD5): seat 0 bids 2 5s, true (its 5 and seat 1's 5 count); seat 1 believes it by
    # raising to 3 5s, a bluff (two 5s in play); seat 0 calls it rightly. Seat 1 loses a die.
    (0, "bid 2 5s"),
    (1, "bid 3 5s"),
    (0, "liar"),
    # Round 2, started by seat 1 (LD6): 2 4s is true (seat 0's 4 and seat 1's); seat 0 calls it wrongly.
    (1, "bid 2 4s"),
    (0, "liar"),
    # Round 3, started by seat 0: 1 6s is a bluff (no 6 in play), believed by seat 1's raise to 2 3s,
    # true (both dice show 3), which seat 0 calls wrongly: seat 0 loses its last die (LD7).
    (0, "bid 1 6s"),
    (1, "bid 2 3s"),
    (0, "liar"),
)


def liars_dice() -> GameState:
    state = new_game("liars_dice", 2, 1, {"dice": 2}, LIARS_ROLLS)
    for seat, move in LIARS_MOVES:
        state.apply(seat, move)
    return state


def test_liars_dice_counts_every_bid_judged_by_every_die_of_its_round() -> None:
    state = liars_dice()
    assert state.is_over() and state.result().winners == (1,)
    assert game_bluffs(state) == [
        BluffCounts(claims=2, bluffs=1, bluffs_called=0, calls=3, right_calls=1),
        BluffCounts(claims=3, bluffs=1, bluffs_called=1, beliefs=2, right_beliefs=1),
    ]
    told = bluff_statistics(state, 0)
    assert told is not None
    assert [seat["sentence"] for seat in told] == [
        "You bluffed once in 2 claims, and it was not called; your doubts were right 1 of 3; "
        "you believed none.",
        "Seat 1 bluffed once in 3 claims, and it was called; seat 1 never doubted; "
        "seat 1 believed 2 claims, and 1 was a bluff.",
    ]
    counts = BluffCounts(claims=3, bluffs=1, bluffs_called=1, beliefs=2, right_beliefs=1)
    assert {key: value for key, value in told[1].items() if key != "sentence"} == {
        "seat": 1,
        **counts.to_json(),
    }


def test_knights_counts_covers_judged_at_the_vote() -> None:
    # docs/arena.md: a face-down cover that is not the die's weapon (a Jester included) is a bluff;
    # "vote disagree" calls it, "vote agree" believes it ("Voting Phase").
    state = Replay("knights", 2, 1, setup=KNIGHTS_SETUP, moves=KNIGHTS_MOVES).play()
    assert game_bluffs(state) == [
        BluffCounts(claims=2, bluffs=2, bluffs_called=1, calls=1, right_calls=0),
        BluffCounts(claims=1, calls=1, right_calls=1, beliefs=1, right_beliefs=0),
    ]
    told = bluff_statistics(state, 1)
    assert told is not None
    assert [seat["sentence"] for seat in told] == [
        "Seat 0 bluffed twice in 2 claims, and 1 was called; its one doubt was wrong; seat 0 believed none.",
        "You never bluffed in 1 claim; your one doubt was right; you believed 1 claim, and it was a bluff.",
    ]


def test_guardians_counts_offers_judged_by_their_revealed_cards() -> None:
    # Rulebook "Making an Offer": two Weapons offered as Shields is a bluff, doubted (a right call);
    # a Villager offered as a Villager is true, believed (a right belief).
    moves = (
        (0, "offer 2 weapon to 1 as shield"),
        (1, "doubt"),
        (1, "offer 1 villager to 0 as villager"),
        (0, "believe"),
    )
    state = Replay("guardians", 2, 1, setup=GUARDIANS_SETUP, moves=moves).play()
    assert game_bluffs(state) == [
        BluffCounts(claims=1, bluffs=1, bluffs_called=1, beliefs=1, right_beliefs=1),
        BluffCounts(claims=1, calls=1, right_calls=1),
    ]
    told = bluff_statistics(state, None)
    assert told is not None
    assert [seat["sentence"] for seat in told] == [
        "Seat 0 bluffed once in 1 claim, and it was called; seat 0 never doubted; "
        "seat 0 believed 1 claim, and it was not a bluff.",
        "Seat 1 never bluffed in 1 claim; its one doubt was right; seat 1 believed none.",
    ]


def test_a_game_without_claims_has_no_statistics() -> None:
    state = Replay("guile", 2, 3, moves=((0, "faction arthur"), (0, "start tristan"))).play()
    assert game_bluffs(state) is None
    assert bluff_statistics(state, 0) is None


def test_the_sentence_counts_in_words() -> None:
    counts = BluffCounts(
        claims=7, bluffs=3, bluffs_called=2, calls=6, right_calls=4, beliefs=5, right_beliefs=5
    )
    assert bluff_sentence(0, counts, 0) == (
        "You bluffed 3 times in 7 claims, and 2 were called; your doubts were right 4 of 6; "
        "you believed 5 claims, and none was a bluff."
    )
    many = BluffCounts(claims=2, bluffs=2, bluffs_called=0, beliefs=3, right_beliefs=1)
    assert bluff_sentence(2, many, 0) == (
        "Seat 2 bluffed twice in 2 claims, and none was called; seat 2 never doubted; "
        "seat 2 believed 3 claims, and 2 were bluffs."
    )
    assert bluff_sentence(1, BluffCounts(), 1) == "You made no claims; you never doubted; you believed none."
    assert bluff_sentence(1, BluffCounts(), 1, stood_in=True) == (
        "You made no claims; you never doubted; you believed none. "
        "A bot stood in for you for part of the game, and what it did is counted here."
    )
