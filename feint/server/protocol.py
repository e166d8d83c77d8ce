"""The websocket protocol (docs/server.md): a client's messages, checked and turned into table changes.

Each client message gets exactly one answer to its sender, or a ``state``
to everybody at the table if it changed something: a refused one gets an
``error`` with a code, a reason and the sender's legal moves, and changes
nothing. Messages are JSON text frames of at most 64 KiB, and a client
sending faster than its :class:`~feint.server.hub.Throttle` allows is told
once and then ignored until it slows down.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from feint.bots.registry import check_bot, strongest
from feint.engine.errors import SetupError
from feint.engine.types import is_whole
from feint.engine.words import Phrase
from feint.locale import chosen
from feint.server import undo
from feint.server.chat_room import ChatRoom
from feint.server.hub import TRY_AGAIN_LATER, Connection, Hub
from feint.server.names import check_name
from feint.server.review import CREATOR, REVIEW, Review, Reviews, checked_frame, review_from
from feint.server.service import Tables
from feint.server.tables import Table, TableError
from feint.server.tokens import matches

MAX_MESSAGE = 64 * 1024
RENAMES = 20
"""Names one connection may give its seat: a new name retells the whole log to everybody at the table."""
log = logging.getLogger("feint.server")

Handler = Callable[["Protocol", Connection, dict[str, Any]], Awaitable[None]]


class Protocol:
    def __init__(self, tables: Tables, hub: Hub, spectator_cap: int = 50) -> None:
        self.tables = tables
        self.hub = hub
        self.spectator_cap = spectator_cap
        """Spectators one table may have on this worker; the next is told ``full`` and closed."""
        self.chat = ChatRoom(tables, hub)
        self.reviews = Reviews()
        hub.listeners[REVIEW] = self.remote_review

    async def receive(self, conn: Connection, text: str | None) -> None:
        """Handle one frame from ``conn``: ``None`` for a binary frame."""
        if not conn.throttle.admit():
            if conn.throttle.flooding():
                rate = conn.throttle.rate
                conn.send_error(
                    "flooding", Phrase("far over {rate:g} messages a second for too long; closing", rate=rate)
                )
                conn.close()
                return
            if not conn.throttle.told:
                conn.throttle.told = True
                rate = conn.throttle.rate
                conn.send_error(
                    "throttled", Phrase("too many messages; slow down to {rate:g} a second", rate=rate)
                )
            return
        try:
            data = _parse(text)
            handler = HANDLERS.get(data["type"])
            if handler is None:
                known = ", ".join(sorted(HANDLERS))
                raise TableError(
                    "unknown_type",
                    "unknown message type {type!r}; types are {known}",
                    type=data["type"],
                    known=known,
                )
            if handler is not Protocol.hello and not conn.greeted:
                raise TableError("forbidden", 'say {"type": "hello"} first')
            await handler(self, conn, data)
        except TableError as err:
            await self._refuse(conn, err)
        except Exception:
            # A failure of the server's own: logged, told to the sender, and the connection lives on.
            log.exception("a message at table %s failed", conn.table_id)
            conn.send_error("internal", "the server failed to handle this message")

    async def _refuse(self, conn: Connection, err: TableError, about: str | None = None) -> None:
        legal: tuple[Any, ...] = ()
        if conn.greeted and conn.viewer is not None:
            table = await self.tables.get(conn.table_id, fresh=False)
            legal = table.state.legal_moves(conn.viewer)
        conn.send_error(err.code, err.message, legal, about)

    async def hello(self, conn: Connection, data: dict[str, Any]) -> None:
        table = await self.tables.get(conn.table_id)
        token = data.get("token")
        since = data.get("since")
        if token is not None and not isinstance(token, str):
            raise TableError("bad_token", "the token must be a string or null")
        if since is not None and (not is_whole(since) or since < 0):
            raise TableError("bad_json", '"since" must be the last seq seen, or null')
        undos = data.get("undos")
        undos = table.undos if undos is None else undos
        if not is_whole(undos) or undos < 0:
            raise TableError("bad_json", '"undos" must be the count of take-backs last seen')
        chat_since = data.get("chat_since")
        if chat_since is not None and (not is_whole(chat_since) or chat_since < 0):
            raise TableError("bad_json", '"chat_since" must be the last chat line seen, or null')
        viewer, creator = None, False
        if token is not None:
            viewer = table.seat_of(token)
            creator = matches(token, table.creator_hash)
            if viewer is None and not creator:
                raise TableError(
                    "bad_token",
                    "this link opens no seat at this table: check that it is the whole link you were "
                    "sent (a seat taken from the lobby opens only with the link its taker was given)",
                )
        if viewer is None and not creator and self.hub.spectators(conn) >= self.spectator_cap:
            conn.send_error(
                "full", Phrase("this table has {cap} spectators already; try later", cap=self.spectator_cap)
            )
            conn.close(TRY_AGAIN_LATER)
            return
        if isinstance(data.get("language"), str):  # else the request's (its Accept-Language), as it was
            conn.language = chosen(data["language"])
        conn.sent = since if since is not None and since <= table.seq else 0
        # A page that missed a take-back is sent every event afresh (its next state is "retold").
        conn.undos = undos if since is not None else table.undos
        seats_changed = self.hub.join(conn, viewer, creator)
        if viewer is not None:
            conn.token = token
            await self.tables.notices.came(conn.table_id, viewer)
        if viewer is not None and _returning(table, viewer):
            # The change tells everybody, this client included, who is here now.
            await self.tables.change(conn.table_id, lambda t: t.person_back(viewer, self.tables.clock()))
            self.tables.presence_changed(conn.table_id, tell_here=False)
        elif seats_changed:
            self.tables.presence_changed(conn.table_id)
        else:
            # A spectator, or a seat's second connection: only the newcomer is told anything.
            await self.tables.tell(conn)
        await self.chat.history(conn, chat_since)
        review = self.reviews.get(conn.table_id)
        if review is not None:
            conn.send_review(review.message())

    async def review(self, conn: Connection, data: dict[str, Any]) -> None:
        """Lead the shared review: every connection of the table is told the frame and the leader."""
        if conn.viewer is None and not conn.creator:
            raise TableError("forbidden", "a spectator follows the review; a seat or the creator leads it")
        table = await self.tables.get(conn.table_id, fresh=False)
        frame = checked_frame(table, data.get("frame"))
        if not conn.review_steps.take():
            raise TableError("throttled", "the review is stepped too fast; slow down")
        review = Review(frame, conn.viewer if conn.viewer is not None else CREATOR)
        self.reviews.set(conn.table_id, review)
        self.hub.tell_review(conn.table_id, review.message())
        self.hub.notify(conn.table_id, REVIEW, review.message())

    def remote_review(self, table_id: str, notice: dict[str, Any]) -> None:
        """Another worker's connection stepped the review: hold it here too and tell this worker's clients."""
        review = review_from(notice)
        if review is not None:
            self.reviews.set(table_id, review)
            self.hub.tell_review(table_id, review.message())

    async def move(self, conn: Connection, data: dict[str, Any], *, table_move: bool = False) -> None:
        seat = _seat_of(conn)
        if "move" not in data or "seq" not in data:
            raise TableError("bad_json", 'a move message has "move" and "seq"')
        table = await self.tables.get(conn.table_id, fresh=False)
        if table.seats[seat].stand_in and not table.over:
            await self.tables.change(conn.table_id, lambda t: t.person_back(seat, self.tables.clock()))
        move, seq = data["move"], data["seq"]
        if table_move and not isinstance(move, str):
            raise TableError("bad_json", "a table move is its text: sit out, sit in, leave or join")
        await self.tables.change(
            conn.table_id, lambda t: t.play(seat, move, seq, self.tables.clock(), table_move=table_move)
        )

    async def table_move(self, conn: Connection, data: dict[str, Any]) -> None:
        await self.move(conn, data, table_move=True)

    async def rematch(self, conn: Connection, data: dict[str, Any]) -> None:
        if conn.viewer is None and not conn.creator:
            raise TableError("forbidden", "only the table's seats and its creator may ask for a rematch")
        await self.tables.rematch(conn.table_id)

    async def hand_to_bot(self, conn: Connection, data: dict[str, Any]) -> None:
        if not conn.creator:
            raise TableError("forbidden", "only the table's creator may hand a seat to a bot")
        table = await self.tables.get(conn.table_id)
        bot = data.get("bot", strongest(table.game))
        if not isinstance(bot, str):
            raise TableError(
                "bad_json", "a bot is named by a spec such as {example!r}", example=strongest(table.game)
            )
        try:
            check_bot(bot, table.game)
        except SetupError as err:
            raise TableError("bad_json", err.reason) from None
        connected = self.hub.connected(conn.table_id)
        seat = data.get("seat")
        await self.tables.change(
            conn.table_id, lambda t: t.hand_to_bot(seat, bot, connected, self.tables.clock())
        )

    async def start_clocks(self, conn: Connection, data: dict[str, Any]) -> None:
        if not conn.creator:
            raise TableError("forbidden", "only the table's creator may start the clocks")
        await self.tables.change(conn.table_id, lambda t: t.start_clocks(self.tables.clock()))

    async def undo(self, conn: Connection, data: dict[str, Any]) -> None:
        """A seat asks to take back its last move and every move since, or withdraws its request."""
        seat = _seat_of(conn)
        now = self.tables.clock()
        if data.get("withdraw") is True:
            await self.tables.change(conn.table_id, lambda t: undo.withdraw(t, seat, now))
        else:
            await self.tables.change(conn.table_id, lambda t: undo.ask(t, seat, now))

    async def undo_answer(self, conn: Connection, data: dict[str, Any]) -> None:
        seat = _seat_of(conn)
        now = self.tables.clock()
        await self.tables.change(conn.table_id, lambda t: undo.answer(t, seat, data.get("agree"), now))

    async def name(self, conn: Connection, data: dict[str, Any]) -> None:
        """A seat's person gives its display name (docs/server.md, "Names"); everybody is told."""
        seat = conn.viewer
        if seat is None:
            raise TableError(
                "forbidden", "only a seat's person may give a name; open the table with a seat's link"
            )
        if conn.renames >= RENAMES:
            raise TableError(
                "throttled",
                "a connection may name its seat {renames} times; reconnect to go on",
                renames=RENAMES,
            )
        conn.renames += 1
        text = data.get("name")

        def rename(table: Table) -> None:
            taken = tuple(s.name for s in table.seats if s.seat != seat)
            table.rename(seat, check_name(text, taken))

        await self.tables.change(conn.table_id, rename)

    async def notify(self, conn: Connection, data: dict[str, Any]) -> None:
        """A seat's person gives the contact to tell them it is their move while away (or stops it).

        Only this connection is answered, with the channel's kind: the contact is told to nobody.
        """
        seat = conn.viewer
        if seat is None or conn.token is None:
            raise TableError("forbidden", "only a seat's person may ask to be told of their turns")
        contact = self.tables.notices.check(data)  # refused before anything is stored
        table = await self.tables.get(conn.table_id)
        if table.over:
            raise TableError("game_over", "the game is over")
        if table.expired:
            raise TableError("expired", "this table expired: nobody moved for too long")
        await self.tables.notices.save(conn.table_id, seat, contact, conn.token)
        conn.send_notify(None if contact is None else contact.kind)

    async def ping(self, conn: Connection, data: dict[str, Any]) -> None:
        conn.send_pong()

    async def say(self, conn: Connection, data: dict[str, Any]) -> None:
        """A line of the table's chat: the channel is the sender's (see :mod:`feint.server.chat`)."""
        try:
            await self.chat.say(conn, data.get("text"))
        except TableError as err:
            await self._refuse(conn, err, about="chat")

    async def react(self, conn: Connection, data: dict[str, Any]) -> None:
        """A quick reaction, said in the sender's channel as a line is."""
        try:
            await self.chat.react(conn, data.get("reaction"))
        except TableError as err:
            await self._refuse(conn, err, about="chat")


HANDLERS: dict[str, Handler] = {
    "hello": Protocol.hello,
    "move": Protocol.move,
    "table_move": Protocol.table_move,
    "rematch": Protocol.rematch,
    "hand_to_bot": Protocol.hand_to_bot,
    "start_clocks": Protocol.start_clocks,
    "name": Protocol.name,
    "notify": Protocol.notify,
    "ping": Protocol.ping,
    "chat": Protocol.say,
    "react": Protocol.react,
    "review": Protocol.review,
    "undo": Protocol.undo,
    "undo_answer": Protocol.undo_answer,
}


def _parse(text: str | None) -> dict[str, Any]:
    if text is None:
        raise TableError("bad_json", "send JSON text frames, not binary ones")
    if len(text) > MAX_MESSAGE or len(text.encode()) > MAX_MESSAGE:
        raise TableError("too_large", "a message is at most {most} bytes", most=MAX_MESSAGE)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # ValueError: bad JSON, or an integer too long to read
        raise TableError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise TableError("bad_json", 'a message is a JSON object with a "type"')
    return data


def _seat_of(conn: Connection) -> int:
    if conn.viewer is None:
        raise TableError("forbidden", "a spectator cannot move; open the table with a seat's link")
    return conn.viewer


def _returning(table: Table, seat: int) -> bool:
    entry = table.seats[seat]
    return not table.expired and (not entry.claimed or (entry.stand_in and not table.over))
