"""The playouts' estimate: the final tally now, by the game's own scoring, blended by the cards left."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from feint.bots.playout import softmax
from feint.engine.registry import new_game
from feint.games.guardians.cards import WEAPON
from feint.games.guardians.effects import council, war
from feint.games.guardians.search import (
    HALF_WAY,
    TEMPERATURE,
    TEMPERATURE_PER_CARD,
    cards_left,
    estimate,
    steady,
    tally,
)
from feint.games.guardians.seat import Tableau
from feint.games.guardians.state import GuardiansState
from feint.games.guardians.view import GuardiansView

QUIET_QUESTS = (9, 12, 13)
"""Fortress, Hoard and Merchant Prince: none is met by a few Weapons and no coins."""


def test_the_tally_is_what_council_and_war_would_score_now() -> None:
    rng = random.Random(3)
    checked = {False: 0, True: 0}
    for seed in range(6):
        state = new_game("guardians", 2 + seed % 3, seed)
        assert isinstance(state, GuardiansState)
        while not state.is_over():
            if rng.random() < 0.1:
                ended = state.clone()
                if not ended.council_done:
                    council(ended, 0)
                war(ended, 0)
                assert tally(state.view(None)) == [p.total() for p in ended.points]
                checked[state.council_done] += 1
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert min(checked.values()) > 0, checked


def armed(weapons: tuple[int, int], left: int) -> GuardiansView:
    """A 2-seat spectator's view after Council, no coins, these Weapons and ``left`` cards expected to War."""
    view = new_game("guardians", 2, 5, setup={"quests": list(QUIET_QUESTS)}).view(None)
    assert isinstance(view, GuardiansView)
    seats = tuple(
        replace(seat, tableau=Tableau(weapon=(WEAPON,) * count), coins=0)
        for seat, count in zip(view.seats, weapons, strict=True)
    )
    return replace(view, seats=seats, council_done=True, deck_size=left + 1, war_pile=(0, 1))


def ahead_in_score(view: GuardiansView, lead: int) -> GuardiansView:
    """``view`` with no Weapons and the first seat ``lead`` VP ahead in score."""
    seats = (replace(seat, tableau=Tableau(), score=s) for seat, s in zip(view.seats, (lead, 0), strict=True))
    return replace(view, seats=tuple(seats))


def test_at_wars_door_a_weapon_ahead_is_worth_the_races_ten_vp_not_three() -> None:
    view = armed((2, 1), left=0)
    assert cards_left(view) == 0
    assert estimate(view) == pytest.approx(estimate(ahead_in_score(view, 10)))
    # Counted a card at a time, the lead would be 3 VP: the race makes the leader likelier to win.
    assert estimate(view)[0] > estimate(ahead_in_score(view, 3))[0] > 0.5


def test_far_from_war_the_race_counts_part_of_its_worth() -> None:
    near, far = armed((2, 1), left=0), armed((2, 1), left=60)
    assert cards_left(far) == 60
    assert 0.5 < estimate(far)[0] < estimate(near)[0]
    # The blend's worths: a fifth or so by the race's 10 VP lead, the rest by 3 VP a Weapon.
    assert steady(far.seats[0]) - steady(far.seats[1]) == 3
    share = 60 / (60 + HALF_WAY)
    lead = (1 - share) * 10 + share * 3
    expected = softmax([lead, 0.0], TEMPERATURE + TEMPERATURE_PER_CARD * 60)
    assert estimate(far) == pytest.approx(expected)
