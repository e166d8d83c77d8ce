"""The game-agnostic core: the state contract, views, events, moves, codec, RNG and replays."""

from feint.engine.errors import (
    FeintError,
    IllegalMove,
    MoveError,
    NotationError,
    SetupError,
    StateFormatError,
)
from feint.engine.events import EMPTY_LOG, Event, EventLog, Secret, log_events, log_of, payload
from feint.engine.info import Information, InfoState
from feint.engine.moves import MoveBase, MoveTable
from feint.engine.registry import declaration, declarations, game_names, get_game, new_game, state_from_json
from feint.engine.rng import Rng
from feint.engine.state import Belief, GameState, Move, Result, secret
from feint.engine.types import JsonObject, Seat, Viewer
from feint.engine.view import HIDDEN, Header, Hidden, View, ViewerError

__all__ = [
    "EMPTY_LOG",
    "HIDDEN",
    "Belief",
    "Event",
    "EventLog",
    "FeintError",
    "GameState",
    "Header",
    "Hidden",
    "IllegalMove",
    "InfoState",
    "Information",
    "JsonObject",
    "Move",
    "MoveBase",
    "MoveError",
    "MoveTable",
    "NotationError",
    "Result",
    "Rng",
    "Seat",
    "Secret",
    "SetupError",
    "StateFormatError",
    "View",
    "Viewer",
    "ViewerError",
    "declaration",
    "declarations",
    "game_names",
    "get_game",
    "log_events",
    "log_of",
    "new_game",
    "payload",
    "secret",
    "state_from_json",
]
