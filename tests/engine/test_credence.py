"""A claimant's record as the search reads it: how far to believe its next claim, from the game's trust
moved by the claims of that seat shown true or caught."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

from feint.engine.claims import PRIOR_CLAIMS, Claim, credence, credences
from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.view import View


class Listed:
    """Claims read from a list made by hand, whatever the events."""

    def __init__(self, claims: list[Claim]) -> None:
        self.claims = claims

    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        return iter(self.claims)

    def truth(self, view: View, move: MoveBase) -> bool | None:
        return None

    def answer(self, move: MoveBase) -> bool | None:
        return None


def claim(claimant: int, bluff: bool | None) -> Claim:
    return Claim(claimant, bluff, (), ())


def test_no_claim_shown_leaves_the_games_trust() -> None:
    assert credence((0, 0), 0.8) == pytest.approx(0.8)


def test_each_shown_claim_counts_one_against_the_priors_claims_at_the_games_trust() -> None:
    assert PRIOR_CLAIMS == 2.0
    assert credence((0, 1), 0.8) == pytest.approx(2.6 / 3)
    assert credence((0, 5), 0.8) == pytest.approx(6.6 / 7)
    assert credence((1, 1), 0.8) == pytest.approx(1.6 / 3)
    assert credence((2, 3), 0.5) == pytest.approx(2 / 5)
    assert credence((0, 3), 0.8, prior=1.0) == pytest.approx(3.8 / 4)


def test_read_against_the_share_a_game_expects_shown_true_the_record_starts_at_the_trust() -> None:
    # Shown claims expected true half the time: the posterior share, read against 0.5.
    assert credence((0, 0), 0.8, shown=0.5) == pytest.approx(0.8)
    assert credence((0, 1), 0.8, shown=0.5) == pytest.approx(0.8 + 0.2 * (2 / 3 - 0.5) / 0.5)
    assert credence((1, 1), 0.8, shown=0.5) == pytest.approx(0.8 * (1 / 3) / 0.5)
    assert credence((1, 2), 0.8, shown=0.5) == pytest.approx(0.8)
    assert credence((0, 5), 0.8, shown=0.5) == pytest.approx(0.8 + 0.2 * (6 / 7 - 0.5) / 0.5)
    # Expected at the trust itself, the credence is the posterior share.
    assert credence((1, 4), 0.8, shown=0.8) == credence((1, 4), 0.8) == pytest.approx(4.6 / 6)


def test_always_truthful_tends_to_belief_and_always_caught_to_none() -> None:
    for shown in (None, 0.3, 0.5, 0.9):
        truthful = [credence((0, n), 0.8, shown) for n in range(0, 45, 5)]
        caught = [credence((n, n), 0.8, shown) for n in range(0, 45, 5)]
        assert truthful == sorted(truthful) and truthful[-1] > 0.99
        assert caught == sorted(caught, reverse=True) and caught[-1] < 0.05


def test_each_claimants_credence_comes_from_its_own_shown_claims_only() -> None:
    # Seat 1 shown true three times; seat 2 caught once and shown true once; seat 3's truth never shown.
    listed = Listed(
        [claim(1, False), claim(2, True), claim(3, None), claim(1, False), claim(2, False), claim(1, False)]
    )
    believed = credences(listed, [], 0.8)
    assert set(believed) == {1, 2}
    assert believed[1] == pytest.approx(4.6 / 5)
    assert believed[2] == pytest.approx(2.6 / 4)
    assert credences(listed, [], 0.8, shown=0.5) == {
        1: credence((0, 3), 0.8, 0.5),
        2: credence((1, 2), 0.8, 0.5),
    }
