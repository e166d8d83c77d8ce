"""Words: how seats, counts and lists read in English, and a game's phrasebook.

Every sentence a front-end shows comes from a template in a ``messages``
table: the terminal's own (``feint.cli.words``), and each game's phrasebook,
declared with the game, for its events and help. Templates fill named fields
with :func:`say`, which also gives each template the words that agree with
its actor, so ``{Actor} {verb}`` can never read "you chooses": a template
uses past tense, or the ``{is}``/``{has}`` fields. The terminal and the
browser tell an event in the same words: both ask the game's
:meth:`Phrasebook.tell` (the server sends the sentence with each event).

Seats are "seat 2" unless the front-end gives their display names: inside
:func:`calling` (or :meth:`Phrasebook.told`), :func:`who`, :func:`whose` and
every template's ``{actor}`` call a named seat by its name, so every game's
phrasebook tells names with no code of its own. A name is shown as given,
never capitalised; the viewer's own seat stays "you".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from feint.engine.events import Event
from feint.engine.types import Seat, Viewer

_NAMES: ContextVar[tuple[str | None, ...]] = ContextVar("feint_seat_names", default=())
"""The display names of the seats being told of (None: no name), set by :func:`calling` only."""


@contextmanager
def calling(names: Sequence[str | None]) -> Iterator[None]:
    """Within the block, seat ``n`` is called ``names[n]`` (if given and not None) instead of "seat n".

    A context variable, so concurrent tables (threads or asyncio tasks) each tell their own names.
    """
    token = _NAMES.set(tuple(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def seat_name(seat: Seat) -> str:
    """A seat as somebody else calls it: its display name if one is given (:func:`calling`), else "seat 2"."""
    names = _NAMES.get()
    name = names[seat] if 0 <= seat < len(names) else None
    return f"seat {seat}" if name is None else name


def say(template: str, actor: Seat | None = None, viewer: Viewer = None, **fields: Any) -> str:
    """``template`` with ``fields`` filled in, and the actor's agreeing words.

    Besides the given fields, a template may use ``{actor}``/``{Actor}`` (the
    acting seat as the viewer calls it), ``{is}``, ``{has}``, ``{was}``, ``{its}`` and
    ``{Seat}``/``{seat}`` (the seat's own name, for a hand-off).
    """
    words: dict[str, Any] = {}
    if actor is not None:
        name = who(actor, viewer)
        words = {
            "actor": name,
            "Actor": capital(name),
            "is": "are" if name == "you" else "is",
            "has": "have" if name == "you" else "has",
            "was": "were" if name == "you" else "was",
            "its": "your" if name == "you" else "its",
            "seat": seat_name(actor),
            "Seat": capital(seat_name(actor)),
        }
    return template.format(**words, **fields)


class Phrasebook:
    """A table of templates, filled by name (``words("event-pass", seat, viewer)``), and a game's help."""

    def __init__(
        self, messages: Mapping[str, str], rules: str = "", glossary: Mapping[str, str] | None = None
    ) -> None:
        self.messages = messages
        self.rules = rules
        """The one-screen summary of the rules, for ``rules``."""
        self.glossary: Mapping[str, str] = glossary or {}
        """Cards and terms by name, for ``help <name>``."""

    def __call__(self, key: str, actor: Seat | None = None, viewer: Viewer = None, **fields: Any) -> str:
        return say(self.messages[key], actor, viewer, **fields)

    def told(self, event: Event, viewer: Viewer, names: Sequence[str | None] = ()) -> str | None:
        """:meth:`tell`, each seat called by its name in ``names`` (see :func:`calling`)."""
        with calling(names):
            return self.tell(event, viewer)

    def tell(self, event: Event, viewer: Viewer) -> str | None:
        """One event, as ``viewer`` saw it (``state.events(viewer)``), in words; None if not worth a line.

        A game's phrasebook tells its events; this plain one gives the actor and the event's kind.
        """
        actor = "" if event.actor is None else f"{capital(who(event.actor, viewer))}: "
        return f"{actor}{event.kind}"


def who(seat: Seat, viewer: Viewer) -> str:
    """A seat as the viewer calls it."""
    return "you" if seat == viewer else seat_name(seat)


def whose(seat: Seat, viewer: Viewer) -> str:
    """A seat's possessive as the viewer says it: your, seat 2's, Ann's."""
    return "your" if seat == viewer else f"{seat_name(seat)}'s"


def capital(text: str) -> str:
    """``text`` with a capital first letter, to start a sentence; a seat's display name is left as given."""
    if any(
        name and text.startswith(name) and not text[len(name) : len(name) + 1].isalnum()
        for name in _NAMES.get()
    ):
        return text
    return text[:1].upper() + text[1:]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``no cards``."""
    many = plural or f"{noun}s"
    if n == 0:
        return f"no {many}"
    return f"{n} {noun if n == 1 else many}"


def listing(words: Sequence[str], empty: str = "nothing") -> str:
    """``a``, ``a and b``, ``a, b and c``; ``empty`` for none."""
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def or_listing(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def seats(seat_list: Iterable[Seat], viewer: Viewer, empty: str = "nobody") -> str:
    return listing([who(seat, viewer) for seat in seat_list], empty)


def tally(things: Iterable[str], plural: Mapping[str, str] | None = None) -> str:
    """Things counted by kind, in first-seen order: ``2 weapons and 1 shield``."""
    counts: dict[str, int] = {}
    for thing in things:
        counts[thing] = counts.get(thing, 0) + 1
    names = plural or {}
    return listing([count(n, thing, names.get(thing)) for thing, n in counts.items()])
