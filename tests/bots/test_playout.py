"""The opponent model of the search bots: another seat's pending claim is true more often than the
sampler draws it (its ``trust``: Guardian's Call by drawing a false offer again, Knights by exchanging
covers with places the viewer cannot see), and never for the viewer's own claims or a doubted seat's."""

from __future__ import annotations

import random
from collections import Counter

from feint.bots.playout import draw, scoring_for
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.state import GameState
from feint.games.guardians.view import GuardiansView
from feint.games.knights.cards import WILD, cards_of
from feint.games.knights.state import KnightsState
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


def test_a_guardians_sampler_trusting_nobody_draws_the_uniform_world() -> None:
    for seed in range(6):
        state = pending_claim("guardians", "respond", seed)
        info = InfoState.of(state, state.to_move()[0])
        for n in range(5):
            plain = type(state).sample(info, random.Random(n))
            trusting_none = type(state).sample(info, random.Random(n), lambda seat: 0.0)
            assert trusting_none.to_json() == plain.to_json()


def test_a_guardians_sampler_trusting_the_offerer_fully_draws_a_false_offer_only_when_it_must() -> None:
    # Trust 1: a false offer is drawn again each time, up to the sampler's limit of draws (8), so about
    # 1 - 0.77 ** 8 of the worlds show a true offer where the sampler alone shows 0.23.
    state = pending_claim("guardians", "respond", 1)
    info = InfoState.of(state, state.to_move()[0])
    sampled = sum(true_claim(type(state).sample(info, random.Random(n))) for n in range(100))
    trusted = sum(
        true_claim(type(state).sample(info, random.Random(n), lambda seat: 1.0)) for n in range(100)
    )
    assert sampled < 60 and trusted > 75


def test_drawn_worlds_believe_a_pending_offer_more_than_the_sampler() -> None:
    state = pending_claim("guardians", "respond", 1)
    seat = state.to_move()[0]
    info = InfoState.of(state, seat)
    sampled = sum(true_claim(type(state).sample(info, random.Random(n))) for n in range(100))
    drawn = sum(
        true_claim(draw(type(state), info, scoring_for("guardians"), random.Random(n))) for n in range(100)
    )
    assert drawn > sampled + 20
    # An offer of a seat the drawer doubts keeps the sampler's odds: the same worlds.
    claimant = state.view(None).offer.offerer  # type: ignore[attr-defined]
    doubted = [
        true_claim(draw(type(state), info, scoring_for("guardians"), random.Random(n), doubted=claimant))
        for n in range(100)
    ]
    assert sum(doubted) == sampled


def covered_truly(world: GameState) -> list[bool]:
    """Whether each face-down cover of the advance under way is true, read from the claimant's own view."""
    view = world.view(world.view(None).active)  # type: ignore[attr-defined]
    assert isinstance(view, KnightsView)
    return [c.card in (c.claim, WILD) for c in view.covers if c.face_down]


def cards_in_play(world: GameState) -> Counter[str]:
    """The weapon cards of the hands, the covers, the Unknown Deck and the Discard Pile, counted by kind."""
    assert isinstance(world, KnightsState) and world.attempt is not None
    counts = Counter(str(card) for card in (*world.unknown, *world.discard))
    counts.update(str(c.card) for c in world.attempt.covers or ())
    for hand in world.hands:
        counts.update(str(card) for card in cards_of(hand))
    return counts


def test_knights_covers_are_made_true_by_exchanges_the_voter_cannot_see() -> None:
    scoring = scoring_for("knights")
    sampled = drawn = covers = 0
    for seed in range(8):
        state = pending_claim("knights", "vote", seed)
        seat = state.to_move()[0]
        info = InfoState.of(state, seat)
        for n in range(40):
            plain = type(state).sample(info, random.Random(n))
            world = draw(type(state), info, scoring, random.Random(n))
            # The voter's information is untouched: its view, and the cards in all.
            assert world.view(seat) == plain.view(seat)
            assert cards_in_play(world) == cards_in_play(plain)
            sampled += sum(covered_truly(plain))
            drawn += sum(covered_truly(world))
            covers += len(covered_truly(world))
    assert sampled / covers < 0.4 and drawn / covers > 0.7


def test_the_claimant_itself_and_a_doubted_claimant_are_not_persuaded() -> None:
    scoring = scoring_for("knights")
    state = pending_claim("knights", "vote", 2)
    claimant = state.view(None).active  # type: ignore[attr-defined]
    voter = state.to_move()[0]
    for viewer, doubted in ((claimant, None), (voter, claimant)):
        info = InfoState.of(state, viewer)
        for n in range(20):
            plain = type(state).sample(info, random.Random(n))
            world = draw(type(state), info, scoring, random.Random(n), doubted=doubted)
            assert world.to_json() == plain.to_json()


def test_a_claimants_credence_sets_how_far_the_worlds_believe_its_covers() -> None:
    scoring = scoring_for("knights")
    true_covers = {name: 0 for name in ("caught", "unknown", "truthful")}
    for seed in range(6):
        state = pending_claim("knights", "vote", seed)
        claimant = state.view(None).active  # type: ignore[attr-defined]
        info = InfoState.of(state, state.to_move()[0])
        for name, credences in (("caught", {claimant: 0.3}), ("unknown", {}), ("truthful", {claimant: 1.0})):
            for n in range(30):
                world = draw(type(state), info, scoring, random.Random(n), credences=credences)
                true_covers[name] += sum(covered_truly(world))
        # A doubted claimant is spared whatever its record: the sampler's own odds.
        for n in range(5):
            plain = type(state).sample(info, random.Random(n))
            spared = draw(type(state), info, scoring, random.Random(n), claimant, {claimant: 1.0})
            assert spared.to_json() == plain.to_json()
    assert true_covers["caught"] + 20 < true_covers["unknown"] < true_covers["truthful"] - 5
