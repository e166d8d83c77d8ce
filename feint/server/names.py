"""Seats' display names: the text a person gives, checked, and what every seat at a table is called.

A name is text a stranger typed, so it is never trusted: :func:`check_name`
normalises it (Unicode NFC, runs of spaces made one, trimmed) and refuses,
with the code ``bad_name``, anything that is not 1 to :data:`MAX_NAME`
characters of printable text, or that could pass for one of the words the
table uses for its seats ("you", "seat 2", a bot). :func:`seat_names` is the
one place a table's seats get their names, for the presence list and for
every sentence the phrasebooks tell (docs/server.md, "Names").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from feint.bots.levels import LEVELS
from feint.engine.words import tr
from feint.server.tables import Table, TableError

MAX_NAME = 24
"""Characters (code points, after normalising) a name may have."""

SEAT_WORDS = frozenset({"you", "your", "yours", "yourself", "seat", "seats", "bot", "bots"})
"""Words no name may hold: the words the table calls the viewer, the seats and the bots by."""

SEAT_MARKS = frozenset("▲●■◆★⚙◉○✪▶?")
"""The symbols the pages mark seats, bots and hidden cards with: no name may hold them."""

_BOT_NAMES = {
    level.bot: f"{level.label.removeprefix('Bot: ').split(' (')[0].capitalize()} bot" for level in LEVELS
}
"""A bot seat's name, from its level's label: "Instant bot" for ``heuristic``. Catalogued by the extraction
(``feint.locale.extract``), and told in the language being spoken."""


def check_name(text: object, taken: tuple[str | None, ...] = ()) -> str:
    """``text`` as a seat's name, normalised; a ``bad_name`` TableError if it cannot be one.

    ``taken`` holds the names of the table's other seats: a name differing from one of them only in
    case is refused too, so no two seats read alike.
    """
    if not isinstance(text, str):
        raise TableError("bad_name", "a name is a string")
    name = unicodedata.normalize("NFC", text)
    if _controls(name):
        raise TableError(
            "bad_name", "a name may not hold control or format characters (tabs and line breaks included)"
        )
    name = " ".join(name.split())  # every run of Unicode spaces becomes one space; none is left at the ends
    if not name:
        raise TableError("bad_name", "a name has at least one character besides spaces")
    if len(name) > MAX_NAME:
        raise TableError(
            "bad_name",
            "a name is at most {most} characters; this one has {length}",
            most=MAX_NAME,
            length=len(name),
        )
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise TableError("bad_name", "a name holds at least one letter or digit")
    marks = sorted(SEAT_MARKS.intersection(name))
    if marks:
        raise TableError(
            "bad_name", "a name may not hold {marks}: the table marks seats with them", marks="".join(marks)
        )
    words = set(re.findall(r"\w+", name.casefold()))
    clash = sorted(words & SEAT_WORDS)
    if clash:
        raise TableError(
            "bad_name",
            'a name may not hold the word {word!r}: the table calls seats "you", '
            '"seat 2" or "Easy bot", and a name must not pass for one',
            word=clash[0],
        )
    if any(other is not None and other.casefold() == name.casefold() for other in taken):
        raise TableError("bad_name", "another seat at this table is called {name!r} already", name=name)
    return name


def _controls(text: str) -> bool:
    """Whether ``text`` holds a control, format, surrogate, private-use or unassigned character."""
    return any(unicodedata.category(c)[0] == "C" for c in text)


def bot_name(spec: str) -> str:
    """A bot seat's name: its level's ("Easy bot"), or its spec's for a bot no level names."""
    return tr(_BOT_NAMES[spec]) if spec in _BOT_NAMES else tr("Bot {spec}").format(spec=spec)


def bot_names() -> list[str]:
    """Every level's bot name, in English: what the catalogue translates."""
    return list(_BOT_NAMES.values())


def seat_names(table: Table) -> list[str | None]:
    """What each seat of ``table`` is called (see :func:`called`)."""
    return called([(s.kind, s.bot, s.name) for s in table.seats])


def called(seats: Sequence[tuple[str, str | None, str | None]]) -> list[str | None]:
    """What each seat is called, from its kind, bot and person's name: its person's name (None
    before one is given), a bot seat its level's.

    A stand-in bot keeps its person's name: the sentences say it stands in for them. Bots of one
    level are told apart by their seat ("Easy bot (seat 2)"); people's names are distinct already.
    """
    names = [bot_name(bot or "") if kind == "bot" else name for kind, bot, name in seats]
    return [
        tr("{name} (seat {seat})").format(name=name, seat=seat)
        if name is not None and names.count(name) > 1
        else name
        for seat, name in enumerate(names)
    ]
