"""Words: how seats, counts and lists read in English, and a game's phrasebook.

Every sentence a front-end shows comes from a template in a ``messages``
table: the terminal's own (``feint.cli.words``), and each game's phrasebook,
declared with the game, for its events and help. Templates fill named fields
with :func:`say`, which also gives each template the words that agree with
its actor, so ``{Actor} {verb}`` can never read "you chooses": a template
uses past tense, or the ``{is}``/``{has}`` fields. The terminal and the
browser tell an event in the same words: both ask the game's
:meth:`Phrasebook.tell` (the server sends the sentence with each event).

Every template, and every word this module adds ("you", "seat 2", "and"), is looked up in the
language being spoken (:func:`speaking`, a context variable like the names): English needs no
catalogue; the server speaks each connection's own language (``feint.locale``). A template keeps its
English text as its key, so a catalogue's translation fills the same named fields.

Seats are "seat 2" unless the front-end gives their display names: inside
:func:`calling` (or :meth:`Phrasebook.told`), :func:`who`, :func:`whose` and
every template's ``{actor}`` call a named seat by its name, so every game's
phrasebook tells names with no code of its own. A name is shown as given,
never capitalised; the viewer's own seat stays "you".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol, Self

from feint.engine.events import Event
from feint.engine.types import Seat, Viewer


class Translator(Protocol):
    """What :func:`speaking` needs of a catalogue: ``gettext.GNUTranslations`` is one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


_SPEAKING: ContextVar[Translator | None] = ContextVar("feint_language", default=None)
"""The catalogue words are looked up in (None: English as written), set by :func:`speaking` only."""


@contextmanager
def speaking(translator: Translator | None) -> Iterator[None]:
    """Within the block, every template and word is told in ``translator``'s language (None: English)."""
    token = _SPEAKING.set(translator)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def tr(text: str) -> str:
    """``text`` in the language being spoken; English text is its own key."""
    translator = _SPEAKING.get()
    return text if translator is None or not text else translator.gettext(text)


def ntr(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that agrees with ``n``, in the language being spoken."""
    translator = _SPEAKING.get()
    if translator is None:
        return singular if n == 1 else plural
    return translator.ngettext(singular, plural, n)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogue where it is written; :func:`tr` translates it where it is told."""
    return text


class Phrase(str):
    """A sentence kept as its template and named fields, to be told in the language of whoever reads it.

    As a ``str`` it is the English text, filled (for logs, tests and an English reader); :meth:`told`
    tells it in the language being spoken (:func:`speaking`), where it is sent. A field's value that is
    itself a phrase (a card's name, ``Phrase("Assassin")``, or a :class:`Listing`) is told in that
    language too; numbers and notation stay as they are. A phrase with no fields is its template as
    written (its braces are text); with fields, the template is filled with :meth:`str.format`. The
    extraction (``feint.locale.extract``) catalogues every ``Phrase("template", ...)`` written in
    the code.
    """

    template: str
    fields: Mapping[str, object]

    def __new__(cls, template: str, /, **fields: object) -> Self:
        phrase = super().__new__(cls, template.format(**fields) if fields else template)
        phrase.template = str(template)
        phrase.fields = fields
        return phrase

    def told(self) -> str:
        """The phrase in the language being spoken, every field that is a phrase told in it too."""
        if not self.fields:
            return tr(self.template)
        return tr(self.template).format(**{name: told(value) for name, value in self.fields.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return _phrase, (self.template, dict(self.fields))


class Listing(Phrase):
    """Words listed in the language being spoken: ``a, b and c`` (:func:`listing`), ``a, b or c``
    (``join="or"``), or joined by ``join`` itself (``" "``: a hand as its notation lists it). Each word
    is told in that language where the catalogue has it (a card's name); ``empty`` stands for none."""

    items: tuple[str, ...]
    joiner: str
    empty: str

    def __new__(cls, items: Iterable[str], join: str = "and", empty: str = N_("nothing")) -> Self:
        listed = tuple(str(item) for item in items)
        with speaking(None):
            english = _joined(listed, join, empty)
        phrase = super().__new__(cls, english)
        phrase.items, phrase.joiner, phrase.empty = listed, join, empty
        return phrase

    def told(self) -> str:
        return _joined(tuple(tr(item) for item in self.items), self.joiner, self.empty)

    def __reduce__(self) -> tuple[Any, ...]:
        return Listing, (self.items, self.joiner, self.empty)


class Told(Phrase):
    """A text that ``tell`` tells in the language being spoken (an event's sentence, which the game's
    phrasebook tells), kept as a field of a phrase until it is sent."""

    tell: Callable[[], str]

    def __new__(cls, tell: Callable[[], str]) -> Self:
        with speaking(None):
            english = tell()
        phrase = super().__new__(cls, english)
        phrase.tell = tell
        return phrase

    def told(self) -> str:
        return self.tell()

    def __reduce__(self) -> tuple[Any, ...]:
        return _phrase, (str(self), {})  # a copy keeps the English: a function is not copied


def _joined(words: tuple[str, ...], join: str, empty: str) -> str:
    if not words:
        return tr(empty)
    if join == "and":
        return listing(words)
    return or_listing(words) if join == "or" else join.join(words)


def _phrase(template: str, fields: dict[str, object]) -> Phrase:
    return Phrase(template, **fields)


def told(value: object) -> object:
    """``value`` as the language being spoken tells it: a :class:`Phrase` told, anything else as it is."""
    return value.told() if isinstance(value, Phrase) else value


def told_text(text: str) -> str:
    """A text for a person in the language being spoken: a :class:`Phrase` told; any other string is
    fixed English, looked up as it is (:func:`tr`)."""
    return text.told() if isinstance(text, Phrase) else tr(text)


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
    return tr("seat {seat}").format(seat=seat) if name is None else name


def say(template: str, actor: Seat | None = None, viewer: Viewer = None, **fields: Any) -> str:
    """``template`` with ``fields`` filled in, and the actor's agreeing words.

    Besides the given fields, a template may use ``{actor}``/``{Actor}`` (the
    acting seat as the viewer calls it), ``{is}``, ``{has}``, ``{was}``, ``{its}`` and
    ``{Seat}``/``{seat}`` (the seat's own name, for a hand-off).
    """
    words: dict[str, Any] = {}
    if actor is not None:
        name = who(actor, viewer)
        you = actor == viewer
        words = {
            "actor": name,
            "Actor": capital(name),
            "is": tr("are") if you else tr("is"),
            "has": tr("have") if you else tr("has"),
            "was": tr("were") if you else tr("was"),
            "its": tr("your") if you else tr("its"),
            "seat": seat_name(actor),
            "Seat": capital(seat_name(actor)),
        }
    return tr(template).format(**words, **fields)


class Phrasebook:
    """A table of templates, filled by name (``words("event-pass", seat, viewer)``), and a game's help."""

    def __init__(
        self,
        messages: Mapping[str, str],
        rules: str = "",
        glossary: Mapping[str, str] | None = None,
        terms: Sequence[str] = (),
    ) -> None:
        self.messages = messages
        self.rules = rules
        """The one-screen summary of the rules, for ``rules``."""
        self.glossary: Mapping[str, str] = glossary or {}
        """Cards and terms by name, for ``help <name>``."""
        self.terms = terms
        """The words of the game's view (its fields and values, spaced as ``dice per seat``), for a
        front-end that shows the view as it is (the browser's generic renderer): catalogued with the
        phrasebook, so a language translates them."""

    def move_words(self, move: object) -> str | None:
        """A legal move in words, for a front-end that shows the move itself (the generic renderer);
        None: its notation says it. Told in the language being spoken, like every sentence."""
        return None

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
    return tr("you") if seat == viewer else seat_name(seat)


def whose(seat: Seat, viewer: Viewer) -> str:
    """A seat's possessive as the viewer says it: your, seat 2's, Ann's."""
    return tr("your") if seat == viewer else tr("{seat}'s").format(seat=seat_name(seat))


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
        # The form a language uses for none ("no cards", French "0 carte").
        return tr("no {things}").format(things=ntr(noun, many, 0))
    return f"{n} {ntr(noun, many, n)}"


def listing(words: Sequence[str], empty: str = N_("nothing")) -> str:
    """``a``, ``a and b``, ``a, b and c``; ``empty`` for none."""
    if not words:
        return tr(empty)
    if len(words) == 1:
        return words[0]
    return tr("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def or_listing(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return tr("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def seats(seat_list: Iterable[Seat], viewer: Viewer, empty: str = N_("nobody")) -> str:
    return listing([who(seat, viewer) for seat in seat_list], empty)


def tally(things: Iterable[str], plural: Mapping[str, str] | None = None) -> str:
    """Things counted by kind, in first-seen order: ``2 weapons and 1 shield``."""
    counts: dict[str, int] = {}
    for thing in things:
        counts[thing] = counts.get(thing, 0) + 1
    names = plural or {}
    return listing([count(n, thing, names.get(thing)) for thing, n in counts.items()])
