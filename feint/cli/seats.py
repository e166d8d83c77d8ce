"""Who sits where: ``--seats human,heuristic,...``, and the shorthand ``--vs``/``--seat``.

A seat is ``human`` or the name of a bot from the bot registry. Without
``--seats`` the table is one human (seat 0, or ``--seat``) against the
game's strongest bot (``feint.bots.registry.strongest``, or ``--vs``) in every other seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from feint.bots.registry import HUMAN, bot_kinds
from feint.bots.spec import parse_spec, split_specs
from feint.engine.errors import SetupError
from feint.engine.state import Seat
from feint.engine.words import or_listing

__all__ = ["HUMAN", "default_seats", "humans", "parse_seats"]


def parse_seats(text: str) -> tuple[str, ...]:
    """``"human, heuristic"`` as ``("human", "heuristic")``; raises SetupError for an unknown name.

    A bot's own settings stay with it: ``human,ismcts:hard,trees=1`` is two seats. A malformed spec
    is refused in the spec parser's words; its settings' limits are checked when the bot is made.
    """
    names = tuple(name.lower() for name in split_specs(text))
    for name in names:
        if name != HUMAN and _kind(name, "--seats") not in bot_kinds():
            known = or_listing([HUMAN, *bot_kinds()])
            shown = repr(name) if name else "an empty name"
            raise SetupError(f"--seats: {shown} is neither a person nor a bot; a seat is {known}")
    return names


def _kind(name: str, option: str) -> str:
    """The kind of bot ``name`` names; a malformed spec is refused, after ``option``, as the parser says."""
    try:
        return parse_spec(name).kind if name else name
    except SetupError as error:
        raise SetupError(f"{option}: {error}") from None


def default_seats(players: int, human: Seat, bot: str) -> tuple[str, ...]:
    """One human at ``human`` and ``bot`` everywhere else."""
    if not 0 <= human < players:
        raise SetupError(f"--seat must be a seat from 0 to {players - 1}, not {human}")
    if _kind(bot, "--vs") not in bot_kinds():
        raise SetupError(f"--vs: unknown bot {bot!r}; bots are {or_listing(list(bot_kinds()))}")
    return tuple(HUMAN if seat == human else bot for seat in range(players))


def humans(seats: Sequence[str]) -> tuple[Seat, ...]:
    return tuple(seat for seat, name in enumerate(seats) if name == HUMAN)
