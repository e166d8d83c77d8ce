"""The fixed strategies play as named, whenever a legal move lets them, and only
where their game has such a decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from feint.bots.registry import make_bot
from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.engine.state import Move
from feint.engine.view import View
from feint.games.guardians.moves import BELIEVE, DOUBT, Offer
from feint.games.knights.claims import CLAIMS as KNIGHTS_CLAIMS
from feint.games.knights.moves import VOTE_AGREE, VOTE_DISAGREE, Cover, Substitute
from feint.games.knights.view import KnightsView

Fits = Callable[[View, Move], bool | None]
"""Whether a move keeps to the strategy; None for a move it has no say in."""


def offer_truth(truthful: bool) -> Fits:
    return lambda view, move: (move.card is move.declared) == truthful if isinstance(move, Offer) else None


def cover_truth(truthful: bool) -> Fits:
    def fits(view: View, move: Move) -> bool | None:
        assert isinstance(view, KnightsView)
        truth = KNIGHTS_CLAIMS.truth(view, move)
        return None if truth is None else truth == truthful

    return fits


def answer(chosen: Move, other: Move) -> Fits:
    return lambda view, move: None if move not in (chosen, other) else move is chosen


CASES: list[tuple[str, str, Fits]] = [
    ("guardians", "truthful", offer_truth(True)),
    ("guardians", "bluff", offer_truth(False)),
    ("guardians", "doubt", answer(DOUBT, BELIEVE)),
    ("guardians", "believe", answer(BELIEVE, DOUBT)),
    ("knights", "truthful", cover_truth(True)),
    ("knights", "bluff", cover_truth(False)),
    ("knights", "agree", answer(VOTE_AGREE, VOTE_DISAGREE)),
    ("knights", "disagree", answer(VOTE_DISAGREE, VOTE_AGREE)),
    ("knights", "trust", answer(VOTE_AGREE, VOTE_DISAGREE)),
    ("knights", "doubt", answer(VOTE_DISAGREE, VOTE_AGREE)),
    ("guardians", "trust", answer(BELIEVE, DOUBT)),
]


@pytest.mark.parametrize(("game", "strategy", "fits"), CASES, ids=[f"{g}-{s}" for g, s, _ in CASES])
def test_each_strategy_plays_as_named_whenever_it_can(game: str, strategy: str, fits: Fits) -> None:
    kept = 0
    for seed in range(3):
        state = new_game(game, 3, seed)
        bots = {
            s: make_bot(f"fixed:{strategy}" if s == 0 else "heuristic", game, bot_seed(seed, s))
            for s in range(3)
        }
        infos = {s: InfoState.of(state, s) for s in range(3)}
        while not state.is_over():
            seat = state.to_move()[0]
            info = infos[seat]
            info.sync(state)
            legal = state.legal_moves(seat)
            move = bots[seat].choose(info, legal)
            assert move in legal
            if seat == 0 and fits(info.view, move) is False:
                # Off the strategy only when no legal move of its kind keeps to it.
                assert not _can_keep(info.view, legal, fits, move)
            kept += seat == 0 and fits(info.view, move) is True
            state.apply(seat, move)
    assert kept >= 5


def _can_keep(view: View, legal: Sequence[Move], fits: Fits, move: Move) -> bool:
    same_kind = [m for m in legal if type(m) is type(move) or {type(m), type(move)} <= {Cover, Substitute}]
    return any(fits(view, m) for m in same_kind)


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [
        ("fixed:doubt", "guile", "fixed:doubt fixes how claims are made or answered; guile has no claims"),
        ("fixed:truthful", "guile", "fixed:truthful fixes how claims are made or answered; guile has no"),
        ("fixed", "knights", "fixed needs a strategy"),
        (
            "fixed:lucky",
            "knights",
            "fixed needs a strategy: fixed:truthful|bluff|trust|doubt|believe|agree|disagree",
        ),
    ],
)
def test_a_strategy_a_game_has_no_use_for_is_refused(spec: str, game: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        make_bot(spec, game, 0)
