"""Bots by name: ``random`` plays every game, ``heuristic`` has one module per game."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from feint.bots.base import Bot
from feint.bots.fixed import STRATEGIES, make_fixed
from feint.bots.guardians_heuristic import HeuristicBot as GuardiansHeuristic
from feint.bots.guile_heuristic import HeuristicBot as GuileHeuristic
from feint.bots.guile_simple import SimpleGuileBot
from feint.bots.ismcts import LEVELS, POLICY_LEVELS, Budget, IsmctsBot
from feint.bots.knights_heuristic import HeuristicBot as KnightsHeuristic
from feint.bots.montecarlo import MonteCarloBot
from feint.bots.random_bot import RandomBot
from feint.bots.spec import parse_spec
from feint.engine.errors import SetupError
from feint.engine.registry import get_game


class BotKinds(tuple[str, ...]):
    """The kinds of bot; ``in`` also accepts a kind with a level or settings (``"ismcts:hard"``).

    So a command's ``choices=BOT_KINDS`` takes any spec of a known kind; the
    level and settings are checked when the bot is made.
    """

    def __contains__(self, spec: object) -> bool:
        if not isinstance(spec, str):
            return False
        try:
            kind = parse_spec(spec).kind
        except SetupError:
            return False
        return any(kind == known for known in self)


HUMAN = "human"
"""A person's seat, in a save's seats and ``feint play --seats``."""
BOT_KINDS = BotKinds(("random", "heuristic", "ismcts", "fixed", "montecarlo", "simple"))
STRONGEST: Mapping[str, str] = {"guile": "ismcts", "knights": "ismcts", "guardians": "ismcts"}
"""The bot that measured strongest in each game (docs/bots.md): the opponent a front-end offers by default."""
_HEURISTICS: dict[str, Callable[[int], Bot]] = {
    "guile": GuileHeuristic,
    "knights": KnightsHeuristic,
    "guardians": GuardiansHeuristic,
}


def strongest(game: str) -> str:
    """The default opponent in ``game``: its strongest bot, else its heuristic, else random."""
    return STRONGEST.get(game) or ("heuristic" if game in _HEURISTICS else "random")


def check_seats(seats: object, game: str, where: str = "") -> tuple[str, ...]:
    """A save's ``seats`` note, who sat in each seat: ``human`` or a bot spec each, lower-cased; raises
    SetupError, after ``where``, for anything else or a spec :func:`check_bot` refuses."""
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise SetupError(f'{where}"seats" must be a list of names, such as ["human", "heuristic"]')
    get_game(game)  # an unknown game is refused as itself, not as every bot seat's
    names = tuple(name.lower() for name in seats)
    for seat, name in enumerate(names):
        if name != HUMAN:
            check_bot(name, game, f"{where}seat {seat}: ")
    return names


def check_bot(spec: str, game: str, where: str = "") -> None:
    """Raise SetupError, after ``where``, for a spec :func:`make_bot` refuses: malformed, too long, over
    a limit, or a bot ``game`` has not. What a person hands over (a save's seats, the server's tables)
    is checked here, so every front-end refuses the same specs in the same words."""
    try:
        make_bot(spec, game)
    except SetupError as err:
        raise SetupError(f"{where}{err}") from None


def make_bot(kind: str, game: str, seed: int = 0) -> Bot:
    """A new bot of ``kind`` for ``game``, with its own seeded generator.

    ``kind`` may carry a level or settings: ``ismcts:hard``, ``ismcts:iters=2000``.
    """
    spec = parse_spec(kind)
    if spec.kind == "ismcts":
        trees = spec.options.get("trees", 0)
        if trees > 1:
            raise SetupError(f"ismcts:trees=1 asks for a tree per seat; {trees} is not a choice")
        # In a game with a heuristic every playout is played by it: measured stronger in each of
        # them than quiet and random playouts with a tree per seat (docs/bots.md), which trees=1 keeps.
        policy = None if trees else _HEURISTICS.get(game)
        budget = Budget.of(spec, LEVELS) if policy is None else Budget.of(spec, POLICY_LEVELS, by_seats=True)
        visits = spec.options.get("guide", 0)
        if visits and game not in _HEURISTICS:
            raise SetupError(f"ismcts:guide=N is guided by the heuristic, and {game!r} has none")
        if visits and policy is not None:
            raise SetupError(
                f"ismcts:guide=N guides the trees, and {game}'s search plays the heuristic in every "
                "playout already; add trees=1 for the trees"
            )
        guide = _HEURISTICS[game](seed) if visits else None
        return IsmctsBot(game, seed, budget, guide, visits, policy)
    if spec.kind == "fixed":
        fixed = make_fixed(spec.level, game, make_bot("heuristic", game, seed))
        spec.check(tuple(STRATEGIES), {})  # the strategy is checked above, in make_fixed's words
        return fixed
    if spec.kind == "montecarlo":
        return MonteCarloBot.of(spec, game, seed)
    if spec.kind in ("random", "heuristic", "simple"):
        spec.check((), {})
    if spec.kind == "simple":
        if game != "guile":
            raise SetupError(f"the simple rule is a Guile bot, not a {game!r} one")
        return SimpleGuileBot(seed)
    if spec.kind == "random":
        return RandomBot(seed)
    if spec.kind == "heuristic":
        factory = _HEURISTICS.get(game)
        if factory is None:
            raise SetupError(f"no heuristic bot for {game!r} yet; use random")
        return factory(seed)
    raise SetupError(f"unknown bot {kind!r}; bots are {', '.join(BOT_KINDS)}")
