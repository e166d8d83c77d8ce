"""Seeds for bots, from a stream of their own.

A bot that knew the game's seed could deal the game again and read every
hidden card and every future die. So bots are never seeded from the game's
seed: their seeds come from a separate *bot seed*, given or drawn from
:mod:`secrets`, and each seat's seed is a one-way hash of it, so one bot's
seed tells nothing of another's either.
"""

from __future__ import annotations

import hashlib
import secrets

from feint.engine.types import is_whole

SEEDS = range(1 << 63)
"""Every seed a game takes: 63 bits, a signed 64-bit integer's non-negative half (the server's column),
as :func:`fresh_seed` draws them. A number outside is refused, never folded into the range."""


def is_seed(value: object) -> bool:
    """Whether ``value`` is a seed: a whole number (not a bool) in :data:`SEEDS`."""
    return is_whole(value) and value in SEEDS


def fresh_seed() -> int:
    """A seed nobody can guess: for a game or a bot stream no one asked to fix."""
    return secrets.randbits(63)


def bot_seed(stream: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the bot stream ``stream``."""
    return _hashed(f"feint bot {stream} {seat}")


def table_seeds(master: int, ordinal: int) -> tuple[int, int]:
    """The game seed and the bot stream of the ``ordinal``-th table a server seeded with ``master`` makes.

    Each is a one-way hash, so the bot stream tells nothing of the deal.
    """
    return _hashed(f"feint table {master} {ordinal}"), _hashed(f"feint table bots {master} {ordinal}")


def _hashed(text: str) -> int:
    """A 63-bit seed drawn from ``text`` by SHA-256."""
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
