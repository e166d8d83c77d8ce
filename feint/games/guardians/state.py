"""Guardian's Call's rules: the turn, offers, curses, Spells, the Castle, Council and War.

A turn is the current seat's preparation moves and its offer; a few effects
then ask another decision before play goes on (the receiver's belief, the
stack a Curse hits, the Spells to assign, the Treasure to keep). Each such
decision is a phase with its own seat to move; when none is left, the turn
either goes back to preparation or, once the offer is resolved, passes on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from typing import Any, Self

from feint.engine.errors import FeintError, StateFormatError
from feint.engine.options import read_variants
from feint.engine.registry import register
from feint.engine.rng import Rng
from feint.engine.state import GameState, JsonObject, Result, Seat, Viewer
from feint.games.guardians import moves as mv
from feint.games.guardians.cards import (
    ADVANCE_STEPS,
    ADVANCE_TREASURE,
    AFFINITY,
    ARTIFACT,
    ARTIFACTS_PER_TREASURE,
    ASSIGNABLE,
    BUY_COST,
    CLEANSE_COST,
    CLEANSE_VP,
    COINS_PER_VP,
    COUNCIL,
    CURSE,
    DECLARABLE,
    DRAW_TREASURE,
    DRAWN,
    HAND_LIMIT,
    MAX_CURSE_STRENGTH,
    POOL_SIZE,
    REVEAL_TREASURE,
    REVEALED,
    SHIELD,
    SPELL,
    STACKS,
    TREASURES,
    TREASURES_DRAWN,
    TYPE_ORDER,
    VILLAGER,
    VP_SPACES,
    WAR,
    WEAPON,
    Card,
    all_cards,
    shield_points,
    vp_tokens,
)
from feint.games.guardians.moves import MAX_SEATS
from feint.games.guardians.quests import QUEST_BY_NUMBER, When
from feint.games.guardians.scoring import castle_points, weapon_points, winners
from feint.games.guardians.seat import SeatState
from feint.games.guardians.setup import deal
from feint.games.guardians.view import (
    HIDDEN,
    Event,
    GuardiansView,
    OfferView,
    QuestView,
    SeatView,
)


class Phase(StrEnum):
    PREPARE = "prepare"
    """The current seat draws, buys, cleanses, trades Artifacts, and finally offers."""
    RESPOND = "respond"
    CURSE = "curse"
    ASSIGN = "assign"
    KEEP = "keep"
    NAME = "name"
    ADD = "add"
    OVER = "over"


_EXPECTED = {
    Phase.PREPARE: "preparation: draw pool <type>, draw deck, buy <type>, cleanse, treasure, "
    "or offer <count> <type> to <seat> as <type>",
    Phase.RESPOND: "the offer's target answers: believe or doubt",
    Phase.CURSE: "the curse's stack: discard <stack> or steal <stack>",
    Phase.ASSIGN: "Spells: assign <count> spells to <type> [first], or leave spells",
    Phase.KEEP: "the Treasure to keep: keep <value>",
    Phase.NAME: "the 3 VP Treasure: name <type>",
    Phase.ADD: "the 7 VP Treasure: add <type>",
}


@dataclass(frozen=True, slots=True)
class PendingOffer:
    offerer: Seat
    target: Seat
    count: int
    card: Card
    declared: Card


@dataclass(frozen=True, slots=True)
class PendingCurse:
    chooser: Seat
    victim: Seat
    strength: int


@dataclass(frozen=True, slots=True)
class PendingAssign:
    """Spells may be assigned: ``count`` cards of printed type ``card`` just joined ``seat``'s tableau.

    ``castle`` and ``steps`` are where the pawn stood before the gain and how
    far the gain moved it: Villagers assigned with the gain join it in one
    move from there (GC5), not in a second one.
    """

    seat: Seat
    card: Card
    count: int
    castle: int = 0
    steps: int = 0


@register
class GuardiansState(GameState):
    NAME = "guardians"
    TITLE = "Guardian's Call"
    MIN_PLAYERS = 2
    MAX_PLAYERS = MAX_SEATS
    DEFAULT_PLAYERS = 4
    VARIANTS = ()
    MOVES = mv.MOVES

    setup: JsonObject
    rng: Rng
    deck: list[Card]
    """The Guardian deck, top first."""
    pool: list[Card]
    discard: list[Card]
    removed: list[Card]
    """Council and War once revealed: they leave the game."""
    treasure_deck: list[int]
    quests: tuple[int, ...]
    castle_tokens: dict[int, list[int]]
    seats: list[SeatState]
    phase: Phase
    current: Seat
    turn: int
    offered: bool
    """Whether the current turn's offer has been resolved: the turn ends once no decision is left."""
    council_done: bool
    offer: PendingOffer | None
    offer_cards: list[Card]
    curse: PendingCurse | None
    assign: PendingAssign | None
    treasure_choice: list[int]
    drawn: list[Card]
    naming: bool
    """A 3 VP Treasure was kept and its type is still to be named."""
    log: list[Event]

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        read_variants(options, cls.VARIANTS)
        state = cls.__new__(cls)
        state.players = players
        state.rng = Rng(seed)
        layout = deal(players, state.rng, setup)
        state.setup = dict(setup)
        state.deck = list(layout.deck)
        state.pool = list(layout.pool)
        state.discard = []
        state.removed = []
        state.treasure_deck = list(layout.treasures)
        state.quests = layout.quests
        state.castle_tokens = {space: list(vp_tokens(players)) for space in VP_SPACES}
        state.seats = [SeatState(g) for g in layout.guardians]
        state.phase = Phase.PREPARE
        state.current = 0
        state.turn = 1
        state.offered = False
        state.council_done = False
        state.offer = None
        state.offer_cards = []
        state.curse = None
        state.assign = None
        state.treasure_choice = []
        state.drawn = []
        state.naming = False
        state.log = []
        for seat, data in enumerate(state.seats):
            data.hand = list(layout.hands[seat])
            data.coins = layout.coins[seat]
            data.tableau = {stack: list(cards) for stack, cards in layout.tableaux[seat].items()}
        for seat, data in enumerate(state.seats):
            state._advance(seat, data.size(VILLAGER))
        state._refill()
        state._forget()
        return state

    # --- whose move, and which -----------------------------------------------

    def mover(self) -> Seat | None:
        phase = self.phase
        if phase is Phase.OVER:
            return None
        if phase is Phase.RESPOND:
            assert self.offer is not None
            return self.offer.target
        if phase is Phase.CURSE:
            assert self.curse is not None
            return self.curse.chooser
        if phase is Phase.ASSIGN:
            assert self.assign is not None
            return self.assign.seat
        return self.current

    def _compute_to_move(self) -> tuple[Seat, ...]:
        seat = self.mover()
        return () if seat is None else (seat,)

    def _compute_legal(self, seat: Seat) -> tuple[mv.GuardiansMove, ...]:
        """The legal moves of the one seat to move, ``seat``."""
        phase = self.phase
        if phase is Phase.PREPARE:
            return self._preparation_moves()
        if phase is Phase.RESPOND:
            return (mv.BELIEVE, mv.DOUBT)
        if phase is Phase.CURSE:
            assert self.curse is not None
            victim = self.seats[self.curse.victim]
            table = mv.STEAL if self.curse.strength >= MAX_CURSE_STRENGTH else mv.DISCARD
            return tuple(table[s] for s in STACKS if victim.tableau[s])
        if phase is Phase.ASSIGN:
            assert self.assign is not None
            return self._assign_moves(self.assign)
        if phase is Phase.KEEP:
            return tuple(mv.KEEP[v] for v in sorted(set(self.treasure_choice)))
        if phase is Phase.NAME:
            return tuple(mv.NAME[c] for c in DECLARABLE)
        if phase is Phase.ADD:
            return tuple(mv.ADD[c] for c in _distinct(c for c in self.drawn if c != CURSE))
        return ()

    def _preparation_moves(self) -> tuple[mv.GuardiansMove, ...]:
        me = self.seats[self.current]
        moves: list[mv.GuardiansMove] = []
        pool = _distinct(self.pool)
        if len(me.hand) < HAND_LIMIT:
            moves += [mv.DRAW_POOL[c] for c in pool]
            moves.append(mv.DRAW_DECK)
        if me.coins >= BUY_COST:
            moves += [mv.BUY[c] for c in pool if c != CURSE]
        if me.coins >= CLEANSE_COST and CURSE in self.pool:
            moves.append(mv.CLEANSE)
        if me.size(ARTIFACT) >= ARTIFACTS_PER_TREASURE and len(self.treasure_deck) >= TREASURES_DRAWN:
            moves.append(mv.TRADE)
        if me.hand:
            moves += _offer_moves(
                tuple(sorted(me.hand, key=TYPE_ORDER.__getitem__)), self._targets(self.current)
            )
        return tuple(moves)

    def _targets(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats ``seat`` may offer to: those of its face-up tokens, or all once none is face up."""
        return _face_up(self.players, seat, tuple(self.seats[seat].used_tokens))

    def _assign_moves(self, pending: PendingAssign) -> tuple[mv.GuardiansMove, ...]:
        me = self.seats[pending.seat]
        spells = me.size(SPELL)
        if pending.card == SPELL:
            targets = [(t, False) for t in ASSIGNABLE if me.tableau[t]]
        else:
            targets = [(pending.card, False), (pending.card, True)]
        moves: list[mv.GuardiansMove] = [
            mv.ASSIGN[n, t, first] for t, first in targets for n in range(1, spells + 1)
        ]
        moves.append(mv.LEAVE_SPELLS)
        return tuple(moves)

    def explain_illegal(self, seat: Seat, move: Any) -> str:
        phase = self.phase
        expected = _EXPECTED.get(phase, "")
        legal = ", ".join(str(m) for m in self.legal_moves(seat))
        if phase is Phase.PREPARE:
            reason = self._why_not_prepare(move)
            if reason:
                return reason
        elif phase is Phase.CURSE and isinstance(move, mv.Discard | mv.Steal):
            assert self.curse is not None
            wanted = "steal" if self.curse.strength >= MAX_CURSE_STRENGTH else "discard"
            if (wanted == "steal") != isinstance(move, mv.Steal):
                return f"a curse of strength {self.curse.strength} calls for {wanted}; legal: {legal}"
            return f"seat {self.curse.victim} has no {move.stack} stack; legal: {legal}"
        elif phase is Phase.ASSIGN and isinstance(move, mv.Assign):
            return f"those Spells cannot be assigned so; legal: {legal}"
        elif phase is Phase.KEEP and isinstance(move, mv.KeepTreasure):
            return f"you drew the Treasures {_values(self.treasure_choice)}; legal: {legal}"
        elif phase is Phase.NAME and isinstance(move, mv.Name):
            return f"a Curse cannot be named; name one of {', '.join(DECLARABLE)}"
        elif phase is Phase.ADD and isinstance(move, mv.Add):
            return f"the Treasure drew {' '.join(self.drawn)}; legal: {legal}"
        return f"this is not a move of this phase; expected {expected}; legal: {legal}"

    def _why_not_prepare(self, move: Any) -> str:
        me = self.seats[self.current]
        pool = " ".join(self.pool) or "nothing"
        if isinstance(move, mv.DrawPool | mv.DrawDeck) and len(me.hand) >= HAND_LIMIT:
            return f"your hand holds {HAND_LIMIT} cards already; make an offer"
        if isinstance(move, mv.DrawPool):
            return f"the pool has no {move.card}; the pool holds {pool}"
        if isinstance(move, mv.Buy):
            if move.card == CURSE:
                return "a Curse cannot be bought; cleanse removes one from the pool"
            if me.coins < BUY_COST:
                return f"buying costs {BUY_COST} coins and you have {me.coins}"
            return f"the pool has no {move.card}; the pool holds {pool}"
        if isinstance(move, mv.Cleanse):
            if me.coins < CLEANSE_COST:
                return f"removing a Curse costs {CLEANSE_COST} coins and you have {me.coins}"
            return f"the pool holds no Curse; it holds {pool}"
        if isinstance(move, mv.Trade):
            if len(self.treasure_deck) < TREASURES_DRAWN:
                return "fewer than two Treasures are left to draw"
            return f"a Treasure takes {ARTIFACTS_PER_TREASURE} Artifacts and you have {me.size(ARTIFACT)}"
        if isinstance(move, mv.Offer):
            return self._why_not_offer(move)
        return ""

    def _why_not_offer(self, move: mv.Offer) -> str:
        me = self.seats[self.current]
        targets = self._targets(self.current)
        if move.declared == CURSE:
            return "you may never declare Curses: offer Curses as another type"
        if not me.hand:
            return "your hand is empty: draw at least one card before offering"
        if move.target == self.current:
            return "you cannot make an offer to yourself"
        if move.target not in targets:
            if move.target >= self.players:
                return f"there is no seat {move.target}; seats are 0 to {self.players - 1}"
            return f"your offer token for seat {move.target} is face down; you may offer to {_seats(targets)}"
        held = me.hand.count(move.card)
        return f"you hold {held} {move.card} cards; your hand is {' '.join(me.hand)}"

    # --- applying moves ------------------------------------------------------

    def _apply(self, seat: Seat, move: Any) -> None:
        if isinstance(move, mv.Offer):
            self._make_offer(move)
        elif isinstance(move, mv.Believe | mv.Doubt):
            self._respond(isinstance(move, mv.Believe))
        elif isinstance(move, mv.DrawPool):
            self.pool.remove(move.card)
            self.seats[seat].hand.append(move.card)
            self._note("draw-pool", seat, (move.card,))
        elif isinstance(move, mv.DrawDeck):
            self._draw_into_hand(seat)
        elif isinstance(move, mv.Buy):
            self._buy(seat, move.card)
        elif isinstance(move, mv.Cleanse):
            self._cleanse(seat)
        elif isinstance(move, mv.Trade):
            self._trade(seat)
        elif isinstance(move, mv.Discard | mv.Steal):
            self._curse_effect(move)
        elif isinstance(move, mv.Assign):
            self._assign_spells(move)
        elif isinstance(move, mv.LeaveSpells):
            self.assign = None
            self._note("leave-spells", seat)
        elif isinstance(move, mv.KeepTreasure):
            self._keep_treasure(seat, move.value)
        elif isinstance(move, mv.Name):
            self._reveal_five(seat, move.card)
        else:
            self._add_drawn(seat, move.card)
        self._settle()

    def _settle(self) -> None:
        """The phase after a move: a pending decision, preparation, or the next seat's turn."""
        if self.phase is Phase.OVER:
            return
        if self.curse is not None:
            self.phase = Phase.CURSE
        elif self.assign is not None:
            self.phase = Phase.ASSIGN
        elif self.offer is not None:
            self.phase = Phase.RESPOND
        elif self.treasure_choice:
            self.phase = Phase.KEEP
        elif self.drawn:
            self.phase = Phase.ADD
        elif self.naming:
            self.phase = Phase.NAME
        elif self.offered:
            self._next_turn()
        else:
            self.phase = Phase.PREPARE

    def _next_turn(self) -> None:
        """Turn step 1: the next seat refills the pool to five cards, then prepares."""
        self.current = (self.current + 1) % self.players
        self.turn += 1
        self.offered = False
        self.phase = Phase.PREPARE
        self._refill()

    def _refill(self) -> None:
        while len(self.pool) < POOL_SIZE:
            card = self._reveal(self.current)
            if card is None:
                return
            self.pool.append(card)
            self._note("pool", self.current, (card,))

    def _reveal(self, seat: Seat) -> Card | None:
        """The deck's top Guardian card; Council is resolved on the way, War ends the game (None)."""
        while True:
            card = self.deck.pop(0)
            if card == COUNCIL:
                self._council(seat)
            elif card == WAR:
                self._war(seat)
                return None
            else:
                return card

    def _draw_into_hand(self, seat: Seat) -> None:
        card = self._reveal(seat)
        if card is not None:
            self.seats[seat].hand.append(card)
            self._note("draw-deck", seat, (card,), secret=True)

    def _buy(self, seat: Seat, card: Card) -> None:
        me = self.seats[seat]
        me.coins -= BUY_COST
        self.pool.remove(card)
        self._note("buy", seat, (card,))
        self._gain(seat, [card], from_offer=False)

    def _cleanse(self, seat: Seat) -> None:
        me = self.seats[seat]
        me.coins -= CLEANSE_COST
        self.pool.remove(CURSE)
        self.discard.append(CURSE)
        me.points["curses_removed"] += CLEANSE_VP
        me.cleansed += 1
        self._note("cleanse", seat, (CURSE,))

    def _trade(self, seat: Seat) -> None:
        """Three Artifacts from the top of the stack (assigned Spells count) for two Treasures."""
        traded = self._lose_top(seat, ARTIFACT, ARTIFACTS_PER_TREASURE)
        self.discard += traded
        self.treasure_choice = [self.treasure_deck.pop(0) for _ in range(TREASURES_DRAWN)]
        self._note("trade", seat, tuple(traded))
        self._note("treasures-drawn", seat, tuple(str(v) for v in self.treasure_choice), secret=True)

    def _keep_treasure(self, seat: Seat, value: int) -> None:
        """Keep one Treasure, put the other at the bottom of the Treasure deck, and use the kept one."""
        choice = self.treasure_choice
        choice.remove(value)
        self.treasure_deck += choice
        self.treasure_choice = []
        me = self.seats[seat]
        me.treasures.append(value)
        me.points["treasures"] += value
        self._note("keep", seat, number=value)
        if value == REVEAL_TREASURE:
            self.naming = True
        elif value == ADVANCE_TREASURE:
            self._advance(seat, ADVANCE_STEPS)
        elif value == DRAW_TREASURE:
            self._draw_two(seat)

    def _reveal_five(self, seat: Seat, named: Card) -> None:
        """The 3 VP Treasure: five cards revealed, the named type kept, the rest discarded.

        Council and War are not among the five. Each takes effect the moment
        it is revealed, as if drawn ("the Council will begin immediately";
        War "immediately ends" the game): Council scores before the matching
        cards join the tableau, and War ends the game before they do, the
        cards revealed so far going to the discard pile.
        """
        self.naming = False
        revealed: list[Card] = []
        while len(revealed) < REVEALED and self.deck:
            card = self.deck.pop(0)
            if card == COUNCIL:
                self._council(seat)
            elif card == WAR:
                self.discard += revealed
                self._note("reveal-five", seat, tuple(revealed), word=named)
                self._war(seat)
                return
            else:
                revealed.append(card)
        matches = [c for c in revealed if c == named]
        self.discard += [c for c in revealed if c != named]
        self._note("reveal-five", seat, tuple(revealed), word=named)
        if matches:
            self._gain(seat, matches, from_offer=False)

    def _draw_two(self, seat: Seat) -> None:
        """The 7 VP Treasure: two cards, more while every card drawn is a Curse."""
        drawn: list[Card] = []
        while len(drawn) < DRAWN or all(c == CURSE for c in drawn):
            card = self._reveal(seat)
            if card is None:
                self.discard += drawn
                return
            drawn.append(card)
        self.drawn = drawn
        self._note("draw-seven", seat, tuple(drawn))

    def _add_drawn(self, seat: Seat, card: Card) -> None:
        drawn = self.drawn
        drawn.remove(card)
        self.discard += drawn
        self.drawn = []
        self._note("add", seat, (card,))
        self._gain(seat, [card], from_offer=False)

    # --- offers and curses ---------------------------------------------------

    def _make_offer(self, move: mv.Offer) -> None:
        offerer = self.current
        me = self.seats[offerer]
        if not set(self._targets(offerer)) - set(me.used_tokens):
            me.used_tokens = []
        me.used_tokens.append(move.target)
        for _ in range(move.count):
            me.hand.remove(move.card)
        self.offer = PendingOffer(offerer, move.target, move.count, move.card, move.declared)
        self.offer_cards = [move.card] * move.count
        self._note(
            "offer",
            offerer,
            tuple(self.offer_cards),
            other=move.target,
            word=move.declared,
            number=move.count,
            secret=True,
        )

    def _respond(self, believed: bool) -> None:
        """The four outcomes: a right guess gives the target the cards, a wrong one the offerer.

        Curses go to nobody's tableau: the seat that would have won them is
        spared, and the other is cursed.
        """
        offer = self.offer
        assert offer is not None
        cards = self.offer_cards
        self.offer = None
        self.offer_cards = []
        self.offered = True
        self._note("believe" if believed else "doubt", offer.target, other=offer.offerer)
        right = believed == (offer.card == offer.declared)
        winner, loser = (offer.target, offer.offerer) if right else (offer.offerer, offer.target)
        self._note("reveal", offer.offerer, tuple(cards), other=winner)
        if offer.card == CURSE:
            self._cursed(loser, winner, len(cards))
            self.discard += cards
            return
        self.seats[loser].coins += 1
        self._gain(winner, cards, from_offer=True)

    def _cursed(self, victim: Seat, opponent: Seat, curses: int) -> None:
        strength = min(curses, MAX_CURSE_STRENGTH)
        me = self.seats[victim]
        me.coins += 1
        me.cursed = True
        self._note("cursed", victim, other=opponent, number=strength)
        if any(me.tableau[s] for s in STACKS):
            chooser = victim if strength == 1 else opponent
            self.curse = PendingCurse(chooser, victim, strength)

    def _curse_effect(self, move: mv.Discard | mv.Steal) -> None:
        curse = self.curse
        assert curse is not None
        self.curse = None
        (card,) = self._lose_top(curse.victim, move.stack)
        if isinstance(move, mv.Steal):
            self._note("steal", curse.chooser, (card,), other=curse.victim, word=move.stack)
            self._gain(curse.chooser, [card], from_offer=False)
        else:
            self.discard.append(card)
            self._note("discard", curse.chooser, (card,), other=curse.victim, word=move.stack)

    # --- the tableau, Spells and the Castle ---------------------------------

    def _gain(self, seat: Seat, cards: list[Card], from_offer: bool) -> None:
        """Cards of one printed type join ``seat``'s tableau; a Spell always joins as unassigned."""
        me = self.seats[seat]
        card = cards[0]
        villagers = me.size(VILLAGER)
        castle = me.castle
        me.tableau[card] += cards
        if from_offer and AFFINITY[me.guardian] == card:
            me.coins += len(cards)
        steps = me.size(VILLAGER) - villagers
        self._advance(seat, steps)
        can_assign = any(me.tableau[t] for t in ASSIGNABLE) if card == SPELL else me.size(SPELL) > 0
        if can_assign:
            self.assign = PendingAssign(seat, card, len(cards), castle, steps)

    def _assign_spells(self, move: mv.Assign) -> None:
        pending = self.assign
        assert pending is not None
        self.assign = None
        me = self.seats[pending.seat]
        villagers = me.size(VILLAGER)
        del me.tableau[SPELL][-move.count :]
        stack = me.tableau[move.card]
        gained = stack[len(stack) - pending.count :] if move.first else []
        del stack[len(stack) - len(gained) :]
        stack += [SPELL] * move.count + gained
        self._note("assign", pending.seat, word=move.card, number=move.count)
        assigned = me.size(VILLAGER) - villagers
        if assigned:
            me.castle = pending.castle
            self._advance(pending.seat, pending.steps + assigned)
            pending = replace(pending, steps=pending.steps + assigned)
        if pending.card == SPELL and me.size(SPELL) and any(me.tableau[t] for t in ASSIGNABLE):
            self.assign = pending

    def _lose_top(self, seat: Seat, stack: Card, count: int = 1) -> list[Card]:
        """The top ``count`` cards of a stack leave together, top first.

        Spells left in a stack without a card of its type go back to the Spell
        stack, unassigned.
        """
        me = self.seats[seat]
        villagers = me.size(VILLAGER)
        cards = me.tableau[stack]
        lost = cards[len(cards) - count :][::-1]
        del cards[len(cards) - count :]
        if stack != SPELL and cards and stack not in cards:
            me.tableau[SPELL] += cards
            cards.clear()
        self._advance(seat, me.size(VILLAGER) - villagers)
        return lost

    def _advance(self, seat: Seat, steps: int) -> None:
        """Move a pawn; it passes occupied spaces, except space 0, and takes VP tokens moving on."""
        if steps == 0:
            return
        me = self.seats[seat]
        others = {s.castle for i, s in enumerate(self.seats) if i != seat}
        step = 1 if steps > 0 else -1
        old = me.castle
        new = max(old + steps, 0)
        while new != 0 and new in others:
            new += step
        me.castle = new
        if step > 0:
            for space in VP_SPACES:
                if old < space <= new and space not in me.claimed:
                    me.claimed.append(space)
                    tokens = self.castle_tokens[space]
                    if tokens:
                        value = tokens.pop(0)
                        me.vp_tokens.append(value)
                        me.points["vp_tokens"] += value

    # --- Council and War -----------------------------------------------------

    def _council(self, seat: Seat) -> None:
        """Council: the Castle race, then the Council Quests; the turn then goes on."""
        self.removed.append(COUNCIL)
        self.council_done = True
        self._note("council", seat)
        self._score_castle_and_quests(When.COUNCIL, "council_castle", "council_quests")

    def _war(self, seat: Seat) -> None:
        """War: the game ends at once and the armies are scored."""
        self.removed.append(WAR)
        self._note("war", seat)
        self._score_castle_and_quests(When.WAR, "war_castle", "war_quests")
        for seat_state, points in zip(
            self.seats, weapon_points([s.size(WEAPON) for s in self.seats]), strict=True
        ):
            seat_state.points["weapons"] = points
        for me in self.seats:
            me.points["shields"] = shield_points(me.size(SHIELD))
            me.points["coins"] = me.coins // COINS_PER_VP
        self.phase = Phase.OVER
        self.curse = None
        self.assign = None

    def _score_castle_and_quests(self, when: When, castle_source: str, quest_source: str) -> None:
        for me, points in zip(self.seats, castle_points([s.castle for s in self.seats]), strict=True):
            me.points[castle_source] += points
        quests = [QUEST_BY_NUMBER[n] for n in self.quests if QUEST_BY_NUMBER[n].when is when]
        for me in self.seats:
            standing = me.standing()
            me.points[quest_source] += sum(q.vp for q in quests if q.met(standing))

    def _note(
        self,
        kind: str,
        seat: Seat,
        cards: tuple[str, ...] = (),
        other: Seat | None = None,
        word: str = "",
        number: int = 0,
        secret: bool = False,
    ) -> None:
        self.log.append(Event(kind, seat, cards, other, word, number, secret))

    # --- what a viewer sees -------------------------------------------------

    def view(self, viewer: Viewer) -> GuardiansView:
        seat = viewer if viewer is not None and 0 <= viewer < self.players else None
        offer = None
        if self.offer is not None:
            o = self.offer
            shown = tuple(self.offer_cards) if seat == o.offerer else (HIDDEN,) * o.count
            offer = OfferView(o.offerer, o.target, o.count, o.declared, shown)
        curse = self.curse
        return GuardiansView(
            viewer=seat,
            players=self.players,
            phase=str(self.phase),
            turn=self.turn,
            current=self.current,
            pool=tuple(self.pool),
            deck_size=len(self.deck),
            discard=tuple(self.discard),
            council_done=self.council_done,
            treasure_deck_size=len(self.treasure_deck),
            castle_tokens={space: tuple(tokens) for space, tokens in self.castle_tokens.items()},
            quests=tuple(_quest_view(n) for n in self.quests),
            seats=tuple(self._seat_view(i, seat) for i in range(self.players)),
            offer=offer,
            curse=None
            if curse is None
            else {"chooser": curse.chooser, "victim": curse.victim, "strength": curse.strength},
            treasure_choice=tuple(self.treasure_choice) if seat == self.current else (),
            drawn=tuple(self.drawn),
            log=tuple(event.seen_by(seat) for event in self.log),
            to_move=self.to_move(),
            legal=() if seat is None else tuple(str(m) for m in self.legal_moves(seat)),
            over=self.phase is Phase.OVER,
            winners=self.winners(),
        )

    def _seat_view(self, index: Seat, viewer: Seat | None) -> SeatView:
        me = self.seats[index]
        return SeatView(
            seat=index,
            guardian=me.guardian,
            hand=tuple(me.hand) if index == viewer else None,
            hand_size=len(me.hand),
            tableau={stack: tuple(cards) for stack, cards in me.tableau.items()},
            coins=me.coins,
            castle=me.castle,
            vp_tokens=tuple(me.vp_tokens),
            treasures=tuple(me.treasures),
            offer_targets=self._targets(index),
            cursed=me.cursed,
            cleansed=me.cleansed,
            score=me.score(),
            points=dict(me.points),
        )

    # --- the end -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def result(self) -> Result:
        if self.phase is not Phase.OVER:
            raise FeintError("the game is not over")
        totals = [s.score() for s in self.seats]
        return Result(winners(totals, [s.coins for s in self.seats]), tuple(float(t) for t in totals))

    # --- copies and JSON ------------------------------------------------------

    @classmethod
    def parse_move(cls, text: str) -> mv.GuardiansMove:
        return mv.parse_move(text)

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(state=self.rng.state)
        other.deck = list(self.deck)
        other.pool = list(self.pool)
        other.discard = list(self.discard)
        other.removed = list(self.removed)
        other.treasure_deck = list(self.treasure_deck)
        other.castle_tokens = {space: list(t) for space, t in self.castle_tokens.items()}
        other.seats = [s.copy() for s in self.seats]
        other.offer_cards = list(self.offer_cards)
        other.treasure_choice = list(self.treasure_choice)
        other.drawn = list(self.drawn)
        other.log = list(self.log)
        other._forget()
        return other

    def to_json(self) -> JsonObject:
        offer = self.offer
        curse = self.curse
        assign = self.assign
        return {
            "game": self.NAME,
            "players": self.players,
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
            "seats": [s.to_json() for s in self.seats],
            "offer": None
            if offer is None
            else {
                "offerer": offer.offerer,
                "target": offer.target,
                "count": offer.count,
                "card": offer.card,
                "declared": offer.declared,
            },
            "curse": None
            if curse is None
            else {"chooser": curse.chooser, "victim": curse.victim, "strength": curse.strength},
            "assign": None
            if assign is None
            else {
                "seat": assign.seat,
                "card": assign.card,
                "count": assign.count,
                "castle": assign.castle,
                "steps": assign.steps,
            },
            "treasure_choice": list(self.treasure_choice),
            "drawn": list(self.drawn),
            "naming": self.naming,
            "log": [event.to_json() for event in self.log],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        try:
            state = cls.new(int(data["players"]), 0, data.get("options", {}), data.get("setup", {}))
            state.rng = Rng(state=int(data["rng"]))
            state.phase = Phase(data["phase"])
            state.turn = int(data["turn"])
            state.current = int(data["current"])
            state.offered = bool(data["offered"])
            state.council_done = bool(data["council_done"])
            state.deck = [_card(c) for c in data["deck"]]
            state.pool = [_card(c) for c in data["pool"]]
            state.discard = [_card(c) for c in data["discard"]]
            state.removed = [_card(c) for c in data["removed"]]
            state.treasure_deck = [int(v) for v in data["treasure_deck"]]
            state.quests = tuple(int(n) for n in data["quests"])
            state.castle_tokens = {int(k): [int(v) for v in t] for k, t in data["castle_tokens"].items()}
            state.seats = [SeatState.from_json(s) for s in data["seats"]]
            offer = data["offer"]
            state.offer = (
                None
                if offer is None
                else PendingOffer(
                    int(offer["offerer"]),
                    int(offer["target"]),
                    int(offer["count"]),
                    _card(offer["card"]),
                    _card(offer["declared"]),
                )
            )
            state.offer_cards = [] if state.offer is None else [state.offer.card] * state.offer.count
            curse = data["curse"]
            state.curse = (
                None
                if curse is None
                else PendingCurse(int(curse["chooser"]), int(curse["victim"]), int(curse["strength"]))
            )
            assign = data["assign"]
            state.assign = (
                None
                if assign is None
                else PendingAssign(
                    int(assign["seat"]),
                    _card(assign["card"]),
                    int(assign["count"]),
                    int(assign["castle"]),
                    int(assign["steps"]),
                )
            )
            state.treasure_choice = [int(v) for v in data["treasure_choice"]]
            state.drawn = [_card(c) for c in data["drawn"]]
            state.naming = bool(data["naming"])
            state.log = [Event.from_json(e) for e in data["log"]]
            state._forget()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise StateFormatError(f"not a Guardian's Call state: {err}") from None
        state._check_consistent()
        return state

    def cards_in_play(self) -> Counter[Card]:
        """Every Guardian card, wherever it lies: the game's cards are always all here."""
        cards = Counter(self.deck) + Counter(self.pool) + Counter(self.discard) + Counter(self.removed)
        cards += Counter(self.offer_cards) + Counter(self.drawn)
        for me in self.seats:
            cards += Counter(me.hand)
            for stack in me.tableau.values():
                cards += Counter(stack)
        return cards

    def _check_consistent(self) -> None:
        if len(self.seats) != self.players:
            raise StateFormatError("not a Guardian's Call state: one seat record per player is needed")
        if self.cards_in_play() != Counter(all_cards(self.players)):
            raise StateFormatError("not a Guardian's Call state: the cards in play are not one whole deck")
        treasures = Counter(self.treasure_deck) + Counter(self.treasure_choice)
        for me in self.seats:
            treasures += Counter(me.treasures)
        if treasures != Counter(TREASURES):
            raise StateFormatError("not a Guardian's Call state: the Treasures are not all there")


@cache
def _offer_moves(hand: tuple[Card, ...], targets: tuple[Seat, ...]) -> tuple[mv.GuardiansMove, ...]:
    """Every offer of a sorted hand: each type held, each count up to all of them."""
    return tuple(
        mv.OFFER[n, card, target, declared]
        for card in _distinct(hand)
        for n in range(1, hand.count(card) + 1)
        for target in targets
        for declared in DECLARABLE
    )


@cache
def _face_up(players: int, seat: Seat, used: tuple[Seat, ...]) -> tuple[Seat, ...]:
    others = tuple(s for s in range(players) if s != seat)
    return tuple(s for s in others if s not in used) or others


@cache
def _quest_view(number: int) -> QuestView:
    quest = QUEST_BY_NUMBER[number]
    return QuestView(quest.number, quest.name, str(quest.when), quest.condition, quest.vp)


def _distinct(cards: Any) -> list[Card]:
    return sorted(set(cards), key=TYPE_ORDER.__getitem__)


def _values(values: list[int]) -> str:
    return " and ".join(str(v) for v in values)


def _seats(seats: tuple[Seat, ...]) -> str:
    return " or ".join(f"seat {s}" for s in seats)


def _card(value: Any) -> Card:
    if value not in TYPE_ORDER:
        raise ValueError(f"unknown card {value!r}")
    return str(value)
