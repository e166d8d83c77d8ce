"""Scoring rules that need no state: shared places, the Castle race and the final tally."""

from __future__ import annotations

from collections.abc import Sequence

from feint.games.guardians.cards import CASTLE_AWARDS, COINS_PER_VP, WEAPON_AWARDS, shield_points


def shared_places(values: Sequence[int], awards: Sequence[int]) -> list[int]:
    """Points per seat for a race where the highest ``values`` take ``awards`` in order.

    Seats with nothing (0) score nothing. Tied seats share equally, rounded
    down, the awards of the places they occupy together: two tied for most
    of two awards 20 and 10 take 15 each and nobody is second.
    """
    points = [0] * len(values)
    ranked = sorted((v for v in set(values) if v > 0), reverse=True)
    place = 0
    for value in ranked:
        tied = [seat for seat, v in enumerate(values) if v == value]
        share = sum(awards[place : place + len(tied)]) // len(tied)
        for seat in tied:
            points[seat] = share
        place += len(tied)
    return points


def castle_points(positions: Sequence[int]) -> list[int]:
    """The 1st and 2nd pawns on the Castle track score 10 and 5; pawns still on space 0 score nothing."""
    return shared_places(positions, CASTLE_AWARDS)


def weapon_points(weapons: Sequence[int]) -> list[int]:
    """Most Weapons 20, second 10; a seat needs at least one Weapon."""
    return shared_places(weapons, WEAPON_AWARDS)


def army_points(
    weapons: Sequence[int], shields: Sequence[int], coins: Sequence[int]
) -> list[tuple[int, int, int]]:
    """What War scores each seat besides the Castle and the Quests, by source: the Weapons race,
    Shields by the table, and a VP per 3 coins."""
    return [
        (race, shield_points(held), money // COINS_PER_VP)
        for race, held, money in zip(weapon_points(weapons), shields, coins, strict=True)
    ]


def winners(totals: Sequence[int], coins: Sequence[int]) -> tuple[int, ...]:
    """The most VP wins; a tie goes to the most coins, and a tie in that too is shared."""
    best = max(zip(totals, coins, strict=True))
    return tuple(seat for seat, key in enumerate(zip(totals, coins, strict=True)) if key == best)
