"""Who is connected where: each websocket's outbox, the rooms of a table, presence, and the fan-out.

Every message to a client goes through :meth:`Connection.send_state` (the
``state`` messages, built by :func:`feint.server.messages.message_for`) or
:meth:`Connection.send_error`, :meth:`Connection.send_pong` and :meth:`Connection.send_chat`
(the chat's lines, built by :func:`feint.server.chat.chat_message`); each is queued on the
connection's outbox and written by its own task, so a slow client never
holds up a table. With several workers, :class:`Fanout` tells the others
through Redis pub/sub that a table changed or who is connected to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from feint.engine.state import Move, Seat, Viewer
from feint.engine.types import JsonObject
from feint.locale import ENGLISH
from feint.server import chat, messages
from feint.server.names import seat_names
from feint.server.tables import Table

log = logging.getLogger("feint.server")

OUTBOX_LIMIT = 500
"""Messages queued for a client that does not read them before it is dropped."""
POLICY_VIOLATION = 1008
"""The websocket close code of a connection closed for what it did (flooding, not reading)."""
REVIEW_RATE = 5.0
REVIEW_BURST = 20
"""Steps of the shared review one connection may lead: a burst (a slider dragged), then a rate."""
TRY_AGAIN_LATER = 1013
"""The websocket close code of a connection refused for now (the read throttle, a full table)."""


class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Throttle(Bucket):
    """A sender's messages: ``burst`` at once, then ``rate`` a second; the rest are dropped.

    The dropped messages fill a bucket of their own, the same size: a
    sender dropped more than ``burst`` messages beyond ``rate`` a second (so
    sending over twice its rate for a few seconds) is :meth:`flooding`.
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(rate, burst, clock)
        self.told = False
        """Whether the sender was told it is throttled since it last got through."""
        self.dropped = Bucket(rate, burst, clock)

    def admit(self) -> bool:
        if self.take():
            self.told = False
            return True
        return False

    def flooding(self) -> bool:
        """Count a message dropped: whether the sender stays too far over its limit to keep."""
        return not self.dropped.take()


class Throttles:
    """A :class:`Throttle` per client address: for HTTP requests that make things, or that read tables.

    Buckets that have filled up again are forgotten once there are many, so
    a flood from many addresses cannot grow this without bound.
    """

    KEEP = 10_000

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, Throttle] = {}

    def admit(self, address: str) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.KEEP:
                self._forget_full()
            bucket = self._buckets[address] = Throttle(self.rate, self.burst, self.clock)
        return bucket.admit()

    def _forget_full(self) -> None:
        now = self.clock()
        for address, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.last) * bucket.rate >= bucket.burst:
                del self._buckets[address]


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    table_id: str
    viewer: Viewer = None
    creator: bool = False
    greeted: bool = False
    sent: int = 0
    """The seq of the last event this client was sent."""
    undos: int = 0
    """The table's take-backs this client knows of: after one more, it is sent every event afresh."""
    throttle: Throttle = field(default_factory=lambda: Throttle(rate=10.0, burst=30))
    """Replaced by the app with its own rate (``--throttle``)."""
    review_steps: Bucket = field(default_factory=lambda: Bucket(rate=REVIEW_RATE, burst=REVIEW_BURST))
    """The shared review's steps this client may lead (each one is sent to the whole table)."""
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    close_code: int | None = None
    """Set once the connection is to close: the code it closes with, after its outbox is sent."""
    renames: int = 0
    """Names this connection has given its seat (each change retells every seat its whole log)."""
    told_names: tuple[str | None, ...] | None = None
    """The seats' names this client's sentences were told with; None before its first state."""
    language: str = ENGLISH
    """The language the page speaks (its hello's ``language``): its sentences are told in it."""
    token: str | None = field(default=None, repr=False)
    """The seat's token its hello gave (a seat's connection only): the link a your-turn message holds."""
    chat_heard: set[int] | None = None
    """While its chat history is being read: the lines sent to it live meanwhile, left out of the history."""
    chat_in_history: frozenset[int] = frozenset()
    """The lines its chat history held, left out when they come live: a worker stores a line, then
    delivers it, so a history read between the two holds a line that is still on its way."""

    def send_state(self, table: Table, connected: set[Seat]) -> None:
        # Every event is told again, so the page replaces its log, when the seats' names changed (every
        # sentence then uses them) or moves were taken back (the log then ends earlier).
        names = tuple(seat_names(table))
        renamed = self.told_names is not None and names != self.told_names
        retold = renamed or self.undos != table.undos
        since = 0 if retold else self.sent
        message = messages.message_for(
            table, self.viewer, since, connected, time.time(), retold=retold, language=self.language
        )
        self.told_names, self.undos = names, table.undos
        self.sent = table.seq
        self._push(message)

    def send_error(self, code: str, text: str, legal: Sequence[Move] = (), about: str | None = None) -> None:
        """A refusal, told in the connection's language (``text``: a fixed English text or a Phrase)."""
        self._push(messages.error_message(code, text, legal, about, self.language))

    def send_chat(self, lines: Sequence[chat.Line], history: bool = False) -> None:
        """The lines of the table's chat this client may read, if any (see :func:`chat.chat_message`)."""
        if not history:
            lines = [line for line in lines if line.number not in self.chat_in_history]
            if self.chat_heard is not None:
                self.chat_heard.update(line.number for line in lines)
        message = chat.chat_message(lines, self.viewer, history)
        if message is not None:
            self._push(message)

    def send_notify(self, kind: str | None) -> None:
        """The channel this seat is told of its turns through now (never the contact itself)."""
        self._push({"type": "notify", "kind": kind})

    def send_pong(self) -> None:
        self._push({"type": "pong"})

    def send_review(self, message: JsonObject) -> None:
        """Where the shared review stands (feint.server.review): a frame's number and its leader only."""
        self._push(message)

    def _push(self, message: JsonObject) -> None:
        if self.close_code is not None:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self, code: int = POLICY_VIOLATION) -> None:
        """Close the connection once what is queued is sent; nothing queued after it is."""
        if self.close_code is None:
            self.close_code = code
            self.outbox.put_nowait(None)

    async def write(self) -> None:
        """Send the outbox, in order, until the connection is closed."""
        while (text := await self.outbox.get()) is not None:
            await self.websocket.send_text(text)
        with contextlib.suppress(Exception):
            await self.websocket.close(code=self.close_code or POLICY_VIOLATION)


class Hub:
    def __init__(self) -> None:
        self.worker = os.urandom(8).hex()
        self._rooms: dict[str, set[Connection]] = {}
        self._remote: dict[str, dict[str, frozenset[Seat]]] = {}
        """For each table, the seats connected on each other worker, as its last notice said."""
        self.fanout: Fanout | None = None
        self.listeners: dict[str, Callable[[str, Any], None]] = {}
        """What to do with a fan-out notice of each kind that :meth:`notify` sent from another worker."""

    def join(self, conn: Connection, viewer: Viewer, creator: bool) -> bool:
        """Greet ``conn`` as ``viewer`` in its table's room: whether the seats connected here changed."""
        before = self.local_seats(conn.table_id)
        conn.viewer, conn.creator, conn.greeted = viewer, creator, True
        self._rooms.setdefault(conn.table_id, set()).add(conn)
        return self.local_seats(conn.table_id) != before

    def leave(self, conn: Connection) -> bool:
        """Take a connection out of its room: whether the seats connected here changed."""
        room = self._rooms.get(conn.table_id)
        if room is None or conn not in room:
            return False
        before = self.local_seats(conn.table_id)
        room.discard(conn)
        if not room:
            del self._rooms[conn.table_id]
        return self.local_seats(conn.table_id) != before

    def spectators(self, conn: Connection) -> int:
        """How many spectators (no seat, not the creator) other than ``conn`` watch its table here."""
        room = self._rooms.get(conn.table_id, ())
        return sum(1 for c in room if c is not conn and c.viewer is None and not c.creator)

    def room(self, table_id: str) -> list[Connection]:
        """The greeted connections to ``table_id`` on this worker."""
        return [conn for conn in self._rooms.get(table_id, ()) if conn.greeted]

    def notify(self, table_id: str, kind: str, payload: Any) -> None:
        """Tell the other workers (if any) ``payload`` about ``table_id``: ``listeners[kind]`` gets it."""
        if self.fanout is not None:
            self.fanout.notify(table_id, kind, payload)

    def has_room(self, table_id: str) -> bool:
        return table_id in self._rooms

    def local_seats(self, table_id: str) -> frozenset[Seat]:
        room = self._rooms.get(table_id, ())
        return frozenset(c.viewer for c in room if c.viewer is not None)

    def connected(self, table_id: str) -> set[Seat]:
        """The seats with somebody connected, on this worker or another."""
        seats = set(self.local_seats(table_id))
        for remote in self._remote.get(table_id, {}).values():
            seats |= remote
        return seats

    def broadcast(self, table: Table) -> None:
        """Send every client of ``table`` on this worker what changed for it."""
        connected = self.connected(table.id)
        for conn in self._rooms.get(table.id, ()):
            if conn.greeted:
                conn.send_state(table, connected)

    def tell_review(self, table_id: str, message: JsonObject) -> None:
        """Send every greeted client of ``table_id`` on this worker where the shared review stands."""
        for conn in self._rooms.get(table_id, ()):
            if conn.greeted:
                conn.send_review(message)

    def set_remote(self, table_id: str, worker: str, seats: frozenset[Seat]) -> None:
        workers = self._remote.setdefault(table_id, {})
        if seats:
            workers[worker] = seats
        else:
            workers.pop(worker, None)
            if not workers:
                del self._remote[table_id]


class Fanout:
    """Redis pub/sub between workers: "table changed" and "who is connected here" notices.

    A worker publishes its seats at a table when they change, asking the
    others for theirs (``ask``); a worker asked answers once with its own,
    if it has any there, without asking back. A notice received never makes
    a worker publish unless asked, so two workers never echo each other.
    """

    CHANNEL = "feint:tables"

    def __init__(self, url: str, hub: Hub) -> None:
        import redis.asyncio as aioredis

        self.hub = hub
        self.redis = aioredis.from_url(url)
        self._listener: asyncio.Task[None] | None = None
        self._notices: asyncio.Queue[str] = asyncio.Queue()
        self._publisher: asyncio.Task[None] | None = None
        self._published: dict[str, frozenset[Seat]] = {}
        """The seats this worker last told the others it has at each table (none: no entry)."""

    async def start(
        self,
        on_change: Callable[[str], Awaitable[None]],
        on_presence: Callable[[str], None],
    ) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self.CHANNEL)
        self._listener = asyncio.create_task(self._listen(pubsub, on_change, on_presence))
        self._publisher = asyncio.create_task(self._publish_all())

    async def _listen(
        self,
        pubsub: Any,
        on_change: Callable[[str], Awaitable[None]],
        on_presence: Callable[[str], None],
    ) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            notice = json.loads(message["data"])
            if notice["worker"] == self.hub.worker:
                continue
            table_id = notice["table"]
            try:
                kind = next((k for k in notice if k in self.hub.listeners), None)
                if "seats" in notice:
                    self.hub.set_remote(table_id, notice["worker"], frozenset(notice["seats"]))
                    if notice.get("ask") and self.hub.local_seats(table_id):
                        self._publish_seats(table_id, ask=False)
                    on_presence(table_id)
                elif kind is not None:
                    self.hub.listeners[kind](table_id, notice[kind])
                else:
                    await on_change(table_id)
            except Exception:
                log.exception("fan-out of table %s failed", table_id)

    def changed(self, table_id: str) -> None:
        self._publish({"table": table_id})

    def notify(self, table_id: str, kind: str, payload: Any) -> None:
        """A notice of ``kind`` (a key of the hub's ``listeners``) carrying ``payload``."""
        self._publish({"table": table_id, kind: payload})

    def presence(self, table_id: str) -> None:
        """Tell the others this worker's seats at ``table_id``, if they changed since it last did."""
        if self.hub.local_seats(table_id) != self._published.get(table_id, frozenset()):
            self._publish_seats(table_id, ask=True)

    def _publish_seats(self, table_id: str, ask: bool) -> None:
        seats = self.hub.local_seats(table_id)
        if seats:
            self._published[table_id] = seats
        else:
            self._published.pop(table_id, None)
        self._publish({"table": table_id, "seats": sorted(seats), "ask": ask})

    def _publish(self, notice: JsonObject) -> None:
        self._notices.put_nowait(json.dumps({"worker": self.hub.worker, **notice}))

    async def _publish_all(self) -> None:
        """Send the notices in order, on one connection, however many changes come at once."""
        while True:
            notice = await self._notices.get()
            try:
                await self.redis.publish(self.CHANNEL, notice)
            except Exception:
                log.exception("cannot publish to Redis")

    async def close(self) -> None:
        for task in (self._listener, self._publisher):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.redis.aclose()
