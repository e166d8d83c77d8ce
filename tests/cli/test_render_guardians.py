"""The Guardian's Call renderer tells each event as its viewer saw it, and draws the view."""

from __future__ import annotations

from rich.console import Console

from feint.cli.render.guardians import GuardiansRenderer, describe
from feint.engine import new_game
from feint.engine.state import GameState

SETUP = {
    "guardians": ["paladin", "priestess"],
    "quests": [1, 2, 3],
    "hands": [["weapon", "weapon", "shield"], ["villager", "artifact", "spell"]],
    "pool": ["weapon", "artifact", "shield", "villager", "curse"],
    "deck": ["spell", "council", "war"],
}


def played(*moves: tuple[int, str]) -> GameState:
    state = new_game("guardians", 2, 1, setup=SETUP)
    for seat, move in moves:
        state.apply(seat, move)
    return state


def told(state: GameState, viewer: int | None) -> list[str]:
    return [describe(event, viewer) for event in state.events(viewer)]


def test_a_deck_draw_and_an_offer_are_told_with_their_cards_only_to_their_seat() -> None:
    state = played((0, "draw deck"), (0, "offer 2 weapon to 1 as shield"))
    assert told(state, 0) == [
        "you drew a card from the deck (spell)",
        "you offered 2 cards to seat 1, declared as shield (really 2 weapon)",
    ]
    assert told(state, 1) == [
        "seat 0 drew a card from the deck",
        "seat 0 offered 2 cards to you, declared as shield",
    ]


def test_the_answer_reveals_the_cards_and_the_next_turn_tells_the_refill() -> None:
    state = played((0, "draw pool curse"), (0, "offer 2 weapon to 1 as shield"), (1, "doubt"))
    assert told(state, None)[-2:] == [
        "seat 1 doubted the offer; it was 2 weapon: seat 1 wins",
        "turn 2 (seat 1's): the pool is refilled with 1 spell",
    ]


def test_council_drawn_and_war_end_with_the_final_score() -> None:
    state = played((0, "draw pool weapon"), (0, "offer 1 weapon to 1 as weapon"), (1, "believe"))
    state.apply(1, "draw deck")
    assert told(state, 0)[-2:] == [
        "seat 1 drew a card from the deck (council)",
        "the Council is revealed: the Castle race and the Council Quests are scored",
    ]
    state.apply(1, "draw deck")
    war = state.events(0)[-1]
    console = Console(record=True, width=100)
    console.print(GuardiansRenderer().describe(war, 0))
    text = console.export_text()
    assert "War is revealed: the game ends" in text and "War! The final score:" in text
    assert "total" in text and "weapons" in text


def test_the_table_shows_the_viewers_hand_and_only_the_others_sizes() -> None:
    console = Console(record=True, width=120)
    console.print(GuardiansRenderer().table(played().view(1)))
    text = console.export_text()
    assert "Your hand: villager artifact spell" in text
    assert "weapon weapon" not in text
