"""The take-back rule every front-end uses: a seat may take back its moves only while nothing hidden was
shown to it since (feint.engine.undo, each game's declared ``reveals``). Scenarios: a fixed deal, moves,
and for each seat whether the events since a point showed it something hidden."""

from __future__ import annotations

from collections.abc import Sequence

from feint.engine.game import Game
from feint.engine.registry import declaration, new_game
from feint.engine.state import GameState, Seat
from feint.engine.undo import last_move, revealed_since


def _play(game: str, players: int, moves: Sequence[tuple[Seat, str]], seed: int = 7) -> GameState:
    state = new_game(game, players, seed, {}, {})
    for seat, move in moves:
        state.apply(seat, move)
    return state


def _shown(state: GameState, seat: Seat, since: int) -> str | None:
    event = revealed_since(state, seat, since)
    return None if event is None else str(event.kind)


def test_liars_dice_bids_reveal_nothing_and_a_challenge_shows_every_die() -> None:
    """docs/rules/liars-dice.md, "Hidden information": a seat sees its own dice (the roll) and every die
    at a challenge (the reveal); a bid shows nothing hidden."""
    state = _play("liars_dice", 2, [(0, "bid 1 3s")])
    assert _shown(state, 0, 1) is None
    state.apply(1, "bid 2 3s")
    assert _shown(state, 0, 1) is None and _shown(state, 1, 1) is None
    state.apply(0, "liar")
    assert _shown(state, 0, 1) == "reveal"
    assert _shown(state, 1, 2) == "reveal"


def _guile_placing() -> GameState:
    """Guile, seed 7: Arthur for seat 0, the draft played out, both seats placing (simultaneous)."""
    return _play(
        "guile",
        2,
        [
            (0, "faction arthur"),
            (0, "start tristan"),
            (0, "pick 1"),
            (1, "pick 1"),
            (0, "pick 2"),
            (1, "pick 2"),
            (0, "pick 3"),
        ],
    )


def test_guile_a_passed_hand_is_shown_and_placements_are_not() -> None:
    """docs/rules/guile.md, "Knowledge": a seat knows the cards it placed and looked at, and every hand
    it was dealt or passed. Seat 1's last pick passes the hands: both seats see a new hand."""
    state = _guile_placing()
    before = state.seq
    state.apply(1, "pick 2")
    assert _shown(state, 0, before) == "pass" and _shown(state, 1, before) == "pass"
    placing = state.seq
    state.apply(0, "place 1 tristan")
    state.apply(1, "place 1 palamedes")
    state.apply(0, "place 2 lancelot")
    # A secret placement shows the other seat only that a card was placed.
    assert _shown(state, 0, placing) is None and _shown(state, 1, placing) is None


def test_guile_a_look_is_shown_to_the_seat_that_looked_only() -> None:
    state = _guile_placing()
    for seat, move in [
        (1, "pick 2"),
        (0, "place 1 tristan"),
        (1, "place 1 palamedes"),
        (0, "place 2 lancelot"),
        (1, "place 2 agravaine"),
        (0, "place 3 gawain"),
        (1, "place 2 meliagant"),
        (0, "place 3 percival"),
        (1, "place 4 breunor"),
    ]:
        state.apply(seat, move)
    before = state.seq
    state.apply(0, "look")
    assert _shown(state, 0, before) == "look"
    assert _shown(state, 1, before) is None


def test_knights_an_advance_flips_a_path_card_and_a_pass_shows_nothing() -> None:
    """docs/rules/knights-of-glory.md: advancing flips the next path card and rolls the dice, both
    seen by every seat."""
    state = _play("knights", 3, [(0, "advance")])
    assert all(_shown(state, seat, 1) == "flip" for seat in range(3))
    passing = _play("knights", 3, [(0, "pass")])
    assert all(_shown(passing, seat, 1) is None for seat in range(3))


def test_guardians_a_deck_card_is_shown_to_its_drawer_only() -> None:
    """docs/rules/guardians-call.md: a card drawn from the deck is seen by its drawer; one taken from the
    face-up pool shows nothing hidden."""
    state = _play("guardians", 2, [(0, "draw pool shield")])
    assert _shown(state, 0, 0) is None and _shown(state, 1, 0) is None
    before = state.seq
    state.apply(0, "draw deck")
    assert _shown(state, 0, before) == "draw-deck"
    assert _shown(state, 1, before) is None


def test_a_game_that_declares_nothing_allows_no_take_back() -> None:
    """The safe default: every event counts as showing something hidden."""
    liars = declaration("liars_dice")
    silent = Game(package=liars.package, state=liars.state, kinds=liars.kinds, words=liars.words)
    state = _play("liars_dice", 2, [(0, "bid 1 3s")])
    (bid,) = state.events(0, since=1)
    assert not liars.shows_hidden(bid, 0)
    assert silent.shows_hidden(bid, 0)


def test_last_move_finds_the_seats_last_move() -> None:
    moves = [(0, "a"), (1, "b"), (0, "c"), (1, "d")]
    assert last_move(moves, 0) == 2
    assert last_move(moves, 1) == 3
    assert last_move(moves, 2) is None
