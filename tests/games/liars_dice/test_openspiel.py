"""Liar's Dice under the ``openspiel`` variant against OpenSpiel's own ``liars_dice``, game by game.

Run when ``open_spiel`` is installed (the ``compare`` extra). Each game rolls
the same dice on both sides (OpenSpiel's chance outcomes, Feint's fixed
``rolls``), then plays random moves: at every decision both must offer the
same moves (OpenSpiel's ``2-5`` is ``bid 2 5s``, ``Liar`` is ``liar``, and a
bid's action number is its move index), the same seat must be to move, and
both must end together with the same returns.
"""

from __future__ import annotations

import random

import pytest

from feint.engine import new_game
from feint.games.liars_dice.moves import Bid

pyspiel = pytest.importorskip("pyspiel")

GAMES = 6000
DICE = (1, 2, 3, 4, 5)


def feint_notation(text: str) -> str:
    """OpenSpiel's name of a move in Feint's notation."""
    if text == "Liar":
        return "liar"
    quantity, face = text.split("-")
    return f"bid {quantity} {face}s"


def play_both(dice: int, seed: int) -> int:
    """One random game on both sides; returns the decisions compared."""
    chooser = random.Random(seed)
    game = pyspiel.load_game("liars_dice", {"numdice": dice})
    theirs = game.new_initial_state()
    rolls: list[list[int]] = [[], []]
    for seat in (0, 1):
        for _ in range(dice):
            outcome = chooser.randrange(6)
            theirs.apply_action(outcome)
            rolls[seat].append(outcome + 1)
    ours = new_game("liars_dice", 2, seed, {"variants": ["openspiel"], "dice": dice}, {"rolls": [rolls]})
    assert [list(s.dice) for s in ours.revealed_view().seats] == [sorted(r) for r in rolls]
    decisions = 0
    while not theirs.is_terminal():
        assert not ours.is_over()
        seat = theirs.current_player()
        assert ours.to_move() == (seat,)
        actions = theirs.legal_actions()
        legal = ours.legal_moves(seat)
        assert [str(m) for m in legal] == [feint_notation(theirs.action_to_string(seat, a)) for a in actions]
        assert [m.index for m in legal if isinstance(m, Bid)] == [a for a in actions if a < 2 * dice * 6]
        pick = chooser.randrange(len(actions))
        theirs.apply_action(actions[pick])
        ours.apply(seat, legal[pick])
        decisions += 1
    assert ours.is_over()
    assert list(ours.result().scores) == theirs.returns()
    return decisions


def test_thousands_of_random_games_agree_with_openspiel_move_for_move() -> None:
    decisions = sum(play_both(DICE[seed % len(DICE)], seed) for seed in range(GAMES))
    assert decisions > GAMES


def test_openspiel_defaults_are_the_variants_defaults() -> None:
    """One die each, six faces, two seats: OpenSpiel's parameters as the variant plays them unasked."""
    params = pyspiel.load_game("liars_dice").get_parameters()
    state = new_game("liars_dice", 2, 0, {"variants": ["openspiel"]})
    assert params["numdice"] == state.dice_per_seat == 1
    assert params["players"] == state.players
    assert params["dice_sides"] == 6
    assert state.view(0).wild == (params["dice_sides"],)
