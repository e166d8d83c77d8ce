"""Bot specs as written on the command line: a kind, a level, settings, and lists of specs."""

from __future__ import annotations

import pytest

from feint.arena.plan import parse_bots
from feint.bots.ismcts import LEVELS, POLICY_LEVELS, SETTINGS
from feint.bots.montecarlo import PLAYOUTS
from feint.bots.montecarlo import SETTINGS as MONTECARLO_SETTINGS
from feint.bots.registry import make_bot
from feint.bots.spec import MAX_SPEC, BotSpec, parse_spec, split_specs
from feint.cli.seats import default_seats, parse_seats
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


@pytest.mark.parametrize("value", ["²", "٣", "\uff11\uff10", "1²", "+5", " 5", "5_000", "0x10"])
def test_a_setting_is_written_in_ascii_digits_only(value: str) -> None:
    with pytest.raises(SetupError, match="N a positive number in digits 0-9"):
        parse_spec(f"ismcts:iters={value}")


def test_a_spec_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    longest = "ismcts:iters=10000,guide=10000,trees=1,trust=100"
    options = {"iters": 10_000, "guide": 10_000, "trees": 1, "trust": 100}
    assert parse_spec(longest.ljust(MAX_SPEC)).options == options
    with pytest.raises(SetupError, match=f"a bot spec is at most {MAX_SPEC} characters, not {MAX_SPEC + 1}"):
        parse_spec(longest.ljust(MAX_SPEC + 1))
    with pytest.raises(SetupError, match="at most 64 characters, not 5013"):
        parse_spec("ismcts:iters=" + "9" * 5000)


LIMITS = [
    ("ismcts", "iters", 10_000),
    ("ismcts", "ms", 10_000),
    ("ismcts", "guide", 10_000),
    ("ismcts", "trees", 1),
    ("ismcts", "trust", 100),
    ("ismcts", "keep", 1_000),
    ("montecarlo", "playouts", 10_000),
    ("montecarlo", "ms", 10_000),
    ("montecarlo", "horizon", 1),
]


@pytest.mark.parametrize(("kind", "setting", "limit"), LIMITS)
def test_every_setting_has_the_documented_upper_limit(kind: str, setting: str, limit: int) -> None:
    settings = SETTINGS if kind == "ismcts" else MONTECARLO_SETTINGS
    assert settings[setting] == limit
    extra = ",trees=1" if setting == "guide" else ""
    make_bot(f"{kind}:{setting}={limit}{extra}", "guile", 0)
    with pytest.raises(SetupError, match=f"{kind} {setting} is at most {limit}, not {limit + 1}"):
        make_bot(f"{kind}:{setting}={limit + 1}{extra}", "guile", 0)


def test_the_limits_cover_every_setting_a_bot_takes_and_the_levels_fit_in_them() -> None:
    assert set(SETTINGS) | set(MONTECARLO_SETTINGS) == {setting for _, setting, _ in LIMITS}
    assert max(*LEVELS.values(), *POLICY_LEVELS.values()) <= SETTINGS["iters"]
    assert MONTECARLO_SETTINGS["playouts"] >= PLAYOUTS


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [
        ("ismcts:iters=100000000", "knights", "ismcts iters is at most 10000, not 100000000"),
        ("ismcts:ms=86400000", "guardians", "ismcts ms is at most 10000, not 86400000"),
        ("montecarlo:playouts=100000000", "guile", "montecarlo playouts is at most 10000, not 100000000"),
        ("fixed:truthful,iters=5", "knights", "fixed takes no settings, so not iters"),
        ("simple:iters=5", "guile", "simple takes no settings, so not iters"),
        ("simple:hard", "guile", "simple takes no level, so not 'hard'"),
    ],
)
def test_an_absurd_budget_or_a_setting_a_bot_does_not_take_is_refused(
    spec: str, game: str, message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        make_bot(spec, game, 0)


def test_the_seats_refuse_a_malformed_spec_in_the_parsers_words() -> None:
    with pytest.raises(SetupError, match=r"--seats: bad setting 'iters=²' in bot spec 'ismcts:iters=²'"):
        parse_seats("human,ismcts:iters=²")
    with pytest.raises(SetupError, match="--vs: a bot spec is at most 64 characters, not 70"):
        default_seats(2, 0, "random" * 10 + "heuristic,")
