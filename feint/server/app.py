"""The ASGI application: ``create_app(settings)``, and ``app_from_environment`` for uvicorn's workers.

One process serves many tables. The websocket endpoint reads frames and
hands each to the :class:`~feint.server.protocol.Protocol`; a task per
connection writes its outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect

from feint.server.api import request_language, router
from feint.server.bots import BotPool
from feint.server.contacts import check_prefix
from feint.server.db import open_database
from feint.server.guards import BodyLimit, ReadLimit, json_errors
from feint.server.hub import Connection, Fanout, Hub, Throttle, Throttles
from feint.server.messages import error_message
from feint.server.notify import Notices, Notifier, SmtpNotifier, WebhookNotifier
from feint.server.protocol import Protocol
from feint.server.service import Tables
from feint.server.store import Store
from feint.server.tables import TableError

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
DAY = 86400.0
SWEEP_EVERY = 3600.0
"""Seconds between two sweeps for idle tables (or a tenth of the limit, if that is sooner)."""
log = logging.getLogger("feint.server")


@dataclass(frozen=True)
class Settings:
    database: str = "sqlite:///feint.db"
    redis: str | None = None
    bot_pause: float = 0.6
    """Seconds a bot waits before it moves, so people can follow."""
    bot_processes: int = 2
    bot_time_limit: float = 15.0
    """Seconds a bot may take over one decision before a fallback bot makes it."""
    throttle: float = 10.0
    """Messages a second one connection may send, and requests making tables or taking seats one
    client address may, and requests reading tables (websockets included), each after a burst of
    three seconds' worth."""
    spectators: int = 50
    """Spectators one table may have on one worker."""
    static: Path = field(default=STATIC)
    table_seed: int | None = None
    """Deal the tables from this seed, in the order each worker makes them, so a test plays the same
    games every run; None (the default) deals each from a fresh secret seed. Never a client's choice."""
    smtp: str | None = None
    """The SMTP server "your turn" e-mails go through (feint.server.notify.SmtpNotifier); None: no e-mail."""
    smtp_from: str = "feint@localhost"
    webhook_prefixes: tuple[str, ...] = ()
    """The URLs a player's webhook may begin with (feint.server.contacts); none: no webhooks."""
    public_url: str = "http://127.0.0.1:8000"
    """Where people reach the server: the start of the links in "your turn" messages."""
    expire_after: float | None = None
    """Days an unfinished table may go without a move before it expires; None: never."""

    def environment(self) -> dict[str, str]:
        """These settings as the environment ``app_from_environment`` reads (for uvicorn's workers)."""
        env = {
            "FEINT_DATABASE": self.database,
            "FEINT_BOT_PAUSE": str(self.bot_pause),
            "FEINT_BOT_PROCESSES": str(self.bot_processes),
            "FEINT_BOT_TIME_LIMIT": str(self.bot_time_limit),
            "FEINT_THROTTLE": str(self.throttle),
            "FEINT_SPECTATORS": str(self.spectators),
        }
        if self.table_seed is not None:
            env["FEINT_TABLE_SEED"] = str(self.table_seed)
        env["FEINT_SMTP_FROM"] = self.smtp_from
        env["FEINT_PUBLIC_URL"] = self.public_url
        env["FEINT_WEBHOOK_PREFIXES"] = " ".join(self.webhook_prefixes)
        if self.smtp is not None:
            env["FEINT_SMTP"] = self.smtp
        if self.expire_after is not None:
            env["FEINT_EXPIRE_AFTER"] = str(self.expire_after)
        if self.redis is not None:
            env["FEINT_REDIS"] = self.redis
        return env


def app_from_environment() -> FastAPI:
    """The app of one uvicorn worker, with the settings ``feint serve`` put in the environment."""
    return create_app(
        Settings(
            database=os.environ.get("FEINT_DATABASE", Settings.database),
            redis=os.environ.get("FEINT_REDIS") or None,
            bot_pause=float(os.environ.get("FEINT_BOT_PAUSE", Settings.bot_pause)),
            bot_processes=int(os.environ.get("FEINT_BOT_PROCESSES", Settings.bot_processes)),
            bot_time_limit=float(os.environ.get("FEINT_BOT_TIME_LIMIT", Settings.bot_time_limit)),
            throttle=float(os.environ.get("FEINT_THROTTLE", Settings.throttle)),
            spectators=int(os.environ.get("FEINT_SPECTATORS", Settings.spectators)),
            table_seed=int(os.environ["FEINT_TABLE_SEED"]) if "FEINT_TABLE_SEED" in os.environ else None,
            smtp=os.environ.get("FEINT_SMTP") or None,
            smtp_from=os.environ.get("FEINT_SMTP_FROM", Settings.smtp_from),
            webhook_prefixes=tuple(os.environ.get("FEINT_WEBHOOK_PREFIXES", "").split()),
            public_url=os.environ.get("FEINT_PUBLIC_URL", Settings.public_url),
            expire_after=float(os.environ["FEINT_EXPIRE_AFTER"])
            if "FEINT_EXPIRE_AFTER" in os.environ
            else None,
        )
    )


def create_app(settings: Settings) -> FastAPI:
    hub = Hub()
    bots = BotPool(settings.bot_processes, settings.bot_time_limit)
    store = Store(open_database(settings.database))
    tables = Tables(
        store, hub, bots, settings.bot_pause, settings.table_seed, notices=_notices(settings, store)
    )
    protocol = Protocol(tables, hub, settings.spectators)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if settings.redis is not None:
            hub.fanout = Fanout(settings.redis, hub)
            await hub.fanout.start(tables.remote_change, tables.remote_presence)
        await tables.resume()
        sweeping = None
        if settings.expire_after is not None:
            sweeping = asyncio.create_task(_sweep(tables, settings.expire_after * DAY))
        try:
            yield
        finally:
            if sweeping is not None:
                sweeping.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeping
            await tables.close()
            if hub.fanout is not None:
                await hub.fanout.close()
            tables.bots.close()
            store.close()

    app = FastAPI(title="Feint", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.tables = tables
    app.state.chat = protocol.chat
    burst = int(settings.throttle * 3)
    app.state.http_throttles = Throttles(settings.throttle, burst)
    app.state.read_throttles = Throttles(settings.throttle, burst)
    app.add_middleware(BodyLimit)
    json_errors(app)
    app.add_middleware(ReadLimit, throttles=app.state.read_throttles)
    app.include_router(router(tables, settings.static, app.state.http_throttles))
    if settings.static.is_dir():
        app.mount("/static", StaticFiles(directory=settings.static), name="static")

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        # Until its hello names the page's language, the connection speaks the request's (docs/web.md).
        language = request_language(websocket)
        conn = Connection(websocket, table_id, throttle=Throttle(settings.throttle, burst), language=language)
        try:
            await tables.get(table_id)
        except TableError as err:
            await websocket.send_json(error_message(err.code, err.message, language=language))
            await websocket.close(code=4404)
            return
        writer = asyncio.create_task(conn.write())
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                await protocol.receive(conn, frame.get("text"))
                if conn.close_code is not None:
                    break  # flooding, not reading, or refused: nothing more is read
        except WebSocketDisconnect:
            pass
        finally:
            conn.close()
            if hub.leave(conn):
                tables.presence_changed(table_id)
            with contextlib.suppress(Exception):
                await writer

    return app


def _notices(settings: Settings, store: Store) -> Notices:
    """The channels "your turn" messages go through: the ones the host configured."""
    notifiers: dict[str, Notifier] = {}
    if settings.smtp is not None:
        notifiers["email"] = SmtpNotifier(settings.smtp, settings.smtp_from)
    prefixes = tuple(check_prefix(prefix) for prefix in settings.webhook_prefixes)
    if prefixes:
        notifiers["webhook"] = WebhookNotifier()
    return Notices(store, notifiers, settings.public_url, prefixes)


async def _sweep(tables: Tables, limit: float) -> None:
    """Expire the tables idle past ``limit`` seconds, now and then, for as long as the server runs."""
    while True:
        try:
            await tables.expire_idle(limit)
        except Exception:
            log.exception("the sweep for idle tables failed")
        await asyncio.sleep(min(SWEEP_EVERY, limit / 10))
