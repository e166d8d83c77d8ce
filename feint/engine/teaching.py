"""Teaching a first game: what each decision means, from the game's own rules summary and glossary.

A game declares a :class:`Lesson` in its package (``Game.lesson``): a
:class:`Topic` for each phase (what the decision is), for each kind of move
(what choosing it means), and the glossary terms that explain each kind of
event. :func:`lesson_for` turns it into what one seat is shown at a
decision: it reads the seat's view (its phase, who is to move), the seat's
legal moves and the seat's own events, nothing else, so a lesson can tell
nothing the seat's information does not, and is the same in every world
the seat cannot tell from this one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.types import JsonObject, Seat
from feint.engine.view import View
from feint.engine.words import N_, Phrasebook, calling, seats, tr

MESSAGES: Mapping[str, str] = {
    "waiting": N_(
        "Nothing to decide now: {seats} to move. Watch what happens; the lesson goes on at your move."
    ),
    "over": N_("The game is over. The end screen shows how it was won."),
    "more": N_("{count} choices, such as"),
}
"""The lesson's own sentences (each game's topics are in its package), in English: each is shown through
:func:`~feint.engine.words.tr`, in the language being spoken."""

EXAMPLES = 6
"""The options a kind of move lists by name; past that the lesson counts them and names a few."""

RECENT = 8
"""The most events since the seat's last move that the lesson explains."""


@dataclass(frozen=True, slots=True)
class Topic:
    """One thing to teach: its title, what it means, the glossary terms behind it and the rule it follows.

    ``rule`` is a passage quoted word for word from the game's rules summary (spacing aside), so the
    lesson cites the summary rather than restating it; the game's tests check that it is there.
    """

    title: str
    text: str
    terms: tuple[str, ...] = ()
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's teaching data: topics by phase and by move kind, and glossary terms by event kind."""

    phases: Mapping[str, Topic]
    """The decision each phase asks for, by the phase's value."""
    moves: Mapping[str, Topic]
    """Each kind of move, by :func:`move_kind`, or one move by its notation where moves of one kind mean
    different things (see :func:`topic_key`)."""
    events: Mapping[str, tuple[str, ...]]
    """The glossary terms that explain an event of each kind (an event of a kind not listed is told only)."""


def move_kind(move: MoveBase) -> str:
    """A move's kind on the wire and in a lesson: its class in snake case (``DrawPool``, ``draw_pool``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(move).__name__).lower()


def lesson_for(
    lesson: Lesson,
    book: Phrasebook,
    view: View,
    legal: Sequence[MoveBase],
    events: Sequence[Event],
    names: Sequence[str | None] = (),
) -> JsonObject:
    """What the viewer of ``view`` is taught now: the decision (``legal``, its legal moves), what each
    option means, and what its own last move and the events since (``events``: all it saw) mean."""
    seat = view.viewer
    with calling(names):
        told = [_event(lesson, book, event, seat) for event in _since_last_move(events, seat)]
        return {
            "decision": _decision(lesson, book, view, legal),
            "options": _options(lesson, book, legal),
            "events": _explained_once([event for event in told if event["sentence"]]),
        }


def _decision(lesson: Lesson, book: Phrasebook, view: View, legal: Sequence[MoveBase]) -> JsonObject:
    topic = lesson.phases[view.phase.value]
    if view.header.over:
        text = tr(MESSAGES["over"])
    elif legal:
        text = tr(topic.text)
    else:
        text = tr(MESSAGES["waiting"]).format(seats=seats(view.to_move, view.viewer))
    return {"phase": view.phase.value, **_topic(book, topic), "text": text, "mine": bool(legal)}


def _options(lesson: Lesson, book: Phrasebook, legal: Sequence[MoveBase]) -> list[JsonObject]:
    """One entry a topic of the legal moves, in the order the moves are listed, with the moves' notation."""
    topics: dict[str, list[str]] = {}
    for move in legal:
        topics.setdefault(topic_key(lesson, move), []).append(str(move))
    options = []
    for key, moves in topics.items():
        few = len(moves) <= EXAMPLES
        shown = moves if few else moves[:3]
        more = "" if few else tr(MESSAGES["more"]).format(count=len(moves))
        topic = _topic(book, lesson.moves[key])
        options.append({"kind": key, **topic, "moves": shown, "count": len(moves), "more": more})
    return options


def topic_key(lesson: Lesson, move: MoveBase) -> str:
    """The key of a move's topic in ``lesson.moves``: its notation if the lesson teaches that move on its
    own (``advance``), else its :func:`move_kind`."""
    text = str(move)
    return text if text in lesson.moves else move_kind(move)


def _event(lesson: Lesson, book: Phrasebook, event: Event, seat: Seat | None) -> JsonObject:
    terms = lesson.events.get(event.kind, ())
    return {
        "seq": event.seq,
        "kind": event.kind,
        "sentence": book.tell(event, seat),
        "terms": [_term(book, term) for term in terms],
    }


def _explained_once(events: list[JsonObject]) -> list[JsonObject]:
    """``events`` with each glossary term explained at its first event only."""
    seen: set[str] = set()
    for event in events:
        event["terms"] = [term for term in event["terms"] if term["term"] not in seen]
        seen.update(term["term"] for term in event["terms"])
    return events


def _since_last_move(events: Sequence[Event], seat: Seat | None) -> Sequence[Event]:
    """The events from the seat's own last one on (what its last move did, and what followed), the last
    :data:`RECENT` of them."""
    start = 0
    for index in range(len(events) - 1, -1, -1):
        if events[index].actor == seat:
            start = index
            break
    return events[max(start, len(events) - RECENT) :]


def _topic(book: Phrasebook, topic: Topic) -> JsonObject:
    return {
        "title": tr(topic.title),
        "text": tr(topic.text),
        "rule": tr(topic.rule),
        "terms": [_term(book, term) for term in topic.terms],
    }


def _term(book: Phrasebook, term: str) -> JsonObject:
    return {"term": tr(term), "text": tr(book.glossary[term])}
