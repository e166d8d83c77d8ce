"""The terminal's own sentences (prompts, errors, saves) and command words, by name.

The templates are data, catalogued with the games' phrasebooks (``python -m feint.locale.extract``), and
told in the language being spoken (:func:`feint.engine.words.speaking`): see :mod:`feint.engine.words`.
A command is typed in English or in the language spoken; the prompts show the words of the language
spoken, so the words a player reads are words the terminal takes (:func:`command`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from feint.engine.types import Seat, Viewer
from feint.engine.words import Phrasebook, tr

MESSAGES: Mapping[str, str] = {
    "prompt": "{question} (letter, move, {help}, {quit}): ",
    "prompt-steps": "{question} (letter, move, {back}, {help}, {quit}): ",
    "not-legal": "Not a legal move: {reason}.",
    "no-letter": "There is no item {letter}; the items are {letters}.",
    "empty-answer": "Answer with the letter of an item, or type {help}.",
    "quit-how": "To stop the game, type {quit}.",
    "not-a-move": "{text!r} is neither an item of the menu nor a move; answer with a letter, or type {help}.",
    "confirm": "{question} ({yes} to confirm, Enter to go back): ",
    "not-confirmed": "Not done: you did not confirm {move}.",
    "chosen": "Chosen so far: {steps}.",
    "unknown-help": "There is no help on {topic}; {help} knows {names}.",
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
    "end-prompt": "Type {log} to read the game again, or press Enter to leave: ",
    "nobody-wins": "Nobody wins.",
    "winner": "The winner: {names}.",
    "winners": "The winners: {names}.",
    "press-enter": "Press Enter to go back to the table.",
    "log-page": "Log, page {page} of {pages}: {before} for the page before, {next} for the next, "
    "Enter to go back.",
    "log-empty": "Nothing has happened yet.",
    "news": "What just happened:",
    "lesson-decision": "Learning to play. {title}: {text}",
    "lesson-rule": "  From the rules: “{rule}”",
    "lesson-option": "  - {title}: {text} Choices: {choices}.",
    "lesson-term": "  {term}: {text}",
    "no-lesson": "{game} has no lesson to teach",
    "help-name": "{help} <name>",
    "command-help": "help",
    "command-rules": "rules",
    "command-log": "log",
    "command-undo": "undo",
    "command-back": "back",
    "command-quit": "quit",
    "command-yes": "y",
    "command-yes-word": "yes",
    "command-before": "p",
    "command-next": "n",
}
"""The terminal's own sentences, by name (see :func:`say`)."""


COMMANDS = ("help", "rules", "log", "undo", "back", "quit", "yes", "before", "next")
"""The terminal's command words by their names: ``command-help`` is the word for help, which the
templates' ``{help}`` shows; ``command-yes-word`` is a longer way to say ``command-yes``."""


def word(name: str) -> str:
    """The word for command ``name`` in the language spoken: ``help``, ``aide``."""
    return tr(MESSAGES[f"command-{name}"])


def command(text: str) -> str | None:
    """The command ``text`` types, in English or in the language spoken, in any case and with or
    without accents (``regles`` is ``règles``); None if none."""
    said = _plain(text)
    for key, english in MESSAGES.items():
        if key.startswith("command-") and said in (english, _plain(tr(english))):
            return key.removeprefix("command-").removesuffix("-word")
    return None


def _plain(text: str) -> str:
    """``text`` in lower case, its spaces single and its letters without accents."""
    letters = unicodedata.normalize("NFKD", " ".join(text.lower().split()))
    return "".join(letter for letter in letters if not unicodedata.combining(letter))


class TerminalBook(Phrasebook):
    """The terminal's templates, given the command words of the language spoken (``{help}``, ``{quit}``)."""

    def __call__(self, key: str, actor: Seat | None = None, viewer: Viewer = None, **fields: Any) -> str:
        return super().__call__(key, actor, viewer, **{name: word(name) for name in COMMANDS}, **fields)


message = TerminalBook(MESSAGES)
"""This module's :data:`MESSAGES`, filled in."""
