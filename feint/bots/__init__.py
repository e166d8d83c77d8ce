"""Bots: each sees a view and the legal moves, and chooses one."""

from feint.bots.base import Bot
from feint.bots.registry import BOT_KINDS, make_bot

__all__ = ["BOT_KINDS", "Bot", "make_bot"]
