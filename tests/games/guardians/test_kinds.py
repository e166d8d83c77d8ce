"""Guardian's Call's event kinds: every kind the game writes is a member of its ``Kind``, and every
member is written.

A misspelt kind would match nothing, silently (a phrasebook's sentence, the
belief's counting, a claim's answer); fixed-seed random games over every table
size and variant set show that none is.
"""

from __future__ import annotations

import random
import re

import pytest

from feint.engine.events import log_events
from feint.engine.game import KIND_PATTERN
from feint.engine.registry import new_game
from feint.games.guardians import GAME
from feint.games.guardians.kinds import Kind
from feint.games.guardians.state import GuardiansState

GAMES = 12
"""Fixed-seed random games per table size."""


def written(players: int, variants: tuple[str, ...], seed: int) -> set[str]:
    """The kinds of every event of one random game, its moves chosen by ``seed``."""
    state = new_game("guardians", players, seed, {"variants": list(variants)})
    chooser = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    return {event.kind for event in log_events(state.log)}


def tables() -> list[tuple[int, tuple[str, ...]]]:
    """Every table size with every variant set: none, each alone, all."""
    sets = sorted({(), GuardiansState.VARIANTS, *((v,) for v in GuardiansState.VARIANTS)})
    sizes = range(GuardiansState.MIN_PLAYERS, GuardiansState.MAX_PLAYERS + 1)
    return [(players, variants) for players in sizes for variants in sets]


@pytest.mark.parametrize(("players", "variants"), tables())
def test_every_kind_written_is_a_kind(players: int, variants: tuple[str, ...]) -> None:
    for seed in range(GAMES):
        assert written(players, variants, seed) <= set(Kind), f"seed {seed}"


def test_every_kind_is_written_and_spelt_one_way() -> None:
    # No member is stale: the same games write every one, the 3 VP Treasure's five cards included.
    seen = set().union(*(written(players, (), seed) for players, _ in tables() for seed in range(GAMES)))
    assert seen == set(Kind)
    assert all(re.fullmatch(KIND_PATTERN, kind) for kind in Kind)
    assert GAME.kinds is Kind
