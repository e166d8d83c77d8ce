import pytest

from feint.engine import SetupError, StateFormatError, game_names, get_game, new_game, state_from_json
from feint.engine.seeding import fresh_seed, is_seed


def test_guile_is_registered() -> None:
    assert "guile" in game_names()
    assert get_game("guile").TITLE == "Guile"


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(SetupError, match=r"unknown game 'chess'; games are .*guile"):
        new_game("chess")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3}, "Guile is played by 2 players, not 3"),
        ({"players": "2"}, "players must be a whole number"),
        ({"seed": 1.5}, "the seed must be a whole number"),
        ({"seed": True}, "the seed must be a whole number"),
        ({"seed": -1}, "the seed must be a whole number from 0 to 9223372036854775807, not -1"),
        ({"seed": 2**63}, "from 0 to 9223372036854775807, not 9223372036854775808"),
        ({"options": {"variants": ["no-such"]}}, "unknown variant 'no-such'; variants are code-of-chivalry"),
        ({"options": {"variants": "extended-cast"}}, "variants must be a list"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"setup": {"hands": []}}, "unknown setup key 'hands'"),
        ({"setup": {"deals": [{"0": ["1", "1", "1", "1"], "1": ["2", "2", "2", "3"]}]}}, "more often than"),
        ({"setup": {"deals": [{"0": ["1", "2", "3"], "1": ["2", "2", "1", "3"]}]}}, "list of 4 cards"),
        ({"setup": {"deals": [{"0": ["1", "2", "3", "merlin"], "1": ["2", "2", "1", "3"]}]}}, "not a card"),
    ],
)
def test_bad_new_game_arguments_are_refused_clearly(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game("guile", **kwargs)  # type: ignore[arg-type]


def test_a_seed_is_any_of_63_bits_the_range_fresh_seeds_are_drawn_from() -> None:
    assert new_game("guile", seed=2**63 - 1).to_json() != new_game("guile", seed=0).to_json()
    assert all(is_seed(fresh_seed()) for _ in range(100))


def test_state_from_json_needs_a_known_game() -> None:
    with pytest.raises(StateFormatError, match="needs a 'game'"):
        state_from_json({})
    with pytest.raises(StateFormatError, match="unknown game"):
        state_from_json({"game": "chess"})


def test_state_from_json_refuses_a_broken_state() -> None:
    state = new_game("guile", seed=1)
    state.apply(0, "faction arthur")
    state.apply(0, "start tristan")
    data = state.to_json()
    with pytest.raises(StateFormatError, match="not a Guile state"):
        state_from_json({**data, "knights": None})
    with pytest.raises(StateFormatError, match="one whole deck"):
        state_from_json({**data, "aside": data["aside"] + ["4d"]})
