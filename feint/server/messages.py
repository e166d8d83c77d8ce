"""The one function that builds what a seat is told: :func:`message_for`.

Every ``state`` message is made here from the viewer's ``view``, its events
since what it was last sent, and its legal moves (a spectator's from
``view(None)``, with no moves), plus what the table shows everybody: the
clocks, who is here, and the end. Nothing else of the game state is read,
so a message can hold nothing the seat's information does not: the wire's
security rests on this function and on the engine's views.

Each event carries its ``sentence``: the event in words as the viewer saw it,
told by the game's phrasebook (:meth:`~feint.engine.words.Phrasebook.tell`),
the one place an event becomes words for the terminal and the browser alike.
A browser shows these sentences and writes none of its own. At a teaching
table a seat's message also carries its ``lesson``
(:func:`~feint.engine.teaching.lesson_for`), from the same view, legal moves
and events. Seats are named
in them as :func:`~feint.server.names.seat_names` calls them, the names the
presence list gives too: a seat's name is the table's, never the game's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from functools import cache

from feint.arena.bluffs import bluff_statistics
from feint.engine.events import Event
from feint.engine.registry import declaration
from feint.engine.state import Move, Seat, Viewer
from feint.engine.teaching import Lesson, lesson_for, move_kind
from feint.engine.types import JsonObject
from feint.engine.view import jsonable
from feint.engine.words import N_, Phrasebook, calling, speaking, told_text, tr, who
from feint.locale import ENGLISH, catalogue
from feint.server.names import seat_names
from feint.server.tables import Table
from feint.server.undo import undo_json


def message_for(
    table: Table,
    viewer: Viewer,
    since: int,
    connected: Iterable[Seat],
    now: float,
    *,
    retold: bool = False,
    language: str = ENGLISH,
) -> JsonObject:
    """The ``state`` message for ``viewer``: its view, its events after ``since``, its legal moves.

    ``retold``: the events are every one since ``since`` = 0, told again because the seats' names
    changed or moves were taken back, so the page replaces its log rather than adding to it.
    ``language``: the one the connection's page speaks, which every sentence is told in.
    """
    with speaking(catalogue(language)):
        return _message_for(table, viewer, since, connected, now, retold)


def _message_for(
    table: Table, viewer: Viewer, since: int, connected: Iterable[Seat], now: float, retold: bool
) -> JsonObject:
    state = table.state
    over = table.over
    result = state.result() if over else None
    message: JsonObject = {
        "type": "state",
        "table_id": table.id,
        "game": table.game,
        "seat": viewer,
        "seq": state.seq,
        "view": state.view(viewer).to_json(),
        "events": [told(table, event, viewer) for event in state.events(viewer, since)],
        "legal": [] if viewer is None else _legal(table, state.legal_moves(viewer)),
        "table_moves": [] if viewer is None or over else _table_moves(table, viewer),
        "clock": _clock(table, now),
        "presence": _presence(table, set(connected)),
        "retold": retold,
        "over": over,
        "expired": table.expired,
        "result": None if result is None else result.to_json(),
        "rematch": table.rematch,
        "undos": table.undos,
        "undo": undo_json(table, viewer),
    }
    if table.teach and viewer is not None:
        message["lesson"] = _lesson(table, viewer)
    if over and viewer is not None:
        # Read from the whole log, as the replay a seat opens after the end shows it; a watcher, who
        # may not open the replay, is not told what it would show.
        with calling(seat_names(table)):
            message["bluffs"] = bluff_statistics(state, viewer, set(table.stood_in.values()))
    if table.ended:
        message["replay_url"] = f"/api/tables/{table.id}/replay"
        message["frames_url"] = f"/api/tables/{table.id}/replay/frames"
    return message


def moves_json(moves: Sequence[Move]) -> list[JsonObject]:
    """Moves as the client picks them: stable index, notation, kind and the move's own fields."""
    return [
        {
            "index": move.index,
            "text": str(move),
            "kind": move_kind(move),
            **{f.name: jsonable(getattr(move, f.name)) for f in fields(move) if f.name != "index"},
        }
        for move in moves
    ]


def error_message(
    code: str, text: str, legal: Sequence[Move] = (), about: str | None = None, language: str = ENGLISH
) -> JsonObject:
    """The answer to a refused message, sent to its sender only, with the sender's legal moves;
    ``about`` names what was refused when it is not a move or a table's change (``"chat"``).

    ``text`` (a :class:`~feint.engine.words.Phrase` where it holds values) is told in ``language``, the
    sender's: the page shows it as it comes."""
    with speaking(catalogue(language)):
        said = told_text(text)
    message: JsonObject = {"type": "error", "code": code, "message": said, "legal": moves_json(legal)}
    if about is not None:
        message["about"] = about
    return message


def _legal(table: Table, moves: Sequence[Move]) -> list[JsonObject]:
    """The moves as :func:`moves_json` gives them, each with its ``words`` where the game's phrasebook
    says them (``Phrasebook.move_words``, for the generic renderer), in the language being spoken."""
    book = phrasebook(table.game)
    entries = moves_json(moves)
    for entry, move in zip(entries, moves, strict=True):
        words = book.move_words(move)
        if words is not None:
            entry["words"] = words
    return entries


def _table_moves(table: Table, seat: Seat) -> list[JsonObject]:
    """The table moves open to ``seat`` now, then those it may ask for now that the rules let it
    make only later (``"later": true``), the one it asked for marked ``"pending": true``."""
    state = table.state
    pending = table.seats[seat].pending
    later = moves_json(state.table_moves_later(seat))
    return moves_json(state.table_moves(seat)) + [
        {**move, "later": True, "pending": move["text"] == pending} for move in later
    ]


STAND_IN = N_("⚙ A bot standing in for {seat}: {sentence}")
"""What a stand-in bot did for a seat's person, told as the bot's: never "You kept 3"."""


def told(table: Table, event: Event, viewer: Viewer) -> JsonObject:
    """``event`` (as ``viewer`` saw it) with its ``sentence``; ``stand_in`` marks what a stand-in bot did
    for its seat's person, so no front-end tells a person they did what a bot did for them."""
    told = event.to_json()
    book = phrasebook(table.game)
    with calling(seat_names(table)):
        if event.actor is not None and table.stood_in.get(event.seq) == event.actor:
            told["stand_in"] = True
            said = book.tell(event, None)
            told["sentence"] = (
                None if said is None else tr(STAND_IN).format(seat=who(event.actor, viewer), sentence=said)
            )
        else:
            told["sentence"] = book.tell(event, viewer)
    return told


@cache
def phrasebook(game: str) -> Phrasebook:
    """The game's phrasebook, read once from its declaration."""
    return declaration(game).phrasebook()


def _clock(table: Table, now: float) -> JsonObject | None:
    if table.clock is None:
        return None
    return {
        "bank": table.clock.bank,
        "increment": table.clock.increment,
        "started": table.clocks_started,
        "seats": [
            {"seat": s.seat, "remaining": round(s.time_left(now), 3), "running": s.running_since is not None}
            for s in table.seats
        ],
    }


def _presence(table: Table, connected: set[Seat]) -> list[JsonObject]:
    names = seat_names(table)
    return [
        {
            "seat": s.seat,
            "name": names[s.seat],
            "kind": "bot" if s.bot_plays else "human",
            "bot": s.bot if s.bot_plays else None,
            "stand_in": s.stand_in,
            "connected": s.seat in connected,
        }
        for s in table.seats
    ]


def _lesson(table: Table, seat: Seat) -> JsonObject:
    """What a teaching table teaches ``seat`` now: from its view, its legal moves and its own events."""
    state = table.state
    lesson = lesson_of(table.game)
    return lesson_for(
        lesson,
        phrasebook(table.game),
        state.view(seat),
        state.legal_moves(seat),
        state.events(seat),
        seat_names(table),
    )


@cache
def lesson_of(game: str) -> Lesson:
    """The game's lesson, read once from its declaration; a game with none is never taught."""
    lesson = declaration(game).teaching()
    if lesson is None:
        raise ValueError(f"{game} declares no lesson")
    return lesson
