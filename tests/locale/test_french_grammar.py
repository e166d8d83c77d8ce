"""French sentences stay French whoever their seats are.

A seat field (``{Actor}``, ``{winner}``, ``{starter}``, ``{voted}``...) is "vous" for the viewer's own
seat, "siège 2", or a person's name; a knight field may be a name that starts with a vowel
("agravaine"). So a translation never makes a verb agree with a seat field in the third person
("Vous l'emporte", "siège 1 ont voté"): it uses ``{is}``/``{has}``/``{was}`` where the field is the
template's actor, and reads with no verb agreeing with it elsewhere ("Première enchère : {starter}.").
Nor does it write "de {seat}", "de {knight}" or "de {card}" ("de vous", "de agravaine", "de artefact"):
it says "par {seat}", "du chevalier {knight}", "aucune carte {card}". Each msgstr whose msgid has such
a field is filled here with each kind of value, and read for those forms.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from feint.locale import catalogue, po_path

FIELD = re.compile(r"\{(\w*)(?:![rs])?\}")
SEATS = frozenset(
    {"actor", "seat", "seats", "winner", "starter", "voted", "waiting", "owner", "offerer"}
    | {"loser", "first", "bidder", "who", "victim", "chooser", "target", "holder", "advancer"}
)
"""Fields that may be a seat as the viewer calls it ("vous", "siège 2", a name); capitalised too."""
KNIGHTS = frozenset({"knight", "other", "errant", "start", "target"})
"""Fields that may be a knight of Guile, whose names are lower case ("agravaine")."""
CARDS = frozenset({"card", "cards"})
"""Fields that name a card, whose name may start with a vowel ("artefact", "isolde")."""
FACTIONS = frozenset({"faction"})
"""Fields that name a Guile faction with its article ("les Alliés du roi Arthur")."""
FRENCH = catalogue("fr")
assert FRENCH is not None
YOU = {
    field: FRENCH.gettext(word)
    for field, word in {"is": "are", "has": "have", "was": "were", "its": "your"}.items()
}
OTHER = {field: FRENCH.gettext(field) for field in ("is", "has", "was", "its")}
VALUES = {
    "you": {"seat": FRENCH.gettext("you"), **YOU},
    "seat": {"seat": FRENCH.gettext("seat {seat}").format(seat=2), **OTHER},
    "knight": {"seat": FRENCH.gettext("seat {seat}").format(seat=2), "knight": "agravaine", **OTHER},
}
"""Each way of filling a sentence: the seat, the knight, and the actor's agreeing words, as
``feint.engine.words.say`` gives them in French."""
WRONG = re.compile(
    r"\bvous (?:a|est|était|ont|sont|l'emporte|enchérit|joue|avance|doive|demande|connaît)\b"
    r"|\bvous, qui (?!êtes|avez)"
    r"|\bde (?:vous|agravaine|artefact|les)\b|\b(?:que|le|la) (?:agravaine|artefact|il)\b"
    r"|(?<!pas )\bde siège\b|\battend vous\b"
    r"|\bà les\b|\ble un\b|\bsiège 2 (?:ont|sont|êtes|avez)\b",
    re.IGNORECASE,
)
"""Forms that are wrong French once a field is filled."""


def _filled(text: str, way: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if re.search(r"(?:siège |sièges |\[)$", text[: match.start()], re.IGNORECASE):
            return "2"  # a seat's number
        if name == "Seat":
            return "Siège 2"  # the actor's own name, for a hand-off: never "vous"
        lower = name[:1].lower() + name[1:]
        if lower in KNIGHTS and "knight" in way:
            word = way["knight"]
        elif lower in SEATS:
            word = way["seat"]
        elif lower in CARDS:
            word = "artefact"
        elif lower in FACTIONS:
            word = "les Alliés du roi Arthur"
        else:
            word = way.get(name, "X")
        return word[:1].upper() + word[1:] if name[:1].isupper() else word

    return FIELD.sub(value, text)


def _sentences(way: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Each French form whose msgid has a seat, knight or faction field, filled ``way``, with its msgid."""
    with po_path("fr").open("rb") as file:
        catalogue = read_po(file)
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        fields = {name[:1].lower() + name[1:] for source in ids for name in FIELD.findall(source)}
        if not message.id or not fields & (SEATS | KNIGHTS | CARDS | FACTIONS):
            continue
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for form in forms:
            yield ids[0], _filled(form, way)


def test_the_filler_finds_the_wrong_forms() -> None:
    way = VALUES["you"]
    assert WRONG.search(_filled("{Winner} l'emporte.", way))
    assert WRONG.search(_filled("l'offre de {offerer}", way))
    assert WRONG.search(_filled("les cartes de {knight}", VALUES["knight"]))
    assert WRONG.search(_filled("la réserve n'a pas de {card}", way))
    assert not WRONG.search(_filled("{Actor} {has} gagné ; victoire : {winner}.", way))


@pytest.mark.parametrize("way", list(VALUES))
def test_no_filled_sentence_is_wrong_french(way: str) -> None:
    wrong = [f"{source!r} → {text!r}" for source, text in _sentences(VALUES[way]) if WRONG.search(text)]
    assert wrong == []
