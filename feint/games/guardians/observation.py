"""Guardian's Call's observation for learning environments: one seat's view as ``115 + 45 n + 2 n²``
numbers in ``[0, 1]`` at a table of ``n`` seats (213 at 2 seats, 390 at 5).

Built from the seat's view only. Seats are counted from the viewer (``+0``
is me, ``+1`` the next seat clockwise, ...); cards are counted over the eight
types ``weapon artifact shield villager spell curse council war``; Treasures
over their values ``3 5 7 10``. Counts are divided by the most they can
usefully be, and clipped there (a pile by the 122 cards of the deck, a hand
by its limit of 6, coins by 20, the Castle track by 25, a score by 100).

- `phase` (8): one-hot: prepare, respond, curse, assign, keep, name, add, over
- `turn` (``n + 2``): the turn /100; this turn's offer is resolved; the current seat from me, one-hot
- `pool` (8): the pool, counted /5
- `deck` (7): the deck's size; where War lies (two bounds); where Council lies (two bounds), all /122;
  Council is done; the Treasure deck's size /20
- `discard` (10): the discard pile, counted /40; Council and War revealed
- `castle` (8): per VP space (5, 10, 15, 20): the tokens left /3; the top token /5
- `quests` (16): the game's three Quests, one flag each among the sixteen
- `seats` (``(39 + 2 n) n``): per seat from me: its Guardian one-hot (5); its hand counted /6 (8, mine
  only); its hand size /6; per stack (weapon artifact shield villager spell) its cards /10 and the Spells
  in it /10; coins /20; Castle space /25; the four VP spaces claimed; its VP tokens /20; its Treasures
  counted /5 (4); per seat from me: its offer token used; may be offered to; cursed; Curses cleansed /3;
  score /100
- `offer` (``19 + 2 n``): an offer stands; offerer and target from me, one-hot; the cards offered /6; the
  type declared one-hot (8); the real cards as I know them, counted /6 (8); some are hidden from me
- `curse` (``2 + 2 n``): a curse waits; its chooser and its victim from me, one-hot; its strength /3
- `assign` (``21 + n``): Spells wait to be assigned; the seat from me; the card type one-hot (8); the
  count /6; the pawn's space before /25; its steps /25; Spells unassigned /6; the types just added,
  counted /6 (8)
- `treasure` (14): the Treasures drawn, counted by value /2 (4), hidden from me /2; the cards the 7 VP
  Treasure drew, counted /2 (8); a 3 VP Treasure waits for its type
"""

from __future__ import annotations

from collections.abc import MutableSequence

from feint.engine.info import InfoState
from feint.engine.observation import (
    Layout,
    RefillingEncoding,
    count_into,
    count_many_into,
    one_hot,
    positions,
    scaled,
)
from feint.games.guardians.cards import (
    COUNCIL,
    GUARDIANS,
    HAND_LIMIT,
    POOL_SIZE,
    SPELL,
    STACKS,
    TREASURE_VALUES,
    TYPES,
    VP_SPACES,
    WAR,
)
from feint.games.guardians.pending import Phase
from feint.games.guardians.quests import QUESTS
from feint.games.guardians.view import GuardiansView

PHASES = positions(tuple(Phase))
CARDS = positions((*TYPES, COUNCIL, WAR))
GUARDIAN = positions(GUARDIANS)
VALUES = positions(TREASURE_VALUES)
QUEST = positions(tuple(q.number for q in QUESTS))
SPACES = positions(VP_SPACES)
DECK = 122
"""Six types of twenty, Council and War."""
KINDS = len(CARDS)


class GuardiansEncoding(RefillingEncoding[GuardiansView]):
    def declare(self, layout: Layout) -> None:
        n = self.players
        self.seat_size = len(GUARDIANS) + KINDS + 1 + 2 * len(STACKS) + 3 + len(VP_SPACES) + 1
        self.seat_size += len(VALUES) + 2 * n + 3
        self.phase = layout.add("phase", len(PHASES), "one-hot: the phase")
        self.turn = layout.add("turn", n + 2, "the turn; offered; the current seat")
        self.pool = layout.add("pool", KINDS, "the pool /5")
        self.deck = layout.add("deck", 7, "deck size, War and Council bounds, Council done, Treasure deck")
        self.discard = layout.add("discard", KINDS + 2, "the discard pile; Council and War revealed")
        self.castle = layout.add("castle", 2 * len(VP_SPACES), "per VP space: tokens left, top token")
        self.quests = layout.add("quests", len(QUEST), "the game's Quests")
        self.seats = layout.add("seats", self.seat_size * n, "per seat from me")
        self.offer = layout.add("offer", 19 + 2 * n, "the offer standing")
        self.curse = layout.add("curse", 2 + 2 * n, "the curse waiting")
        self.assign = layout.add("assign", 21 + n, "the Spells waiting to be assigned")
        self.treasure = layout.add(
            "treasure", len(VALUES) + 1 + KINDS + 1, "Treasures drawn; cards drawn; naming"
        )

    def write(
        self, out: MutableSequence[float], info: InfoState[GuardiansView], b: GuardiansView | None
    ) -> None:
        v = info.view
        me = info.viewer
        assert me is not None
        n, rel, clear = self.players, self.rel, self.clear
        if b is not None:
            clear(out, self.phase, self.pool)
        one_hot(out, self.phase, PHASES[v.header.phase])
        out[self.turn] = scaled(v.turn, 100)
        out[self.turn + 1] = float(v.offered)
        out[self.turn + 2 + rel(v.current, me)] = 1.0
        if b is None or v.pool != b.pool:
            if b is not None:
                clear(out, self.pool, self.deck)
            count_into(out, self.pool, v.pool, CARDS, POOL_SIZE)
        at = self.deck
        out[at] = scaled(v.deck_size, DECK)
        if b is None or v.war_pile != b.war_pile or v.council_pile != b.council_pile:
            low, high = v.war_pile
            out[at + 1], out[at + 2] = scaled(low, DECK), scaled(high, DECK)
            low, high = v.council_pile
            out[at + 3], out[at + 4] = scaled(low, DECK), scaled(high, DECK)
        out[at + 5] = float(v.council_done)
        out[at + 6] = scaled(v.treasure_deck_size, len(TREASURE_VALUES) * 5)
        if b is None or v.discard != b.discard:
            if b is not None:
                clear(out, self.discard, self.discard + KINDS)
            count_many_into(out, self.discard, v.discard, CARDS, 40)
        out[self.discard + KINDS] = float(COUNCIL in v.removed)
        out[self.discard + KINDS + 1] = float(WAR in v.removed)
        if b is None or _tokens(v) != _tokens(b):
            if b is not None:
                clear(out, self.castle, self.quests)
            for space in v.castle_tokens:
                at = self.castle + 2 * SPACES[space.space]
                out[at] = scaled(len(space.tokens), 3)
                out[at + 1] = scaled(space.tokens[0], 5) if space.tokens else 0.0
        if b is None or v.quests != b.quests:
            if b is not None:
                clear(out, self.quests, self.seats)
            for number in v.quests:
                out[self.quests + QUEST[number]] = 1.0
        # The hot loop of a learning environment: values that are 0 are left alone in a fill (out is zeros),
        # each share is written inline rather than through scaled(), and a refill writes what changed.
        seat_size, stacks = self.seat_size, 2 * len(STACKS)
        for s, p in zip(v.seats, (None,) * n if b is None else b.seats, strict=True):
            at = self.seats + seat_size * rel(s.seat, me)
            if p is None or s.guardian != p.guardian:
                if p is not None:
                    clear(out, at, at + len(GUARDIAN))
                out[at + GUARDIAN[s.guardian]] = 1.0
            at += len(GUARDIAN)
            if p is None or s.hand != p.hand:
                if p is not None:
                    clear(out, at, at + KINDS)
                if s.hand:
                    count_into(out, at, s.hand, CARDS, HAND_LIMIT)
            at += KINDS
            out[at] = scaled(s.hand_size, HAND_LIMIT)
            at += 1
            if p is None or s.tableau != p.tableau:
                if p is not None:
                    clear(out, at, at + stacks)
                for k, stack in enumerate(s.tableau):
                    if stack:
                        size = len(stack)
                        out[at + 2 * k] = size / 10 if size < 10 else 1.0
                        spells = stack.count(SPELL)
                        if spells:
                            out[at + 2 * k + 1] = spells / 10 if spells < 10 else 1.0
            at += stacks
            if p is None or s.coins != p.coins or s.castle != p.castle:
                out[at] = scaled(s.coins, 20)
                out[at + 1] = scaled(s.castle, 25)
            if p is None or s.claimed != p.claimed:
                if p is not None:
                    clear(out, at + 2, at + 2 + len(SPACES))
                for claimed in s.claimed:
                    out[at + 2 + SPACES[claimed]] = 1.0
            at += 2 + len(SPACES)
            if p is None or s.vp_tokens != p.vp_tokens or s.treasures != p.treasures:
                if p is not None:
                    clear(out, at, at + 1 + len(VALUES))
                out[at] = scaled(sum(s.vp_tokens), 20)
                count_into(out, at + 1, s.treasures, VALUES, 5)
            at += 1 + len(VALUES)
            if p is None or s.used_tokens != p.used_tokens or s.offer_targets != p.offer_targets:
                if p is not None:
                    clear(out, at, at + 2 * n)
                for seat in s.used_tokens:
                    out[at + rel(seat, me)] = 1.0
                for seat in s.offer_targets:
                    out[at + n + rel(seat, me)] = 1.0
            at += 2 * n
            if p is None or s.cursed != p.cursed or s.cleansed != p.cleansed or s.score != p.score:
                out[at] = float(s.cursed)
                out[at + 1] = scaled(s.cleansed, 3)
                out[at + 2] = scaled(s.score, 100)
        offer = v.offer
        if b is None or (offer is not b.offer and offer != b.offer):
            if b is not None:
                clear(out, self.offer, self.curse)
            if offer is not None:
                at = self.offer
                out[at] = 1.0
                out[at + 1 + rel(offer.offerer, me)] = 1.0
                out[at + 1 + n + rel(offer.target, me)] = 1.0
                at += 1 + 2 * n
                out[at] = scaled(offer.count, HAND_LIMIT)
                out[at + 1 + CARDS[offer.declared]] = 1.0
                count_into(out, at + 1 + KINDS, offer.cards, CARDS, HAND_LIMIT)
                out[at + 1 + 2 * KINDS] = float(any(card not in CARDS for card in offer.cards))
        curse = v.curse
        if b is None or (curse is not b.curse and curse != b.curse):
            if b is not None:
                clear(out, self.curse, self.assign)
            if curse is not None:
                out[self.curse] = 1.0
                out[self.curse + 1 + rel(curse.chooser, me)] = 1.0
                out[self.curse + 1 + n + rel(curse.victim, me)] = 1.0
                out[self.curse + 1 + 2 * n] = scaled(curse.strength, 3)
        assign = v.assign
        if b is None or (assign is not b.assign and assign != b.assign):
            if b is not None:
                clear(out, self.assign, self.treasure)
            if assign is not None:
                at = self.assign
                out[at] = 1.0
                out[at + 1 + rel(assign.seat, me)] = 1.0
                at += 1 + n
                out[at + CARDS[assign.card]] = 1.0
                at += KINDS
                out[at] = scaled(assign.count, HAND_LIMIT)
                out[at + 1] = scaled(assign.castle, 25)
                out[at + 2] = scaled(assign.steps, 25)
                out[at + 3] = scaled(assign.spells, HAND_LIMIT)
                count_into(out, at + 4, assign.added, CARDS, HAND_LIMIT)
        at = self.treasure
        choice = v.treasure_choice
        if b is None or choice != b.treasure_choice or v.drawn != b.drawn:
            if b is not None:
                clear(out, at, at + len(VALUES) + 1 + KINDS)
            if choice:
                count_into(out, at, choice, VALUES, 2)  # a hidden Treasure is no value: skipped
                out[at + len(VALUES)] = scaled(sum(1 for t in choice if t not in VALUES), 2)
            if v.drawn:
                count_into(out, at + len(VALUES) + 1, v.drawn, CARDS, 2)
        out[at + len(VALUES) + 1 + KINDS] = float(v.naming)


def _tokens(view: GuardiansView) -> list[tuple[int, tuple[int, ...]]]:
    """Each Castle VP space and its tokens: a view's castle, compared without a dataclass's ``__eq__``."""
    return [(space.space, space.tokens) for space in view.castle_tokens]
