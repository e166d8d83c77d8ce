"""Guile's driver: the new game, whose move it is, and the transitions between phases and rounds.

Rules held here (docs/rules/guile.md): the game's seats and variants, the
round's end after sixteen turns (G8), the match (two round wins, G12) and the
Start Knight moving on one knight each round.

The rules of each phase are in their own modules: what is legal and why not
in ``opening`` (faction and Start Knight), ``draft``, ``place`` and
``play``; what a move does in ``effects``; the fields and the questions on
them in ``board``; what a viewer sees in ``view``. A move runs through
:meth:`GuileState._apply` to its effect.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any, Self

from feint.engine.errors import FeintError, StateFormatError
from feint.engine.events import EMPTY_LOG
from feint.engine.info import InfoState
from feint.engine.options import read_variants
from feint.engine.rng import Rng
from feint.engine.state import JsonObject, Result, Seat, Trust, Viewer
from feint.engine.view import Header
from feint.games.guile import belief as guile_belief
from feint.games.guile import effects
from feint.games.guile import moves as mv
from feint.games.guile.board import Board
from feint.games.guile.cards import HAND_SIZE, SEATS, TABLE, deck
from feint.games.guile.draft import drafting, explain_pick, pick_moves
from feint.games.guile.kinds import Kind
from feint.games.guile.model import (
    CODE_OF_CHIVALRY,
    DRAFT_PHASE,
    EXTENDED_CAST,
    FACTION_PHASE,
    OVER_PHASE,
    PLACE_PHASE,
    PLAY_PHASE,
    START_PHASE,
    TURNS_PER_ROUND,
    WINS_NEEDED,
)
from feint.games.guile.opening import FACTION_MOVES, explain_faction, explain_start, start_moves
from feint.games.guile.place import explain_place, place_moves, placing
from feint.games.guile.play import ALONE, PLAY_MOVES, explain_play
from feint.games.guile.setup import read_deals
from feint.games.guile.view import GuileRevealed, GuileView, build_revealed, build_view

_OPENING = (0,)
"""Seat 0 chooses the faction and the Start Knight."""


class GuileState(Board[GuileView]):
    TERMINATIONS = ("two-round-wins",)
    NAME = "guile"
    TITLE = "Guile"
    MIN_PLAYERS = SEATS
    MAX_PLAYERS = SEATS
    VARIANTS = (CODE_OF_CHIVALRY, EXTENDED_CAST)
    SIMULTANEOUS = True
    MOVES = mv.MOVES
    SAMPLES_HISTORIES = True

    # --- set-up ----------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        variants = read_variants(options, cls.VARIANTS)
        state = cls.__new__(cls)
        state.players = players
        state.log = EMPTY_LOG
        state.variants = variants
        state.rng = Rng(seed)
        state.deals = read_deals(setup, deck(EXTENDED_CAST in variants))
        state.phase = FACTION_PHASE
        state.arthur_seat = None
        state.start_knight = None
        state.round_index = 0
        state.round_wins = [0, 0]
        state.rounds = []
        effects.clear_round(state)
        return state

    # --- whose move, and which -----------------------------------------------------

    def _compute_to_move(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase is PLAY_PHASE:
            # The Knight-Errant's seat (play.ALONE), inline: it is asked on every turn.
            errant = (self.start_knight + self.turn) % TABLE  # type: ignore[operator]
            return ALONE[self.arthur_seat ^ (errant & 1)]  # type: ignore[operator]
        if phase is DRAFT_PHASE:
            return drafting(self)
        if phase is PLACE_PHASE:
            return placing(self)
        if phase is OVER_PHASE:
            return ()
        return _OPENING

    def in_simultaneous_phase(self) -> bool:
        return self.phase is DRAFT_PHASE or self.phase is PLACE_PHASE

    def _compute_legal(self, seat: Seat) -> tuple[mv.GuileMove, ...]:
        phase = self.phase
        if phase is PLAY_PHASE:
            return PLAY_MOVES[(self.start_knight + self.turn) % TABLE]  # type: ignore[operator]
        if phase is PLACE_PHASE:
            return place_moves(self, seat)
        if phase is DRAFT_PHASE:
            return pick_moves(self, seat)
        if phase is FACTION_PHASE:
            return FACTION_MOVES
        if phase is START_PHASE:
            return start_moves(self)
        return ()

    def explain_illegal(self, seat: Seat, move: mv.GuileMove) -> str:
        phase = self.phase
        if phase is PLAY_PHASE:
            return explain_play(self, move)
        if phase is PLACE_PHASE:
            return explain_place(self, seat, move)
        if phase is DRAFT_PHASE:
            return explain_pick(self, seat, move)
        if phase is FACTION_PHASE:
            return explain_faction()
        return explain_start(move)

    # --- moves and transitions ----------------------------------------------------

    def _apply(self, seat: Seat, move: Any) -> None:
        phase = self.phase
        if phase is PLAY_PHASE:
            if move is mv.LOOK:
                effects.look(self, seat)
            else:
                effects.swap(self, seat, move.knight)
            if self.turn == TURNS_PER_ROUND:
                self._end_round()
        elif phase is PLACE_PHASE:
            effects.place(self, seat, move.card, move.knight)
        elif phase is DRAFT_PHASE:
            effects.pick(self, seat, move.card)
        elif phase is FACTION_PHASE:
            effects.choose_faction(self, seat, move.faction)
        else:
            effects.choose_start(self, seat, move.knight)
            effects.deal(self)

    def _end_round(self) -> None:
        """Game Play V and Game End: two round wins take the game; else the next round is dealt."""
        winner = effects.reveal_round(self)
        if winner is not None and self.round_wins[winner] == WINS_NEEDED:
            self.phase = OVER_PHASE
            self.record(Kind.OVER, None, winners=(winner,))
            return
        self.round_index += 1
        # After sixteen turns the Turn Card is back on the Start Knight; it moves on one.
        self.start_knight = (self.errant() + 1) % TABLE
        effects.deal(self)

    # --- views, the end, the record --------------------------------------------------

    def _view(self, header: Header) -> GuileView:
        return build_view(self, header)

    def _revealed_view(self, header: Header) -> GuileRevealed:
        return build_revealed(self, header)

    def is_over(self) -> bool:
        return self.phase is OVER_PHASE

    def max_game_length(self) -> int | None:
        """Round 1 opens with the faction and the Start Knight; a round is three picks a seat (none under
        Code of Chivalry), four placements a seat and sixteen turns; the base game has a round winner every
        round, so at most three rounds. Under the Extended Cast a round may have no winner, and the rules
        set no bound: None (docs/rules/guile.md, "How long a game lasts")."""
        if EXTENDED_CAST in self.variants:
            return None
        picks = 0 if CODE_OF_CHIVALRY in self.variants else (HAND_SIZE - 1) * SEATS
        per_round = picks + HAND_SIZE * SEATS + TURNS_PER_ROUND
        return 2 + (2 * WINS_NEEDED - 1) * per_round

    def result(self) -> Result:
        if self.phase is not OVER_PHASE:
            raise FeintError("the game is not over")
        winner = 0 if self.round_wins[0] == WINS_NEEDED else 1
        return Result((winner,), (float(self.round_wins[0]), float(self.round_wins[1])), "two-round-wins")

    def report(self) -> JsonObject:
        """The whole state, hidden information included, as ``feint replay`` prints it."""
        return {
            "game": self.NAME,
            "players": self.players,
            "options": {"variants": sorted(self.variants)},
            "setup": {"deals": [{"0": list(a), "1": list(b)} for a, b in self.deals]},
            "rng": self.rng.state,
            "phase": str(self.phase),
            "arthur_seat": self.arthur_seat,
            "start_knight": self.start_knight,
            "round": self.round_index + 1,
            "turn": self.turn,
            "knights": list(self.knights),
            "hands": [list(h) for h in self.hands],
            "kept": [list(k) for k in self.kept],
            "picked": list(self.picked),
            "aside": list(self.aside),
            "known": [[p for p in range(TABLE) if mask >> p & 1] for mask in self.known],
            "draft_log": [[[list(d.shown), d.kept] for d in log] for log in self.draft_log],
            "actions": [list(a) for a in self.actions],
            "round_wins": list(self.round_wins),
            "rounds": [
                {
                    "winner": r.winner,
                    "totals": list(r.totals),
                    "cards": list(r.cards),
                    "decided_by": r.decided_by,
                    "actions": [[a.seat, a.knight, a.target] for a in r.actions],
                }
                for r in self.rounds
            ],
        }

    def _check_consistent(self) -> None:
        """The knights and seats must be there and the cards in play one whole deck."""
        if len(self.knights) != TABLE or len(self.hands) != SEATS or len(self.known) != SEATS:
            raise StateFormatError("not a Guile state: wrong number of knights or seats")
        in_play = [c for c in self.knights if c is not None] + self.aside
        in_play += [c for hand in self.hands + self.kept for c in hand]
        if self.phase not in (FACTION_PHASE, START_PHASE, OVER_PHASE) and Counter(in_play) != Counter(
            deck(EXTENDED_CAST in self.variants)
        ):
            raise StateFormatError("not a Guile state: the cards in play are not one whole deck")

    # --- determinization ---------------------------------------------------------------

    @classmethod
    def belief(cls, info: InfoState[GuileView]) -> guile_belief.GuileBelief:
        return guile_belief.GuileBelief.of(info)

    @classmethod
    def sample(cls, info: InfoState[GuileView], rng: random.Random, trust: Trust | None = None) -> Self:
        """Nothing in Guile is claimed, so ``trust`` changes nothing."""
        return guile_belief.sample(cls, info, rng)

    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        return guile_belief.hidden_placement(self, viewer)
