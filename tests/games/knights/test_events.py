"""Knights of Glory's events: what each viewer saw, in order, and nothing it may not see.

The scenario files fix the outcome of a replay; these check the events the
replay left for one viewer, entry by entry (``kind``, the acting seat, and
the public fields as that viewer saw them, ``"?"`` for what it could not).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from feint.engine.events import Event, log_events
from feint.engine.replay import Replay
from feint.engine.view import HIDDEN, jsonable
from tests.scenario_support import SCENARIO_ROOT, load

SEEN: dict[str, tuple[Any, list[dict[str, Any]]]] = {
    "jester-all-agree-token": (
        None,
        [
            {"event": "round"},
            {"event": "advance", "seat": 0, "to": 1},
            {"event": "flip", "place": 1},
            {"event": "roll", "dice": ["bomb"]},
            {"event": "cover", "seat": 0, "card": "?"},
            {"event": "voted", "seat": 1, "agree": "?"},
            {"event": "votes", "agree": [1], "disagree": []},
            {"event": "reveal", "seat": 0, "cards": ["jester"]},
            {"event": "move", "seat": 0, "to": 1},
            {"event": "tokens", "seat": 0, "gained": 1},
        ],
    ),
    "path-of-glory-success": (
        None,
        [
            {"event": "round"},
            {"event": "advance", "to": 1, "path_of_glory": False},
            {"event": "flip"},
            {"event": "roll"},
            {"event": "move", "to": 1},
            {"event": "advance", "to": 2, "path_of_glory": False},
            {"event": "flip"},
            {"event": "roll"},
            {"event": "move", "to": 2},
            {"event": "advance", "to": 3, "path_of_glory": True},
            {"event": "flip"},
            {"event": "roll", "dice": ["sword", "blank"]},
            {"event": "cover"},
            {"event": "voted"},
            {"event": "votes"},
            {"event": "move", "seat": 0, "to": 3},
            {"event": "tokens", "seat": 0, "gained": 1},
        ],
    ),
    "view-revealed-cards-public": (
        None,
        [
            {"event": "round"},
            {"event": "advance"},
            {"event": "flip"},
            {"event": "roll"},
            {"event": "cover", "card": "?"},
            {"event": "voted"},
            {"event": "votes", "agree": [], "disagree": [1]},
            {"event": "reveal", "seat": 0, "cards": ["bomb"]},
            {"event": "bluff caught", "seat": 0},
            {"event": "move", "seat": 1, "to": 1},
        ],
    ),
    "vote-all-agree-cards-unseen": (
        1,
        [
            {"event": "round"},
            {"event": "advance", "seat": 0},
            {"event": "flip", "place": 1},
            {"event": "roll", "dice": ["sword"]},
            {"event": "cover", "seat": 0, "card": "?"},
            {"event": "voted", "seat": 1, "agree": True},
            {"event": "votes", "agree": [1], "disagree": []},
            {"event": "move", "seat": 0, "to": 1},
            {"event": "pass", "seat": 0},
        ],
    ),
}


def played(name: str) -> Any:
    return Replay.from_json(load(Path(SCENARIO_ROOT, "knights", f"{name}.json"))).play()


def as_entry(event: Event) -> dict[str, Any]:
    """The event as its viewer reads it: private fields over public ones, as JSON."""
    data: dict[str, Any] = json.loads(json.dumps(jsonable(dict(event.fields()))))
    return {"event": event.kind, "seat": event.actor, **data}


@pytest.mark.parametrize("name", sorted(SEEN))
def test_the_events_a_viewer_saw_in_order(name: str) -> None:
    viewer, expected = SEEN[name]
    state = played(name)
    seen = [as_entry(e) for e in state.events(viewer)]
    assert len(seen) == len(expected)
    for entry, wanted in zip(seen, expected, strict=True):
        assert {key: entry.get(key) for key in wanted} == wanted


def test_a_face_down_card_and_a_vote_are_secrets_of_their_seat() -> None:
    state = played("vote-all-agree-cards-unseen")
    cover = next(e for e in log_events(state.log) if e.kind == "cover")
    assert cover.data["card"] is HIDDEN and cover.get("card") == "sword"
    assert [sorted(s.audience) for s in cover.secrets] == [[0]]
    assert next(e for e in state.events(0) if e.kind == "cover").get("card") == "sword"
    for viewer in (None, 1):
        assert next(e for e in state.events(viewer) if e.kind == "cover").get("card") is HIDDEN
    vote = next(e for e in state.events(0) if e.kind == "voted")
    assert vote.get("agree") is HIDDEN


def test_every_viewer_sees_every_event_once_and_in_order() -> None:
    state = played("path-of-glory-success")
    for viewer in (None, 0, 1, 2, 3)[: state.players + 1]:
        assert [e.seq for e in state.events(viewer)] == list(range(1, state.seq + 1))
    half = state.seq // 2
    assert [e.seq for e in state.events(0, since=half)] == list(range(half + 1, state.seq + 1))
