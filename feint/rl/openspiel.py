"""OpenSpiel games for every Feint game: ``pyspiel.load_game("python_feint_<game>", {"players": N})``.

```python
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import feint.rl.openspiel  # registers every game with OpenSpiel

game = pyspiel.load_game(f"python_feint_{name}", {"players": 2, "seed": 7})  # name: a Feint game
state = game.new_initial_state()
evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 200, random_state=np.random.RandomState(0))
while not state.is_terminal():
    state.apply_action(bot.step(state))  # ISMCTS for every seat, say
```

Install with ``pip install 'feint[rl,compare]'`` (``compare`` brings
OpenSpiel). Importing this module registers each game as a Python game
(``pyspiel.register_game``) named ``python_feint_<game>``, with the
parameters ``players`` (the game's usual table when 0), ``variants`` (names
joined by commas), ``seed`` (the game object's generator: each
``new_initial_state()`` deals a new game from it) and ``chance``
(``"seeded"`` or ``"explicit"``, below).

- Game type: sequential, imperfect information, zero-sum, terminal rewards.
  Chance is ``SAMPLED_STOCHASTIC`` by default: the deals, draws and rolls
  happen inside a move, from the game's own seeded generator. With the
  parameter ``chance="explicit"``, in a game that declares chance nodes
  (``CHANCE_NODES``; docs/learning.md names them), the game is ``EXPLICIT_STOCHASTIC``:
  each draw is a chance node (``current_player()`` is ``CHANCE``,
  ``chance_outcomes()`` the engine's outcomes, each action its place among
  them), so OpenSpiel's tree-walking algorithms (CFR, exact best response,
  expected scores) run. Another game asked for explicit chance is refused
  with a SetupError.
- Actions: the game's move table, ``num_distinct_actions`` = its size; an
  action is a move's stable ``move.index``, written in the game's notation.
- Players: ``current_player()`` is the seat to move. Where the rules have seats
  choose at once in secret (a draft, a vote: docs/learning.md lists them),
  the seats are asked in turn and none sees another's choice before the rules
  reveal it (OpenSpiel's Python ISMCTS requires sequential play). Out-of-turn
  table moves (such as sitting out) are never legal here.
- Returns: the winners share +1 and the losers share -1 (two seats: +1 and
  -1; every seat winning, or none, gives 0); see :mod:`feint.rl.pettingzoo`.
- Observation string: the seat's view, as JSON; observation tensor: the game's
  encoding (each game's ``observation`` module, docs/learning.md).
  Information-state string: the view and every event the seat saw, in order
  (perfect recall), each event's line written once as it arrives;
  ``state.information_state_key(player)`` is the same information as a
  hashable ``InfoState.key``, equal exactly when the strings are, for a
  Python search that keys a table by it. Information-state tensor: the same
  encoding as the observation's, which holds the current round but not the
  whole past.
- ``state.resample_from_infostate(player, sampler)`` draws a world from the
  game's own sampler (``GameState.resample``): the seat's view and events are
  the same, every card it has not seen is redrawn among those it may be.
  OpenSpiel's ISMCTS uses it for every simulation.
- ``max_game_length``: the game's own bound (``GameState.max_game_length()``,
  argued for each game in docs/rules) at this table and with these variants.
  A configuration whose rules set no bound (``max_game_length()`` is None;
  docs/learning.md names it) is refused with a SetupError: OpenSpiel
  requires one.
- Cloning (``state.clone()``, which pyspiel does by ``copy.deepcopy``) is the
  engine's own deep copy: the game through ``GameState.clone`` (sharing the
  immutable past), each seat's information through ``InfoState``'s. pyspiel
  makes the copy as a new initial state: a state is dealt when first used,
  so that one draws a seed from the game's generator and deals nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.infokey import InfoKey, compact
from feint.engine.observation import Encoding
from feint.engine.options import CHANCE_OPTION
from feint.engine.registry import declaration, declarations, new_game
from feint.engine.seeding import SEEDS
from feint.engine.state import GameState
from feint.engine.types import Seat
from feint.rl.table import win_rewards

PREFIX = "python_feint_"


def short_name(game: str) -> str:
    return f"{PREFIX}{game}"


class World:
    """One Feint game and each seat's information, as a pyspiel state holds it.

    ``copy.deepcopy`` (how pyspiel clones a Python state) needs nothing of its own here: the game copies
    through ``GameState.clone`` (sharing the immutable past), each seat's ``InfoState`` as a new list of
    the same immutable events, and the events' text is a string.
    """

    __slots__ = ("infos", "state", "texts")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.infos: list[InfoState[Any]] = [
            InfoState(seat, state.view(seat)) for seat in range(state.players)
        ]
        self.texts = [""] * state.players
        """Per seat, every event it saw, a line each (its compact form), built as the events arrive."""

    def info(self, seat: Seat) -> InfoState[Any]:
        """The seat's information, caught up with the game through its view and events."""
        info = self.infos[seat]
        new = info.sync(self.state)
        if new:
            self.texts[seat] += "".join(f"\n{compact(event)!r}" for event in new)
        return info

    def string(self, seat: Seat) -> str:
        """The seat's information as a string: its view (JSON), then every event it saw, a line each."""
        info = self.info(seat)
        return json.dumps(info.view.to_json(), separators=(",", ":")) + self.texts[seat]


class FeintSpielGame(pyspiel.Game):
    """One Feint game at one table, for OpenSpiel (see the module's text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = params.pop("_feint_game")
        declared = declaration(name)
        cls = declared.state
        players = int(params.get("players", 0)) or cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS
        variants = [v for v in str(params.get("variants", "")).split(",") if v]
        chance = str(params.get("chance", "seeded"))
        if chance not in ("seeded", "explicit"):
            raise SetupError(f'chance is "seeded" or "explicit", not {chance!r}')
        if chance == "explicit" and not cls.CHANCE_NODES:
            raise SetupError(f'{cls.TITLE} has no chance nodes: its chance is drawn inside a move ("seeded")')
        self.options: dict[str, Any] = {"variants": variants}
        if chance == "explicit":
            self.options[CHANCE_OPTION] = chance
        first = new_game(name, players, 0, self.options)  # refuses a bad table (or chance) now
        length = first.max_game_length()
        if length is None:
            raise SetupError(
                f"{cls.TITLE} with the variants {', '.join(variants) or 'none'} sets no bound on a game's"
                " length, and OpenSpiel requires one (max_game_length): choose other variants"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=len(cls.MOVES),
            max_chance_outcomes=cls.CHANCE_OUTCOMES if chance == "explicit" else 0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_game_type(name, chance == "explicit"), info, {"players": players, **params})
        self.feint_name = name
        self.players = players
        self.variants = variants
        self.encoding: Encoding[Any] = declared.encoding(players, variants)
        self.rng = random.Random(int(params.get("seed", 0)))

    def new_initial_state(self) -> FeintSpielState:
        """A new game, its seed drawn from the game's generator now and dealt when first used.

        pyspiel clones a Python state by making a new initial state and deep-copying the original's
        attributes onto it: the deal that copy replaces is never made (a clone still draws a seed)."""
        return FeintSpielState(self, self.rng.randrange(SEEDS.stop))

    def deal(self, seed: int) -> World:
        return World(new_game(self.feint_name, self.players, seed, self.options))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.encoding, perfect_recall)


class FeintSpielState(pyspiel.State):
    """A pyspiel state around one Feint game."""

    def __init__(self, game: FeintSpielGame, seed: int, world: World | None = None) -> None:
        super().__init__(game)
        self._seed = seed
        self._world = world

    @property
    def world(self) -> World:
        """The game and each seat's information, dealt from the state's seed when first asked for."""
        world = self._world
        if world is None:
            game: FeintSpielGame = self.get_game()
            world = self._world = game.deal(self._seed)
        return world

    @property
    def feint(self) -> GameState:
        """The Feint game underneath."""
        return self.world.state

    def current_player(self) -> int:
        state = self.world.state
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        seats = state.to_move()
        return seats[0] if seats else int(pyspiel.PlayerId.CHANCE)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node (a game made with ``chance="explicit"``): each outcome's action, its place
        among the engine's ``chance_outcomes()``, with its probability."""
        return [(action, p) for action, (_, p) in enumerate(self.world.state.chance_outcomes())]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(move.index for move in self.world.state.legal_moves(player))

    def _apply_action(self, action: int) -> None:
        state = self.world.state
        seats = state.to_move()
        if seats:
            state.apply(seats[0], state.move_from_index(action))
        else:
            state.apply_chance(state.chance_outcomes()[action][0])

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.world.state
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {state.chance_outcomes()[action][0]}"
        return str(state.move_from_index(action))

    def is_terminal(self) -> bool:
        return self.world.state.is_over()

    def returns(self) -> list[float]:
        state = self.world.state
        if not state.is_over():
            return [0.0] * state.players
        return list(win_rewards(state.result(), state.players))

    def information_state_key(self, player: int) -> InfoKey:
        """The seat's information as a hashable key (``InfoState.key``), equal exactly when the
        information-state strings are, and cheaper: for a Python search that keys a table by it."""
        return self.world.info(player).key

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FeintSpielState:
        """A world the seat cannot tell from this one, drawn by the game's own sampler."""
        rng = random.Random(int(probability_sampler() * SEEDS.stop))
        world = self.world.state.resample(player_id, rng)
        return FeintSpielState(self.get_game(), self._seed, World(world))

    def __str__(self) -> str:
        return json.dumps(self.world.state.view(None).to_json(), separators=(",", ":"))


class Observer:
    """OpenSpiel's Python observer: a seat's encoding as the tensor; its view (and, with perfect recall,
    its events) as the string."""

    def __init__(self, encoding: Encoding[Any], perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: FeintSpielState, player: int) -> None:
        self.tensor[:] = self.encoding.encode(state.world.info(player))

    def string_from(self, state: FeintSpielState, player: int) -> str:
        world = state.world
        if self.perfect_recall:
            return world.string(player)
        return json.dumps(world.info(player).view.to_json(), separators=(",", ":"))


def _game_type(name: str, explicit_chance: bool = False) -> pyspiel.GameType:
    cls = declaration(name).state
    chance = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Feint: {cls.TITLE}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if explicit_chance else chance.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.MAX_PLAYERS,
        min_num_players=cls.MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 0, "seed": 0, "variants": "", "chance": "seeded"},
    )


def _factory(name: str) -> type[FeintSpielGame]:
    """A game class for ``name`` (pyspiel makes a registered game with its parameters alone)."""

    class Game(FeintSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__({**(params or {}), "_feint_game": name})

    Game.__name__ = Game.__qualname__ = f"FeintSpielGame_{name}"
    return Game


def register() -> list[str]:
    """Register every game that declares an observation with OpenSpiel; returns their short names."""
    names = []
    registered = {game.short_name for game in pyspiel.registered_games()}
    for game in declarations():
        if game.observation is None:
            continue
        name = short_name(game.name)
        if name not in registered:
            pyspiel.register_game(_game_type(game.name), _factory(game.name))
        names.append(name)
    return names


def load(
    game: str, players: int = 0, variants: Sequence[str] = (), seed: int = 0, chance: str = "seeded"
) -> FeintSpielGame:
    """The OpenSpiel game of ``game`` at a table of ``players`` (0: the usual one); ``chance="explicit"``
    for chance nodes, in a game that has them."""
    params = {"players": players, "variants": ",".join(variants), "seed": seed, "chance": chance}
    loaded: FeintSpielGame = pyspiel.load_game(short_name(game), params)
    return loaded


GAMES = register()
"""The short names of the registered games."""
