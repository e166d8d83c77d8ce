"""Every game's observation encoding: a fixed size per table, numbers in [0, 1], and a function of the
seat's information alone (the same at a world resampled from that information)."""

from __future__ import annotations

import inspect
import random
from array import array
from pathlib import Path

import pytest

from feint.engine import get_game
from feint.engine.info import InfoState
from feint.engine.observation import count_into, count_many_into
from feint.engine.registry import declaration, declarations, new_game
from feint.engine.state import GameState
from tests.engine.configurations import configurations, ids

CONFIGS = [c for c in configurations() if declaration(c[0]).package.startswith("feint.games.")]


def test_every_game_declares_an_encoding() -> None:
    ours = [game for game in declarations() if game.package.startswith("feint.games.")]
    assert len(ours) == 4
    for game in ours:
        encoding = game.encoding(game.state.MIN_PLAYERS)
        assert encoding.size == encoding.layout.size > 0


def test_every_segment_is_documented_in_the_module() -> None:
    for game in declarations():
        if game.observation is None:
            continue
        encoding = game.encoding(game.state.MAX_PLAYERS, game.state.VARIANTS)
        doc = inspect.getmodule(type(encoding)).__doc__ or ""  # type: ignore[union-attr]
        for segment in encoding.layout.segments:
            assert f"`{segment.name}`" in doc, (game.name, segment.name)


def _points(name: str, players: int, variants: tuple[str, ...], seed: int) -> list[GameState]:
    """Every fifth decision of a random game, and its end."""
    state = new_game(name, players, seed, {"variants": list(variants)})
    rng = random.Random(seed)
    points = []
    step = 0
    while not state.is_over():
        if step % 5 == 0:
            points.append(state.clone())
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        step += 1
    points.append(state)
    return points


@pytest.mark.parametrize(("name", "players", "variants"), CONFIGS, ids=ids(CONFIGS))
def test_observation_is_the_seats_information_alone(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    encoding = declaration(name).encoding(players, variants)
    rng = random.Random(7)
    seen: set[tuple[float, ...]] = set()
    checked = 0
    for seed in (1, 2):
        for state in _points(name, players, variants, seed):
            for seat in range(players):
                obs = encoding.encode(InfoState.of(state, seat))
                assert len(obs) == encoding.size
                assert all(0.0 <= x <= 1.0 for x in obs), [i for i, x in enumerate(obs) if not 0 <= x <= 1]
                mask = [m.index for m in state.legal_moves(seat)]
                if state.is_over():
                    continue
                world = state.resample(seat, rng)
                assert encoding.encode(InfoState.of(world, seat)) == obs
                assert [m.index for m in world.legal_moves(seat)] == mask
                seen.add(tuple(obs))
                checked += 1
    # The observation follows the game: most of those checked differ.
    assert len(seen) > checked // 2


@pytest.mark.parametrize("name", sorted({c[0] for c in CONFIGS}))
def test_observation_holds_the_seats_secrets(name: str) -> None:
    """Redraw seat 0's hidden cards (a world resampled from seat 1's information): seat 0's observation
    changes, so the encoding reads what only seat 0 knows."""
    cls = get_game(name)
    encoding = declaration(name).encoding(cls.MIN_PLAYERS)
    rng = random.Random(3)
    changed = 0
    for seed in range(4):
        for state in _points(name, cls.MIN_PLAYERS, (), seed)[:-1]:
            mine = encoding.encode(InfoState.of(state, 0))
            world = state.resample(1, rng)
            changed += encoding.encode(InfoState.of(world, 0)) != mine
    assert changed > 3


def test_docs_list_every_layout() -> None:
    """docs/learning.md shows each game's layout as its encoding lays it out, and its spaces."""
    text = (Path(__file__).parents[2] / "docs" / "learning.md").read_text(encoding="utf-8")
    for game in declarations():
        if not game.package.startswith("feint.games."):
            continue
        cls = game.state
        assert game.encoding(cls.MIN_PLAYERS).layout.markdown() in text, game.name
        sizes = ", ".join(
            f"{n}: {game.encoding(n).size}" for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
        )
        assert f"| {len(cls.MOVES)} | {sizes} |" in text, game.name


@pytest.mark.parametrize("top", [2, 3, 5, 6, 20, 40, 122])
def test_counting_many_items_at_once_gives_the_item_by_item_sums(top: int) -> None:
    rng = random.Random(top)
    index = {kind: i for i, kind in enumerate("abcdefgh")}
    for length in (0, 1, 5, 24, 25, 60, 300):
        items = [rng.choice("abcdefghz") for _ in range(length)]  # "z": no place, skipped
        at_once, one_by_one = array("d", bytes(8 * 10)), array("d", bytes(8 * 10))
        count_many_into(at_once, 1, items, index, top)
        for item in items:
            count_into(one_by_one, 1, (item,), index, top)
        assert at_once.tobytes() == one_by_one.tobytes(), (top, length)
        assert at_once[0] == at_once[9] == 0.0
