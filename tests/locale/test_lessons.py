"""Every game's lesson in French: each rule a lesson quotes is a passage of the French rules summary, and
what a seat is taught at its decisions of a seeded random game is French, with no English left and no
field unfilled, built by the one function the English comes from (``lesson_for``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from feint.engine.registry import declaration, game_names, get_game, new_game
from feint.engine.teaching import lesson_for
from feint.engine.types import JsonObject
from feint.engine.words import speaking
from feint.locale import catalogue
from tests.engine.random_play import random_moves
from tests.engine.test_teaching import flat, lesson
from tests.english_left import english

SEED = 4
LIMIT = 400
"""Moves a random game plays at most: every game of this seed ends well before."""


@pytest.mark.parametrize("game", game_names())
def test_each_rule_quoted_is_a_passage_of_the_french_rules_summary(game: str) -> None:
    taught = lesson(game)
    french = catalogue("fr")
    summary = flat(french.gettext(declaration(game).phrasebook().rules))
    rules = [topic.rule for topic in [*taught.phases.values(), *taught.moves.values()] if topic.rule]
    assert rules, f"{game}'s lesson quotes no rule"
    for rule in rules:
        quoted = french.gettext(rule)
        assert quoted != rule, f"no French for {rule!r}"
        assert flat(quoted) in summary, quoted


def texts(taught: JsonObject) -> Iterator[str]:
    """Every text a lesson shows (not the moves' notation, which is in no language)."""
    decision = taught["decision"]
    yield from (decision["title"], decision["text"], decision["rule"])
    for option in taught["options"]:
        yield from (option["title"], option["text"], option["rule"], option["more"])
    for entry in [*decision["terms"], *(t for o in taught["options"] for t in o["terms"])]:
        yield from (entry["term"], entry["text"])
    for event in taught["events"]:
        yield event["sentence"]
        yield from (text for entry in event["terms"] for text in (entry["term"], entry["text"]))


@pytest.mark.parametrize("game", game_names())
def test_a_seat_is_taught_in_french_at_every_decision(game: str) -> None:
    taught, book = lesson(game), declaration(game).phrasebook()
    left = english("fr")
    french = catalogue("fr")
    state = new_game(game, get_game(game).MIN_PLAYERS, seed=SEED)
    problems: set[str] = set()
    decisions = 0

    def check(seat: int) -> None:
        view, legal = state.view(seat), state.legal_moves(seat)
        english_lesson = lesson_for(taught, book, view, legal, state.events(seat))
        with speaking(french):
            told = lesson_for(taught, book, view, legal, state.events(seat))
        assert told["decision"]["title"] != english_lesson["decision"]["title"]
        for text in texts(told):
            if left.left_in(text) or "{" in text:
                problems.add(f"{text!r} ({left.left_in(text)})")

    for seat, _move in random_moves(state, random.Random(SEED), LIMIT):
        if seat == 0:
            decisions += 1
            check(seat)
    check(0)  # the end
    assert state.is_over() and decisions
    assert sorted(problems) == []
