"""The chat of the tables this worker serves: the ``chat`` and ``react`` messages, rate limits, fan-out.

A line said is checked (:mod:`feint.server.chat`), throttled, stored, and
only then sent to everybody at the table who may read it: on this worker
through the hub's rooms, on the others through the Redis fan-out (a
``chat`` notice carrying the line). A refused line is answered with an
``error`` about the chat to its sender alone, and nothing is stored.

Each seat has its own token bucket on this worker (whichever of its
connections says it), each spectator's connection its own: :data:`BURST`
lines or reactions at once, then one every ``1 / RATE`` seconds.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable

from feint.engine.types import JsonObject
from feint.server import chat_store
from feint.server.chat import (
    HISTORY,
    REACTION,
    TEXT,
    Line,
    channel_of,
    channels_read,
    read_reaction,
    read_text,
)
from feint.server.hub import Bucket, Connection, Hub, Throttles
from feint.server.service import Tables
from feint.server.tables import TableError

BURST = 5
"""Lines and reactions one seat (or spectator) may say at once."""
RATE = 0.5
"""Lines and reactions a second one seat (or spectator) may say after its burst: one every 2 seconds."""
NOTICE = "chat"
"""The fan-out notice that carries a line to the other workers."""


class ChatRoom:
    def __init__(self, tables: Tables, hub: Hub, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = tables
        self.hub = hub
        self.clock = clock
        """What the buckets refill by (a test's own, to move time by hand)."""
        # The buckets read ``self.clock`` when they refill, so a test may set it after they exist.
        self._seats = Throttles(RATE, BURST, lambda: self.clock())
        self._spectators: weakref.WeakKeyDictionary[Connection, Bucket] = weakref.WeakKeyDictionary()
        hub.listeners[NOTICE] = self._remote_line

    async def say(self, conn: Connection, text: object) -> None:
        await self._store(conn, TEXT, read_text(text))

    async def react(self, conn: Connection, reaction: object) -> None:
        await self._store(conn, REACTION, read_reaction(reaction))

    async def _store(self, conn: Connection, kind: str, text: str) -> None:
        if not self._admit(conn):
            raise TableError(
                "throttled",
                "too many chat lines and reactions: {burst} at once, then one every {every:g} seconds; "
                "this one was not sent",
                burst=BURST,
                every=1 / RATE,
            )
        table = await self.tables.get(conn.table_id, fresh=False)
        said = Line(-1, channel_of(conn.viewer), conn.viewer, kind, text, table.seq, time.time())
        store = self.tables.store
        line = await store.run(chat_store.add_line, store.engine, conn.table_id, said)
        self._deliver(conn.table_id, line)
        self.hub.notify(conn.table_id, NOTICE, line.to_json())

    def _admit(self, conn: Connection) -> bool:
        if conn.viewer is not None:
            return self._seats.admit(f"{conn.table_id}\n{conn.viewer}")
        bucket = self._spectators.get(conn)
        if bucket is None:
            bucket = self._spectators[conn] = Bucket(RATE, BURST, lambda: self.clock())
        return bucket.take()

    async def history(self, conn: Connection, since: int | None) -> None:
        """Send a client just greeted the latest lines it may read (after ``since``, its last line seen)."""
        after = -1 if since is None else since
        store, channels = self.tables.store, channels_read(conn.viewer)
        # The client is in the room already: a line said while the history is read reaches it live
        # and is in the history too, so the history leaves out what it heard meanwhile.
        conn.chat_heard = set()
        try:
            lines = await store.run(
                chat_store.recent_lines, store.engine, conn.table_id, channels, after, HISTORY
            )
            heard = conn.chat_heard
        finally:
            conn.chat_heard = None
        told = [line for line in lines if line.number not in heard]
        conn.chat_in_history = frozenset(line.number for line in told)
        conn.send_chat(told, history=True)

    def _deliver(self, table_id: str, line: Line) -> None:
        for conn in self.hub.room(table_id):
            conn.send_chat([line])

    def _remote_line(self, table_id: str, line: JsonObject) -> None:
        self._deliver(table_id, Line.from_json(line))
