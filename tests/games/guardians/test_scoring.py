"""Shared places (Weapons majority, Castle race), the Shields table and the final tie-break."""

from __future__ import annotations

import pytest

from feint.games.guardians.cards import shield_points
from feint.games.guardians.scoring import army_points, castle_points, weapon_points, winners


@pytest.mark.parametrize(
    ("weapons", "points"),
    [
        ([5, 3, 1], [20, 10, 0]),
        ([4, 4, 1], [15, 15, 0]),
        ([2, 2, 2], [10, 10, 10]),
        ([4, 2, 2], [20, 5, 5]),
        ([3, 0], [20, 0]),
        ([0, 0, 0], [0, 0, 0]),
        ([1, 1, 1, 1, 1], [6, 6, 6, 6, 6]),
    ],
)
def test_weapon_majority_shares_tied_places(weapons: list[int], points: list[int]) -> None:
    assert weapon_points(weapons) == points


def test_castle_places_need_an_advanced_pawn() -> None:
    assert castle_points([0, 7, 3]) == [0, 10, 5]
    assert castle_points([0, 4]) == [0, 10]
    assert castle_points([0, 0]) == [0, 0]


def test_shields_table() -> None:
    assert [shield_points(n) for n in range(8)] == [0, 3, 6, 10, 15, 20, 20, 20]


def test_ties_go_to_coins_then_are_shared() -> None:
    assert winners([30, 30, 12], [2, 5, 9]) == (1,)
    assert winners([30, 30, 12], [5, 5, 9]) == (0, 1)
    assert winners([10, 31], [0, 0]) == (1,)


def test_war_scores_the_weapons_race_the_shields_table_and_coins_by_threes() -> None:
    assert army_points([3, 1], [2, 0], [7, 2]) == [(20, 6, 2), (10, 0, 0)]
