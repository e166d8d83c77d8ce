"""Every seat's private past in a sampled world.

A sampler draws a world from one viewer's information, whose events carry only the private parts
that viewer saw. A world whose log stopped there would give every other seat an information state
without its own past (its deal, what it looked at), though a search asks each seat of the world
for its information. :func:`rebuilt_log` lays the viewer's events out again with the private parts
of every seat, rebuilt by the game from the world it drew, so that in the world every seat has a
perfect-recall history consistent with the hidden cards drawn, and the viewer's own is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from feint.engine.errors import FeintError
from feint.engine.events import EMPTY_LOG, Event, EventLog, Secret
from feint.engine.types import Viewer

Rebuild = Callable[[Event], Sequence[Secret] | None]
"""The private parts an event of the world carried, for every audience; None keeps it as the viewer saw it."""


def rebuilt_log(events: Sequence[Event], viewer: Viewer, rebuild: Rebuild) -> EventLog:
    """The log of ``events`` (what ``viewer`` saw) with each event's private parts as ``rebuild`` gives them.

    The parts the viewer saw must come out as it saw them: a sampler that rebuilt them otherwise drew
    a world the viewer's information excludes, and that is raised, never smoothed over.
    """
    log = EMPTY_LOG
    for event in events:
        if event.seq != log.seq + 1:
            raise FeintError(f"event {event.seq} cannot follow event {log.seq}")
        secrets = rebuild(event)
        if secrets is None:
            secrets = event.secrets
        else:
            secrets = tuple(secrets)
            mine = [s for s in secrets if viewer in s.audience]
            if len(mine) != len(event.secrets) or any(
                a.audience != b.audience or dict(a.data) != dict(b.data)
                for a, b in zip(mine, event.secrets, strict=True)
            ):
                raise FeintError(f"rebuilt event {event.seq} ({event.kind}) is not what seat {viewer} saw")
        log = EventLog(event.seq, event.kind, event.actor, event.data, secrets, log)
    return log
