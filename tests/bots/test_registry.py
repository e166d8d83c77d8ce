"""The registry's default opponents: one per game, each a bot the registry can make."""

from __future__ import annotations

import pytest

from feint.bots.registry import make_bot, strongest
from feint.cli.seats import default_seats
from feint.engine.registry import declaration, game_names


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_a_strongest_bot_it_can_make(game: str) -> None:
    assert strongest(game) == declaration(game).strongest
    assert make_bot(strongest(game), game, 1).choose is not None


def test_the_play_command_seats_the_games_strongest_bot_by_default() -> None:
    assert default_seats(3, 1, strongest("knights")) == ("ismcts:hard", "human", "ismcts:hard")
