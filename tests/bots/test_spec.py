"""Bot specs as written on the command line: a kind, a level, settings, and lists of specs."""

from __future__ import annotations

import pytest

from feint.arena.plan import parse_bots
from feint.bots.spec import BotSpec, parse_spec, split_specs
from feint.cli.seats import parse_seats
from feint.engine.errors import SetupError


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("heuristic", BotSpec("heuristic")),
        ("ismcts:hard", BotSpec("ismcts", "hard")),
        ("ismcts:iters=2000", BotSpec("ismcts", None, {"iters": 2000})),
        ("ismcts:iters=10,guide=40", BotSpec("ismcts", None, {"iters": 10, "guide": 40})),
        ("ismcts:hard,trees=1", BotSpec("ismcts", "hard", {"trees": 1})),
        (" fixed:truthful ", BotSpec("fixed", "truthful")),
    ],
)
def test_a_spec_is_a_kind_then_a_level_or_settings_or_both(text: str, spec: BotSpec) -> None:
    assert parse_spec(text) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ismcts:hard,", "bad setting ''"),
        ("ismcts:hard,easy", "bad setting 'easy'"),
        ("ismcts:hard,trees=0", "bad setting 'trees=0'"),
        (":hard", "names no bot"),
    ],
)
def test_a_malformed_spec_is_refused_saying_what_is_expected(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        parse_spec(text)


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("ismcts,heuristic,random", ("ismcts", "heuristic", "random")),
        ("ismcts:iters=10,guide=40,trees=1, heuristic", ("ismcts:iters=10,guide=40,trees=1", "heuristic")),
        ("random,ismcts:hard,trees=1", ("random", "ismcts:hard,trees=1")),
        ("ismcts:hard,heuristic", ("ismcts:hard", "heuristic")),
        # A setting with no spec before it to belong to stays a part of its own, and is refused later.
        ("iters=10,random", ("iters=10", "random")),
        ("random,,heuristic", ("random", "", "heuristic")),
    ],
)
def test_a_list_of_specs_keeps_each_specs_settings_with_it(text: str, specs: tuple[str, ...]) -> None:
    assert split_specs(text) == specs


def test_the_arena_and_the_seats_take_specs_with_settings() -> None:
    assert parse_bots("ismcts:iters=10,guide=40,trees=1,heuristic") == (
        "ismcts:iters=10,guide=40,trees=1",
        "heuristic",
    )
    assert parse_seats("Human,ismcts:hard,trees=1") == ("human", "ismcts:hard,trees=1")
    with pytest.raises(SetupError, match="bot names separated by commas"):
        parse_bots("random,,heuristic")
    with pytest.raises(SetupError, match="'iters=10' is neither a person nor a bot"):
        parse_seats("human,iters=10")
