"""The Knights of Glory heuristic bot: legal, repeatable, far stronger than the
random bot, and right in positions set up by fixed replays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from feint.bots.base import Bot
from feint.bots.random_bot import RandomBot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.seeding import bot_seed
from feint.engine.state import GameState, Move
from feint.games.knights.cards import KEY, SWORD, WILD, Kind
from feint.games.knights.heuristic import HeuristicBot, _key, _roll_profile, _rolls, _true_spend
from feint.games.knights.state import KnightsState
from feint.games.knights.view import KnightsView

VARIANTS = ["bluffing-wilds", "blanks-less-rewarding", "agreeing-not-safe"]


def play(state: GameState, bots: dict[int, Bot]) -> list[tuple[int, str]]:
    """Play to the end, checking every move is legal; the moves in notation."""
    record = []
    infos = {seat: InfoState.of(state, seat) for seat in bots}
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        infos[seat].sync(state)
        move = bots[seat].choose(infos[seat], legal)
        assert move in legal, f"seat {seat} chose {move}, not among {[str(m) for m in legal]}"
        state.apply(seat, move)
        record.append((seat, str(move)))
    return record


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variants", [[], VARIANTS], ids=["base", "all-variants"])
def test_only_ever_plays_legal_moves(players: int, variants: list[str]) -> None:
    for game in range(6):
        state = new_game("knights", players=players, seed=game, options={"variants": variants})
        bots: dict[int, Bot] = {
            seat: HeuristicBot(bot_seed(game, seat)) if (seat + game) % 3 else RandomBot(bot_seed(game, seat))
            for seat in range(players)
        }
        play(state, bots)
        assert state.is_over()


def test_the_same_seed_plays_the_same_game() -> None:
    def game(seed: int) -> list[tuple[int, str]]:
        bots: dict[int, Bot] = {seat: HeuristicBot(bot_seed(seed, seat)) for seat in range(4)}
        return play(new_game("knights", players=4, seed=3), bots)

    assert game(10) == game(10)
    assert game(10) != game(20)


def heuristic_share(games: int, players: int) -> float:
    """The share of games one heuristic seat wins (alone or shared) against random bots, seats rotating."""
    wins = 0
    for number in range(games):
        heuristic = number % players
        seeds = {seat: bot_seed(number, seat) for seat in range(players)}
        bots: dict[int, Bot] = {
            seat: HeuristicBot(seeds[seat]) if seat == heuristic else RandomBot(seeds[seat])
            for seat in range(players)
        }
        state = new_game("knights", players=players, seed=number)
        play(state, bots)
        wins += heuristic in state.result().winners
    return wins / games


def test_beats_three_random_bots() -> None:
    # Measured 1.00 over 400 four-seat games (a random seat would get 0.25);
    # the margin absorbs any retuning noise.
    assert heuristic_share(60, 4) >= 0.75


# --- positions ------------------------------------------------------------

# Four seats: each weapon 3 times, 4 Jesters, 6 Wilds. Place 1 is a shield
# path, place 2 a key path, place 3 a sword path (Tier 2: two dice).
PATHS = ["shield", "key", "sword", "bomb", "torch", "deathtrap"]
AGREE = [[1, "vote agree"], [2, "vote agree"], [3, "vote agree"]]


def position(hands: dict[str, list[str]], dice: list[str], moves: list[list[Any]]) -> GameState:
    setup = {"paths": PATHS, "hands": hands, "dice": dice}
    replay = {"game": "knights", "players": 4, "seed": 1, "setup": setup, "moves": moves}
    return Replay.from_json(replay).play()


def decide(state: GameState, seat: int = 0, seed: int = 0) -> Move:
    return HeuristicBot(seed).choose(InfoState.of(state, seat), state.legal_moves(seat))


OTHERS = {
    "1": ["bomb", "bomb", "shield", "jester", "wild"],
    "2": ["key", "key", "shield", "torch", "jester"],
    "3": ["torch", "torch", "jester", "wild", "wild"],
}


@pytest.mark.parametrize(
    ("hand", "die", "expected"),
    [
        (["key", "sword", "bomb", "torch", "wild"], "key", "cover key with key"),
        (["shield", "sword", "bomb", "torch", "wild"], "key", "substitute key with shield"),
        (["bomb", "sword", "sword", "torch", "wild"], "key", "cover key with wild"),
        (["bomb", "sword", "sword", "torch", "jester"], "key", "cover key with jester"),
    ],
    ids=["match", "substitution", "wild", "jester-bluff"],
)
def test_covers_truly_when_it_can_and_bluffs_with_a_jester_when_it_must(
    hand: list[str], die: str, expected: str
) -> None:
    state = position({"0": hand, **_rest(hand)}, [die], [[0, "advance"]])
    assert str(decide(state)) == expected


def _rest(hand: list[str]) -> dict[str, list[str]]:
    """Other seats' hands, dealt from what the deck has left after ``hand``."""
    deck = {"bomb": 3, "key": 3, "shield": 3, "sword": 3, "torch": 3, "jester": 4, "wild": 6}
    for card in hand:
        deck[card] -= 1
    cards = [kind for kind, count in deck.items() for _ in range(count)]
    return {str(seat): cards[(seat - 1) * 5 : seat * 5] for seat in (1, 2, 3)}


def test_doubts_a_claim_it_knows_to_be_false_and_trusts_a_likely_one() -> None:
    # Seat 0 advances to place 1 truly, passes; seat 1 then claims a sword.
    opening = [[0, "advance"], [0, "cover key with key"], *AGREE, [0, "pass"], [1, "advance"]]
    all_swords = ["key", "sword", "sword", "sword", "wild"]
    state = position({"0": all_swords, **OTHERS}, ["key", "sword"], [*opening, [1, "cover sword with bomb"]])
    assert [str(decide(state, seed=s)) for s in range(5)] == ["vote disagree"] * 5

    no_swords = ["key", "bomb", "shield", "torch", "wild"]
    others = {**OTHERS, "1": ["sword", "bomb", "shield", "jester", "wild"]}
    others["3"] = ["torch", "sword", "jester", "wild", "wild"]
    state = position({"0": no_swords, **others}, ["key", "sword"], [*opening, [1, "cover sword with sword"]])
    assert [str(decide(state, seed=s)) for s in range(5)] == ["vote agree"] * 5


def test_does_not_take_a_hopeless_path_of_glory() -> None:
    # Two true advances leave seat 0 on place 2 with one Wild; Tier 2 ahead needs two dice.
    hand = ["key", "shield", "wild"]
    moves = [[0, "advance"], [0, "cover key with key"], *AGREE]
    moves += [[0, "advance"], [0, "cover shield with shield"], *AGREE]
    state = position({"0": hand, **OTHERS}, ["key", "shield"], moves)
    view = state.view(0)
    assert isinstance(view, KnightsView)
    assert view.seats[0].place == 2 and view.hand == ("wild",)
    assert str(decide(state)) != "advance"


def test_advances_when_its_hand_covers_the_path_ahead() -> None:
    hand = ["shield", "shield", "wild", "wild", "key"]
    state = position({"0": hand, **_rest(hand)}, [], [])
    assert str(decide(state)) == "advance"


def test_its_choice_depends_only_on_its_information() -> None:
    """Two states that give the seat the same view and events get the same choice, whatever
    the hidden cards, dice and votes: the bot reads its information, never the state."""
    checked = 0
    for seed in range(6):
        state = new_game("knights", players=4, seed=seed)
        chooser = random.Random(seed)
        for step in range(160):
            if state.is_over():
                break
            seat = state.to_move()[0]
            if step % 9 == 0:
                info = InfoState.of(state, seat)
                world = KnightsState.sample(info, random.Random(step))
                assert InfoState.of(world, seat).view == info.view
                legal = state.legal_moves(seat)
                if list(world.legal_moves(seat)) == list(legal):
                    mine = HeuristicBot(bot_seed(seed, seat)).choose(info, legal)
                    assert HeuristicBot(bot_seed(seed, seat)).choose(InfoState.of(world, seat), legal) == mine
                    checked += 1
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
    assert checked > 20


@pytest.mark.parametrize(
    ("faces", "hand", "tokens", "weapon", "spent"),
    [
        # Matching cards cover their own faces (Advance: weapon cards, face-down).
        ({"sword": 1, "key": 1}, {"sword": 1, "key": 1}, 0, None, 0),
        # A Wild covers any die; what is still open takes a token each.
        ({"sword": 2, "key": 1}, {"sword": 1, "wild": 1}, 1, None, 1),
        ({"sword": 2, "key": 1}, {"sword": 1, "wild": 1}, 0, None, None),
        # Substitution: one card beside the path claims its indicator's weapon, for any one die.
        ({"bomb": 1, "torch": 1}, {"key": 1, "torch": 1}, 0, "key", 0),
        ({"bomb": 1, "torch": 1}, {"key": 1, "torch": 1}, 0, None, None),
        # The substituted card leaves the hand: the indicator's own die then needs another card.
        ({"key": 2}, {"key": 1}, 0, "key", None),
        ({"key": 2}, {"key": 1}, 1, "key", 1),
        ({"key": 1, "bomb": 1}, {"key": 2}, 0, "key", 0),
        ({"key": 2, "bomb": 1}, {"key": 2}, 0, "key", None),
    ],
)
def test_true_spend_counts_the_tokens_a_true_cover_needs(
    faces: dict[str, int], hand: dict[str, int], tokens: int, weapon: str | None, spent: int | None
) -> None:
    rolled = tuple((Kind(face), n) for face, n in faces.items())
    cards = Counter({Kind(kind): n for kind, n in hand.items()})
    assert _true_spend(rolled, cards, tokens, None if weapon is None else Kind(weapon)) == spent


def test_a_roll_profile_splits_every_roll_between_blanks_truth_bluff_and_failure() -> None:
    hand = Counter({SWORD: 1, WILD: 1})
    free, true, spent, bluff, fail = _roll_profile(_key(hand), 0, KEY, 2)
    assert free + true + bluff + fail == pytest.approx(1.0)
    assert free == pytest.approx(1 / 36)  # both dice blank
    assert fail == 0.0  # two cards always cover two dice, truly or not
    assert spent == 0.0  # no tokens to spend
    # True: any roll the sword, the Wild and the key's substitution (no key held: none) cover.
    truthful = sum(c for faces, n, c in _rolls(2) if n and (n == 1 or dict(faces).get(SWORD, 0) >= 1))
    assert true == pytest.approx(truthful)
