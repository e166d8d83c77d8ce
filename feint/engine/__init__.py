"""The game-agnostic core: the state contract, registry, seeded RNG and replays."""

from feint.engine.errors import FeintError, IllegalMove, NotationError, SetupError, StateFormatError
from feint.engine.registry import game_names, get_game, new_game, register, state_from_json
from feint.engine.rng import Rng
from feint.engine.state import GameState, JsonObject, Move, Result, Seat, View, Viewer

__all__ = [
    "FeintError",
    "GameState",
    "IllegalMove",
    "JsonObject",
    "Move",
    "NotationError",
    "Result",
    "Rng",
    "Seat",
    "SetupError",
    "StateFormatError",
    "View",
    "Viewer",
    "game_names",
    "get_game",
    "new_game",
    "register",
    "state_from_json",
]
