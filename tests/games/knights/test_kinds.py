"""Every event Knights of Glory writes is of a kind its ``Kind`` names, and every kind it names is written.

Random games, fixed seeds, over every table size and every variant (alone and
all together), with table moves now and then and an absent seat that may join:
a kind spelt outside ``Kind`` (``"bluff caught"`` for ``bluff-caught``) would be
matched by nothing that compares with ``Kind.BLUFF_CAUGHT``, silently.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from feint.engine import new_game
from feint.engine.events import log_events
from feint.engine.game import KIND_PATTERN
from feint.engine.state import GameState
from feint.games.knights.kinds import Kind
from feint.games.knights.state import KnightsState

VARIANT_SETS = [(), *((variant,) for variant in KnightsState.VARIANTS), KnightsState.VARIANTS]
TABLE_MOVE_CHANCE = 0.03


def random_game(players: int, variants: tuple[str, ...], seed: int) -> GameState:
    """One random game played out, table moves included; every third seed with the last seat absent."""
    rng = random.Random(seed)
    options = {"variants": list(variants), **({"absent": [players - 1]} if seed % 3 == 2 else {})}
    state = new_game("knights", players, seed, options)
    while not state.is_over():
        if rng.random() < TABLE_MOVE_CHANCE:
            seat = rng.randrange(players)
            table = state.table_moves(seat)
            if table:
                state.apply(seat, rng.choice(table))
                continue
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def written_kinds(players: int, variants: tuple[str, ...], seed: int) -> Counter[str]:
    """The kinds of every event of one random game."""
    return Counter(event.kind for event in log_events(random_game(players, variants, seed).log))


def test_every_kind_written_is_a_kind_and_every_kind_is_written() -> None:
    written: Counter[str] = Counter()
    for players in range(KnightsState.MIN_PLAYERS, KnightsState.MAX_PLAYERS + 1):
        for variants in VARIANT_SETS:
            for seed in range(3):
                written += written_kinds(players, variants, seed)
    assert set(written) <= set(Kind), f"not kinds: {set(written) - set(Kind)}"
    assert set(Kind) <= set(written), f"never written: {set(Kind) - set(written)}"


def test_every_kind_is_spelt_the_one_way() -> None:
    assert [kind for kind in Kind if not re.fullmatch(KIND_PATTERN, kind)] == []
