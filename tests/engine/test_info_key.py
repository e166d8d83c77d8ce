"""``InfoState.key``: a hashable key for a viewer's information, built as the events arrive, equal exactly
when two information states have the same view and the same events: the same at a resampled world,
different after a different history, on every game."""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from feint.engine import InfoState, new_game
from feint.engine.infokey import InfoKey
from tests.engine.configurations import Config, configurations
from tests.engine.random_play import play

CONFIGURATIONS = configurations(every_size=False)


@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**40), bot_seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_a_resampled_world_gives_the_viewer_the_same_key(config: Config, seed: int, bot_seed: int) -> None:
    name, players, variants = config
    state = new_game(name, players, seed, {"variants": list(variants)})
    chooser = random.Random(bot_seed)
    play(state, chooser, chooser.randrange(150))
    for viewer in range(players):
        key = InfoState.of(state, viewer).key
        for _ in range(3):
            world = state.resample(viewer, random.Random(chooser.random()))
            other = InfoState.of(world, viewer).key
            assert other == key and hash(other) == hash(key)


@given(config=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**40), bot_seed=st.integers(0, 10**6))
@settings(max_examples=25, deadline=None)
def test_keys_are_equal_exactly_when_views_and_events_are(config: Config, seed: int, bot_seed: int) -> None:
    """Info states of several games from the same deal (different moves, so different histories, and the same
    moves, so the same ones), taken at every decision: the keys part them as their JSON does."""
    name, players, variants = config
    seen: dict[InfoKey, str] = {}
    distinct: set[str] = set()
    for game in range(4):
        state = new_game(name, players, seed, {"variants": list(variants)})
        chooser = random.Random(bot_seed + game % 2)  # games 0 and 2, 1 and 3 are played alike
        infos = [InfoState.of(state, seat) for seat in range(players)]
        for _ in range(60):
            if state.is_over():
                break
            play(state, chooser, 1)
            for info in infos:
                info.sync(state)
                information = as_json(info)
                known = seen.setdefault(info.key, information)
                assert known == information
                distinct.add(information)
    assert len(seen) == len(distinct)


def as_json(info: InfoState) -> str:
    """The information as the JSON string the key spares a search: the reference it is checked against."""
    return json.dumps([info.view.to_json(), [event.to_json() for event in info.events]], sort_keys=True)


def test_the_key_is_built_as_events_arrive_and_notices_a_replaced_list() -> None:
    state = new_game("guile", 2, 4)
    chooser = random.Random(4)
    info = InfoState.of(state, 0)
    first = info.key
    assert info.key is first  # nothing new: the same key, not built again
    play(state, chooser, 7)
    info.sync(state)
    assert info.key != first
    assert info.key == InfoState.of(state, 0).key
    info.events = info.events[:3]
    shorter = InfoState(0, info.view, list(InfoState.of(state, 0).events[:3]))
    assert info.key == shorter.key


def test_the_same_events_under_another_view_or_another_secret_give_another_key() -> None:
    state = new_game("liars_dice", 2, 9)
    info = InfoState.of(state, 0)
    header = replace(info.view.header, seq=info.view.header.seq + 1)
    other_view = InfoState(0, replace(info.view, header=header), list(info.events))
    assert hash(other_view.key) == hash(info.key)  # the events hash alike; the views still part them
    assert other_view.key != info.key
    # Seat 1's events are the same events, with seat 1's own dice in them instead of seat 0's.
    theirs = InfoState(0, info.view, list(state.events(1)))
    assert [e.seq for e in theirs.events] == [e.seq for e in info.events]
    assert theirs.key != info.key


def test_a_key_pickles_within_a_process() -> None:
    state = new_game("knights", 4, 2)
    play(state, random.Random(2), 40)
    key = InfoState.of(state, 1).key
    again = pickle.loads(pickle.dumps(key))
    assert again == key and hash(again) == hash(key)
