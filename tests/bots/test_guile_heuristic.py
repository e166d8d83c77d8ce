"""The Guile heuristic bot: it beats the random bot, and makes the right call in
positions set up by fixed replays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from feint.bots.base import Bot
from feint.bots.match import play_out, share
from feint.bots.random_bot import RandomBot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.seeding import bot_seed
from feint.engine.state import GameState, Move
from feint.games.guile.cards import across
from feint.games.guile.heuristic import HeuristicBot
from feint.games.guile.simple import SimpleGuileBot

GAMES = 200
CHIVALRY = ["code-of-chivalry"]
# Seat 0 holds Arthur's knights (even positions), seat 1 Mordred's; tristan starts.
OPENING = [[0, "faction arthur"], [0, "start tristan"]]
# Seat 0 puts 2 1 3 4 on tristan lancelot gawain percival; seat 1 puts
# 4d 1 2 3 on palamedes agravaine meliagant breunor.
PLACED = [
    [0, "place 2 tristan"],
    [0, "place 1 lancelot"],
    [0, "place 3 gawain"],
    [0, "place 4 percival"],
    [1, "place 4d palamedes"],
    [1, "place 1 agravaine"],
    [1, "place 2 meliagant"],
    [1, "place 3 breunor"],
]
CHIVALRY_DEAL = {"deals": [{"0": ["1", "2", "3", "4"], "1": ["1", "2", "3", "4d"]}]}


def heuristic_share(variants: list[str], games: int, opponent: Callable[[int], Bot] = RandomBot) -> float:
    """The heuristic's share of wins against ``opponent``, seats alternating."""
    total = 0.0
    for number in range(games):
        seat = number % 2
        state = new_game("guile", seed=number, options={"variants": variants})
        bots = {seat: HeuristicBot(bot_seed(number, seat)), 1 - seat: opponent(bot_seed(number, 1 - seat))}
        play_out(state, bots)
        total += share(state, seat)
    return total / games


@pytest.mark.parametrize("variants", [[], ["extended-cast"]], ids=["base", "extended-cast"])
def test_beats_the_random_bot(variants: list[str]) -> None:
    # Measured 0.97-0.98 in both (400 games each); the margin absorbs any retuning noise.
    assert heuristic_share(variants, GAMES) >= 0.85


def position(moves: list[list[Any]], setup: dict[str, Any], variants: list[str] | None = None) -> GameState:
    options = {"variants": CHIVALRY if variants is None else variants}
    replay = {"game": "guile", "seed": 1, "options": options, "setup": setup, "moves": moves}
    return Replay.from_json(replay).play()


def decide(state: GameState, seat: int, seed: int = 0) -> Move:
    """The bot's choice, from the seat's information and legal moves alone."""
    return HeuristicBot(seed).choose(InfoState.of(state, seat), state.legal_moves(seat))


def test_takes_a_known_strong_card_with_a_weak_one() -> None:
    # Seat 1 swaps its 4d for seat 0's 4, so seat 0 knows palamedes holds a 4;
    # then the Knight-Errant lancelot holds seat 0's 1.
    state = position([*OPENING, *PLACED, [0, "look"], [1, "swap percival"]], CHIVALRY_DEAL)
    assert state.view(0).knights[1].card == "4"
    assert str(decide(state, 0)) == "swap palamedes"


def test_looks_at_an_unseen_errant_card_when_nothing_known_is_worth_taking() -> None:
    # Seat 1 gives seat 0's next Knight-Errant, lancelot, its unseen 4d for the 1.
    state = position([*OPENING, *PLACED, [0, "look"], [1, "swap lancelot"]], CHIVALRY_DEAL)
    view = state.view(0)
    assert view.knight_errant == 2
    assert view.knights[2].card == "?"
    assert str(decide(state, 0)) == "look"


def test_keeps_a_known_strong_card() -> None:
    # Tristan is the Knight-Errant with seat 0's 4; every card it could get is weaker.
    placed = [[0, "place 4 tristan"], *PLACED[1:3], [0, "place 2 percival"], *PLACED[4:]]
    state = position([*OPENING, *placed], CHIVALRY_DEAL)
    assert state.view(0).knights[0].card == "4"
    assert str(decide(state, 0)) == "look"


DRAFT_DEAL = {"deals": [{"0": ["4", "4d", "3", "1"], "1": ["3", "2", "2", "1"]}]}
# Seat 0 drafts 1, 2, 3 and is left the other 2; seat 1 ends with 1 4 3 4d. Seat 0
# saw 4, 4d and a 3 go to seat 1, whose fourth card is a 1 or a 2.
DRAFT = [[0, "pick 1"], [1, "pick 1"], [0, "pick 2"], [1, "pick 4"], [0, "pick 3"], [1, "pick 3"]]
DRAFT_PLACED = [
    [0, "place 2 tristan"],
    [0, "place 1 lancelot"],
    [0, "place 3 gawain"],
    [0, "place 2 percival"],
    [1, "place 1 palamedes"],
    [1, "place 4 agravaine"],
    [1, "place 3 meliagant"],
    [1, "place 4d breunor"],
]


def test_the_draft_tells_it_the_opponent_holds_strong_cards() -> None:
    # Knight-Errant tristan holds a 2; the opponent's unseen cards average far more
    # (4, 4d, 3 and a 1 or a 2), enough to take one blind.
    drafted = position([*OPENING, *DRAFT, *DRAFT_PLACED], DRAFT_DEAL, variants=[])
    assert drafted.view(0).knights[0].card == "2"
    swap = str(decide(drafted, 0))
    assert swap.startswith("swap ")
    assert drafted.parse_move(swap).knight % 2 == 1  # type: ignore[attr-defined]  # one of seat 1's

    # The same table without a draft: the unseen cards are any of the rest, too little
    # better than a 2 to risk a blind swap.
    chivalry_deal = {"deals": [{"0": ["2", "1", "3", "2"], "1": ["1", "4", "3", "4d"]}]}
    undrafted = position([*OPENING, *DRAFT_PLACED], chivalry_deal)
    assert [k.card for k in undrafted.view(0).knights] == [k.card for k in drafted.view(0).knights]
    assert str(decide(undrafted, 0)) == "look"


def test_drafts_the_strongest_card() -> None:
    deal = {"deals": [{"0": ["1", "4d", "isolde", "morgana"], "1": ["2", "3", "4", "merlin"]}]}
    state = position(OPENING, deal, variants=["extended-cast"])
    assert str(decide(state, 0)) == "pick 4d"
    state.apply(0, "pick 4d")
    assert str(decide(state, 1)) == "pick 4"
    state.apply(1, "pick 4")
    # Seat 0 now holds seat 1's 2 3 merlin, and takes the 3 over Merlin.
    assert str(decide(state, 0)) == "pick 3"


def place_all(state: GameState, seat: int) -> None:
    while seat in state.to_move():
        state.apply(seat, decide(state, seat))


@pytest.mark.parametrize(("faction", "knight"), [("arthur", 0), ("mordred", 1)])
def test_puts_isolde_on_its_own_isolde_knight(faction: str, knight: int) -> None:
    deal = {"deals": [{"0": ["isolde", "4", "1", "2"], "1": ["3", "3", "1", "merlin"]}]}
    state = position([[0, f"faction {faction}"]], deal, variants=[*CHIVALRY, "extended-cast"])
    state.apply(0, state.legal_moves(0)[0])
    place_all(state, 0)
    assert state.view(0).knights[knight].card == "isolde"


def test_puts_merlin_across_from_its_strongest_card() -> None:
    deal = {"deals": [{"0": ["merlin", "4", "1", "2"], "1": ["3", "3", "1", "isolde"]}]}
    state = position(OPENING, deal, variants=[*CHIVALRY, "extended-cast"])
    place_all(state, 0)
    knights = state.view(0).knights
    merlin = next(k.position for k in knights if k.card == "merlin")
    assert knights[across(merlin)].card == "4"


def test_its_choice_depends_only_on_the_seats_information() -> None:
    # Seat 1's cards sit on other knights, which seat 0 cannot see: same view, same choice.
    shuffled = [*PLACED[:4], [1, "place 3 palamedes"], *PLACED[5:7], [1, "place 4d breunor"]]
    one = position([*OPENING, *PLACED], CHIVALRY_DEAL)
    other = position([*OPENING, *shuffled], CHIVALRY_DEAL)
    assert one.knights != other.knights  # type: ignore[attr-defined]
    assert one.view(0) == other.view(0)
    assert one.events(0) == other.events(0)
    assert [decide(one, 0, seed) for seed in range(5)] == [decide(other, 0, seed) for seed in range(5)]


def test_holds_its_own_against_the_simple_rule() -> None:
    # Measured 0.632 over 1,000 games, 95% [0.602, 0.661] (0.165 before the blind-swap
    # risk); over 100 games 0.5 is 2.7 standard deviations below that.
    assert heuristic_share([], 100, SimpleGuileBot) > 0.5
