"""Knights of Glory's driver: set-up, whose move it is, and the transitions between phases, turns and rounds.

Rules held here (docs/rules/knights-of-glory.md): the set-up (KG1-KG3,
KG18's deal), the round (KG17: one turn a seat from the Rook holder,
clockwise), the Refreshing Phase (KG17-KG18: the seat furthest back takes the
Rook, ties clockwise from the left of the former first player, hands
refilled), the end (KG20: final turns after the first exit; KG21: the round
limit) and sitting out, leaving and joining (KG24).

The rules of each phase are in their own modules: what is legal and why not
in ``action``, ``cover``, ``vote``, ``decide`` and ``table``; what a move
does in ``effects``. A move runs through :meth:`KnightsState._apply` to its
effect; an effect that queues consequences calls :meth:`settle`, which
carries them out and moves to what comes after.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, Self

from feint.engine.errors import FeintError, StateFormatError
from feint.engine.events import EMPTY_LOG, log_of
from feint.engine.history import rebuilt_log
from feint.engine.info import InfoState
from feint.engine.options import read_variants
from feint.engine.rng import Rng
from feint.engine.state import JsonObject, Result, Seat, Trust, Viewer
from feint.engine.view import Header
from feint.games.knights import effects
from feint.games.knights import moves as mv
from feint.games.knights.action import action_moves, explain_action
from feint.games.knights.belief import KnightsBelief, belief_of, placement, sample_state
from feint.games.knights.believed import believe_covers
from feint.games.knights.board import Board
from feint.games.knights.cards import (
    EXIT,
    EXIT_DICE,
    HAND_SIZE,
    NONE,
    PATH_PLACES,
    START,
    TOKEN,
    TOKEN_SUPPLY,
    PathCard,
    add,
    cards_of,
    counts_of,
    deck_counts,
    minus,
    tier_deck,
    tier_of,
    weapon_deck,
)
from feint.games.knights.cover import cover_moves, explain_cover, explain_glory, glory_moves
from feint.games.knights.decide import decision_moves, explain_decision, wants_choice
from feint.games.knights.kinds import Kind
from feint.games.knights.model import (
    ABSENT,
    ACTION_PHASE,
    AGREEING_NOT_SAFE,
    BLANKS_LESS_REWARDING,
    BLUFFING_WILDS,
    COVER_PHASE,
    DECIDE_PHASE,
    DEFAULT_MAX_ROUNDS,
    GLORY_PHASE,
    GONE,
    IN_GAME,
    OVER_PHASE,
    PLAYING,
    SITTING_OUT,
    THEN_COVER,
    THEN_END,
    THEN_PUSH,
    VOTE_PHASE,
)
from feint.games.knights.pasts import Contradiction, pasts
from feint.games.knights.setup import read_absent, read_max_rounds, read_setup
from feint.games.knights.table import explain_table_move, table_moves, table_moves_later
from feint.games.knights.view import KnightsRevealed, KnightsView, build_revealed, build_view
from feint.games.knights.vote import VOTES, explain_vote, waiting_voters

_ALONE = tuple((seat,) for seat in range(5))
"""Each seat as the one to move, made once."""
_TABLE_KINDS: dict[mv.KnightsMove, Kind] = {
    mv.SIT_OUT: Kind.SIT_OUT,
    mv.SIT_IN: Kind.SIT_IN,
    mv.LEAVE: Kind.LEAVE,
    mv.JOIN: Kind.JOIN,
}
"""The event each table move is told by."""
REDRAWS = 8
"""Worlds drawn for one sample before keeping one whose other seats' pasts were not found."""


class KnightsState(Board[KnightsView]):
    NAME = "knights"
    TITLE = "Knights of Glory"
    MIN_PLAYERS = 2
    MAX_PLAYERS = len(_ALONE)
    DEFAULT_PLAYERS = 4
    VARIANTS = (BLUFFING_WILDS, BLANKS_LESS_REWARDING, AGREEING_NOT_SAFE)
    MOVES = mv.MOVES
    SIMULTANEOUS = True
    SAMPLES_HISTORIES = True
    TABLE_MOVES = frozenset(mv.SIMPLE[word] for word in mv.TABLE_WORDS)
    TERMINATIONS = ("exit", "round-limit", "nobody-playing")

    # --- set-up ----------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        variants = read_variants(options, cls.VARIANTS, ("max_rounds", "absent"))
        state = cls.__new__(cls)
        state.players = players
        state.log = EMPTY_LOG
        state.variants = variants
        state.max_rounds = read_max_rounds(options.get("max_rounds", DEFAULT_MAX_ROUNDS))
        absent = read_absent(options.get("absent", []), players)
        fixed = read_setup(setup, players, absent)
        state.rng = Rng(seed)
        state.dice_queue = list(fixed.dice)
        state.reshuffle = fixed.reshuffle
        if fixed.paths is None:
            decks = [tier_deck(tier) for tier in (1, 2, 3)]
            for deck in decks:
                state.rng.shuffle(deck)
            state.path = tuple(card for deck in decks for card in deck[:2])
            state.box = tuple(card for deck in decks for card in deck[2:])
        else:
            state.path = tuple(PathCard(tier_of(p), k) for p, k in zip(PATH_PLACES, fixed.paths, strict=True))
            rest = [card for tier in (1, 2, 3) for card in tier_deck(tier)]
            for card in state.path:
                rest.remove(card)
            state.box = tuple(rest)
        state.revealed = [True, *([False] * len(PATH_PLACES)), True]
        state.status = [ABSENT if s in absent else PLAYING for s in range(players)]
        state.place = [START] * players
        state.tokens = [0] * players
        state.supply = TOKEN_SUPPLY
        state.known = [NONE] * players
        state.retreated = [False] * players
        state.blocked = False
        state.discard = []
        state.pile_public = NONE
        state.pile_own = [NONE] * players
        state._deal_first(fixed.hands, fixed.unknown)
        state.round = 1
        state.first = min(s for s in range(players) if s not in absent)
        state.active = state.first
        state.acted = False
        state.exits = []
        state.final_turns = None
        state.attempt = None
        state.voters = ()
        state.votes = [None] * players
        state.queue = []
        state.after = THEN_END
        state.phase = ACTION_PHASE
        state.record(Kind.ROUND, round=1, first=state.first)
        state._begin_turn_at(0)
        return state

    def _deal_first(self, hands: Mapping[Seat, list[Any]] | None, unknown: list[Any] | None) -> None:
        deck = weapon_deck(self.players)
        if hands is None:
            self.rng.shuffle(deck)
            self.hands = [NONE] * self.players
            for seat in range(self.players):
                if self.status[seat] is PLAYING:
                    self.hands[seat] = counts_of(deck[:HAND_SIZE])
                    del deck[:HAND_SIZE]
            self.unknown = deck
            return
        self.hands = [counts_of(hands.get(seat, [])) for seat in range(self.players)]
        rest = deck_counts(self.players)
        for hand in self.hands:
            rest = minus(rest, hand)
        if unknown is None:
            self.unknown = list(cards_of(rest))
            self.rng.shuffle(self.unknown)
        else:
            self.unknown = list(unknown)

    # --- whose move, and which -----------------------------------------------------

    def _compute_to_move(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase is ACTION_PHASE:
            return _ALONE[self.active]
        if phase is VOTE_PHASE:
            return waiting_voters(self)
        if phase is DECIDE_PHASE:
            return _ALONE[self.queue[0][1]]
        if phase is OVER_PHASE:
            return ()
        return _ALONE[self.active]

    def in_simultaneous_phase(self) -> bool:
        return self.phase is VOTE_PHASE

    def _compute_legal(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        phase = self.phase
        if phase is ACTION_PHASE:
            return action_moves(self, seat)
        if phase is COVER_PHASE:
            return cover_moves(self, seat)
        if phase is VOTE_PHASE:
            return VOTES
        if phase is GLORY_PHASE:
            return glory_moves(self)
        return decision_moves(self, seat)

    def table_moves(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        """Sit out, sit in, leave or join: open to any seat between turns."""
        return table_moves(self, seat)

    def table_moves_later(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        """Sit out or sit in, asked for during a turn: it takes effect when the turn ends."""
        return table_moves_later(self, seat)

    def explain_illegal(self, seat: Seat, move: mv.KnightsMove) -> str:
        phase = self.phase
        if move in self.TABLE_MOVES:
            return explain_table_move(self, seat, move)
        if phase is ACTION_PHASE:
            return explain_action(self, seat, move)
        if phase is COVER_PHASE:
            return explain_cover(self, seat, move)
        if phase is GLORY_PHASE:
            return explain_glory(self)
        if phase is VOTE_PHASE:
            return explain_vote(self, seat, move)
        return explain_decision(self, seat, move)

    # --- moves ---------------------------------------------------------------------

    def _apply(self, seat: Seat, move: Any) -> None:
        phase = self.phase
        if phase is ACTION_PHASE:
            if move is mv.PASS:
                effects.pass_turn(self, seat)
                self._end_turn()
            elif move is mv.ADVANCE:
                effects.start_advance(self, seat)
            elif move is mv.TRADE_JESTERS:
                effects.trade_jesters(self, seat)
            else:
                effects.discard(self, seat, move)
                self._end_turn()
        elif phase is COVER_PHASE:
            effects.cover(self, seat, move)
        elif phase is VOTE_PHASE:
            effects.vote(self, seat, move.agree)
        elif phase is GLORY_PHASE:
            effects.choose_glory(self, seat, move.dice)
        else:
            step, _ = self.queue.pop(0)
            effects.do_step(self, step, seat, move)
            self.settle()

    def _apply_table_move(self, seat: Seat, move: Any) -> None:
        self.record(_TABLE_KINDS[move], seat)
        if move is mv.JOIN:
            self.status[seat] = PLAYING
            self.place[seat] = START
            return
        if move is mv.SIT_IN:
            self.status[seat] = PLAYING
            return
        if move is mv.SIT_OUT:
            self.status[seat] = SITTING_OUT
        else:
            effects.leave(self, seat)
            if PLAYING not in self.status:
                self._finish()
                return
        if seat == self.active:
            self._end_turn()

    # --- transitions ---------------------------------------------------------------

    def settle(self) -> None:
        """Carry out queued steps until one needs a seat's choice, then what comes after."""
        queue = self.queue
        while queue:
            step, seat = queue[0]
            if wants_choice(self, step, seat):
                self.phase = DECIDE_PHASE
                return
            queue.pop(0)
            effects.do_step(self, step, seat, None)
        after = self.after
        if after is THEN_COVER:
            effects.after_roll(self)
        elif after is THEN_PUSH:
            self.attempt = None
            self.phase = ACTION_PHASE
        else:
            self._end_turn()

    def _begin_turn_at(self, position: int) -> None:
        """Start the turn of the first playing seat from ``position`` on in this round's order.

        Positions count clockwise from the Rook holder, so a seat that joins
        later in the rotation still plays this round; past the last, the round ends.
        """
        status = self.status
        for seat in self.clockwise(self.first)[position:]:
            if status[seat] is PLAYING:
                self._begin_turn(seat)
                return
        self._refresh()

    def _begin_turn(self, seat: Seat) -> None:
        self.active = seat
        self.acted = False
        self.attempt = None
        self.phase = ACTION_PHASE
        self.blocked = self.retreated[seat]
        self.retreated[seat] = False

    def _end_turn(self) -> None:
        self.attempt = None
        if self.final_turns is not None:
            self._next_final_turn()
        else:
            self._begin_turn_at((self.active - self.first) % self.players + 1)

    def _next_final_turn(self) -> None:
        assert self.final_turns is not None
        while self.final_turns:
            seat = self.final_turns.pop(0)
            if self.status[seat] is PLAYING:
                self._begin_turn(seat)
                return
        self._finish()

    def _refresh(self) -> None:
        """The Refreshing Phase: a new first seat, then hands back to five."""
        if PLAYING not in self.status or self.round >= self.max_rounds:
            self._finish()
            return
        status, place, hands = self.status, self.place, self.hands
        first, lowest = self.first, EXIT + 1
        for seat in (*self.opponents(first), first):
            if status[seat] in IN_GAME and place[seat] < lowest:
                first, lowest = seat, place[seat]
        self.first = first
        self.round += 1
        self.record(Kind.ROUND, round=self.round, first=first)
        for seat in self.clockwise(first):
            if status[seat] is PLAYING and sum(hands[seat]) < HAND_SIZE:
                effects.refill(self, seat)
        self._begin_turn_at(0)

    def _finish(self) -> None:
        self.phase = OVER_PHASE
        self.attempt = None
        self.queue = []
        self.record(Kind.OVER, winners=self._winning_seats())

    def _winning_seats(self) -> tuple[Seat, ...]:
        if self.exits:
            return tuple(sorted(self.exits))
        in_game = [s for s in range(self.players) if self.status[s] in IN_GAME]
        if not in_game:
            return ()
        furthest = max(self.place[s] for s in in_game)
        return tuple(s for s in in_game if self.place[s] == furthest)

    # --- views, the end, the record --------------------------------------------------

    def _view(self, header: Header) -> KnightsView:
        return build_view(self, header)

    def _revealed_view(self, header: Header) -> KnightsRevealed:
        return build_revealed(self, header)

    def is_over(self) -> bool:
        return self.phase is OVER_PHASE

    def max_game_length(self) -> int:
        """At most ``max_rounds`` rounds of a turn a seat, and a final turn a seat after the first exit. A
        turn is at most eight advances (each success moves the seat on, every failure ends the turn) and a
        closing move, and an advance at most the advance, a glory choice, a cover and, at the Exit, a card
        to reveal for each die, the seat's own redemption, and for every other seat a vote, a card, a
        redemption and a free advance (docs/rules/knights-of-glory.md, "How long a game lasts")."""
        others = self.players - 1
        per_advance = 3 + 2 * EXIT_DICE + 4 * others
        per_turn = (EXIT + 1) * per_advance + 2
        return (self.max_rounds + 1) * self.players * per_turn

    def result(self) -> Result:
        if self.phase is not OVER_PHASE:
            raise FeintError("the game is not over")
        winners = self._winning_seats()
        why = "exit" if self.exits else "round-limit" if PLAYING in self.status else "nobody-playing"
        return Result(winners, tuple(1.0 if s in winners else 0.0 for s in range(self.players)), why)

    def report(self) -> JsonObject:
        """The whole state, hidden information included, as ``feint replay`` prints it."""
        attempt = self.attempt
        return {
            "variants": sorted(self.variants),
            "max_rounds": self.max_rounds,
            "phase": str(self.phase),
            "round": self.round,
            "first": self.first,
            "active": self.active,
            "acted": self.acted,
            "seats": [
                {
                    "place": self.place[s],
                    "tokens": self.tokens[s],
                    "out": self.status[s] in GONE,
                    "status": str(self.status[s]),
                    "hand": [str(c) for c in cards_of(self.hands[s])],
                    "known": [str(c) for c in cards_of(self.known[s])],
                    "may_discard": self.may_discard(s),
                    "retreated": self.retreated[s],
                }
                for s in range(self.players)
            ],
            "path": [
                {
                    "place": p,
                    "kind": str(self.card_at(p).kind),
                    "tier": tier_of(p),
                    "revealed": self.revealed[p],
                    "collapsed": self.collapsed(p),
                }
                for p in PATH_PLACES
            ],
            "exits": list(self.exits),
            "final_turns": self.final_turns,
            "attempt": None
            if attempt is None
            else {
                "target": attempt.target,
                "path_of_glory": attempt.path_of_glory,
                "glory": attempt.glory,
                "dice": [str(d) for d in attempt.dice],
                "open": None if attempt.open is None else [str(d) for d in attempt.open],
                "covers": None
                if attempt.covers is None
                else [
                    {
                        "face": str(c.face),
                        "card": str(c.card),
                        "face_down": c.face_down,
                        "substitution": c.substitution,
                        "claim": str(c.claim),
                        "public": c.public,
                    }
                    for c in attempt.covers
                ],
            },
            "voters": list(self.voters),
            "votes": {str(s): self.votes[s] for s in self.voters if self.votes[s] is not None},
            "pending": [[str(step), seat] for step, seat in self.queue],
            "after": str(self.after),
            "unknown": [str(c) for c in self.unknown],
            "discard": [str(c) for c in self.discard],
            "supply": self.supply,
            "dice_queue": [str(d) for d in self.dice_queue],
            "reshuffle": self.reshuffle,
        }

    def _check_consistent(self) -> None:
        """Cards and tokens must add up: a hand-edited state that breaks conservation is refused."""
        players = self.players
        sizes = [len(self.hands), len(self.known), len(self.place), len(self.tokens), len(self.status)]
        if any(n != players for n in sizes) or len(self.revealed) != 8 or len(self.path) != 6:
            raise StateFormatError(f"a {players}-seat state needs one entry per seat and per place")
        total = [0] * 7
        for counts in (*self.hands, counts_of(self.unknown), counts_of(self.discard)):
            total = list(add(tuple(total), counts))
        if self.attempt is not None and self.attempt.covers:
            total = list(
                add(tuple(total), counts_of(c.card for c in self.attempt.covers if c.card is not TOKEN))
            )
        if tuple(total) != deck_counts(players):
            expected = len(weapon_deck(players))
            raise StateFormatError(
                f"{sum(total)} weapon cards in the state; a {players}-seat game has {expected}"
            )
        if any(minus(k, h) != NONE for k, h in zip(self.known, self.hands, strict=True)):
            raise StateFormatError("a hand's known cards must be in the hand")
        if sum(self.tokens) + self.supply != TOKEN_SUPPLY:
            raise StateFormatError(f"KOG tokens do not add up to {TOKEN_SUPPLY}")

    # --- determinization ---------------------------------------------------------------

    @classmethod
    def belief(cls, info: InfoState[KnightsView]) -> KnightsBelief:
        return belief_of(info)

    @classmethod
    def sample(cls, info: InfoState[KnightsView], rng: random.Random, trust: Trust | None = None) -> Self:
        """A world drawn by :func:`sample_state` carrying every seat's private past, rebuilt from its cards
        (:mod:`feint.games.knights.pasts`). A world no past of some seat leads to (the sampler does not
        follow every inference a seat can make, and the walk may miss one) is drawn again, at most
        :data:`REDRAWS` times; the last is kept with the viewer's events alone, as before pasts were
        rebuilt, rather than searched for any longer, and says so (``recall_only``): no other seat's
        information is to be read from it."""
        state = cls.__new__(cls)
        for _ in range(REDRAWS):
            state = cls.__new__(cls)
            sample_state(state, info, rng)
            if trust is not None:
                believe_covers(state, info, trust, rng)
            try:
                rebuild = pasts(state, info.events, info.viewer)
            except Contradiction:
                continue
            state.log = rebuilt_log(info.events, info.viewer, rebuild)
            return state
        state.log = log_of(info.events)
        state.recall_only(info.viewer)
        return state

    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        return placement(self, viewer)
