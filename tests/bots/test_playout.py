"""The opponent model of the search bots: worlds in which another seat's pending claim is true are kept
more often than the sampler draws them, by the odds ``TRUTH_ODDS`` to 1."""

from __future__ import annotations

import random

import pytest

from feint.bots.playout import SCORING, TRUTH_ODDS, draw, guardians_plausibility, knights_plausibility
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.state import GameState
from feint.games.guardians.view import GuardiansView
from feint.games.knights.cards import WILD
from feint.games.knights.view import KnightsView


def pending_claim(game: str, phase: str, seed: int) -> GameState:
    """A random game stopped where a seat must answer another seat's face-down claim."""
    rng = random.Random(seed)
    state = new_game(game, 2, seed)
    while not state.is_over():
        if str(state.phase) == phase:
            return state
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError(f"no {phase} phase in game {seed}")


def true_claim(world: GameState) -> bool:
    """Whether the pending claim is true, read from the claimant's own view."""
    if world.NAME == "knights":
        view = world.view(world.view(None).active)  # type: ignore[attr-defined]
        assert isinstance(view, KnightsView)
        return all(c.card in (c.claim, WILD) for c in view.covers if c.face_down)
    offer = world.view(None).offer  # type: ignore[attr-defined]
    view = world.view(offer.offerer)
    assert isinstance(view, GuardiansView) and view.offer is not None
    return bool(view.offer.cards[0] == offer.declared)


@pytest.mark.parametrize(("game", "phase"), [("knights", "vote"), ("guardians", "respond")])
def test_a_world_with_the_claim_true_is_kept_at_odds_of_truth(game: str, phase: str) -> None:
    plausibility = {"knights": knights_plausibility, "guardians": guardians_plausibility}[game]
    for seed in range(6):
        state = pending_claim(game, phase, seed)
        seat = state.to_move()[0]
        info = InfoState.of(state, seat)
        rng = random.Random(seed)
        for _ in range(5):
            world = type(state).sample(info, rng)
            chance = plausibility(world, seat)
            assert chance is not None and chance <= 1.0
            assert (chance == 1.0) == true_claim(world)
            assert chance == 1.0 or chance <= 1 / TRUTH_ODDS
        # The claimant itself has nothing to weigh.
        claimant = next(s for s in range(2) if s != seat)
        assert plausibility(state, claimant) is None


def test_drawn_worlds_believe_a_pending_claim_more_than_the_sampler() -> None:
    state = pending_claim("guardians", "respond", 1)
    seat = state.to_move()[0]
    info = InfoState.of(state, seat)
    sampled = sum(true_claim(type(state).sample(info, random.Random(n))) for n in range(100))
    drawn = sum(
        true_claim(draw(type(state), info, SCORING["guardians"], random.Random(n))) for n in range(100)
    )
    assert drawn > sampled + 20
