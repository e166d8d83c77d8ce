"""The bots a person picks from in the lobby: every level seats in every game, easiest first."""

from __future__ import annotations

from feint.bots.levels import LEVELS, levels
from feint.bots.registry import make_bot, strongest
from feint.engine.registry import game_names


def test_every_game_offers_every_level_and_its_default_among_them() -> None:
    for game in game_names():
        offered = levels(game)
        assert offered == list(LEVELS), game
        assert strongest(game) in {level.bot for level in offered}
        for level in offered:
            make_bot(level.bot, game)


def test_the_levels_are_named_by_strength_in_words() -> None:
    strengths = [level.label.split("(")[0].strip() for level in LEVELS]
    assert strengths == ["Bot: easiest", "Bot: easy", "Bot: instant", "Bot: normal", "Bot: hard"]
    # The bots' own names are for people who read docs/bots.md, not for the lobby.
    for level in LEVELS:
        words = set(level.label.lower().replace("(", " ").replace(")", " ").split())
        assert not words & {"ismcts", "montecarlo", "heuristic"}
