"""Liar's Dice in words: each event told as its viewer saw it, and a seat never told another's dice."""

from __future__ import annotations

import random

import pytest

from feint.engine import new_game
from feint.engine.registry import declaration
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.rules import VARIANTS
from feint.games.liars_dice.words import BOOK

ROLLS = {"rolls": [[[1, 2, 3, 5, 5], [4, 4, 5, 5, 6]]]}


def test_the_game_declares_this_phrasebook() -> None:
    assert declaration("liars_dice").phrasebook() is BOOK
    assert "liar" in BOOK.rules and "spot on" in BOOK.glossary


def test_a_round_told_to_seat_0_to_seat_1_and_to_the_spectator() -> None:
    state = new_game("liars_dice", 2, 0, {}, ROLLS)
    state.apply(0, "bid 4 5s")
    state.apply(1, "liar")
    told = {viewer: [BOOK.tell(e, viewer) for e in state.events(viewer)][:5] for viewer in (0, 1, None)}
    assert told[0] == [
        "Round 1: you rolled 1 2 3 5 5. You to bid first.",
        "You bid 4 5s.",
        "Seat 1 called liar on your bid of 4 5s.",
        "The dice: you 1 2 3 5 5; seat 1 4 4 5 5 6. 4 dice count for 4 5s: the bid stood.",
        "Seat 1 lost a die: 4 left.",
    ]
    assert told[1][0] == "Round 1: you rolled 4 4 5 5 6. Seat 0 to bid first."
    assert told[1][2] == "You called liar on seat 0's bid of 4 5s."
    assert told[None][0] == "Round 1: the dice are rolled (seat 0 5 and seat 1 5). Seat 0 to bid first."


def test_spot_on_and_the_end_under_openspiel_are_told() -> None:
    state = new_game("liars_dice", 2, 0, {"variants": ["openspiel", "spot-on"]}, {"rolls": [[[4], [4]]]})
    state.apply(0, "bid 2 4s")
    state.apply(1, "spot on")
    told = [BOOK.tell(e, 1) for e in state.events(1)]
    assert told[2:] == [
        "You called seat 0's bid of 2 4s spot on.",
        "The dice: seat 0 4; you 4. 2 dice count for 2 4s: exactly right.",
        "You won the game; seat 0 lost it.",
    ]


@pytest.mark.parametrize("variants", [(), VARIANTS], ids=["base", "all"])
def test_every_event_of_a_game_is_told_and_no_sentence_names_a_hidden_die(variants: tuple[str, ...]) -> None:
    state = new_game("liars_dice", 3, 4, {"variants": list(variants)})
    chooser = random.Random(4)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    for viewer in (None, 0, 1, 2):
        for event in state.events(viewer):
            sentence = BOOK.tell(event, viewer)
            assert sentence, event
            assert "?" not in sentence
            if event.kind == Kind.ROLL and viewer is not None and event.get("counts")[viewer]:
                own = " ".join(map(str, event.get("dice")))
                assert sentence.startswith(f"Round {event.get('round')}: you rolled {own}. ")
