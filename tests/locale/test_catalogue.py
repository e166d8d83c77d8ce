"""The catalogues: every string the sources mark, in messages.pot and translated in every language.

The extraction (``python -m feint.locale.extract``) is run here in memory: a string added to the code or
a phrasebook without running it, or left untranslated or fuzzy in a language, fails this test.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from feint.locale import ENGLISH, LANGUAGES, POT_PATH, catalogue, chosen, page_strings, plural_index, po_path
from feint.locale.extract import template

FIELD = re.compile(r"\{(\w*)\}")
ACTOR = frozenset({"actor", "Actor", "is", "has", "was", "its", "seat", "Seat"})
"""The words a phrasebook template with an actor is given together (``feint.engine.words.say``)."""
EXTRA = frozenset({"bidder"})
"""Fields a phrasebook gives beside its English template's, for a language that names the seat where
English says "whose" (Liar's Dice: "l'enchère faite par {bidder}"); the phrasebook test formats them all."""
OTHERS = [language for language in LANGUAGES if language != ENGLISH]


def _key(message_id: str | tuple[str, ...] | list[str]) -> str | tuple[str, ...]:
    return tuple(message_id) if isinstance(message_id, tuple | list) else message_id


def test_the_template_holds_every_string_the_sources_mark() -> None:
    with POT_PATH.open("rb") as file:
        written = {_key(m.id) for m in read_po(file) if m.id}
    made = {_key(m.id) for m in template() if m.id}
    assert made - written == set(), "run python -m feint.locale.extract"
    assert written - made == set(), "run python -m feint.locale.extract"


@pytest.mark.parametrize("language", OTHERS)
def test_every_string_is_translated_with_the_fields_it_is_given(language: str) -> None:
    with po_path(language).open("rb") as file:
        translated = {_key(m.id): m for m in read_po(file) if m.id}
    problems = []
    for message in template():
        if not message.id:
            continue
        found = translated.get(_key(message.id))
        sources = message.id if isinstance(message.id, tuple | list) else (message.id,)
        forms = () if found is None else found.string
        forms = forms if isinstance(forms, tuple | list) else (forms,)
        if found is None or found.fuzzy or not forms or not all(forms):
            problems.append(f"untranslated: {message.id!r}")
            continue
        # A translation fills only fields its English is given; it may leave some out ({its}, {them}).
        given = {field for source in sources for field in FIELD.findall(source)}
        given |= (ACTOR if given & ACTOR else set()) | EXTRA
        for form in forms:
            if not set(FIELD.findall(form)) <= given:
                problems.append(f"fields of {form!r} not in {message.id!r}")
    assert problems == []


@pytest.mark.parametrize("language", OTHERS)
def test_the_catalogue_speaks_what_the_po_file_says(language: str) -> None:
    read = catalogue(language)
    assert read is not None
    with po_path(language).open("rb") as file:
        messages = [m for m in read_po(file) if m.id]
    for message in messages:
        if isinstance(message.id, tuple | list):
            singular, plural = message.id
            for n in (0, 1, 2, 5):
                assert read.ngettext(singular, plural, n) == message.string[plural_index(language, n)]
        else:
            assert read.gettext(message.id) == message.string
    assert read.gettext("a string no catalogue holds") == "a string no catalogue holds"
    served = page_strings(language)["messages"]
    assert len(served) == len(messages)


def test_french_counts_zero_and_one_alike_and_english_only_one() -> None:
    assert [plural_index("fr", n) for n in (0, 1, 2)] == [0, 0, 1]
    assert [plural_index("en", n) for n in (0, 1, 2)] == [1, 0, 1]


def test_a_page_is_spoken_to_in_its_language_or_else_english() -> None:
    assert [chosen(asked) for asked in ("fr", "fr-CA", "FR_be", "en-GB", "de", "", None)] == [
        "fr",
        "fr",
        "fr",
        "en",
        "en",
        "en",
        "en",
    ]
    assert catalogue("en") is None and catalogue("de") is None
    assert page_strings("en") == {"language": "en", "messages": {}}
