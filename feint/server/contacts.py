"""A seat's contact for "your turn" messages: checked strictly, stored apart, told to nobody.

A person gives it on their own seat's connection (``{"type": "notify",
"email": ...}`` or ``{"webhook": ...}``). An e-mail address must look like
one; a webhook URL must begin with one of the prefixes the host allowed
(``feint serve --webhook-prefix``), since a player's URL is not to be
trusted: without such a rule a player could make the server post to any
address it reaches (its own loopback, the host's network). The contact is
a secret: it is never sent to any connection, never in a replay, never
logged (:class:`Contact` hides it in its ``repr``).

The calls on the database block: the service runs them through
:meth:`Store.run <feint.server.store.Store.run>`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import unquote, urlsplit

from sqlalchemy import Table as Table_
from sqlalchemy import delete, insert, or_, update
from sqlalchemy.engine import Engine

from feint.server.db import ContactRow
from feint.server.tables import TableError

_CONTACTS = cast(Table_, ContactRow.__table__)
MAX_ADDRESS = 500
"""The longest webhook URL (an e-mail address is at most 254 characters)."""
_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_DOMAIN = re.compile(r"([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}")


@dataclass(frozen=True)
class Contact:
    kind: str
    """``email`` or ``webhook``."""
    address: str = field(repr=False)
    """A secret: only the message's sender ever reads it."""


def check_email(address: object) -> str:
    """The address, if it is a plain e-mail address (``name@example.org``); else a TableError."""
    if not isinstance(address, str) or len(address) > 254:
        raise TableError("bad_contact", "an e-mail address is a string of at most 254 characters")
    local, at, domain = address.rpartition("@")
    if not at or len(local) > 64 or not _LOCAL.fullmatch(local) or not _DOMAIN.fullmatch(domain):
        raise TableError("bad_contact", "that is not an e-mail address such as name@example.org")
    return address


def check_prefix(prefix: str) -> str:
    """A webhook prefix the host allows, if it is an http(s) URL whose path ends with ``/``."""
    parts = urlsplit(prefix)
    if parts.scheme not in ("http", "https") or not parts.hostname or not parts.path.endswith("/"):
        raise ValueError(f"a webhook prefix is an http(s) URL ending with '/', not {prefix!r}")
    if parts.username is not None or parts.query or parts.fragment:
        raise ValueError(f"a webhook prefix has no user, query or fragment: {prefix!r}")
    return prefix


def check_webhook(url: object, prefixes: Sequence[str]) -> str:
    """The URL, if it begins with one of ``prefixes`` (same scheme, host and port); else a TableError."""
    if not prefixes:
        raise TableError("bad_contact", "this server posts to no webhook; give an e-mail address")
    if (
        not isinstance(url, str)
        or len(url) > MAX_ADDRESS
        or not url.isprintable()
        or " " in url
        or "\\" in url
    ):
        raise TableError("bad_contact", "a webhook is a URL of at most {most} characters", most=MAX_ADDRESS)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise TableError("bad_contact", "that is not a URL") from None
    if any(unquote(segment) in (".", "..") for segment in parts.path.split("/")):
        raise TableError("bad_contact", "a webhook's path has no '.' or '..' segment")
    for prefix in prefixes:
        allowed = urlsplit(prefix)
        if (
            parts.scheme == allowed.scheme
            and parts.username is None
            and parts.hostname == allowed.hostname
            and port == allowed.port
            and parts.path.startswith(allowed.path)
            and not parts.fragment
        ):
            return url
    raise TableError(
        "bad_contact",
        "this server posts only to the webhooks it allows: {allowed}",
        allowed=", ".join(prefixes),
    )


def check_contact(data: Mapping[str, Any], kinds: frozenset[str], prefixes: Sequence[str]) -> Contact | None:
    """The contact a ``notify`` message gives, or None for "stop telling me"; a TableError if refused."""
    given = {key: data[key] for key in ("email", "webhook") if data.get(key) is not None}
    extra = set(data) - {"type", "email", "webhook"}
    if extra or len(given) > 1:
        raise TableError("bad_json", 'a notify message has "email" or "webhook" (or neither, to stop)')
    if not given:
        return None
    kind, address = next(iter(given.items()))
    if kind not in kinds:
        raise TableError("bad_contact", "this server sends no {kind} messages", kind=kind)
    if kind == "email":
        return Contact(kind, check_email(address))
    return Contact(kind, check_webhook(address, prefixes))


def save(engine: Engine, table_id: str, seat: int, contact: Contact | None, token: str) -> None:
    """Keep ``contact`` (and the seat's token, for its link) for the seat, or forget it (None)."""
    where = (_CONTACTS.c.table_id == table_id, _CONTACTS.c.seat == seat)
    with engine.begin() as connection:
        connection.execute(delete(_CONTACTS).where(*where))
        if contact is not None:
            row = {"table_id": table_id, "seat": seat, "kind": contact.kind, "address": contact.address}
            connection.execute(insert(_CONTACTS), {**row, "token": token, "notified": None})


def claim(engine: Engine, table_id: str, seat: int, turn: int) -> tuple[Contact, str] | None:
    """The seat's contact and token if it has one and was not told of its ``turn`` yet (now it is).

    ``turn`` is the count of the seat's moves: one message a turn. The update is the claim, so of two
    workers asking at once only one gets the contact.
    """
    with engine.begin() as connection:
        row = connection.execute(
            update(_CONTACTS)
            .where(
                _CONTACTS.c.table_id == table_id,
                _CONTACTS.c.seat == seat,
                or_(_CONTACTS.c.notified.is_(None), _CONTACTS.c.notified != turn),
            )
            .values(notified=turn)
            .returning(_CONTACTS.c.kind, _CONTACTS.c.address, _CONTACTS.c.token)
        ).first()
    return None if row is None else (Contact(row.kind, row.address), row.token)


def came(engine: Engine, table_id: str, seat: int) -> None:
    """The seat's person connected: the next time it becomes their move while away, they are told."""
    with engine.begin() as connection:
        connection.execute(
            update(_CONTACTS)
            .where(_CONTACTS.c.table_id == table_id, _CONTACTS.c.seat == seat)
            .values(notified=None)
        )
