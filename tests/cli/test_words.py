"""Every message template reads as English, filled with sample values, as you and as another seat."""

from __future__ import annotations

import re
from collections.abc import Mapping
from string import Formatter

import pytest

from feint.cli import words
from feint.cli.render import renderer_for
from feint.engine.words import count, listing, say, tally

GAMES = ("guile", "knights", "guardians")
TABLES: dict[str, Mapping[str, str]] = {
    "terminal": words.MESSAGES,
    **{game: renderer_for(game).messages for game in GAMES},
}
ACTOR_WORDS = {"actor", "Actor", "is", "has", "was", "its", "seat", "Seat"}
SAMPLES = {
    "cards": "2 weapons and 1 shield",
    "count": "2 cards",
    "tokens": "2 KOG tokens",
    "dice": "sword, shield",
    "spells": "2 Spells",
    "jesters": "2 Jesters",
    "values": "5 VP and 10 VP",
    "round": 2,
    "turn": 3,
    "value": 5,
    "strength": 2,
    "space": 5,
    "vp": 5,
    "page": 1,
    "pages": 2,
}
BAD = [
    (re.compile(r"\b[Yy]ou (is|has|was|\w+[^s]s)\b"), "a verb that does not agree with 'you'"),
    (re.compile(r"\b[Ss]eat \d (are|have|were)\b"), "a verb that does not agree with a seat"),
    (re.compile(r"\b1 (cards|dice|tokens|Spells|spells|weapons|Jesters|rounds)\b"), "one, plural"),
    (re.compile(r"\b[02-9] (card|token|Spell|weapon|Jester|round)\b"), "many, singular"),
    (re.compile(r"[{}_]"), "a placeholder or an internal name"),
    (re.compile(r"\s[,.;:]"), "a space before punctuation"),
    (re.compile(r"\b(\w+) \1\b"), "a doubled word"),
    (re.compile(r"\bare are\b|\ba an\b|\ban a\b"), "a broken article"),
]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


NAMES = ("Kay", "Bors", "Elaine", "Gareth", "Lynette", "Dagonet")
"""Stand-ins for the fields with no sample of their own: one each, so none doubles another."""


def filled(template: str, actor: int) -> str:
    rest = sorted(fields(template) - ACTOR_WORDS - set(SAMPLES))
    given = {name: SAMPLES[name] for name in fields(template) & set(SAMPLES)}
    values = {**given, **dict(zip(rest, NAMES[: len(rest)], strict=True))}
    return say(template, actor, 0, **values)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_template_reads_as_english_for_you_and_for_another_seat(table: str) -> None:
    problems = []
    for name, template in TABLES[table].items():
        for actor in (0, 2):
            text = filled(template, actor)
            problems += [f"{table}/{name}: {why}: {text!r}" for pattern, why in BAD if pattern.search(text)]
    assert problems == []


def test_the_templates_use_only_the_actor_words_say_gives() -> None:
    """A template naming its actor must be filled through say(), which knows you from another seat."""
    text = say("{Actor} {was} caught; {actor} {has} voted, {its} place", 0, 0)
    assert text == "You were caught; you have voted, your place"
    assert say("{Actor} {was} caught; {actor} {has} voted, {its} place", 3, 0) == (
        "Seat 3 was caught; seat 3 has voted, its place"
    )


def test_counts_lists_and_tallies_read_as_english() -> None:
    assert [count(n, "card") for n in (0, 1, 2)] == ["no cards", "1 card", "2 cards"]
    assert count(1, "glory die", "glory dice") == "1 glory die"
    assert listing([]) == "nothing"
    assert listing(["a", "b", "c"]) == "a, b and c"
    assert tally(["5 VP Treasure", "5 VP Treasure", "shield"]) == "2 5 VP Treasures and 1 shield"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_one_screen_of_rules_and_a_glossary_in_sentences(game: str) -> None:
    renderer = renderer_for(game)
    lines = renderer.rules.splitlines()
    assert 5 < len(lines) <= 21
    assert max(len(line) for line in lines) <= 78
    assert len(renderer.glossary) >= 10
    assert all(text.endswith((".", "!")) and text[0].isupper() for text in renderer.glossary.values())
