"""What a text in another language must not hold: English the catalogue translates, left as it was.

Read from the language's catalogue, not written by hand: every translated string's English gives
its runs of words between fields ("chose to lead", "the dagger all tied") and, for a string of one
word or two ("Agree", "Your move"), the whole string as a line of its own; and the English words no
translation uses (say "swapped" or "Withdraw") give a word list, so a string nobody marked for the
catalogue is caught too when it shows an English word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from babel.messages.pofile import read_po

from feint.locale import po_path

FIELD = re.compile(r"\{\w*\}")
WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
SHARED = frozenset({"feint", "kog", "tristan", "lancelot", "gawain", "percival", "palamedes"})
"""Words that are no language's: the site's name, the game's own marks and its knights' names."""


@dataclass(frozen=True)
class English:
    runs: frozenset[str]
    """Runs of two words or more of a translated string, between its fields."""
    lines: frozenset[str]
    """Translated strings of one or two words, as a whole line."""
    words: frozenset[str]
    """Lower-case words of the English strings that no translation uses."""

    @cache  # noqa: B019 (one English a language, kept for the session)
    def _runs(self) -> re.Pattern[str]:
        """The runs as one pattern, each a whole run of words (French "a bluffé" holds no "a bluff")."""
        ordered = sorted(self.runs, key=len, reverse=True)
        return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)")

    def left_in(self, text: str) -> list[str]:
        """Every English run, line or word found in ``text``: what was not translated."""
        found = sorted(set(self._runs().findall(text)))
        found += sorted({line.strip() for line in text.splitlines()} & self.lines)
        found += sorted({word.lower() for word in WORD.findall(text)} & self.words)
        return found


@cache
def english(language: str = "fr") -> English:
    with po_path(language).open("rb") as file:
        catalog = read_po(file)
    runs, lines, english_words, translated_words = set(), set(), set(), set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        translated_words |= {word.lower() for text in strings for word in WORD.findall(FIELD.sub(" ", text))}
        for source, target in zip(ids, strings, strict=False):
            english_words |= {word.lower() for word in WORD.findall(FIELD.sub(" ", source))}
            if source == target:
                continue
            for run in FIELD.split(source):
                run = run.strip(" .,:;()!?…\n")
                if len(WORD.findall(run)) >= 2 and run not in target:
                    runs.add(run)
            if 1 <= len(WORD.findall(source)) <= 2 and "{" not in source:
                lines.add(source.strip())
    words = {word for word in english_words - translated_words if len(word) > 1} - SHARED
    return English(frozenset(runs), frozenset(lines), frozenset(words))
