"""The bots a person picks from, named by strength: what the web lobby offers for a seat.

Easiest first. Each is a spec :func:`feint.bots.registry.make_bot` takes; a
level a game cannot play (a game without a heuristic) is left out for it.
"""

from __future__ import annotations

from typing import NamedTuple

from feint.bots.registry import make_bot
from feint.engine.errors import SetupError
from feint.engine.words import N_


class Level(NamedTuple):
    bot: str
    """The bot spec the server seats."""
    label: str
    """What a person reads: the strength first, then how the bot plays."""


LEVELS: tuple[Level, ...] = (
    Level("random", N_("Bot: easiest (plays at random)")),
    Level("ismcts:easy", N_("Bot: easy (a search without rules of thumb)")),
    Level("heuristic", N_("Bot: instant (rules of thumb)")),
    Level("ismcts", N_("Bot: normal (a short search with rules of thumb)")),
    Level("ismcts:hard", N_("Bot: hard (a longer search with rules of thumb)")),
)
"""Random, easy, normal and hard are the ladder: each takes a clear majority from the one below at 2 seats
in every game (docs/bots.md, "The levels' ladder"). The heuristic, named for its speed, sits where it
plays in most games, between easy and normal."""


def levels(game: str) -> list[Level]:
    """The levels ``game`` can seat, easiest first."""
    playable = []
    for level in LEVELS:
        try:
            make_bot(level.bot, game)
        except SetupError:
            continue
        playable.append(level)
    return playable
