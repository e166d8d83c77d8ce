"""The replay runner: order of simultaneous moves, and errors that name the move."""

import pytest

from feint.engine.errors import StateFormatError
from feint.engine.replay import Replay, ReplayMoveError

DEAL = {"deals": [{"0": ["1", "2", "3", "4"], "1": ["4d", "3", "2", "1"]}]}


def replay(moves: list[list[object]], variants: tuple[str, ...] = ()) -> Replay:
    return Replay.from_json(
        {"game": "guile", "seed": 1, "options": {"variants": list(variants)}, "setup": DEAL, "moves": moves}
    )


def test_a_seats_later_draft_picks_wait_for_the_other_seat() -> None:
    """Seat 0 lists its three picks first; each is held until seat 1 has passed it a hand."""
    interleaved = [[0, "faction arthur"], [0, "start tristan"]]
    grouped = list(interleaved)
    picks0, picks1 = ["pick 4", "pick 3", "pick 2"], ["pick 4d", "pick 3", "pick 2"]
    for a, b in zip(picks0, picks1, strict=True):
        interleaved += [[0, a], [1, b]]
    grouped += [[0, m] for m in picks0] + [[1, m] for m in picks1]
    assert replay(grouped).play().to_json() == replay(interleaved).play().to_json()


def test_a_held_move_that_never_comes_to_move_is_reported_at_its_position() -> None:
    moves = [[0, "faction arthur"], [0, "start tristan"], [0, "pick 4"], [0, "pick 3"]]
    with pytest.raises(ReplayMoveError) as caught:
        replay(moves).play()
    assert caught.value.position == 3
    assert "never came to move" in caught.value.reason


def test_a_move_out_of_turn_outside_a_simultaneous_phase_fails_at_once() -> None:
    with pytest.raises(ReplayMoveError) as caught:
        replay([[1, "faction arthur"]]).play()
    assert (caught.value.position, caught.value.seat, caught.value.move) == (0, 1, "faction arthur")
    assert caught.value.reason == "seat 1 is not to move; waiting for seat 0"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a JSON object"),
        ({"moves": []}, 'needs "game"'),
        ({"game": "guile", "moves": {}}, '"moves" must be a list'),
        ({"game": "guile", "moves": [[0]]}, 'move 0 must be a \\[seat, "move"\\] pair'),
        ({"game": "guile", "moves": [["0", "look"]]}, "move 0 must be"),
        ({"game": "guile", "seed": "7"}, '"seed" must be a whole number'),
        ({"game": "guile", "options": []}, '"options" must be an object'),
        ({"game": "guile", "colour": 1}, "unknown replay key 'colour'"),
    ],
)
def test_malformed_replays_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        Replay.from_json(data)


def test_replay_json_round_trip() -> None:
    data = {
        "game": "guile",
        "players": 2,
        "seed": 3,
        "options": {"variants": ["extended-cast"]},
        "setup": DEAL,
        "moves": [[0, "faction mordred"]],
    }
    assert Replay.from_json(data).to_json() == data
