"""Bots by name: ``random``, ``ismcts``, ``montecarlo`` and ``fixed`` play every game; ``heuristic`` and a
game's own bots are those its declaration names (:class:`feint.engine.game.Game`).

``omniscient`` is not a bot but a measuring instrument: ISMCTS given the true
state. :func:`make_bot` refuses it, so no table, save or command can seat it;
only the arena makes it, by :func:`make_omniscient`, with the state it plays.
"""

from __future__ import annotations

from collections.abc import Callable

from feint.bots.base import Bot
from feint.bots.fixed import ALIASES, STRATEGIES, make_fixed
from feint.bots.ismcts import LEVELS, POLICY_LEVELS, SETTINGS, TREE_LEVELS, Budget, IsmctsBot
from feint.bots.montecarlo import MonteCarloBot
from feint.bots.playout import scoring_for
from feint.bots.random_bot import RandomBot
from feint.bots.spec import BotSpec, parse_spec
from feint.engine.errors import SetupError
from feint.engine.game import Game
from feint.engine.registry import declaration, declarations, get_game
from feint.engine.state import GameState
from feint.engine.words import Phrase


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
GENERIC_KINDS = ("random", "heuristic", "ismcts", "fixed", "montecarlo")
"""The bots of every game (``heuristic`` where the game declares one)."""
OMNISCIENT = "omniscient"
"""The measuring instrument that sees every card (:func:`make_omniscient`): never one of the kinds."""
BUDGETS = {"ismcts": "iters", OMNISCIENT: "iters", "montecarlo": "playouts"}
"""The search bots, each with the setting that counts its budget; each also takes ``ms=N`` instead
(:func:`at_time`). ISMCTS's levels are budgets too; montecarlo's level is how it plays its playouts."""


def bot_kinds() -> BotKinds:
    """Every kind of bot: the generic ones, then each game's own, by name."""
    own = sorted({kind for game in declarations() for kind in game.bots})
    return BotKinds((*GENERIC_KINDS, *own))


def heuristic_of(game: Game) -> Callable[[int], Bot] | None:
    """The game's heuristic bot class, made with a seed; None if it declares none."""
    factory: Callable[[int], Bot] | None = None if game.heuristic is None else game.load(game.heuristic)
    return factory


def strongest(game: str) -> str:
    """The default opponent in ``game``: the bot its declaration names as its strongest."""
    return declaration(game).strongest


def check_seats(seats: object, game: str, where: str = "") -> tuple[str, ...]:
    """A save's ``seats`` note, who sat in each seat: ``human`` or a bot spec each, lower-cased; raises
    SetupError, after ``where``, for anything else or a spec :func:`check_bot` refuses."""
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise SetupError(
            Phrase('{where}"seats" must be a list of names, such as ["human", "heuristic"]', where=where)
        )
    get_game(game)  # an unknown game is refused as itself, not as every bot seat's
    names = tuple(name.lower() for name in seats)
    for seat, name in enumerate(names):
        if name != HUMAN:
            check_bot(name, game, Phrase("{where}seat {seat}: ", where=where, seat=seat))
    return names


def check_bot(spec: str, game: str, where: str = "") -> None:
    """Raise SetupError, after ``where``, for a spec :func:`make_bot` refuses: malformed, too long, over
    a limit, or a bot ``game`` has not. What a person hands over (a save's seats, the server's tables)
    is checked here, so every front-end refuses the same specs in the same words."""
    try:
        make_bot(spec, game)
    except SetupError as err:
        raise SetupError(Phrase("{where}{reason}", where=where, reason=err.reason)) from None


def make_bot(kind: str, game: str, seed: int = 0) -> Bot:
    """A new bot of ``kind`` for ``game``, with its own seeded generator.

    ``kind`` may carry a level or settings: ``ismcts:hard``, ``ismcts:iters=2000``.
    """
    spec = parse_spec(kind)
    if spec.kind == "ismcts":
        return _ismcts(spec, game, seed)
    if spec.kind == OMNISCIENT:
        raise SetupError(
            "omniscient sees every card: a measuring instrument for feint arena, never a seat's bot"
        )
    if spec.kind == "fixed":
        declared = declaration(game)
        # The rest of the game is played by the heuristic, or at random in a game without one.
        base = make_bot("heuristic" if declared.heuristic else "random", game, seed)
        fixed = make_fixed(spec.level, game, declared.claims_model(), base)
        spec.check((*STRATEGIES, *ALIASES), {})  # the strategy is checked above, in make_fixed's words
        return fixed
    if spec.kind == "montecarlo":
        return MonteCarloBot.of(spec, game, seed, heuristic_of(declaration(game)))
    if spec.kind in GENERIC_KINDS:
        spec.check((), {})
    if spec.kind == "random":
        return RandomBot(seed)
    declared = declaration(game)
    if spec.kind == "heuristic":
        factory = heuristic_of(declared)
        if factory is None:
            raise SetupError(Phrase("no heuristic bot for {game!r} yet; use random", game=game))
        return factory(seed)
    own = declared.bots.get(spec.kind)
    if own is not None:
        spec.check((), {})
        bot: Bot = declared.load(own)(seed)
        return bot
    kinds = bot_kinds()
    if spec.kind in kinds:
        owners = " and ".join(g.name for g in declarations() if spec.kind in g.bots)
        raise SetupError(
            Phrase("the {kind} bot plays {owners}, not {game!r}", kind=spec.kind, owners=owners, game=game)
        )
    raise SetupError(Phrase("unknown bot {kind!r}; bots are {listed}", kind=kind, listed=", ".join(kinds)))


def make_omniscient(kind: str, game: str, seed: int, truth: Callable[[], GameState]) -> IsmctsBot:
    """The omniscient instrument: the search ``ismcts`` with the same settings would run, its every world a
    copy of the true state ``truth`` returns at each decision (it sees every card).

    A ceiling for measurement, made by the arena alone (``feint arena --bots omniscient,...``): how much
    of the gap to perfect information a bot closes. ``kind`` is ``omniscient`` with ISMCTS's level or
    settings (``omniscient:ms=200``).
    """
    spec = parse_spec(kind)
    if spec.kind != OMNISCIENT:
        raise SetupError(Phrase("{kind!r} is not the omniscient instrument", kind=kind))
    return _ismcts(BotSpec("ismcts", spec.level, spec.options), game, seed, truth)


def _ismcts(spec: BotSpec, game: str, seed: int, truth: Callable[[], GameState] | None = None) -> IsmctsBot:
    spec.check(LEVELS, SETTINGS)  # every level by name, whichever search it is made of
    trees = spec.options.get("trees", int(spec.level in TREE_LEVELS))
    # In a game with a heuristic every playout is played by it: measured stronger in each of
    # them than quiet and random playouts with a tree per seat (docs/bots.md), which trees=1 and
    # easy keep.
    heuristic = heuristic_of(declaration(game))
    policy = None if trees else heuristic
    if policy is None:
        budget = Budget.of(spec, LEVELS)
    else:
        budget = Budget.of(spec, POLICY_LEVELS, by_seats=True, scale=scoring_for(game).level_scale)
    visits = spec.options.get("guide", 0)
    if visits and heuristic is None:
        raise SetupError(
            Phrase("ismcts:guide=N is guided by the heuristic, and {game!r} has none", game=game)
        )
    if visits and policy is not None:
        raise SetupError(
            Phrase(
                "ismcts:guide=N guides the trees, and {game}'s search plays the heuristic in every "
                "playout already; add trees=1 for the trees",
                game=game,
            )
        )
    guide = heuristic(seed) if visits and heuristic is not None else None
    keep = spec.options.get("keep")
    if keep is not None and policy is None:
        raise SetupError(
            Phrase(
                "ismcts:keep=N keeps the heuristic's move in the playouts' search; the trees (trees=1, and "
                "easy) have no such move"
            )
        )
    trust = spec.options.get("trust")
    return IsmctsBot(
        game,
        seed,
        budget,
        guide,
        visits,
        policy,
        truth,
        None if trust is None else trust / 100,
        None if keep is None else keep / 100,
    )


def at_time(kind: str, ms: int) -> str:
    """``kind`` searching ``ms`` milliseconds a decision: a search bot's budget (its level or count, if
    any) replaced by ``ms=N``, its other settings kept; any other bot as it is.

    >>> at_time("ismcts:hard", 200), at_time("montecarlo:heuristic,playouts=300", 200), at_time("random", 200)
    ('ismcts:ms=200', 'montecarlo:heuristic,ms=200', 'random')
    """
    spec = parse_spec(kind)
    count = BUDGETS.get(spec.kind)
    if count is None:
        return kind
    level = None if spec.kind in ("ismcts", OMNISCIENT) else spec.level
    kept = {key: value for key, value in spec.options.items() if key not in (count, "ms")}
    return str(BotSpec(spec.kind, level, {"ms": ms, **kept}))
