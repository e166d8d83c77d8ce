"""``feint play --teach``: every decision of a whole game is drawn with its lesson under the menu."""

from __future__ import annotations

import pytest

from feint.engine.registry import declaration, game_names
from tests.cli.screens import play_through


@pytest.mark.parametrize("game", game_names())
def test_each_decision_is_drawn_with_the_lesson_of_its_phase(game: str) -> None:
    players = {"knights": 3}.get(game, 2)
    screen, session = play_through(game, players, seed=26, teach=True)
    assert session.state.is_over()
    lesson = declaration(game).teaching()
    assert lesson is not None
    taught = [drawing.text() for drawing in screen.drawings if "Learning to play." in drawing.text()]
    assert taught, "the human's decisions are taught"
    titles = {topic.title for topic in lesson.phases.values()}
    assert all(any(f"Learning to play. {title}:" in text for title in titles) for text in taught)
