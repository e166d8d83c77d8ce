"""Words: how seats, counts and lists read in English, and the terminal's own messages.

Every sentence the terminal prints comes from a template in a ``MESSAGES``
table: this module's for the table's own talk (prompts, errors, saves), and
one per game in ``feint.cli.render.<game>_words`` for its events and help.
Templates fill named fields with :func:`say`, which also gives each template
the words that agree with its actor, so ``{Actor} {verb}`` can never read
"you chooses": a template uses past tense, or the ``{is}``/``{has}`` fields.
A test fills every template with sample values and reads the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from feint.engine.types import Seat, Viewer

MESSAGES: Mapping[str, str] = {
    "prompt": "{question} (letter, move, help, quit): ",
    "prompt-steps": "{question} (letter, move, back, help, quit): ",
    "not-legal": "Not a legal move: {reason}.",
    "no-letter": "There is no item {letter}; the items are {letters}.",
    "empty-answer": "Answer with the letter of an item, or type help.",
    "quit-how": "To stop the game, type quit.",
    "not-a-move": "{text!r} is neither an item of the menu nor a move; answer with a letter, or type help.",
    "confirm": "{question} (y to confirm, Enter to go back): ",
    "not-confirmed": "Not done: you did not confirm {move}.",
    "chosen": "Chosen so far: {steps}.",
    "unknown-help": "There is no help on {topic}; help knows {names}.",
    "hand-off": "{Seat}: press Enter when only you can see the screen.",
    "seat-moved": "{Actor} {has} moved.",
    "help": "{explain} Also: {commands}.",
    "moved": "{Seat} has moved; the next player's turn comes.",
    "sitting-out": "{Seat}: you are sitting out, and your turn has come round.",
    "stay-out": "press Enter to stay out",
    "abandoned": "Game abandoned.",
    "abandoned-saved": "Game abandoned. It is saved in {path}.",
    "input-ended": "The input has ended.",
    "undone": "Your last move, {move}, is taken back.",
    "undo-humans": "Undo is only for a game with one human at the table.",
    "undo-nothing": "You have made no move to take back.",
    "undo-revealed": "That move cannot be taken back: since it, you have seen {what}.",
    "saved-failed": "Could not save to {path}: {reason}. Play goes on; the next move tries again.",
    "game-over": "Game over. {outcome}",
    "end-prompt": "Type log to read the game again, or press Enter to leave: ",
    "nobody-wins": "Nobody wins.",
    "winner": "The winner: {names}.",
    "winners": "The winners: {names}.",
    "press-enter": "Press Enter to go back to the table.",
    "log-page": "Log, page {page} of {pages}: p for the page before, n for the next, Enter to go back.",
    "log-empty": "Nothing has happened yet.",
    "waiting": "Waiting for {names}.",
    "news": "What just happened:",
    "your-move": "Your move",
    "seat-move": "{Seat} to move",
}
"""The terminal's own sentences, by name (see :func:`say`)."""


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
            "seat": f"seat {actor}",
            "Seat": f"Seat {actor}",
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


message = Phrasebook(MESSAGES)
"""This module's :data:`MESSAGES`, filled in."""


def who(seat: Seat, viewer: Viewer) -> str:
    """A seat as the viewer calls it."""
    return "you" if seat == viewer else f"seat {seat}"


def whose(seat: Seat, viewer: Viewer) -> str:
    """A seat's possessive as the viewer says it: your, seat 2's."""
    return "your" if seat == viewer else f"seat {seat}'s"


def capital(text: str) -> str:
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
