"""Every event Liar's Dice writes is of a kind its ``Kind`` names, spelt as the engine spells kinds, and
every kind it names is written: random games, fixed seeds, every table size and every variant set."""

from __future__ import annotations

import random
import re
from collections import Counter

from feint.engine import new_game
from feint.engine.events import log_events
from feint.engine.game import KIND_PATTERN
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.rules import VARIANTS

VARIANT_SETS = [(), *((v,) for v in VARIANTS), VARIANTS]


def test_every_kind_written_is_a_kind_and_every_kind_is_written() -> None:
    written: Counter[str] = Counter()
    for players in range(2, 7):
        for variants in VARIANT_SETS:
            for seed in range(3):
                state = new_game("liars_dice", players, seed, {"variants": list(variants)})
                chooser = random.Random(seed)
                while not state.is_over():
                    seat = state.to_move()[0]
                    state.apply(seat, chooser.choice(state.legal_moves(seat)))
                written.update(event.kind for event in log_events(state.log))
    assert all(type(kind) is Kind for kind in written)
    assert set(written) == set(Kind)
    assert all(re.fullmatch(KIND_PATTERN, kind) for kind in Kind)
