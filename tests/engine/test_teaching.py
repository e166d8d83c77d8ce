"""Every game's lesson (feint.engine.teaching): it covers every decision, cites only what exists, and
teaches a seat nothing its information does not hold."""

from __future__ import annotations

import random
from typing import get_type_hints

import pytest

from feint.engine.registry import declaration, game_names, get_game, new_game
from feint.engine.state import GameState
from feint.engine.teaching import EXAMPLES, Lesson, lesson_for, topic_key

GAMES = game_names()


def lesson(game: str) -> Lesson:
    taught = declaration(game).teaching()
    assert taught is not None, f"{game} declares no lesson"
    return taught


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_and_every_move_has_a_topic(game: str) -> None:
    cls = get_game(game)
    taught = lesson(game)
    phases = {phase.value for phase in get_type_hints(cls)["phase"]}
    assert set(taught.phases) == phases
    moves = [move for move in cls.MOVES if move not in cls.TABLE_MOVES]
    keys = {topic_key(taught, move) for move in moves}
    assert keys == set(taught.moves), "a topic for every kind of move, and none for a move the game lacks"
    assert set(taught.events) <= {kind.value for kind in declaration(game).kinds}


@pytest.mark.parametrize("game", GAMES)
def test_every_term_is_in_the_glossary_and_every_rule_in_the_summary(game: str) -> None:
    book = declaration(game).phrasebook()
    taught = lesson(game)
    topics = [*taught.phases.values(), *taught.moves.values()]
    for topic in topics:
        assert topic.title and topic.text
        assert set(topic.terms) <= set(book.glossary), topic.title
        assert flat(topic.rule) in flat(book.rules), topic.rule
    for terms in taught.events.values():
        assert terms and set(terms) <= set(book.glossary)
    assert all(topic.rule for topic in taught.phases.values()), "each decision cites the rules summary"


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_names_every_legal_move_and_is_the_same_in_every_world_the_seat_cannot_tell_apart(
    game: str,
) -> None:
    rng = random.Random(26)
    state = new_game(game, seed=26)
    book = declaration(game).phrasebook()
    taught = lesson(game)
    decisions = 0
    while not state.is_over() and decisions < 60:
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        told = lesson_for(taught, book, state.view(seat), legal, state.events(seat))
        assert told["decision"]["mine"] and told["decision"]["phase"] == state.phase.value
        assert sum(option["count"] for option in told["options"]) == len(legal)
        texts = {str(move) for move in legal}
        for option in told["options"]:
            assert set(option["moves"]) <= texts
            assert (option["count"] > EXAMPLES) == bool(option["more"])
        explained = [term["term"] for event in told["events"] for term in event["terms"]]
        assert len(explained) == len(set(explained)), "a term is explained once, at its first event"
        # The seat's own last move is the edge of what it is told happened.
        assert all(event["seq"] >= last_own(state, seat) for event in told["events"])
        if decisions % 5 == 0:
            world = state.resample(seat, random.Random(decisions))
            again = lesson_for(taught, book, world.view(seat), world.legal_moves(seat), world.events(seat))
            assert again == told
            other = (seat + 1) % state.players
            waiting = lesson_for(
                taught, book, state.view(other), state.legal_moves(other), state.events(other)
            )
            if other not in state.to_move():
                assert not waiting["decision"]["mine"] and waiting["options"] == []
        state.apply(seat, rng.choice(legal))
        decisions += 1
    assert decisions


def last_own(state: GameState, seat: int) -> int:
    return max((event.seq for event in state.events(seat) if event.actor == seat), default=0)
