"""The renderers: each event told as its viewer saw it, scoring explained, and the table's snapshot.

The snapshots under tests/cli/snapshots/ are the tables drawn at 80 columns
for a fixed seed and moves, compared exactly. After a deliberate change to a
table, regenerate them with::

    FEINT_SNAPSHOTS=update .venv/bin/python -m pytest tests/cli/test_render.py

and read the diff before committing it.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from feint.cli.render import renderer_for
from feint.engine import new_game
from feint.engine.replay import Replay
from feint.engine.state import GameState

SNAPSHOTS = Path(__file__).parent / "snapshots"
SCENARIOS = Path(__file__).parent.parent / "scenarios"


def text(renderable: Any) -> str:
    console = Console(width=80, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def told(state: GameState, game: str, viewer: int | None, since: int = 0) -> list[str]:
    renderer = renderer_for(game)
    return [line for e in state.events(viewer, since=since) if (line := renderer.describe(e, viewer))]


def scenario(game: str, name: str) -> GameState:
    return Replay.from_json(json.loads((SCENARIOS / game / f"{name}.json").read_text())).play()


TABLES = {
    "guile": (3, ["faction mordred", "start palamedes"]),
    "knights": (2, ["advance"]),
    "guardians": (4, ["draw deck"]),
}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_table_for_a_fixed_seed_matches_its_snapshot(game: str) -> None:
    seed, moves = TABLES[game]
    state = new_game(game, None, seed)
    for move in moves:
        state.apply(0, move)
    drawn = text(renderer_for(game).table(state.view(0)))
    snapshot = SNAPSHOTS / f"{game}.txt"
    if os.environ.get("FEINT_SNAPSHOTS") == "update":
        snapshot.write_text(drawn)
    assert drawn == snapshot.read_text()
    assert len(drawn.splitlines()) <= 16, "the table leaves room for the news and the decision at 80x24"
    assert max(len(line) for line in drawn.splitlines()) <= 80


def test_guile_a_look_is_told_with_its_card_only_to_the_seat_that_looked() -> None:
    state = scenario("guile", "view-knowledge")
    looks_0 = [line for line in told(state, "guile", 0) if "looked at" in line]
    looks_1 = [line for line in told(state, "guile", 1) if "looked at" in line]
    assert any(line.startswith("You looked at") and ": it holds " in line for line in looks_0 + looks_1)
    assert all(": it holds" not in line for line in looks_0 + looks_1 if line.startswith("Seat"))


def test_guile_the_extended_cast_reveal_says_what_each_character_did_to_the_totals() -> None:
    round_over = told(scenario("guile", "morgana-cancels-merlin"), "guile", 0)
    assert any(
        "Morgana on percival cancelled the merlin on meliagant: it counted 0. "
        "Merlin on meliagant was cancelled and did nothing. You won on the total: you 7, seat 1 6." in line
        for line in round_over
    )
    isolde = told(scenario("guile", "isolde-on-tristan"), "guile", 0)
    assert any(
        "Isolde on tristan counted 3, the highest card of the Allies of King Arthur." in s for s in isolde
    )
    merlin = told(scenario("guile", "merlin-copies-across"), "guile", 0)
    assert any("Merlin on breunor counted 4, as the 4 across on agravaine." in line for line in merlin)


def test_knights_a_face_down_cover_and_a_vote_are_told_without_what_they_hide() -> None:
    state = scenario("knights", "votes-hidden-until-all-cast")
    assert "You covered the sword die with sword, face-down." in told(state, "knights", 0)
    assert "Seat 0 covered the sword die with a face-down card." in told(state, "knights", 1)
    assert told(state, "knights", 0)[-1] == "Seat 1 voted."
    assert told(state, "knights", 1)[-1] in ("You voted agree.", "You voted disagree.")


def test_knights_final_turns_say_covers_are_face_up_with_no_vote_on_the_last_turn() -> None:
    state = scenario("knights", "endgame-first-exit-final-turns")
    screen = " ".join(text(renderer_for("knights").table(state.view(state.to_move()[0]))).split())
    assert "FINAL TURNS: covers face-up and true, no vote; your last turn." in screen


def test_guardians_a_deck_draw_and_an_offer_keep_their_cards_from_other_seats() -> None:
    state = new_game("guardians", 2, 1)
    state.apply(0, "draw deck")
    hand = state.view(0).me().hand  # type: ignore[union-attr]
    assert hand is not None
    state.apply(0, f"offer 1 {hand[0]} to 1 as shield")
    mine, theirs = told(state, "guardians", 0), told(state, "guardians", 1)
    assert (
        mine[-2].startswith("You drew a")
        and mine[-2].endswith("from the deck.")
        and mine[-2] != ("You drew a card from the deck.")
    )
    assert theirs[-2] == "Seat 0 drew a card from the deck."
    assert mine[-1] == f"You offered 1 card to seat 1, declared as a shield (really 1 {hand[0]})."
    assert theirs[-1] == "Seat 0 offered 1 card to you, declared as a shield."


def test_guardians_the_council_says_who_scored_what() -> None:
    state = scenario("guardians", "council-from-refill")
    council = [line for line in told(state, "guardians", 0) if line.startswith("The Council was revealed")]
    assert len(council) == 1
    assert council[0].split("scored: ")[1].count(" VP") == state.players
