"""Every game's phrasebook in French: every event of random games, as every seat and a spectator saw
it, told with no English left and no field unfilled; the rules and the glossary too.

A property over seeded random games rather than a list of sentences: whatever a game tells, in any
world, is told in French, by the same one function the English comes from (``Phrasebook.told``).
"""

from __future__ import annotations

import random

import pytest

from feint.engine.registry import game_names, get_game, new_game
from feint.engine.words import speaking
from feint.locale import catalogue
from feint.server.api import _help_json
from feint.server.messages import phrasebook
from tests.engine.random_play import random_moves
from tests.english_left import english

SEEDS = (1, 2, 3)
LIMIT = 400
"""Moves a random game plays at most: every game of these seeds ends well before."""
FIELD = "{"


def players(game: str) -> list[int]:
    cls = get_game(game)
    return sorted({cls.MIN_PLAYERS, min(cls.MAX_PLAYERS, cls.MIN_PLAYERS + 1)})


CASES = [(game, count, seed) for game in game_names() for count in players(game) for seed in SEEDS]


@pytest.mark.parametrize(("game", "count", "seed"), CASES)
def test_every_event_is_told_in_french(game: str, count: int, seed: int) -> None:
    book = phrasebook(game)
    french = catalogue("fr")
    left = english("fr")
    state = new_game(game, count, seed=seed)
    names = [None, "Ann"] + [None] * (count - 2)
    chooser = random.Random(seed)
    problems: list[str] = []
    told_kinds: set[str] = set()
    for seat, move in random_moves(state, chooser, LIMIT):
        with speaking(french):
            said = book.move_words(move)
        if said is not None and (left.left_in(said) or FIELD in said):
            problems.append(f"move {move}: {said}")
        del seat
    assert state.is_over()
    for viewer in [None, *range(count)]:
        for event in state.events(viewer):
            english_sentence = book.told(event, viewer, names)
            with speaking(french):
                sentence = book.told(event, viewer, names)
            assert (sentence is None) == (english_sentence is None), event
            if sentence is None:
                continue
            told_kinds.add(event.kind)
            if left.left_in(sentence) or FIELD in sentence or sentence == english_sentence:
                problems.append(f"{event.kind}: {sentence!r} ({left.left_in(sentence)})")
    assert problems == []
    assert told_kinds, "no event was told"


@pytest.mark.parametrize("game", game_names())
def test_the_rules_and_glossary_are_french(game: str) -> None:
    left = english("fr")
    helped = _help_json(game, "fr")
    texts = [helped["title"], helped["rules"], *helped["glossary"], *helped["glossary"].values()]
    assert [(text, left.left_in(text)) for text in texts if left.left_in(text)] == []
    assert helped["rules"] != _help_json(game)["rules"]
