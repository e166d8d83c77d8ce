"""The Knights of Glory renderer draws a view and tells each event as one seat saw it."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from feint.cli.render.knights import KnightsRenderer
from feint.engine.replay import Replay
from feint.engine.state import GameState

# Seat 0 holds every sword; seat 1 claims a sword with a bomb, and seat 0 doubts it.
HANDS = {
    "0": ["key", "sword", "sword", "sword", "wild"],
    "1": ["bomb", "bomb", "shield", "jester", "wild"],
    "2": ["key", "key", "shield", "torch", "jester"],
    "3": ["torch", "torch", "jester", "wild", "wild"],
}
SETUP = {"paths": ["shield", "key", "sword", "bomb", "torch", "deathtrap"], "hands": HANDS, "dice": ["sword"]}
OPENING: list[list[Any]] = [[0, "pass"], [1, "advance"]]


def state_after(moves: list[list[Any]]) -> GameState:
    replay = {"game": "knights", "players": 4, "seed": 1, "setup": SETUP, "moves": [*OPENING, *moves]}
    return Replay.from_json(replay).play()


def text(renderable: Any) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def told(state: GameState, viewer: int, since: int) -> list[str]:
    renderer = KnightsRenderer()
    return [str(renderer.describe(event, viewer)) for event in state.events(viewer, since=since)]


def test_a_face_down_cover_is_told_without_its_card() -> None:
    before, after = state_after([]), state_after([[1, "cover sword with bomb"]])
    assert told(after, 0, before.log.seq) == ["Seat 1 covers the sword die with a face-down card"]
    assert told(after, 1, before.log.seq) == ["You cover the sword die with bomb, face-down"]
    screen = text(KnightsRenderer().table(after.view(0)))
    assert "the sword die covered with ? (face-down)" in screen
    assert "bomb" not in screen.split("Your hand:")[1]
    own = text(KnightsRenderer().table(after.view(1)))
    assert "the sword die covered with bomb (face-down)" in own


def test_a_vote_is_told_as_who_not_how_until_all_are_in() -> None:
    moves = [[1, "cover sword with bomb"], [2, "vote agree"]]
    before, after = state_after(moves), state_after([*moves, [3, "vote agree"]])
    assert told(after, 0, before.log.seq) == ["Seat 3 has voted"]
    assert told(after, 3, before.log.seq) == ["You have voted agree"]
    screen = text(KnightsRenderer().table(after.view(0)))
    assert "Voting: seat 2 and seat 3 voted; waiting for you." in screen
    assert "You voted" not in screen

    done = state_after([*moves, [3, "vote agree"], [0, "vote disagree"]])
    news = told(done, 0, after.log.seq)
    assert news[:5] == [
        "You have voted disagree",
        "The votes are in: agree: seat 2 and seat 3; disagree: you",
        "Seat 1 reveals bomb and discards it",
        "Seat 1 is caught bluffing",
        "You move forward to place 1",
    ]


def test_cards_dealt_to_another_seat_are_told_by_number_only() -> None:
    agreed = [[1, "cover sword with bomb"], [2, "vote agree"], [3, "vote agree"], [0, "vote agree"]]
    state = state_after([*agreed, [1, "pass"], [2, "pass"], [3, "pass"]])
    dealt = [line for line in told(state, 0, 0) if "dealt" in line]
    assert dealt and all(line.startswith("Seat 1 is dealt") and "card" in line for line in dealt)
    own = [line for line in told(state, 1, 0) if "dealt" in line]
    assert own and all(line.startswith("You are dealt") and "card" not in line for line in own)


def test_the_table_names_the_discarded_cards_the_viewer_saw() -> None:
    agreed = [[1, "cover sword with bomb"], [2, "vote agree"], [3, "vote agree"], [0, "vote agree"]]
    state = state_after(agreed)
    assert "Discard Pile: 1 card (you saw bomb go there)." in text(KnightsRenderer().table(state.view(1)))
    assert "Discard Pile: 1 card. " in text(KnightsRenderer().table(state.view(0)))
