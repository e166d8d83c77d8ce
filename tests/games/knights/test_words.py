"""Knights of Glory's phrasebook: every event told from the event and its viewer alone, with no front-end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from feint.engine.events import log_events
from feint.games.knights.kinds import Kind
from feint.games.knights.words import BOOK
from tests.games.knights.test_kinds import VARIANT_SETS, random_game

RULES_MODULES = ("state", "claims", "words")
"""The driver imports every other rules module (board, phases, effects, view, belief, kinds)."""


def test_every_kind_but_the_end_is_told_to_every_viewer() -> None:
    told: set[str] = set()
    written: set[str] = set()
    for variants in VARIANT_SETS:
        state = random_game(4, variants, 2)
        written |= {event.kind for event in log_events(state.log)}
        for viewer in (None, *range(state.players)):
            for event in state.events(viewer):
                sentence = BOOK.tell(event, viewer)
                if event.kind == Kind.OVER:
                    assert sentence is None  # the end screen tells the outcome, once
                else:
                    assert sentence and "{" not in sentence, (event, sentence)
                    told.add(event.kind)
    assert len(written) > 20
    assert told == written - {Kind.OVER}


def test_the_rules_and_the_phrasebook_import_no_front_end_and_no_bot() -> None:
    modules = ", ".join(f"feint.games.knights.{name}" for name in RULES_MODULES)
    code = (
        f"import sys, {modules}\n"
        "front = sorted(m for m in sys.modules if m.split('.')[0] == 'rich' or m.startswith(('feint.cli', "
        "'feint.bots', 'feint.server')))\n"
        "print(front)"
    )
    root = Path(__file__).parents[3]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "[]"
