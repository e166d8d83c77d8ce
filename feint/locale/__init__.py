"""The languages Feint speaks besides English, read from gettext catalogues.

English is written in the code and needs no catalogue: every string is its
own key. Each other language has a catalogue ``feint/locale/<lang>/LC_MESSAGES/messages.po``,
made from ``messages.pot`` (``python -m feint.locale.extract`` writes both
from the sources). The ``.po`` file is read as it is, with Babel, the first
time the language is asked for: no compiled ``.mo`` file to keep in step.

The server speaks to each connection in the language its page asked for:
the phrasebook's sentences (:func:`feint.engine.words.speaking`), the rules
and glossary, and the page's own strings (:func:`page_strings`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent
ENGLISH = "en"
LANGUAGES = (ENGLISH, "fr")
"""Every language a page may choose, English first."""


POT_PATH = FOLDER / "messages.pot"
"""Every string to translate, as the extraction found them."""


def po_path(language: str) -> Path:
    return FOLDER / language / "LC_MESSAGES" / "messages.po"


class Catalogue:
    """One language's translations, as :class:`feint.engine.words.Translator` reads them.

    A fuzzy or empty translation is none: the English is shown (and the catalogue test fails).
    """

    def __init__(self, language: str, entries: dict[str, str | tuple[str, ...]]) -> None:
        self.language = language
        self.entries = entries

    def gettext(self, message: str, /) -> str:
        found = self.entries.get(message)
        if isinstance(found, tuple):  # a word catalogued with its plural too ("coin", "coins")
            return found[0]
        return message if found is None else found

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form agreeing with ``n``: from a plural entry, or each form translated as a string of its own
        (a card's name, and its plural, are each catalogued alone where the page shows them)."""
        found = self.entries.get(singular)
        index = plural_index(self.language, n)
        if isinstance(found, tuple):
            return found[index]
        return self.gettext(plural if index else singular)


def plural_index(language: str, n: int) -> int:
    """Which plural form agrees with ``n``: French counts 0 and 1 as one, English only 1."""
    return int(n > 1) if language == "fr" else int(n != 1)


@cache
def catalogue(language: str) -> Catalogue | None:
    """The catalogue of ``language``; None for English, or a language Feint does not speak."""
    if language == ENGLISH or language not in LANGUAGES:
        return None
    from babel.messages.pofile import read_po  # imported here: English needs no catalogue

    with po_path(language).open("rb") as file:
        read = read_po(file)
    entries: dict[str, str | tuple[str, ...]] = {}
    for message in read:
        if not message.id or message.fuzzy:
            continue
        key = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
        value = message.string
        if isinstance(value, tuple | list):
            if all(value):
                entries[key] = tuple(value)
        elif value:
            entries[key] = value
    return Catalogue(language, entries)


def chosen(asked: str | None) -> str:
    """The language to speak for a page that asked for ``asked`` ("fr", "fr-CA"); English otherwise."""
    base = _base(asked or "")
    return base if base in LANGUAGES else ENGLISH


def _base(tag: str) -> str:
    """A language tag's language: ``fr`` of ``fr-CA`` or ``FR_ca``."""
    return tag.strip().lower().replace("_", "-").split("-")[0]


def asked_language(lang: str | None, accept: str | None) -> str:
    """The language to answer a request in: its ``lang`` (the page's switch, as every page's request
    names it), else the first language of its ``Accept-Language`` header Feint speaks, else English."""
    if lang:
        return chosen(lang)
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        if tag and quality > 0:
            ranked.append((-quality, order, tag))
    spoken = (_base(tag) for _, _, tag in sorted(ranked))
    return next((language for language in spoken if language in LANGUAGES), ENGLISH)


def page_strings(language: str) -> dict[str, Any]:
    """What a page needs to speak ``language``: every translation, plural forms as lists."""
    found = catalogue(language)
    entries: Iterable[tuple[str, str | tuple[str, ...]]] = () if found is None else found.entries.items()
    return {
        "language": chosen(language),
        "messages": {key: list(value) if isinstance(value, tuple) else value for key, value in entries},
    }
