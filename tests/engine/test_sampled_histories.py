"""A sampled world gives every seat a consistent perfect-recall history, on every game that declares it
(``SAMPLES_HISTORIES``): the viewer's information is unchanged, every other seat's events carry its own
private past as the real game's do, consistent with its view in the world, and the seeded draw repeats."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from feint.engine import GameState, InfoState, get_game, new_game, registry
from feint.engine.events import log_events
from tests.engine.configurations import Config, configurations
from tests.engine.random_play import play
from tests.engine.throwaway_package import install

CONFIGURATIONS = [config for config in configurations() if get_game(config[0]).SAMPLES_HISTORIES]


def audiences(state: GameState) -> list[tuple[int, tuple[frozenset[int], ...]]]:
    """Each event's number and the audiences of its private parts: who had a private past, and where."""
    return [(event.seq, tuple(s.audience for s in event.secrets)) for event in log_events(state.log)]


def check_histories(state: GameState, viewer: int, seed: int) -> bool:
    """Audit a world drawn from ``viewer``'s information; False if the sampler kept one without the other
    seats' pasts (and marked it so, ``recall_only``), which this audit is not about."""
    info = InfoState.of(state, viewer)
    world = type(state).sample(info, random.Random(seed))
    # The viewer's own information is unchanged.
    assert world.view(viewer) == state.view(viewer)
    assert world.events(viewer) == state.events(viewer)
    # A sampler that found no past for the other seats keeps a world that says so.
    assert world.recalls(viewer)
    if not all(world.recalls(seat) for seat in range(state.players)):
        return False
    # Every seat has a private past where the real game gave it one.
    assert audiences(world) == audiences(state)
    for seat in range(state.players):
        theirs = InfoState.of(world, seat)
        # Its events are consistent with its view: the world fits its information, and a world drawn from
        # that information gives it the same view and events.
        belief = type(world).belief(theirs)
        assert all(belief.allows(where, card) for where, card in world.hidden_placement(seat).items())
        again = type(world).sample(theirs, random.Random(seed + 1))
        assert again.view(seat) == theirs.view
        assert list(again.events(seat)) == theirs.events
        # Its public past is the real game's.
        assert [(e.seq, e.kind, e.actor, e.data) for e in theirs.events] == [
            (e.seq, e.kind, e.actor, e.data) for e in state.events(seat)
        ]
    # The seeded draw repeats, the rebuilt histories with it.
    assert type(state).sample(info, random.Random(seed)).to_json() == world.to_json()
    return True


@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**40), bot_seed=st.integers(0, 10**6))
@settings(max_examples=120, deadline=None)
def test_every_seat_of_a_sampled_world_has_its_own_consistent_past(
    config: Config, seed: int, bot_seed: int
) -> None:
    name, players, variants = config
    state = new_game(name, players, seed, {"variants": list(variants)})
    chooser = random.Random(bot_seed)
    play(state, chooser, chooser.randrange(100))
    assume(check_histories(state, chooser.randrange(players), bot_seed))


def test_in_a_liars_dice_world_each_seats_last_roll_is_the_dice_it_holds() -> None:
    state = new_game("liars_dice", 4, 8)
    play(state, random.Random(8), 25)
    world = state.resample(2, random.Random(1))
    for seat in range(4):
        rolls = [event for event in world.events(seat) if event.kind == "roll"]
        assert rolls[-1].get("dice") == world.view(seat).seats[seat].dice == tuple(world.dice[seat])
    # Past rounds' dice are the ones their calls showed, for every seat.
    assert [e.get("dice") for e in world.events(0) if e.kind == "roll"][:-1] == [
        e.get("dice") for e in state.events(0) if e.kind == "roll"
    ][:-1]


@pytest.mark.parametrize("game", ["liars_dice", "guile", "guardians", "knights"])
def test_every_configuration_of_a_game_that_rebuilds_pasts_is_checked(game: str) -> None:
    assert {config for config in configurations() if config[0] == game} <= set(CONFIGURATIONS)


@pytest.fixture
def claim_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    install(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.refresh()
    yield
    for module in [m for m in sys.modules if m == "claimgame" or m.startswith("claimgame.")]:
        del sys.modules[module]
    registry.refresh()


def test_the_throwaway_games_worlds_carry_both_deals(claim_installed: None) -> None:
    assert get_game("claim").SAMPLES_HISTORIES
    for seed in range(8):
        state = new_game("claim", seed=seed)
        play(state, random.Random(seed), seed % 2)
        assert check_histories(state, seed % 2, seed)
