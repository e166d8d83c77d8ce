"""What every learning environment shares: one game at one table, its spaces, observations and rewards.

A :class:`Table` deals games from its own generator, keeps each seat's
information (:class:`~feint.engine.info.InfoState`, caught up through the
seat's view and events only), and turns it into the game's observation
encoding and the legal-move mask over the game's move table. The adapters
(:mod:`feint.rl.pettingzoo`, :mod:`feint.rl.gymnasium`) are thin shells
around it.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from feint.engine.errors import SetupError
from feint.engine.info import InfoState
from feint.engine.observation import Encoding, Tracker
from feint.engine.registry import declaration, new_game
from feint.engine.seeding import SEEDS
from feint.engine.state import GameState, Result
from feint.engine.types import Seat

RENDER_MODES = ("ansi", "human")
OBSERVATION_KEYS = ("observation", "observations")
Rewards = Literal["win", "score"]
REWARDS: tuple[Rewards, ...] = ("win", "score")

MASKS_KEPT = 4096
"""The most masks a table keeps for tuples of legal moves (past it, it forgets them all and starts again)."""

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def win_rewards(result: Result, players: int) -> tuple[float, ...]:
    """The winners share +1 and the losers share -1, so the rewards sum to zero.

    Two seats: +1 and -1. A shared victory (a tie the game's rules leave
    standing) splits the +1 among the winners; when every seat wins, every
    reward is 0, as when nobody wins (a game may end so).
    """
    winners = set(result.winners)
    if not winners or len(winners) == players:
        return (0.0,) * players
    won, lost = 1.0 / len(winners), -1.0 / (players - len(winners))
    return tuple(won if seat in winners else lost for seat in range(players))


def draw_seed(rng: np.random.Generator) -> int:
    """A game's or a bot's seed, drawn from an environment's generator."""
    return int(rng.integers(0, SEEDS.stop))


class Table:
    """One game at one table (its seats and variants), dealt again and again from a seeded generator."""

    def __init__(
        self, game: str, players: int | None = None, variants: Sequence[str] = (), rewards: Rewards = "win"
    ) -> None:
        declared = declaration(game)
        cls = declared.state
        self.game = declared.name
        self.players: int = players if players is not None else cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS
        if isinstance(variants, str):
            raise SetupError(f"variants must be a list of names, not {variants!r}")
        self.variants = tuple(variants)
        if rewards not in REWARDS:
            raise SetupError(f"rewards are 'win' or 'score', not {rewards!r}")
        self.rewards: Rewards = rewards
        new_game(self.game, self.players, 0, self.options())  # refuses a bad table now, not at reset
        self.encoding: Encoding[Any] = declared.encoding(self.players, self.variants)
        self.moves = len(cls.MOVES)
        self._listed: tuple[Any, ...] = cls.MOVES.moves
        """The game's moves by index: the action's move, found without the checks of ``move_from_index``
        (an index out of range still goes there, for its error)."""
        self.state: GameState = new_game(self.game, self.players, 0, self.options())
        self._infos: list[InfoState[Any] | None] = [None] * self.players
        """Per seat, its information with its events (None: not asked for in this game yet)."""
        self.no_moves: Mask = np.zeros(self.moves, dtype=np.int8)
        """The mask of a seat not to move: all zeros, read-only."""
        self.no_moves.flags.writeable = False
        self._decision: tuple[Seat | None, Mask] | None = None
        """The seat to move and its mask, worked out once per decision (None: not yet)."""
        self._moment = 0
        """Counts the games dealt and the moves played: what a seat knows changes only with it."""
        self._observed: list[tuple[int, Vector] | None] = [None] * self.players
        """Per seat, its observation and the moment it was built at (None: none yet)."""
        self._numbers = [array("d", self.encoding.zeros) for _ in range(self.players)]
        """Per seat, where its observation is written (in double precision, as the encoding computes)."""
        self._numpy = [np.frombuffer(numbers, np.float64) for numbers in self._numbers]
        """Per seat, its numbers seen through numpy (the same memory), made ``float32`` at each move."""
        self._trackers: list[Tracker | None] = [None] * self.players
        """Per seat, what keeps its numbers up to date from its new events, for an encoding that offers it
        (None: the numbers are filled afresh at the seat's next observation)."""
        self._filled: list[Any] = [None] * self.players
        """Per seat, the view its numbers were filled from, for the encoding to refill them from the next
        (None: filled afresh next, as at a new game or after a tracker)."""
        self._view_only = [InfoState(seat, self.state.view(seat)) for seat in range(self.players)]
        """Per seat, the information handed to an encoding that reads the view alone (its view set anew)."""
        self._zero_bytes = bytes(self.moves)
        self._masks: dict[int, tuple[tuple[Any, ...], Mask]] = {}
        """The mask of each tuple of legal moves met lately, by the tuple's ``id`` (the tuple is kept with it,
        so the ``id`` stays its own): a game that hands out the same tuple again gets the same mask."""

    def options(self) -> dict[str, Any]:
        return {"variants": list(self.variants)}

    def deal(self, rng: np.random.Generator) -> GameState:
        """A new game, its seed drawn from ``rng`` (the environment's generator)."""
        self.state = new_game(self.game, self.players, draw_seed(rng), self.options())
        self._infos = [None] * self.players
        self._decision = None
        self._moment += 1
        self._observed = [None] * self.players
        self._trackers = [None] * self.players
        self._filled = [None] * self.players
        return self.state

    def info(self, seat: Seat) -> InfoState[Any]:
        """The seat's information, caught up with the game through its view and events."""
        info = self._infos[seat]
        if info is None:
            info = self._infos[seat] = InfoState.of(self.state, seat)
        else:
            info.sync(self.state)
        return info

    def decision(self) -> tuple[Seat | None, Mask]:
        """The seat to move next (as :meth:`mover`) and its mask (as :meth:`mask`), worked out once a move."""
        decision = self._decision
        if decision is None:
            state = self.state
            mover = None if state.is_over() else state.to_move()[0]
            mask = self.no_moves if mover is None else self.legal_mask(mover)
            decision = self._decision = (mover, mask)
        return decision

    def legal_mask(self, seat: Seat) -> Mask:
        """A new read-only mask of ``seat``'s legal moves now: 1 at each one's index. (:meth:`mask` gives
        the seat to move next, worked out once a decision; in a simultaneous phase each seat to move has
        its own.)"""
        legal = self.state.legal_moves(seat)
        known = self._masks.get(id(legal))
        if known is not None and known[0] is legal:
            return known[1]
        ones = bytearray(self._zero_bytes)
        for move in legal:
            ones[move.index] = 1
        mask = np.frombuffer(bytes(ones), np.int8)  # read-only, as a buffer of bytes is
        if len(self._masks) >= MASKS_KEPT:
            self._masks.clear()
        self._masks[id(legal)] = (legal, mask)
        return mask

    def mover(self) -> Seat | None:
        """The seat to move next; in a simultaneous phase the first of those still to choose."""
        return self.decision()[0]

    def observation(self, seat: Seat) -> Vector:
        """The seat's encoding, from its view (and its events, for an encoding that reads them); where the
        encoding offers a tracker, filled once a game and then kept up to date from the seat's new events;
        otherwise refilled from its last view (:meth:`~feint.engine.observation.Encoding.refill`).

        Built once per seat and move (asked again before the next move, the same array comes back), and
        read-only like a mask: copy it to change it."""
        moment = self._moment
        observed = self._observed[seat]
        if observed is not None and observed[0] == moment:
            return observed[1]
        numbers = self._numbers[seat]
        tracker = self._trackers[seat]
        if tracker is not None:
            state = self.state
            if not tracker.advance(state.events(seat, tracker.seq), state.to_move()):
                tracker = None
        if tracker is None:
            encoding = self.encoding
            if encoding.reads_events:
                info = self.info(seat)
            else:
                info = self._view_only[seat]
                info.view = self.state.view(seat)
            before = self._filled[seat]
            if before is None:
                numbers[:] = encoding.zeros
                encoding.fill(numbers, info)
            else:
                encoding.refill(numbers, info, before)
            tracker = self._trackers[seat] = encoding.tracker(numbers, info)
            self._filled[seat] = info.view if tracker is None else None
        vector = self._numpy[seat].astype(np.float32)
        vector.flags.writeable = False
        self._observed[seat] = (moment, vector)
        return vector

    def mask(self, seat: Seat) -> Mask:
        """1 for each legal move of ``seat`` (by the move's index), 0 elsewhere: all 0 when not to move.

        Read-only, and shared by every caller during the decision (so handing it to the observation and
        to ``info`` copies nothing): copy it to change it."""
        mover, mask = self.decision()
        return mask if seat == mover else self.no_moves

    def play(self, seat: Seat, action: int) -> None:
        """Play the move of index ``action`` for ``seat``; raises a MoveError (a ValueError) for a move not
        legal now, changing nothing."""
        state, listed, index = self.state, self._listed, int(action)
        state.apply(seat, listed[index] if 0 <= index < len(listed) else state.move_from_index(index))
        self._decision = None
        self._moment += 1

    def legal(self, seat: Seat, action: int) -> bool:
        mover, mask = self.decision()
        return seat == mover and 0 <= action < self.moves and bool(mask[action])

    def final_rewards(self) -> tuple[float, ...]:
        result = self.state.result()
        if self.rewards == "score":
            return tuple(float(score) for score in result.scores)
        return win_rewards(result, self.players)

    def observation_space(self, key: str) -> spaces.Dict:
        """``key`` (``"observation"``, or ``"observations"`` as RLlib names it) for the encoding, and
        ``"action_mask"``."""
        if key not in OBSERVATION_KEYS:
            raise SetupError(f"observation_key is 'observation' or 'observations', not {key!r}")
        return spaces.Dict(
            {
                key: spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.moves,), np.int8),
            }
        )

    def render(self, mode: str | None) -> str | None:
        """The spectator's view (everything public, no seat's secret) as text: returned for ``"ansi"``,
        printed for ``"human"``; nothing for None."""
        if mode is None:
            return None
        view = self.state.view(None).to_json()
        text = "\n".join(f"{key}: {value}" for key, value in view.items())
        if mode == "human":
            print(text)
            return None
        return text


def check_render_mode(mode: str | None) -> None:
    if mode is not None and mode not in RENDER_MODES:
        raise SetupError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {mode!r}")
