"""Bots: each sees a view and the legal moves, and chooses one."""

from feint.bots.base import Bot
from feint.bots.registry import bot_kinds, make_bot

__all__ = ["Bot", "bot_kinds", "make_bot"]
