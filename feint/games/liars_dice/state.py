"""Liar's Dice's driver: set-up, whose move it is, and the transitions between rounds.

Rules held here (docs/rules/liars-dice.md): the set-up (every seat starts
with the same dice; seat 0 opens the first round), the round (bids clockwise
among the seats with dice until a call), and the end (the last seat with
dice wins; under ``openspiel`` the first call ends the game). What is legal
is in ``bidding``, what a move does in ``effects``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, Self

from feint.engine.errors import FeintError, SetupError, StateFormatError
from feint.engine.events import EMPTY_LOG
from feint.engine.info import InfoState
from feint.engine.options import CHANCE_OPTION, read_chance, read_variants
from feint.engine.rng import Rng
from feint.engine.state import JsonObject, Result, Seat, Trust, Viewer
from feint.engine.view import Header
from feint.games.liars_dice import bidding, effects
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.belief import LiarsBelief, belief_of, placement, sample_world
from feint.games.liars_dice.board import BID_PHASE, OVER_PHASE, ROLL_PHASE, Board
from feint.games.liars_dice.rules import FACES, MAX_SEATS, VARIANTS, default_dice
from feint.games.liars_dice.setup import read_dice, read_rolls
from feint.games.liars_dice.view import LiarsRevealed, LiarsView, build_revealed, build_view

_ALONE = tuple((seat,) for seat in range(MAX_SEATS))
_DIE = tuple((face, 1 / FACES) for face in range(1, FACES + 1))
"""A die's faces, each with its chance: the outcomes of every chance node."""


class LiarsDiceState(Board[LiarsView]):
    TERMINATIONS = ("last-with-dice", "one-round")
    NAME = "liars_dice"
    TITLE = "Liar's Dice"
    MIN_PLAYERS = 2
    MAX_PLAYERS = MAX_SEATS
    DEFAULT_PLAYERS = 4
    VARIANTS = VARIANTS
    MOVES = mv.MOVES
    SAMPLES_HISTORIES = True
    CHANCE_NODES = True
    CHANCE_OUTCOMES = FACES

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        variants = read_variants(options, cls.VARIANTS, ("dice", CHANCE_OPTION))
        dice = read_dice(options.get("dice", default_dice(variants)))
        explicit = read_chance(options)
        state = cls.__new__(cls)
        state.players = players
        state.log = EMPTY_LOG
        state.variants = variants
        state.dice_per_seat = dice
        state.rng = Rng(seed)
        state.rolls = read_rolls(setup, players, dice)
        if explicit and state.rolls:
            raise SetupError("fixed rolls are not chance: explicit chance takes no setup rolls")
        state.explicit_chance = explicit
        state.pending = []
        state.phase = BID_PHASE
        state.round = 1
        state.counts = [dice] * players
        state.last = None
        state.winner = None
        state.loser = None
        effects.roll(state, 0)
        return state

    # --- whose move, and which -----------------------------------------------------

    def _compute_to_move(self) -> tuple[Seat, ...]:
        return _ALONE[self.turn] if self.phase is BID_PHASE else ()

    def _compute_legal(self, seat: Seat) -> tuple[mv.LiarsMove, ...]:
        return bidding.legal_moves(self)

    def explain_illegal(self, seat: Seat, move: Any) -> str:
        return bidding.explain(self, move)

    # --- moves ---------------------------------------------------------------------

    def _apply(self, seat: Seat, move: Any) -> None:
        if type(move) is mv.Bid:
            effects.bid(self, seat, move)
            return
        loser = effects.call(self, seat, move)
        if self.rules.one_round:
            winner = seat if loser == self.bids[-1].seat else self.bids[-1].seat
            effects.finish(self, winner, loser)
            return
        effects.lose_die(self, loser)
        left = self.in_game()
        if len(left) == 1:
            effects.finish(self, left[0], None)
            return
        self.round += 1
        effects.roll(self, loser if self.counts[loser] else self.next_seat(loser))

    # --- chance, when explicit: each die of a roll, seat by seat ------------------------

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        return _DIE if self.phase is ROLL_PHASE else ()

    def _apply_chance(self, outcome: Any) -> None:
        effects.chance_face(self, outcome)

    # --- views, the end, the record --------------------------------------------------

    def _view(self, header: Header) -> LiarsView:
        return build_view(self, header)

    def _revealed_view(self, header: Header) -> LiarsRevealed:
        return build_revealed(self, header)

    def is_over(self) -> bool:
        return self.phase is OVER_PHASE

    def max_game_length(self) -> int:
        """Bids strictly rise and name at most the dice in play, so a round with ``d`` dice in play has at
        most ``6 d`` bids and one call; every round but the last costs one die, down to two dice in play
        (docs/rules/liars-dice.md, "How long a game lasts")."""
        total = self.players * self.dice_per_seat
        if self.rules.one_round:
            return FACES * total + 1
        return sum(FACES * dice + 1 for dice in range(2, total + 1))

    def result(self) -> Result:
        """The last seat with dice wins (1, others 0); under ``openspiel`` OpenSpiel's returns, +1 and -1."""
        winner = self.winner
        if self.phase is not OVER_PHASE or winner is None:
            raise FeintError("the game is not over")
        scores = [0.0] * self.players
        scores[winner] = 1.0
        if self.loser is not None:
            scores[self.loser] = -1.0
        # OpenSpiel's game ends at its one challenge, the common game when one seat has dice left.
        return Result((winner,), tuple(scores), "last-with-dice" if self.loser is None else "one-round")

    def report(self) -> JsonObject:
        last = self.last
        return {
            "variants": sorted(self.variants),
            "dice_per_seat": self.dice_per_seat,
            "explicit_chance": self.explicit_chance,
            "phase": str(self.phase),
            "round": self.round,
            "starter": self.starter,
            "turn": self.turn,
            "seats": [
                {"dice": list(self.dice[s]), "count": self.counts[s], "out": not self.counts[s]}
                for s in range(self.players)
            ],
            "bids": [{"seat": b.seat, "quantity": b.quantity, "face": b.face} for b in self.bids],
            "last": None
            if last is None
            else {
                "bidder": last.bidder,
                "quantity": last.quantity,
                "face": last.face,
                "caller": last.caller,
                "call": last.call,
                "dice": [list(d) for d in last.dice],
                "counted": last.counted,
                "loser": last.loser,
            },
            "winner": self.winner,
            "loser": self.loser,
        }

    def _check_consistent(self) -> None:
        """Dice must match their counts and show a die's faces; a hand-edited one that does not is refused."""
        players = self.players
        if len(self.dice) != players or len(self.counts) != players:
            raise StateFormatError(f"a {players}-seat state needs one entry per seat")
        for seat, (hand, count) in enumerate(zip(self.dice, self.counts, strict=True)):
            if not 0 <= count <= self.dice_per_seat:
                raise StateFormatError(f"seat {seat} has {count} dice; a seat has 0 to {self.dice_per_seat}")
            if len(hand) not in (0, count) or any(not 1 <= d <= FACES for d in hand):
                raise StateFormatError(f"seat {seat}'s dice {list(hand)} do not match its count {count}")
        if not 0 <= self.turn < players or not 0 <= self.starter < players:
            raise StateFormatError("the seat to move must be a seat of the game")

    # --- determinization ---------------------------------------------------------------

    @classmethod
    def belief(cls, info: InfoState[LiarsView]) -> LiarsBelief:
        return belief_of(info)

    @classmethod
    def sample(cls, info: InfoState[LiarsView], rng: random.Random, trust: Trust | None = None) -> Self:
        return sample_world(cls, info, rng, trust)

    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        return placement(self, viewer)
