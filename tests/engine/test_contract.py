"""The engine contract v2, checked on every registered game and variant.

Views: the engine refuses bad viewers and builds one header; views are
immutable and hashable. Events: numbered without gaps, each viewer sees only
its audiences' parts, and what a viewer saw never changes (perfect recall).
The information vocabulary names every stored field. Moves are values.
Determinization: a world sampled from a seat's information gives the seat
the same view and events, conserves the cards, fits the seat's belief, plays
on, depends on the information alone, and spreads every card the seat cannot
place over more than one place.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterator
from pathlib import Path

import pytest

from feint.engine import (
    GameState,
    InfoState,
    ViewerError,
    game_names,
    get_game,
    log_events,
    new_game,
)
from feint.engine.codec import codec_of
from feint.engine.seeding import bot_seed
from tests.engine.configurations import Config, configurations, ids

CONFIGURATIONS = configurations(every_size=False)
IDS = ids(CONFIGURATIONS)
GAMES_PER_CONFIGURATION = 90
"""Random points a configuration's worlds are sampled at, each sampled 12 times: 90, down from 250 when
Knights' worlds began rebuilding every seat's past (its 15 configurations then took 226 s of CPU), and
from 150 when the suite passed 15 minutes on 2 cores (Knights' then took about 190 s). Each game's
property tests and ``test_sampled_histories.py`` sample worlds too."""
SAMPLES_PER_POINT = 12


def start(config: Config, seed: int) -> GameState:
    name, players, variants = config
    return new_game(name, players, seed, {"variants": list(variants)})


def random_moves(state: GameState, chooser: random.Random, limit: int = 100_000) -> Iterator[None]:
    """Random legal moves to the end, yielding before each."""
    for _ in range(limit):
        if state.is_over():
            return
        yield
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_moves(seat)))
    raise AssertionError(f"no end after {limit} moves")


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("bad", [-1, 99, "0", True, 1.0])
def test_a_bad_viewer_is_refused_by_view_and_events(name: str, bad: object) -> None:
    state = new_game(name)
    if bad == 99:
        bad = state.players
    with pytest.raises(ViewerError, match="a viewer is a seat from 0"):
        state.view(bad)  # type: ignore[arg-type]
    with pytest.raises(ViewerError):
        state.events(bad)  # type: ignore[arg-type]


def mutable_parts(value: object) -> Iterator[object]:
    """Every list, dict, set or mutable dataclass inside ``value``."""
    if isinstance(value, list | dict | set | bytearray):
        yield value
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from mutable_parts(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            yield value
        for field in dataclasses.fields(value):
            yield from mutable_parts(getattr(value, field.name))


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=IDS)
def test_views_are_immutable_hashable_and_start_with_the_header(config: Config) -> None:
    state = start(config, 11)
    chooser = random.Random(11)
    for step, _ in enumerate(random_moves(state, chooser)):
        if step % 7:
            continue
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            assert hash(view) == hash(state.view(viewer))
            data = view.to_json()
            assert data["game"] == state.NAME and data["viewer"] == viewer
            assert data["phase"] == str(state.phase) and isinstance(data["phase"], str)
            assert data["to_move"] == list(state.to_move())
            assert data["over"] is state.is_over() and data["winners"] == list(state.winners())
            assert data["seq"] == state.seq
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.header = view.header  # type: ignore[misc]
            assert not list(mutable_parts(view)), "a view must share nothing a reader could change"


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=IDS)
def test_events_are_numbered_seen_by_their_audiences_and_never_rewritten(config: Config) -> None:
    state = start(config, 12)
    chooser = random.Random(12)
    seen: dict[int | None, tuple[object, ...]] = {}
    for step, _ in enumerate(random_moves(state, chooser)):
        if step % 5:
            continue
        everything = log_events(state.log)
        assert [e.seq for e in everything] == list(range(1, len(everything) + 1))
        for viewer in (None, *range(state.players)):
            events = state.events(viewer)
            assert [e.seq for e in events] == [e.seq for e in everything]
            assert all(viewer in s.audience for e in events for s in e.secrets)
            earlier = seen.get(viewer, ())
            assert events[: len(earlier)] == earlier, "what a viewer saw must never change"
            cut = chooser.randrange(len(events) + 1)
            assert state.events(viewer, since=cut) == events[cut:]
            seen[viewer] = events
    assert state.seq > 0


@pytest.mark.parametrize("name", game_names())
def test_the_information_vocabulary_names_every_stored_field(name: str) -> None:
    cls = get_game(name)
    assert set(cls.information()) == set(codec_of(cls).names)


@pytest.mark.parametrize("name", game_names())
def test_a_move_built_by_hand_is_the_listed_move_and_is_accepted(name: str) -> None:
    state = new_game(name)
    chooser = random.Random(13)
    for _ in range(60):
        if state.is_over():
            break
        seat = chooser.choice(state.to_move())
        listed = chooser.choice(state.legal_moves(seat))
        fields = {f.name: getattr(listed, f.name) for f in dataclasses.fields(listed) if f.name != "index"}
        by_hand = type(listed)(**fields)
        assert by_hand == listed and hash(by_hand) == hash(listed) and by_hand.index == -1
        assert state.apply(seat, by_hand) is listed


@pytest.mark.parametrize("name", game_names())
def test_a_clone_shares_the_log_and_diverges_on_its_own(name: str) -> None:
    state = new_game(name)
    chooser = random.Random(14)
    for _, _ in zip(range(40), random_moves(state, chooser), strict=False):
        pass
    copy = state.clone()
    assert copy.log is state.log and copy.to_json() == state.to_json()
    before = list(state.events(0))
    list(random_moves(copy, chooser))
    assert list(state.events(0)) == before and copy.seq > state.seq


@pytest.mark.parametrize("name", game_names())
def test_a_state_holds_its_fields_in_slots_and_nothing_else(name: str) -> None:
    """StateMeta: every annotated field has a slot, so no state has a __dict__ to grow by accident."""
    state = new_game(name)
    slots = {slot for k in type(state).__mro__ for slot in getattr(k, "__slots__", ())}
    assert not hasattr(state, "__dict__")
    assert set(codec_of(type(state)).names) == slots - {
        "_to_move_cache",
        "_legal_seat",
        "_legal",
        "_recalled",
    }
    with pytest.raises(AttributeError):
        state.not_a_field = 1  # type: ignore[attr-defined]


def test_a_state_field_with_a_class_level_default_is_refused() -> None:
    with pytest.raises(TypeError, match="no class-level default, so not round"):

        class Defaulted(GameState):
            round: int = 1


def test_bot_seeds_come_from_their_own_stream() -> None:
    seeds = {bot_seed(7, seat) for seat in range(5)}
    assert len(seeds) == 5 and not seeds & set(range(100))
    assert bot_seed(7, 0) != bot_seed(8, 0)


def test_no_game_imports_another_game() -> None:
    games = Path(__file__).resolve().parents[2] / "feint" / "games"
    packages = sorted(p.name for p in games.iterdir() if (p / "__init__.py").exists())
    for package in packages:
        for module in (games / package).glob("*.py"):
            tree = ast.parse(module.read_text(encoding="utf-8"))
            names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
            names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
            for other in packages:
                if other != package:
                    assert not any(n.startswith(f"feint.games.{other}") for n in names), (module, other)


# --- determinization --------------------------------------------------------------------


def check_world(true: GameState, info: InfoState, world: GameState) -> None:
    """``world`` gives the viewer exactly ``info`` and fits its belief as ``true`` does."""
    viewer = info.viewer
    assert world.view(viewer) == info.view
    assert world.events(viewer) == tuple(info.events)
    belief = type(true).belief(info)
    hidden = belief.unseen()
    for state in (true, world):
        placement = state.hidden_placement(viewer)
        assert Counter(placement.values()) == hidden, "the hidden cards must be the belief's unseen cards"
        for location, card in placement.items():
            assert belief.allows(location, card), f"{location}: {card} is not allowed by the belief"
    assert set(world.hidden_placement(viewer)) == set(true.hidden_placement(viewer))


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=IDS)
def test_worlds_sampled_from_a_seats_information_are_consistent_with_it(config: Config) -> None:
    chooser = random.Random(15)
    cls = get_game(config[0])
    landed: dict[tuple[int, Hashable], set[str]] = defaultdict(set)
    open_cards: set[tuple[int, Hashable]] = set()
    for points, game in enumerate(range(GAMES_PER_CONFIGURATION)):
        state = start(config, 1000 + game)
        for _, _ in zip(
            range(chooser.randrange(300)), random_moves(state, random.Random(game)), strict=False
        ):
            pass
        viewer = chooser.randrange(state.players)
        info = InfoState.of(state, viewer)
        belief = cls.belief(info)
        hidden = belief.unseen()
        true_placement = state.hidden_placement(viewer)
        for card in hidden:
            allowed = [loc for loc in true_placement if belief.allows(loc, card)]
            if len(allowed) > hidden[card]:
                open_cards.add((points, card))
        first = None
        for k in range(SAMPLES_PER_POINT):
            world = cls.sample(info, random.Random(k))
            check_world(state, info, world)
            for location, card in world.hidden_placement(viewer).items():
                landed[points, card].add(location)
            if k == 0:
                first = world
        assert first is not None
        again = cls.sample(InfoState.of(first, viewer), random.Random(0))
        assert again.to_json() == first.to_json(), "the same information must give the same sample"
        list(random_moves(first, random.Random(game)))
        assert first.is_over()
    spread = [key for key in open_cards if len(landed[key]) < 2]
    assert not spread, f"cards the seat cannot place that always landed in one place: {spread[:5]}"
