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
from feint.games.knights.kinds import Kind
from tests.scenario_support import SCENARIO_ROOT, load

SEEN: dict[str, tuple[Any, list[dict[str, Any]]]] = {
    "jester-all-agree-token": (
        None,
        [
            {"event": Kind.ROUND},
            {"event": Kind.ADVANCE, "seat": 0, "to": 1},
            {"event": Kind.FLIP, "place": 1},
            {"event": Kind.ROLL, "dice": ["bomb"]},
            {"event": Kind.COVER, "seat": 0, "card": "?"},
            {"event": Kind.VOTED, "seat": 1, "agree": "?"},
            {"event": Kind.VOTES, "agree": [1], "disagree": []},
            {"event": Kind.REVEAL, "seat": 0, "cards": ["jester"]},
            {"event": Kind.MOVE, "seat": 0, "to": 1},
            {"event": Kind.TOKENS, "seat": 0, "gained": 1},
        ],
    ),
    "path-of-glory-success": (
        None,
        [
            {"event": Kind.ROUND},
            {"event": Kind.ADVANCE, "to": 1, "path_of_glory": False},
            {"event": Kind.FLIP},
            {"event": Kind.ROLL},
            {"event": Kind.MOVE, "to": 1},
            {"event": Kind.ADVANCE, "to": 2, "path_of_glory": False},
            {"event": Kind.FLIP},
            {"event": Kind.ROLL},
            {"event": Kind.MOVE, "to": 2},
            {"event": Kind.ADVANCE, "to": 3, "path_of_glory": True},
            {"event": Kind.FLIP},
            {"event": Kind.ROLL, "dice": ["sword", "blank"]},
            {"event": Kind.COVER},
            {"event": Kind.VOTED},
            {"event": Kind.VOTES},
            {"event": Kind.MOVE, "seat": 0, "to": 3},
            {"event": Kind.TOKENS, "seat": 0, "gained": 1},
        ],
    ),
    "view-revealed-cards-public": (
        None,
        [
            {"event": Kind.ROUND},
            {"event": Kind.ADVANCE},
            {"event": Kind.FLIP},
            {"event": Kind.ROLL},
            {"event": Kind.COVER, "card": "?"},
            {"event": Kind.VOTED},
            {"event": Kind.VOTES, "agree": [], "disagree": [1]},
            {"event": Kind.REVEAL, "seat": 0, "cards": ["bomb"]},
            {"event": Kind.BLUFF_CAUGHT, "seat": 0},
            {"event": Kind.MOVE, "seat": 1, "to": 1},
        ],
    ),
    "vote-all-agree-cards-unseen": (
        1,
        [
            {"event": Kind.ROUND},
            {"event": Kind.ADVANCE, "seat": 0},
            {"event": Kind.FLIP, "place": 1},
            {"event": Kind.ROLL, "dice": ["sword"]},
            {"event": Kind.COVER, "seat": 0, "card": "?"},
            {"event": Kind.VOTED, "seat": 1, "agree": True},
            {"event": Kind.VOTES, "agree": [1], "disagree": []},
            {"event": Kind.MOVE, "seat": 0, "to": 1},
            {"event": Kind.PASS, "seat": 0},
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
    cover = next(e for e in log_events(state.log) if e.kind == Kind.COVER)
    assert cover.data["card"] is HIDDEN and cover.get("card") == "sword"
    assert [sorted(s.audience) for s in cover.secrets] == [[0]]
    assert next(e for e in state.events(0) if e.kind == Kind.COVER).get("card") == "sword"
    for viewer in (None, 1):
        assert next(e for e in state.events(viewer) if e.kind == Kind.COVER).get("card") is HIDDEN
    vote = next(e for e in state.events(0) if e.kind == Kind.VOTED)
    assert vote.get("agree") is HIDDEN


def test_every_viewer_sees_every_event_once_and_in_order() -> None:
    state = played("path-of-glory-success")
    for viewer in (None, 0, 1, 2, 3)[: state.players + 1]:
        assert [e.seq for e in state.events(viewer)] == list(range(1, state.seq + 1))
    half = state.seq // 2
    assert [e.seq for e in state.events(0, since=half)] == list(range(half + 1, state.seq + 1))
