"""Every translatable string of Feint, gathered into ``messages.pot``; each language's ``.po`` updated.

``python -m feint.locale.extract`` (after changing a string; then translate the new entries):

- Python: the strings marked with :func:`~feint.engine.words.tr`, :func:`~feint.engine.words.N_`,
  :func:`~feint.engine.words.ntr` and :func:`~feint.engine.words.count`, and every
  :class:`~feint.engine.words.Phrase` template (the engines' reasons for refusing a move or a set-up,
  the server's refusals), in every module of ``feint``;
- every game's phrasebook, which is data: its templates, its rules page, its glossary's terms and
  texts, its view's terms, and the game's title; and the terminal's own table (``feint.cli.words``);
- every game's lesson, data too: each topic's title, meaning and the rule it quotes;
- the page's JavaScript: the strings given to ``t()``, ``N_()`` and ``tn()`` (``feint/web/static/words.js``);
- the server's bots' names and its refusals' templates (``TableError(code, "template", **fields)``,
  ``send_error(code, "text")``), which the server tells in each receiver's language;
- the pages' HTML: every text and every ``aria-label``, ``title`` and ``placeholder``, which the page
  translates where it stands (``translatePage`` in ``words.js``).

The catalogue test (``tests/web/test_locale.py``) builds the same list and fails on any string
missing from a catalogue, untranslated or fuzzy.
"""

from __future__ import annotations

import ast
import io
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from feint.cli.words import MESSAGES as TERMINAL
from feint.engine.registry import declarations
from feint.locale import ENGLISH, FOLDER, LANGUAGES, POT_PATH, po_path
from feint.server.names import bot_names

ROOT = FOLDER.parent
PYTHON_KEYWORDS = {"tr": None, "N_": None, "ntr": (1, 2), "count": (2, 3), "Phrase": None}
HTML_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
POT = POT_PATH
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}
"""Each language's plural rule as gettext writes it (Babel's own data gives French a third, rare form)."""

Found = tuple[str | tuple[str, ...], str]
"""A string (or a singular and plural) and where it was found."""


def python_strings() -> Iterator[Found]:
    for path in sorted(ROOT.rglob("*.py")):
        if "locale" in path.relative_to(ROOT).parts:
            continue
        for line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=PYTHON_KEYWORDS, comment_tags=()
        ):
            if all(isinstance(part, str) for part in _parts(message)):
                yield message, f"{path.relative_to(ROOT.parent)}:{line}"


def phrasebook_strings() -> Iterator[Found]:
    for game in declarations():
        book = game.phrasebook()
        where = f"{game.package}{game.words}"
        yield game.state.TITLE, where
        yield from ((template, where) for template in book.messages.values())
        if book.rules:
            yield book.rules, where
        for term, text in book.glossary.items():
            yield term, where
            yield text, where
        yield from ((term, where) for term in book.terms)


def terminal_strings() -> Iterator[Found]:
    """The terminal's own table of sentences and command words (:mod:`feint.cli.words`), data like a
    phrasebook's templates."""
    yield from ((template, "feint.cli.words:MESSAGES") for template in TERMINAL.values())


def lesson_strings() -> Iterator[Found]:
    """Every game's lesson (:mod:`feint.engine.teaching`): its topics' titles, meanings and quoted rules;
    the glossary terms it explains are the phrasebook's."""
    for game in declarations():
        lesson = game.teaching()
        if lesson is None:
            continue
        where = f"{game.package}{game.lesson}"
        for topic in [*lesson.phases.values(), *lesson.moves.values()]:
            yield from ((text, where) for text in (topic.title, topic.text, topic.rule) if text)


JS_STRING = r'"((?:[^"\\]|\\.)*)"'
JS_CALL = re.compile(rf"(?<![\w.$])(?:t|N_)\(\s*{JS_STRING}")
JS_PLURAL = re.compile(rf"(?<![\w.$])tn\(\s*{JS_STRING}\s*,\s*{JS_STRING}")
"""``t("…")``, ``N_("…")`` and ``tn("…", "…")`` with string literals, nested in other calls too (the
page's code writes its strings in double quotes); ``t(value)`` looks up a string the server sent."""


REFUSALS = ("TableError", "send_error", "error_response")
"""The server's ways to refuse: each takes the error's code, then its text (a template, its fields named)."""


def server_strings() -> Iterator[Found]:
    """What the server names from data (the bots' seats), and its refusals' templates: each
    ``TableError(code, "text", **fields)`` (or ``send_error``, ``error_response``) whose text is written
    as a string, which the server tells in the receiver's language."""
    yield from ((name, "feint/server/names.py:0") for name in bot_names())
    for path in sorted((ROOT / "server").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) in REFUSALS
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                yield node.args[1].value, f"{path.relative_to(ROOT.parent)}:{node.lineno}"


def javascript_strings() -> Iterator[Found]:
    files = sorted((ROOT / "web" / "static").glob("*.js")) + sorted((ROOT / "games").glob("*/web.js"))
    for path in files:
        source = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT.parent)
        for match in JS_CALL.finditer(source):
            line = source.count("\n", 0, match.start()) + 1
            yield json.loads(f'"{match[1]}"'), f"{where}:{line}"
        for match in JS_PLURAL.finditer(source):
            line = source.count("\n", 0, match.start()) + 1
            yield (json.loads(f'"{match[1]}"'), json.loads(f'"{match[2]}"')), f"{where}:{line}"


class _PageText(HTMLParser):
    """The texts and labelled attributes of a page, as ``translatePage`` finds them."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, int]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "code"):
            self._skip += 1
        for name, value in attrs:
            if name in HTML_ATTRIBUTES and value and value.strip():
                self.found.append((value.strip(), self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "code"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._skip and any(c.isalpha() for c in text):
            self.found.append((text, self.getpos()[0]))


def html_strings() -> Iterator[Found]:
    for path in sorted((ROOT / "web" / "static").glob("*.html")):
        parser = _PageText()
        parser.feed(path.read_text(encoding="utf-8"))
        for text, line in parser.found:
            yield text, f"{path.relative_to(ROOT.parent)}:{line}"


def template() -> Catalog:
    """The catalogue of every translatable string, untranslated."""
    catalog = Catalog(project="feint", fuzzy=False)
    for message, where in [
        *python_strings(),
        *phrasebook_strings(),
        *terminal_strings(),
        *lesson_strings(),
        *server_strings(),
        *javascript_strings(),
        *html_strings(),
    ]:
        path, _, line = where.rpartition(":")
        location = (path, int(line)) if line.isdigit() else (where, 0)
        flags = ("python-brace-format",) if "{" in _parts(message)[0] else ()
        catalog.add(message, locations=[location], flags=flags)
    return catalog


def _parts(message: str | tuple[str, ...]) -> tuple[str, ...]:
    return message if isinstance(message, tuple) else (message,)


def write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, sort_output=False)
    text = buffer.getvalue().decode("utf-8")
    rule = PLURAL_FORMS.get(str(catalog.locale)) if catalog.locale else None
    if rule is not None:
        text = re.sub(r'"Plural-Forms: [^"]*\\n"', f'"Plural-Forms: {rule}\\\\n"', text)
    if path.exists() and _undated(path.read_text(encoding="utf-8")) == _undated(text):
        return  # nothing but the date would change: the catalogue stays as it is
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


CREATED = re.compile(r'^"POT-Creation-Date: [^"]*"$', re.MULTILINE)


def _undated(text: str) -> str:
    """A catalogue's text without the date of its template, which every extraction renews."""
    return CREATED.sub("", text)


def main() -> None:
    pot = template()
    write(POT, pot)
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = po_path(language)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=language)
        else:
            catalog = Catalog(locale=language, project="feint", fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.fuzzy = False
        catalog.obsolete.clear()  # a string gone from the sources leaves the catalogue too
        write(path, catalog)
        missing = sum(1 for message in catalog if message.id and (not message.string or message.fuzzy))
        print(f"{path.relative_to(ROOT.parent)}: {len(catalog)} strings, {missing} to translate")


if __name__ == "__main__":
    main()
