"""The event log is a small slotted class: persistent, read through its methods, never unpacked."""

from __future__ import annotations

import pytest

from feint.engine import EMPTY_LOG, EventLog, StateFormatError, log_events, log_of, new_game, secret
from feint.engine.events import Event, log_from_json, log_to_json, payload


def three_events() -> EventLog:
    """A log of three events: a public one, one with a secret for seat 1, one by the game."""
    state = new_game("guile", 2, 0)
    state.log = EMPTY_LOG
    state.record("deal", None, count=4)
    state.record("look", 1, (secret(1, card="4d"),), card="?")
    state.record("reveal", None, cards=("1", "2"))
    return state.log


def test_a_log_is_no_sequence_so_it_cannot_be_unpacked_indexed_or_compared_entry_by_entry() -> None:
    log = three_events()
    with pytest.raises(TypeError):
        _seq, _kind, *_rest = log  # type: ignore[misc]
    with pytest.raises(TypeError):
        log[0]  # type: ignore[index]
    assert not hasattr(log, "__dict__")
    assert log != log_of(log.events())  # the same events, another log: == is identity
    assert log.events() == log_of(log.events()).events()


def test_the_empty_log_has_no_event_and_sequence_number_zero() -> None:
    assert not EMPTY_LOG and EMPTY_LOG.seq == 0 and EMPTY_LOG.events() == []
    assert three_events() and three_events().seq == 3


def test_events_read_back_in_order_and_only_after_since() -> None:
    log = three_events()
    assert [(e.seq, e.kind, e.actor) for e in log.events()] == [
        (1, "deal", None),
        (2, "look", 1),
        (3, "reveal", None),
    ]
    assert [e.seq for e in log.events(since=1)] == [2, 3]
    assert log.events(since=3) == [] and log_events(log, 2) == log.events(2)
    assert log.events()[2].data == {"cards": ("1", "2")}
    with pytest.raises(TypeError):
        log.events()[0].data["count"] = 5  # type: ignore[index]


def test_a_viewer_sees_only_the_secrets_of_its_audience() -> None:
    log = three_events()
    assert log.seen_by(1)[1].get("card") == "4d"
    assert log.seen_by(0)[1].get("card") == "?"
    assert log.seen_by(None, since=1)[0].secrets == ()


def test_what_a_viewer_sees_is_each_event_as_it_sees_it() -> None:
    """``seen_by`` makes each event as the viewer sees it in one pass: the same as reading every event and
    asking each what the viewer sees of it, its read-only fields included."""
    state = new_game("guile", 2, 0)
    state.log = EMPTY_LOG
    state.record("deal", None, (secret(0, hand=("1", "2")), secret(1, hand=("3", "4"))), hand=("?", "?"))
    state.record("look", 1, (secret(1, card="4d"), secret((0, 1), seen=True)), card="?")
    state.record("swap", 0, knight=3, other=5)
    log = state.log
    for viewer in (None, 0, 1):
        for since in range(4):
            seen = log.seen_by(viewer, since)
            assert seen == tuple(event.seen_by(viewer) for event in log.events(since))
            for event in seen:
                assert all(viewer in secret.audience for secret in event.secrets)
                with pytest.raises(TypeError):
                    event.data["card"] = "x"  # type: ignore[index]


def test_a_log_grows_persistently_and_refuses_a_gap() -> None:
    log = three_events()
    longer = log.add(Event(4, "over", None, payload(winner=0)))
    assert longer.seq == 4 and log.seq == 3 and longer.events()[:3] == log.events()
    with pytest.raises(StateFormatError, match="event 6 cannot follow event 4"):
        longer.add(Event(6, "over", None, payload()))


def test_a_log_round_trips_through_json() -> None:
    log = three_events()
    assert log_from_json(log_to_json(log)).events() == log.events()
