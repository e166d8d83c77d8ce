"""What the news tells: coin gains in Guardian's Call, as each seat saw them (docs/rules "Coins")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feint.cli.render import renderer_for
from feint.engine.replay import Replay
from feint.games.guardians.kinds import Kind

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "guardians"


def answer_told(name: str, viewer: int) -> str:
    state = Replay.from_json(json.loads((SCENARIOS / f"{name}.json").read_text())).play()
    renderer = renderer_for("guardians")
    (line,) = [
        renderer.describe(e, viewer) for e in state.events(viewer) if e.kind in (Kind.BELIEVE, Kind.DOUBT)
    ]
    assert line is not None
    return line


@pytest.mark.parametrize(
    ("scenario", "viewer", "told"),
    [
        # Seat 1 believes seat 0's true offer of 2 weapons: it wins them, and seat 0 takes the tribute.
        ("offer-truth-believed", 0, "so seat 1 won the cards; you took a coin of tribute."),
        ("offer-truth-believed", 1, "so you won the cards; seat 0 took a coin of tribute."),
        # Seat 0 is the Barbarian: 2 weapons won back from a wrong doubt are 2 coins of affinity (GC13).
        (
            "affinity-barbarian-weapons",
            1,
            "so seat 0 won the cards; you took a coin of tribute and seat 0 earned 2 coins of affinity.",
        ),
        # A Curse pays no tribute: the cursed seat's coin is told on its own line.
        ("curse-one-believed", 1, "so seat 0 escaped the curse."),
    ],
)
def test_an_answer_tells_the_coins_it_gave(scenario: str, viewer: int, told: str) -> None:
    assert answer_told(scenario, viewer).endswith(told)
