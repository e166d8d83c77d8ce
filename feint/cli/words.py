"""The terminal's own sentences (prompts, errors, saves), by name; see :mod:`feint.engine.words`."""

from __future__ import annotations

from collections.abc import Mapping

from feint.engine.words import Phrasebook

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
    "lesson-decision": "Learning to play. {title}: {text}",
    "lesson-rule": "  From the rules: “{rule}”",
    "lesson-option": "  - {title}: {text} Choices: {choices}.",
    "lesson-term": "  {term}: {text}",
    "no-lesson": "{game} has no lesson to teach",
}
"""The terminal's own sentences, by name (see :func:`say`)."""


message = Phrasebook(MESSAGES)
"""This module's :data:`MESSAGES`, filled in."""
