"""Seat and creator tokens: 192 random bits each, stored only as a hash, compared in constant time.

A token is the whole of a seat's credentials, so it is never logged and
never stored: the database keeps its SHA-256, which is enough for a token
this long (nobody guesses 192 bits, so no slow hash is needed). The one
exception is a seat whose person asked for "your turn" messages
(:mod:`feint.server.notify`): the message holds the seat's link, so its
contact row keeps the token until the game ends.
"""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24
"""192 bits: more than the 128 the issue asks for."""


def link(table_id: str, seat: int, token: str) -> str:
    """A join link: the token rides in the fragment, which browsers never send to a server or proxy."""
    return f"/table/{table_id}#seat={seat}&token={token}"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A table's public name: unguessable too, so a private table is reachable only by its link."""
    return secrets.token_urlsafe(12)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str | None, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, compared in constant time."""
    if token is None or stored_hash is None:
        return False
    return secrets.compare_digest(token_hash(token), stored_hash)
