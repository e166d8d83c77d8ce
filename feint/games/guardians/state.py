"""Guardian's Call's state and its driver: who is to move, and which phase follows a move.

A turn is the current seat's preparation moves and its offer (turn order,
turn overview: GC18, GC19); a few effects then ask another decision before
play goes on (the receiver's answer, the stack a curse hits, the Spells to
assign, the Treasure to keep). Each such decision is a phase with its own
seat to move; when none is left, the turn either goes back to preparation
or, once the offer is resolved, passes on (GC20, GC21 end it early). The
legality of each phase is its own module's (``prepare``, ``respond``,
``curse``, ``spells``, ``treasure``); what moves do is ``effects``. The
fields and the questions on them are :class:`~feint.games.guardians.board.Board`'s,
which this driver derives from and the rules modules take.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Self

from feint.engine.errors import FeintError, StateFormatError
from feint.engine.events import EMPTY_LOG, log_to_json
from feint.engine.history import rebuilt_log
from feint.engine.info import InfoState
from feint.engine.options import read_variants
from feint.engine.rng import Rng
from feint.engine.state import JsonObject, Result, Seat, Trust, Viewer
from feint.engine.view import HIDDEN, Header, Hidden, jsonable
from feint.engine.words import Phrase
from feint.games.guardians import curse, effects, prepare, respond, spells, treasure
from feint.games.guardians import moves as mv
from feint.games.guardians.belief import GuardiansBelief, sample_state
from feint.games.guardians.board import Board
from feint.games.guardians.cards import SPELL, TREASURES, VILLAGER, VP_SPACES, Card, all_cards, vp_tokens
from feint.games.guardians.claims import is_true
from feint.games.guardians.moves import MAX_SEATS
from feint.games.guardians.pasts import pasts
from feint.games.guardians.pending import Phase
from feint.games.guardians.scoring import winners
from feint.games.guardians.seat import Points
from feint.games.guardians.setup import deal
from feint.games.guardians.view import (
    GuardiansRevealed,
    GuardiansView,
    OfferView,
    SeatView,
    castle_spaces,
    revealed,
)

__all__ = ["GuardiansState", "Phase"]

Legal = Callable[[Board], tuple[mv.GuardiansMove, ...]]
WhyNot = Callable[[Board, Any], str]

_RULES: dict[Phase, tuple[Legal, WhyNot, str]] = {
    Phase.PREPARE: (prepare.legal, prepare.why_not, prepare.EXPECTED),
    Phase.RESPOND: (respond.legal, respond.why_not, respond.EXPECTED),
    Phase.CURSE: (curse.legal, curse.why_not, curse.EXPECTED),
    Phase.ASSIGN: (spells.legal, spells.why_not, spells.EXPECTED),
    Phase.KEEP: (treasure.legal_keep, treasure.why_not_keep, treasure.EXPECTED_KEEP),
    Phase.NAME: (treasure.legal_name, treasure.why_not_name, treasure.EXPECTED_NAME),
    Phase.ADD: (treasure.legal_add, treasure.why_not_add, treasure.EXPECTED_ADD),
}
"""Each phase's legal moves, its explanation of an illegal one, and what it expects."""

_PREPARE, _RESPOND, _CURSE, _ASSIGN, _KEEP, _NAME, _ADD, _OVER = tuple(Phase)
"""The phases as plain names: an enum member read from its class costs more, on every move."""

_LEGAL = {phase: rules[0] for phase, rules in _RULES.items()}

MAX_DRAWS = 8
"""Worlds drawn at most for one kept while an offer is pending: the last is kept if none was."""


class GuardiansState(Board[GuardiansView]):
    TERMINATIONS = ("war",)
    NAME = "guardians"
    TITLE = "Guardian's Call"
    MIN_PLAYERS = 2
    MAX_PLAYERS = MAX_SEATS
    DEFAULT_PLAYERS = 4
    VARIANTS = ()
    MOVES = mv.MOVES
    SAMPLES_HISTORIES = True
    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        read_variants(options, cls.VARIANTS)
        state = cls.__new__(cls)
        state.players = players
        state.log = EMPTY_LOG
        state.rng = Rng(seed)
        layout = deal(players, state.rng, setup)
        state.setup = dict(setup)
        state.deck = list(layout.deck)
        state.pool = list(layout.pool)
        state.discard = []
        state.removed = []
        state.treasure_deck = list(layout.treasures)
        state.quests = layout.quests
        state.castle_tokens = dict.fromkeys(VP_SPACES, vp_tokens(players))
        state.war_pile = layout.war_pile
        state.council_pile = layout.council_pile
        state.guardians = layout.guardians
        state.hands = [list(hand) for hand in layout.hands]
        state.tableaux = list(layout.tableaux)
        state.coins = list(layout.coins)
        state.castle = [0] * players
        state.claimed = [()] * players
        state.vp_tokens = [()] * players
        state.treasures = [()] * players
        state.used_tokens = [()] * players
        state.cursed = [False] * players
        state.cleansed = [0] * players
        state.points = [Points()] * players
        state.phase = _PREPARE
        state.current = 0
        state.turn = 1
        state.offered = False
        state.council_done = False
        state.offer = None
        state.offer_cards = ()
        state.curse = None
        state.assign = None
        state.treasure_choice = ()
        state.drawn = ()
        state.naming = False
        for seat, tableau in enumerate(state.tableaux):
            effects.advance(state, seat, tableau.size(VILLAGER))
        effects.refill(state)
        state._forget()
        return state

    # --- whose move, and which -----------------------------------------------

    def _compute_to_move(self) -> tuple[Seat, ...]:
        """The seat to decide: the target, the curse's chooser, the gainer, or the seat whose turn it is."""
        phase = self.phase
        if phase is _PREPARE:
            return _ALONE[self.current]
        if phase is _RESPOND:
            assert self.offer is not None
            return _ALONE[self.offer.target]
        if phase is _CURSE:
            assert self.curse is not None
            return _ALONE[self.curse.chooser]
        if phase is _ASSIGN:
            assert self.assign is not None
            return _ALONE[self.assign.seat]
        if phase is _OVER:
            return ()
        return _ALONE[self.current]

    def _compute_legal(self, seat: Seat) -> tuple[mv.GuardiansMove, ...]:
        """The legal moves of the one seat to move, ``seat``: its phase's module says which."""
        legal = _LEGAL.get(self.phase)
        return () if legal is None else legal(self)

    def explain_illegal(self, seat: Seat, move: Any) -> str:
        _, why_not, expected = _RULES[self.phase]
        reason = why_not(self, move)
        if reason:
            return reason
        # What the phase expects, in a line: its legal moves (a hundred offers, say) are the seat's to list.
        return Phrase("this is not a move of this phase; expected {expected}", expected=Phrase(expected))

    # --- applying moves ------------------------------------------------------

    def _apply(self, seat: Seat, move: mv.GuardiansMove) -> None:
        """The move's effect, then the phase after it: a pending decision, preparation, or the next turn."""
        _EFFECTS[type(move)](self, seat, move)
        if self.phase is _OVER:
            return
        if self.curse is not None:
            self.phase = _CURSE
        elif self.assign is not None:
            self.phase = _ASSIGN
        elif self.offer is not None:
            self.phase = _RESPOND
        elif self.treasure_choice:
            self.phase = _KEEP
        elif self.drawn:
            self.phase = _ADD
        elif self.naming:
            self.phase = _NAME
        elif self.offered:
            self._next_turn()
        else:
            self.phase = _PREPARE

    def _next_turn(self) -> None:
        """Turn step 1: the next seat refills the pool to five cards, then prepares."""
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self.offered = False
        self.phase = _PREPARE
        effects.refill(self)

    # --- what a viewer sees -------------------------------------------------

    def _view(self, header: Header) -> GuardiansView:
        viewer = header.viewer
        offer = None
        if self.offer is not None:
            o = self.offer
            shown: tuple[Card | Hidden, ...] = (
                self.offer_cards if viewer == o.offerer else (HIDDEN,) * o.count
            )
            offer = OfferView(o.offerer, o.target, o.count, o.declared, shown)
        choice: tuple[int | Hidden, ...] = self.treasure_choice
        if choice and viewer != self.current:
            choice = (HIDDEN,) * len(choice)
        return GuardiansView(
            header,
            self.players,
            self.turn,
            self.current,
            self.offered,
            tuple(self.pool),
            len(self.deck),
            self.war_pile,
            self.council_pile,
            tuple(self.discard),
            tuple(self.removed),
            self.council_done,
            len(self.treasure_deck),
            castle_spaces(tuple(self.castle_tokens.items())),
            self.quests,
            tuple(self._seat_view(seat, viewer) for seat in range(self.players)),
            offer,
            self.curse,
            self.assign,
            choice,
            self.drawn,
            self.naming,
        )

    def _revealed_view(self, header: Header) -> GuardiansRevealed:
        return revealed(
            self._view(header),
            self.hands,
            self.offer_cards,
            self.treasure_choice,
            self.deck,
            self.treasure_deck,
        )

    def _seat_view(self, seat: Seat, viewer: Viewer) -> SeatView:
        hand = self.hands[seat]
        points = self.points[seat]
        return SeatView(
            seat,
            self.guardians[seat],
            tuple(hand) if seat == viewer else None,
            len(hand),
            self.tableaux[seat],
            self.coins[seat],
            self.castle[seat],
            self.claimed[seat],
            self.vp_tokens[seat],
            self.treasures[seat],
            self.used_tokens[seat],
            self.targets(seat),
            self.cursed[seat],
            self.cleansed[seat],
            points.total(),
            points.values(),
        )

    def report(self) -> JsonObject:
        """The readable state: the whole of it, each seat's belongings and score together."""
        offer = self.offer
        return {
            "options": {"variants": []},
            "setup": self.setup,
            "rng": self.rng.state,
            "phase": str(self.phase),
            "turn": self.turn,
            "current": self.current,
            "offered": self.offered,
            "council_done": self.council_done,
            "deck": list(self.deck),
            "pool": list(self.pool),
            "discard": list(self.discard),
            "removed": list(self.removed),
            "treasure_deck": list(self.treasure_deck),
            "quests": list(self.quests),
            "castle_tokens": {str(space): list(t) for space, t in self.castle_tokens.items()},
            "seats": [self._seat_report(seat) for seat in range(self.players)],
            "offer": None
            if offer is None
            else {
                "offerer": offer.offerer,
                "target": offer.target,
                "count": offer.count,
                "card": self.offer_cards[0],
                "declared": offer.declared,
            },
            "curse": jsonable(self.curse),
            "assign": jsonable(self.assign),
            "treasure_choice": list(self.treasure_choice),
            "drawn": list(self.drawn),
            "naming": self.naming,
            "log": log_to_json(self.log),
        }

    def _seat_report(self, seat: Seat) -> JsonObject:
        points = self.points[seat]
        return {
            "guardian": self.guardians[seat],
            "hand": list(self.hands[seat]),
            "hand_size": len(self.hands[seat]),
            "tableau": jsonable(self.tableaux[seat]),
            "coins": self.coins[seat],
            "castle": self.castle[seat],
            "claimed": list(self.claimed[seat]),
            "vp_tokens": list(self.vp_tokens[seat]),
            "treasures": list(self.treasures[seat]),
            "used_tokens": list(self.used_tokens[seat]),
            "cursed": self.cursed[seat],
            "cleansed": self.cleansed[seat],
            "score": {"total": points.total(), "sources": jsonable(points)},
        }

    # --- the end -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase is _OVER

    def max_game_length(self) -> int:
        """No card ever goes back into the deck, the pool or a hand, so with ``c`` cards: draws, buys and
        cleanses take at most ``c`` of them; offers (each takes a card out of the hands for good), answers
        and curse choices at most ``c`` each; trades (three Artifacts discarded each) and their keep, name
        and add at most ``c / 3`` each; and each of those may open a Spell assignment of at most one move a
        Spell and one to leave (docs/rules/guardians-call.md, "How long a game lasts")."""
        cards = self.cards_in_play()
        count = sum(cards.values())
        return (4 * count + 4 * (count // 3)) * (cards[SPELL] + 2)

    def result(self) -> Result:
        if self.phase is not _OVER:
            raise FeintError("the game is not over")
        totals = [p.total() for p in self.points]
        tied = totals.count(max(totals)) > 1
        scores = tuple(float(t) for t in totals)
        return Result(winners(totals, self.coins), scores, "war", "coins" if tied else None)

    # --- determinization -----------------------------------------------------

    @classmethod
    def belief(cls, info: InfoState[GuardiansView]) -> GuardiansBelief:
        return GuardiansBelief(info)

    @classmethod
    def sample(cls, info: InfoState[GuardiansView], rng: random.Random, trust: Trust | None = None) -> Self:
        """Drawn by :func:`sample_state`; with ``trust``, a world whose pending offer is false is drawn
        again with the offerer's trust as the chance (rejection, at most ``MAX_DRAWS`` worlds: an offer
        is one declaration, so rejection lifts its odds without bias toward any one card). The world kept
        carries every seat's private past, rebuilt from its cards (:mod:`feint.games.guardians.pasts`)."""
        world = sample_state(cls, info, rng)
        for _ in range(MAX_DRAWS - 1):
            offer = world.offer
            chance = 0.0 if trust is None or offer is None else trust(offer.offerer)
            if offer is None or not chance:
                break
            kept = 1.0 if is_true(world.offer_cards[0], offer.declared) else 1.0 - chance
            if rng.random() < kept:
                break
            world = sample_state(cls, info, rng)
        world.log = rebuilt_log(info.events, info.viewer, pasts(world, info.events, info.viewer))
        return world

    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        """Every place whose card ``viewer`` cannot see: the deck, other hands, another's offer, Treasures."""
        placement: dict[str, Hashable] = {f"deck #{i}": card for i, card in enumerate(self.deck)}
        for seat, hand in enumerate(self.hands):
            if seat != viewer:
                placement.update((f"hand {seat} #{i}", card) for i, card in enumerate(hand))
        if self.offer is not None and self.offer.offerer != viewer:
            placement.update((f"offer #{i}", card) for i, card in enumerate(self.offer_cards))
        placement.update((f"treasure deck #{i}", value) for i, value in enumerate(self.treasure_deck))
        if self.current != viewer:
            placement.update((f"treasures drawn #{i}", value) for i, value in enumerate(self.treasure_choice))
        return placement

    # --- consistency -----------------------------------------------------------

    def cards_in_play(self) -> Counter[Card]:
        """Every Guardian card, wherever it lies: the game's cards are always all here."""
        cards = Counter(self.deck) + Counter(self.pool) + Counter(self.discard) + Counter(self.removed)
        cards += Counter(self.offer_cards) + Counter(self.drawn)
        for hand in self.hands:
            cards += Counter(hand)
        for tableau in self.tableaux:
            cards += Counter(tableau.cards())
        return cards

    def treasures_in_play(self) -> Counter[int]:
        treasures = Counter(self.treasure_deck) + Counter(self.treasure_choice)
        for kept in self.treasures:
            treasures += Counter(kept)
        return treasures

    def _check_consistent(self) -> None:
        per_seat = (self.guardians, self.hands, self.tableaux, self.coins, self.castle, self.points)
        if any(len(values) != self.players for values in per_seat):
            raise StateFormatError("not a Guardian's Call state: one entry per seat is needed")
        if self.cards_in_play() != Counter(all_cards(self.players)):
            raise StateFormatError("not a Guardian's Call state: the cards in play are not one whole deck")
        if self.treasures_in_play() != Counter(TREASURES):
            raise StateFormatError("not a Guardian's Call state: the Treasures are not all there")
        if (self.offer is None) != (not self.offer_cards):
            raise StateFormatError("not a Guardian's Call state: an offer needs its cards")


_ALONE = tuple((seat,) for seat in range(MAX_SEATS))

Effect = Callable[[Board, Seat, Any], None]

_EFFECTS: dict[type, Effect] = {
    mv.Offer: effects.make_offer,
    mv.Believe: effects.respond,
    mv.Doubt: effects.respond,
    mv.DrawPool: effects.draw_pool,
    mv.DrawDeck: effects.draw_deck,
    mv.Buy: effects.buy,
    mv.Cleanse: effects.cleanse,
    mv.Trade: effects.trade,
    mv.Discard: effects.curse_effect,
    mv.Steal: effects.curse_effect,
    mv.Assign: effects.assign_spells,
    mv.LeaveSpells: effects.leave_spells,
    mv.KeepTreasure: effects.keep_treasure,
    mv.Name: effects.reveal_five,
    mv.Add: effects.add_drawn,
}
"""What each kind of move does: the ``effects`` module's functions."""
