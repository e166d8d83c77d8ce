"""A table's chat: its lines, what may be said, who reads what, and the one function building a ``chat``.

There are two channels. The seats' chat is written by the persons at the
seats and read by the seats and by the spectators: table talk, said in the
open, as at a real table where onlookers hear it. The spectators' chat is
written by the spectators (the creator watching without a seat is one) and
read by them only: a seat never receives it, so nobody watching can tell a
player anything through the table. A spectator sees ``view(None)``, what
everybody sees, so nothing a spectator says can hold a hidden card.

Who writes where is decided by who sends, never by the message: a seat's
token writes the seats' chat, anything else the spectators' chat. Bots
never chat. A line is its author's seat (or None), its text and the game's
``seq`` when it was said; it holds nothing of the state, and every ``chat``
message is built by :func:`chat_message` from lines alone.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from feint.engine.state import Viewer
from feint.engine.types import JsonObject
from feint.server.tables import TableError

SEATS = "seats"
SPECTATORS = "spectators"
TEXT = "text"
REACTION = "reaction"
REACTIONS = ("👍", "😮", "😂", "🤔", "👏")
"""The quick reactions, sent with one click: nothing else is a reaction."""
MAX_CHARS = 300
"""Characters (code points, after NFC normalisation) a line may hold."""
HISTORY = 100
"""Lines a client is sent after ``hello``: the latest it may read (after ``chat_since`` if it gives one)."""
_JOINER = "\u200d"
"""The zero-width joiner: a format character, but it joins emoji (👨‍👩‍👧), so it is allowed."""
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format, surrogate, private-use and unassigned characters, and line and paragraph
separators: none prints, and the format ones (bidirectional overrides, zero-width spaces) disguise text."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a table's chat, or a quick reaction, as stored."""

    number: int
    """Numbered from 0 per table in the order said; a client keeps the highest it has seen."""
    channel: str
    seat: int | None
    """The seat that said it; None for a spectator."""
    kind: str
    text: str
    seq: int
    said: float

    def to_json(self) -> JsonObject:
        return {
            "line": self.number,
            "channel": self.channel,
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text,
            "seq": self.seq,
            "time": self.said,
        }

    @classmethod
    def from_json(cls, data: JsonObject) -> Line:
        return cls(
            data["line"], data["channel"], data["seat"], data["kind"], data["text"], data["seq"], data["time"]
        )


def channel_of(viewer: Viewer) -> str:
    """The channel a connection writes: the seats' chat from a seat, the spectators' from anybody else."""
    return SPECTATORS if viewer is None else SEATS


def channels_read(viewer: Viewer) -> tuple[str, ...]:
    """The channels a viewer reads: a seat the seats' chat only, a spectator (or the creator) both."""
    return (SEATS,) if viewer is not None else (SEATS, SPECTATORS)


def chat_message(lines: Iterable[Line], viewer: Viewer, history: bool = False) -> JsonObject | None:
    """The ``chat`` message for ``viewer``: the lines of ``lines`` it may read; None if there are none.
    ``history`` marks the lines sent after ``hello`` (said before), as against a line said now.

    Every ``chat`` message is built here, from lines alone: it carries
    nothing of any table's state, and never the spectators' chat to a seat.
    """
    told = readable(lines, viewer)
    return {"type": "chat", "history": history, "lines": told} if told else None


def readable(lines: Iterable[Line], viewer: Viewer) -> list[JsonObject]:
    """The lines of ``lines`` that ``viewer`` may read, as the wire carries them (the replay's too)."""
    channels = channels_read(viewer)
    return [line.to_json() for line in lines if line.channel in channels]


def read_text(text: object) -> str:
    """The line a client sent, NFC-normalised and trimmed; TableError if it is not one to store."""
    if not isinstance(text, str):
        raise TableError("chat_not_text", 'a chat message is {"type": "chat", "text": "what you say"}')
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise TableError("chat_empty", "say something: the line is empty")
    if len(text) > MAX_CHARS:
        raise TableError(
            "chat_too_long",
            "a line is at most {most} characters; this one has {length}",
            most=MAX_CHARS,
            length=len(text),
        )
    for char in text:
        if char != _JOINER and unicodedata.category(char) in _REFUSED:
            raise TableError(
                "chat_bad_character",
                "the line holds U+{code:04X}, a character that does not print "
                "(a control or format character, a line break, or an unassigned one)",
                code=ord(char),
            )
    return text


def read_reaction(reaction: object) -> str:
    """A quick reaction a client sent; TableError unless it is one of :data:`REACTIONS`."""
    if not isinstance(reaction, str) or reaction not in REACTIONS:
        raise TableError(
            "chat_unknown_reaction", "a reaction is one of {reactions}", reactions=" ".join(REACTIONS)
        )
    return reaction
