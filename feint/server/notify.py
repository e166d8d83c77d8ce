"""Turn-based play: tell a person it is their move, when they are not at the table.

After a change commits, the worker that made it looks at the seats to move:
a person's seat (no bot playing it) with none of its connections open, on
any worker, whose person gave a contact (:mod:`feint.server.contacts`), is
sent one message a turn: "It is your turn at <the game's title>", with the seat's own
link. The message is built from the table's id, the game's title and the
seat's link: nothing of any seat's hidden information. It goes out off the
event loop (e-mail through :mod:`smtplib` in a thread, a webhook through
httpx), and a failure is logged (never the contact nor the link) and
changes nothing at the table.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from collections.abc import Mapping, Sequence
from email.message import EmailMessage
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

import httpx

from feint.engine.registry import get_game
from feint.engine.state import Seat
from feint.server import contacts
from feint.server.contacts import Contact
from feint.server.store import Store
from feint.server.tables import Table, TableError
from feint.server.tokens import link

log = logging.getLogger("feint.server")
SEND_TIMEOUT = 10.0
"""Seconds a message may take to send before it is given up (once: no retries)."""


class Notifier(Protocol):
    """A channel "your turn" messages go through."""

    async def send(self, address: str, subject: str, text: str) -> None: ...

    async def close(self) -> None: ...


class SmtpNotifier:
    """E-mail through an SMTP server: ``smtp://[user:password@]host[:port]`` (plain, as to a relay on
    the same machine), ``smtp+starttls://...`` (STARTTLS, port 587) or ``smtps://...`` (TLS, port 465)."""

    def __init__(self, url: str, sender: str, timeout: float = SEND_TIMEOUT) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtp+starttls", "smtps") or not parts.hostname:
            raise ValueError("--smtp is smtp://[user:password@]host[:port] (or smtp+starttls://, smtps://)")
        self.scheme = parts.scheme
        self.host = parts.hostname
        self.port = parts.port or {"smtp": 25, "smtp+starttls": 587, "smtps": 465}[parts.scheme]
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = sender
        self.timeout = timeout

    async def send(self, address: str, subject: str, text: str) -> None:
        await asyncio.to_thread(self._send, address, subject, text)

    def _send(self, address: str, subject: str, text: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, address, subject
        message.set_content(text)
        smtp: smtplib.SMTP
        if self.scheme == "smtps":
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        with smtp:
            if self.scheme == "smtp+starttls":
                smtp.starttls(context=ssl.create_default_context())
            if self.user is not None:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)

    async def close(self) -> None:
        pass


class WebhookNotifier:
    """A POST of ``{"text": ...}`` to the seat's webhook URL (chat apps take these): once, no redirects."""

    def __init__(self, timeout: float = SEND_TIMEOUT) -> None:
        self.client = httpx.AsyncClient(timeout=timeout, follow_redirects=False)

    async def send(self, address: str, subject: str, text: str) -> None:
        response = await self.client.post(address, json={"text": text})
        response.raise_for_status()

    async def close(self) -> None:
        await self.client.aclose()


class Notices:
    """Who to tell it is their move, and the telling (see the module's docstring).

    With no notifier (neither ``--smtp`` nor ``--webhook-prefix``) it does nothing, and
    every contact is refused.
    """

    def __init__(
        self,
        store: Store,
        notifiers: Mapping[str, Notifier],
        public_url: str,
        webhook_prefixes: Sequence[str] = (),
    ) -> None:
        self.store = store
        self.notifiers = dict(notifiers)
        self.public_url = public_url.rstrip("/")
        self.webhook_prefixes = tuple(webhook_prefixes)
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def enabled(self) -> bool:
        return bool(self.notifiers)

    def check(self, data: Mapping[str, Any]) -> Contact | None:
        """The contact a ``notify`` message gives (None: stop); TableError ``bad_contact`` if refused."""
        if not self.enabled:
            raise TableError("bad_contact", "this server sends no your-turn messages")
        return contacts.check_contact(data, frozenset(self.notifiers), self.webhook_prefixes)

    async def save(self, table_id: str, seat: Seat, contact: Contact | None, token: str) -> None:
        await self.store.run(contacts.save, self.store.engine, table_id, seat, contact, token)

    async def came(self, table_id: str, seat: Seat) -> None:
        """The seat's person connected: the next turn they are away from, they are told of again."""
        if self.enabled:
            await self.store.run(contacts.came, self.store.engine, table_id, seat)

    def changed(self, table: Table, connected: set[Seat]) -> None:
        """After a committed change: tell each person now to move who is not here (once a turn)."""
        if table.over or table.expired:
            return
        for seat in table.state.to_move():
            entry = table.seats[seat]
            if entry.kind == "human" and not entry.bot_plays and seat not in connected:
                turn = sum(1 for mover, _ in table.moves if mover == seat)
                task = asyncio.ensure_future(self._tell(table.id, table.game, seat, turn))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _tell(self, table_id: str, game: str, seat: Seat, turn: int) -> None:
        try:
            found = await self.store.run(contacts.claim, self.store.engine, table_id, seat, turn)
            if found is None:
                return
            contact, token = found
            title = get_game(game).TITLE
            subject = f"Your turn at {title}"
            url = self.public_url + link(table_id, seat, token)
            text = f"It is your turn at {title} (table {table_id}). Open your seat:\n{url}\n"
            await self.notifiers[contact.kind].send(contact.address, subject, text)
        except Exception as error:
            # Never the address nor the link: the error's text may hold either.
            log.warning(
                "the your-turn message to seat %s of table %s failed: %s",
                seat,
                table_id,
                type(error).__name__,
            )

    async def settle(self) -> None:
        """Wait for the messages under way (each gives up after its timeout)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def close(self) -> None:
        await self.settle()
        for notifier in self.notifiers.values():
            await notifier.close()
