"""Refusals and reasons are templates with named fields, never text built before it is told (issue 26).

A refusal's text is told where it is sent, in its receiver's language
(:class:`feint.engine.words.Phrase`); a text built beforehand with an f-string, ``%``, ``+`` or
``.format`` reaches every reader in English, and the extraction cannot catalogue it. Read from the
sources (their syntax trees), so the rule holds for code written later; and a phrase is told with its
fields filled in the language spoken, each word among them translated too.
"""

from __future__ import annotations

import ast
import pickle
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from feint.engine.words import Listing, Phrase, Told, speaking, told_text
from feint.locale import ENGLISH, LANGUAGES, catalogue, po_path

FEINT = Path(__file__).resolve().parents[2] / "feint"
TEXT_ARGUMENT = {
    "TableError": 1,
    "send_error": 1,
    "error_response": 1,
    "IllegalMove": 1,
    "NotationError": 1,
    "MoveError": 1,
    "Phrase": 0,
}
"""Each way to refuse (or to make a phrase), and which positional argument is its text."""
SETUP_REFUSERS = ("engine", "games", "bots", "server")
"""Where a SetupError's text reaches a person through the server (the terminal's own are not here)."""
EXPLAINS = re.compile(r"_?(explain|why_not|reason\b|not_this_phase)")
"""The functions that say why a move is refused: their answer is a phrase."""


def _built(node: ast.expr) -> bool:
    """Whether ``node`` builds a text: an f-string, ``%`` or ``+`` of strings, ``"…".format(…)``."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"


def _sources() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(FEINT.rglob("*.py")):
        yield str(path.relative_to(FEINT.parent)), ast.parse(path.read_text(encoding="utf-8"))


def _name(call: ast.Call) -> str | None:
    return getattr(call.func, "id", getattr(call.func, "attr", None))


def test_no_refusal_is_built_before_it_is_told() -> None:
    built = []
    for where, tree in _sources():
        setup = where.split("/")[1] in SETUP_REFUSERS
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            index = 0 if name == "SetupError" and setup else TEXT_ARGUMENT.get(name or "")
            if index is not None and len(node.args) > index and _built(node.args[index]):
                built.append(f"{where}:{node.lineno} {name}")
    assert built == []


def test_every_reason_for_refusing_a_move_is_a_phrase() -> None:
    plain = []
    for where, tree in _sources():
        if not where.startswith(("feint/games/", "feint/engine/state.py")):
            continue
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef) or not EXPLAINS.match(function.name):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and node.value is not None:
                    value = node.value
                    text = isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value
                    if text or _built(value):
                        plain.append(f"{where}:{node.lineno} {function.name}")
    assert plain == []


def test_the_rules_catch_a_built_refusal() -> None:
    """The checks above read what they claim to: each way of building a text is caught."""
    for source in ('f"seat {seat}"', '"seat %d" % seat', '"seat " + name', '"seat {}".format(seat)'):
        assert _built(ast.parse(source, mode="eval").body)
    assert not _built(ast.parse('"seat {seat}"', mode="eval").body)


def _fields(text: str) -> set[tuple[str, str | None, str]] | None:
    """A text's fields with their conversion and format; None if it is no template (a brace unclosed).
    A brace around what is no name (``{"kind": "human"}``, a text with no fields) is text, not a field."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    return {(name, conversion, spec) for _, name, spec, conversion in parsed if name and name.isidentifier()}


ACTOR = frozenset({"actor", "Actor", "is", "has", "was", "its", "seat", "Seat"})
"""A phrasebook sentence's agreeing words, which a language may use or leave (tests/locale/test_catalogue)."""


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != ENGLISH])
def test_a_translation_keeps_the_fields_of_its_template(language: str) -> None:
    """The same fields, each with the same conversion (``!r``) and format (``:g``): a field lost is a
    value the reader is not told, and one changed or unknown fails where it is told."""
    from babel.messages.pofile import read_po

    with po_path(language).open("rb") as file:
        entries = [m for m in read_po(file) if m.id and isinstance(m.id, str) and m.string]
    differing = []
    for entry in entries:
        english, translated = _fields(entry.id), _fields(entry.string)
        if english is None or {name for name, _, _ in english} & ACTOR:
            continue
        if translated != english:
            differing.append(f"{entry.id!r} -> {entry.string!r}")
    assert differing == []


def test_a_phrase_is_english_as_a_string_and_told_in_the_language_spoken() -> None:
    hand = Listing(["sword", "jester"], ", ")
    phrase = Phrase("you hold no {card}; your hand is {hand}", card=Phrase("key"), hand=hand)
    assert phrase == "you hold no key; your hand is sword, jester"
    assert pickle.loads(pickle.dumps(phrase)) == phrase
    french = catalogue("fr")
    assert french is not None
    with speaking(french):
        expected = f"vous n'avez aucune carte {french.gettext('key')} ; votre main : "
        assert told_text(phrase) == expected + f"{french.gettext('sword')}, {french.gettext('jester')}"
        assert told_text(Listing([], " ")) == french.gettext("nothing") != "nothing"
        assert told_text(Told(lambda: told_text(Phrase("the game is over")))) == "la partie est terminée"
    assert told_text(phrase) == phrase


def test_a_phrase_without_fields_keeps_its_braces_as_text() -> None:
    text = 'a chat message is {"type": "chat", "text": "what you say"}'
    assert Phrase(text) == text
    with speaking(catalogue("fr")):
        assert told_text(Phrase(text)).startswith('un message de discussion est {"type": "chat"')
