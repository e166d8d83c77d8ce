"""Shared review after the end (as Hanab Live): one person steps through the replay, the table follows.

A ``review`` message from a seat or the creator of a finished table sets the
frame everybody at the table is shown: the server keeps it in memory with
who set it (the leader) and sends ``{"type": "review", "frame", "by"}`` to
every connection of the table, spectators included. It carries the frame's
number and the leader, nothing else: a page draws the frame from the replay
frames it opened itself with its own token (spectators cannot open them,
so they see the number only). With several workers the frame travels on
the Redis fan-out (:meth:`feint.server.hub.Hub.notify`, notice kind ``review``), so every worker
holds it and tells its own connections. Nothing is stored: a restart
forgets where the review stood.
"""

from __future__ import annotations

from dataclasses import dataclass

from feint.engine.state import Seat
from feint.engine.types import JsonObject
from feint.server.tables import Table, TableError

CREATOR = "creator"
"""``by`` when the creator leads (the creator has no seat)."""

REVIEW = "review"
"""The kind of the fan-out notice that carries a review step to the other workers."""


@dataclass(frozen=True)
class Review:
    frame: int
    by: Seat | str
    """The leading seat, or :data:`CREATOR`."""

    def message(self) -> JsonObject:
        return {"type": "review", "frame": self.frame, "by": self.by}


def frames_of(table: Table) -> int:
    """How many frames the replay has: the deal, then one after each move."""
    return len(table.moves) + 1


def checked_frame(table: Table, frame: object) -> int:
    """The frame asked for, if the table is over and it is one of its frames; else a TableError."""
    if not table.over:
        raise TableError("not_over", "the shared review opens when the game is over")
    if isinstance(frame, bool) or not isinstance(frame, int):
        raise TableError("bad_json", 'a review message is {"type": "review", "frame": n}, n a whole number')
    last = frames_of(table) - 1
    if not 0 <= frame <= last:
        raise TableError(
            "bad_frame",
            "frame {frame} is not in this replay: its frames are 0 (the deal) to {last}",
            frame=frame,
            last=last,
        )
    return frame


class Reviews:
    """Where the review of each finished table stands on this worker (the fan-out keeps workers agreed).

    At most :attr:`KEEP` tables: the one stepped least recently is forgotten first, so tables
    reviewed one after the other cannot grow this without bound.
    """

    KEEP = 10_000

    def __init__(self) -> None:
        self._at: dict[str, Review] = {}

    def get(self, table_id: str) -> Review | None:
        return self._at.get(table_id)

    def set(self, table_id: str, review: Review) -> None:
        self._at.pop(table_id, None)
        self._at[table_id] = review
        if len(self._at) > self.KEEP:
            del self._at[next(iter(self._at))]


def review_from(notice: JsonObject) -> Review | None:
    """The review a fan-out notice carries, if it is well formed (a worker's own notices are)."""
    frame, by = notice.get("frame"), notice.get("by")
    if isinstance(frame, bool) or not isinstance(frame, int):
        return None
    if by != CREATOR and (isinstance(by, bool) or not isinstance(by, int)):
        return None
    return Review(frame, by)
