"""The games of a tournament: its configurations, its schedule and every game's seeds.

A tournament plays ``games`` games (rounded up to whole blocks of the
schedule, see :mod:`feint.arena.schedule`) in each configuration: a set of
variants, ``()`` for the base game. Each game's seed and its bots' seed
stream are one-way hashes of the tournament seed and the game's index, so
one game's seed tells nothing of another's, bots never see the game's seed
(``feint.engine.seeding``), and a game is the same whichever worker plays
it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from feint.arena.schedule import rounded_games, schedule
from feint.arena.seats import arena_bot
from feint.bots.registry import at_time
from feint.bots.spec import split_specs
from feint.engine.errors import SetupError
from feint.engine.registry import get_game, new_game
from feint.engine.seeding import bot_seed

Variants = tuple[str, ...]
BASE: Variants = ()


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything a worker needs to play one game, and nothing of the others."""

    index: int
    game: str
    bots: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    variants: Variants


@dataclass(frozen=True, slots=True)
class Plan:
    """A tournament: ``bots`` rotated over ``players`` seats, ``games`` games per configuration."""

    game: str
    bots: tuple[str, ...]
    players: int
    games: int
    seed: int
    configurations: tuple[Variants, ...] = (BASE,)

    @property
    def games_per_configuration(self) -> int:
        return rounded_games(self.games, len(self.bots), self.players)

    def specs(self, first_index: int = 0) -> list[GameSpec]:
        """Every game, numbered from ``first_index``: one configuration after another."""
        specs = []
        index = first_index
        for number, variants in enumerate(self.configurations):
            label = f"{self.seed} {self.game} {self.players} {number}"
            for lineup in schedule(self.bots, self.players, self.games_per_configuration, label):
                stream = derived_seed("bots", self.seed, index)
                seeds = tuple(bot_seed(stream, seat) for seat in range(self.players))
                specs.append(
                    GameSpec(
                        index, self.game, lineup, derived_seed("game", self.seed, index), seeds, variants
                    )
                )
                index += 1
        return specs


def derived_seed(purpose: str, seed: int, index: int) -> int:
    digest = hashlib.sha256(f"feint arena {purpose} {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def parse_bots(text: str, repeats: bool = False) -> tuple[str, ...]:
    """``ismcts,heuristic,random`` as names; raises SetupError for an empty name, or a repeated one
    unless ``repeats`` allows it (the arena's field: ``ismcts,heuristic,heuristic,heuristic``).

    A bot's own settings stay with it: ``ismcts:iters=10,guide=40,trees=1,heuristic`` is two bots.
    """
    names = split_specs(text)
    if not names or any(not name for name in names):
        raise SetupError(f"--bots takes bot names separated by commas, not {text!r}")
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated and not repeats:
        raise SetupError(f"bot {repeated[0]!r} is listed twice")
    return names


def at_equal_time(bots: Sequence[str], ms: int) -> tuple[str, ...]:
    """The field with every search bot searching ``ms`` milliseconds a decision (``feint arena --ms``).

    Raises SetupError if two different bots would become one (``ismcts:easy`` and ``ismcts:hard``).
    """
    timed = tuple(at_time(bot, ms) for bot in bots)
    first: dict[str, str] = {}
    for old, new in zip(bots, timed, strict=True):
        earlier = first.setdefault(new, old)
        if earlier != old:
            raise SetupError(f"--ms {ms} makes {earlier} and {old} the same bot, {new}")
    return timed


def distinct(bots: Sequence[str]) -> tuple[str, ...]:
    """The bots of a line-up, each once, in their first order: the rows of a report."""
    return tuple(dict.fromkeys(bots))


def parse_configuration(text: str) -> Variants:
    """``base`` is the base game; ``a+b`` plays variants a and b together."""
    return BASE if text == "base" else tuple(part.strip() for part in text.split("+"))


def configuration_name(variants: Variants) -> str:
    return "+".join(variants) if variants else "base"


def check_plan(plan: Plan) -> None:
    """Raise SetupError, saying what is wrong, for a plan any of whose games could not start."""
    if plan.games < 1:
        raise SetupError(f"--games must be at least 1, not {plan.games}")
    get_game(plan.game)
    for variants in plan.configurations:
        new_game(plan.game, plan.players, 0, {"variants": list(variants)} if variants else {})
    state = new_game(plan.game, plan.players, 0, {})
    for name in distinct(plan.bots):
        arena_bot(name, plan.game, 0, state)


def default_players(game: str, players: int | None) -> int:
    cls = get_game(game)
    return players if players is not None else cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS


def every_player_count(game: str, chosen: Sequence[int]) -> tuple[int, ...]:
    cls = get_game(game)
    return tuple(chosen) if chosen else tuple(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
