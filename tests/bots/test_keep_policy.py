"""With ``ismcts:keep=N`` the policy's own move stands unless clearly beaten: a search of a few playouts a
move plays the heuristic's move rather than the luckiest, and a clear gain still wins."""

from __future__ import annotations

import random
from typing import Any

import pytest

from feint.bots.ismcts import Budget, IsmctsBot
from feint.bots.playout import Halving, clearly_better
from feint.bots.registry import make_bot
from feint.engine.errors import SetupError
from feint.engine.state import GameState, Move
from tests.bots.test_ismcts import Spy, wide_decision


def test_a_move_is_clearly_better_by_its_paired_difference_not_its_mean_alone() -> None:
    # Move 1 is 0.1 ahead on every world: no spread, clearly better at any margin.
    steady = [{0: luck, 1: luck + 0.1} for luck in (0.2, 0.9, 0.5)]
    assert clearly_better(steady, 1, 0, margin=3.0)
    # The same mean lead by a swing of 0.9 either way: 0.1 is a third of a standard error of 3 worlds.
    swinging = [{0: 0.5, 1: 0.5 + d} for d in (0.9, -0.9, 0.3)]
    assert not clearly_better(swinging, 1, 0, margin=1.0)
    assert clearly_better(swinging, 1, 0, margin=0.1)
    # Behind, or not played together on two worlds, is never clearly better.
    assert not clearly_better(steady, 0, 1, margin=0.0)
    assert not clearly_better([{0: 0.0, 1: 1.0}, {1: 1.0, 2: 0.0}], 1, 0, margin=0.0)


@pytest.mark.parametrize("noise", [0.0, 2.0])
def test_the_policys_move_is_played_unless_the_best_beats_it_clearly(
    noise: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Knights at 2 seats, 20 worlds a move. Every move but one scores 0.5 in every playout; that one
    # scores 0.05 more, plus noise of its own. Without noise its lead is clear and it is played. With
    # noise of 2.0 its mean still leads (the worlds drawn happen to favour it), so a search without the
    # rule plays it, but by less than a standard error of the paired difference: the policy's move stands.
    info, legal = wide_decision("knights", 2, 4, 12, 3)
    policy_move, lucky = legal[0].index, legal[-1].index  # the policy, a Spy, plays the first

    def chosen(margin: float | None) -> int:
        luck = random.Random(3)

        def scored(self: IsmctsBot, world: GameState, seat: int, move: Move, *args: Any) -> float:
            return 0.55 + noise * (luck.random() - 0.5) if move.index == lucky else 0.5

        monkeypatch.setattr(IsmctsBot, "_play_out", scored)
        budget = Budget(iterations=20 * len(legal))
        bot = IsmctsBot("knights", 3, budget, policy=lambda seed: Spy([]), keep=margin)
        return bot.choose(info, legal).index

    assert chosen(None) == lucky
    assert chosen(1.0) == (lucky if noise == 0.0 else policy_move)


def test_halving_judges_the_kept_move_on_every_world() -> None:
    # Four moves, 16 playouts: two rounds. Move 0, the worst, is kept past the cut with the better half,
    # so it is played on every world and the final comparison pairs it with the best on all of them.
    halving = Halving([0, 1, 2, 3], 16, kept=0)
    reward = {0: 0.1, 1: 0.2, 2: 0.3, 3: 0.4}
    worlds = []
    played = 0
    while played < 16:
        moves = halving.moves()
        worlds.append(sorted(moves))
        played += halving.record({index: reward[index] for index in moves})
    assert worlds == [[0, 1, 2, 3]] * 2 + [[0, 2, 3]] * 3
    assert halving.best() == 3


def test_the_setting_is_a_margin_in_hundredths_and_needs_the_heuristic_playouts() -> None:
    bot = make_bot("ismcts:normal,keep=150", "knights", 0)
    assert isinstance(bot, IsmctsBot) and bot._keep == 1.5
    plain = make_bot("ismcts:normal", "knights", 0)
    assert isinstance(plain, IsmctsBot) and plain._keep is None
    with pytest.raises(SetupError, match="ismcts:keep=N keeps the heuristic's move"):
        make_bot("ismcts:normal,keep=100,trees=1", "knights", 0)
