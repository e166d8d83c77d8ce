"""Every registered game with each table size and variant set, for the generic suites."""

from __future__ import annotations

from collections.abc import Iterator

from feint.engine import game_names, get_game

Config = tuple[str, int, tuple[str, ...]]


def configurations(every_size: bool = True) -> list[Config]:
    """Each game, variant set (none, each alone, all) and table size (or only the smallest,
    the usual and the largest)."""
    return list(_configurations(every_size))


def _configurations(every_size: bool) -> Iterator[Config]:
    for name in game_names():
        cls = get_game(name)
        variant_sets = {(), cls.VARIANTS, *((v,) for v in cls.VARIANTS)}
        sizes = range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
        if not every_size:
            sizes = sorted({cls.MIN_PLAYERS, cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS, cls.MAX_PLAYERS})
        for players in sizes:
            for variants in sorted(variant_sets):
                yield name, players, variants


def ids(configs: list[Config]) -> list[str]:
    return [f"{n}-{p}-{'+'.join(v) or 'base'}" for n, p, v in configs]
