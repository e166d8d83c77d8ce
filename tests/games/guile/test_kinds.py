"""Every event Guile writes is a member of its Kind, spelt the one way (lower-case words, hyphens)."""

from __future__ import annotations

import random
import re

import pytest

from feint.engine import new_game
from feint.engine.events import log_events
from feint.engine.game import KIND_PATTERN
from feint.games.guile import GAME
from feint.games.guile.kinds import Kind

VARIANT_SETS = ((), ("code-of-chivalry",), ("extended-cast",), ("code-of-chivalry", "extended-cast"))
SIZES = range(GAME.state.MIN_PLAYERS, GAME.state.MAX_PLAYERS + 1)


def test_every_kind_is_spelt_the_one_way() -> None:
    assert [kind for kind in Kind if not re.fullmatch(KIND_PATTERN, kind)] == []


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: "+".join(v) or "base")
def test_random_games_write_only_declared_kinds_and_every_one(
    players: int, variants: tuple[str, ...]
) -> None:
    written: set[str] = set()
    for seed in range(20):
        state = new_game("guile", players=players, seed=seed, options={"variants": list(variants)})
        chooser = random.Random(seed)
        while not state.is_over():
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_moves(seat)))
        written |= {event.kind for event in log_events(state.log)}
    assert written - set(Kind) == set()
    # Under the Code of Chivalry there is no draft, so nothing is picked or passed.
    undrafted = {Kind.PICK, Kind.PASS} if "code-of-chivalry" in variants else set()
    assert set(Kind) - written == undrafted
