"""Card counting from one viewer's information, and the worlds drawn from it.

A viewer sees the pool, every tableau, the discard pile and its own hand;
its events tell it which cards each seat took from the pool and which cards
each offer revealed, so it knows part of every other hand (a card taken from
the pool stays in the hand until an offer of its type may have taken it);
they also tell it which Treasures it put back under the Treasure deck, and
set-up step 5 tells everyone where War and Council may lie in the deck.
Everything else it has not seen is drawn from the rest.

:class:`GuardiansBelief` is that counting, used both by the heuristic bot
and by :func:`sample_state`, the sampler behind ``GuardiansState.sample``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from functools import cached_property
from typing import TypeVar

from feint.engine.events import log_of
from feint.engine.info import InfoState
from feint.engine.rng import Rng
from feint.engine.view import HIDDEN
from feint.games.guardians.board import Board
from feint.games.guardians.cards import (
    COPIES,
    COUNCIL,
    TREASURES,
    TREASURES_DRAWN,
    TWO_SEAT_COPIES,
    TYPE_ORDER,
    TYPES,
    WAR,
    Card,
    all_cards,
)
from feint.games.guardians.kinds import Kind
from feint.games.guardians.pending import PendingOffer
from feint.games.guardians.seat import Points
from feint.games.guardians.view import GuardiansView

S = TypeVar("S", bound=Board)


class GuardiansBelief:
    """What a viewer's view and events say of the cards it cannot see."""

    def __init__(self, info: InfoState[GuardiansView]) -> None:
        view = info.view
        self.view = view
        self.viewer = info.viewer
        me = view.me()
        seen: Counter[Card] = Counter(view.pool)
        seen.update(view.discard)
        seen.update(view.removed)
        seen.update(view.drawn)
        for seat in view.seats:
            seen.update(seat.tableau.cards())
        if me is not None and me.hand is not None:
            seen.update(me.hand)
        if view.offer is not None and view.offer.offerer == info.viewer:
            seen.update(c for c in view.offer.cards if c != HIDDEN)
        self.cards: Counter[Card] = Counter(all_cards(view.players)) - seen
        """The Guardian cards of the places hidden from the viewer: the deck, other hands, another's offer."""
        self.known_hands: list[Counter[Card]] = [Counter() for _ in view.seats]
        """Cards each other seat surely holds (hand or pending offer): taken from the pool, not offered."""
        treasure_deck: list[int | None] = [None] * len(TREASURES)
        for event in info.events:
            kind = event.kind
            if kind == Kind.DRAW_POOL:
                self.known_hands[event.actor or 0][event.get("card")] += 1
            elif kind == Kind.BELIEVE or kind == Kind.DOUBT:
                known = self.known_hands[event.get("offerer")]
                card = event.get("cards")[0]
                known[card] = max(known[card] - len(event.get("cards")), 0)
            elif kind == Kind.TREASURES_DRAWN:
                del treasure_deck[:TREASURES_DRAWN]
            elif kind == Kind.KEEP:
                back = event.get("put_back")
                treasure_deck += list(back) if back != HIDDEN else [None] * (TREASURES_DRAWN - 1)
        if info.viewer is not None:
            self.known_hands[info.viewer] = Counter()
        self.treasure_places: dict[int, int] = {
            i: value for i, value in enumerate(treasure_deck) if value is not None
        }
        """Places of the Treasure deck (top first) whose Treasure the viewer put back there itself."""
        kept: Counter[int] = Counter()
        for seat in view.seats:
            kept += Counter(seat.treasures)
        kept += Counter(v for v in view.treasure_choice if v != HIDDEN)
        self.treasures: Counter[int] = Counter(TREASURES) - kept
        """The Treasures of the places hidden from the viewer."""
        self._free = Counter(self.cards)
        for known in self.known_hands:
            self._free.subtract(known)

    # --- the Belief protocol ------------------------------------------------------

    def unseen(self) -> Counter[Hashable]:
        hidden: Counter[Hashable] = Counter()
        hidden.update(self.cards)
        hidden.update(self.treasures)
        return hidden

    def allows(self, location: str, card: Hashable) -> bool:
        place, _, number = location.rpartition(" #")
        index = int(number)
        if place.startswith("treasure"):
            if not isinstance(card, int) or self.treasures[card] <= 0:
                return False
            known = self.treasure_places.get(index) if place == "treasure deck" else None
            return known is None or known == card
        if not isinstance(card, str) or self.cards[Card(card)] <= 0:
            return False
        card = Card(card)
        holder = self.view.offer.offerer if place == "offer" and self.view.offer else None
        if place.startswith("hand "):
            holder = int(place.split()[1])
        if holder is not None and self._full(holder) and self.known_hands[holder][card] <= 0:
            return False
        if self._free[card] <= 0:
            # Every unseen card of this type is one a seat surely holds.
            return holder is not None and self.known_hands[holder][card] > 0
        if place != "deck":
            return card not in (COUNCIL, WAR)
        from_bottom = self.view.deck_size - 1 - index
        if card == WAR:
            return self.view.war_pile[0] <= from_bottom < self.view.war_pile[1]
        if card == COUNCIL:
            return self.view.council_pile[0] <= from_bottom < self.view.council_pile[1]
        return True

    def _full(self, seat: int) -> bool:
        """Whether the cards ``seat`` surely holds are all its hand and pending offer hold."""
        offer = self.view.offer
        held = self.view.seats[seat].hand_size + (offer.count if offer and offer.offerer == seat else 0)
        return self.known_hands[seat].total() >= held

    # --- what the heuristic bot counts --------------------------------------------

    @cached_property
    def unknown(self) -> Counter[Card]:
        """The mix of the Guardian cards the viewer has not seen and cannot place in a hand: counted once
        (the heuristic asks :meth:`chance` of each type in turn), not to be changed."""
        copies = TWO_SEAT_COPIES if self.view.players == 2 else COPIES
        total = Counter(all_cards(self.view.players))
        placed = Counter({t: total[t] - self.cards[t] for t in TYPES})
        for seat, known in enumerate(self.known_hands):
            if seat != self.viewer:
                placed += known
        return Counter({t: max(copies - placed[t], 0) for t in TYPES})

    def chance(self, card: Card) -> float:
        """The chance that a card the viewer has not seen is of type ``card``."""
        unknown = self.unknown
        total = unknown.total()
        return unknown[card] / total if total else 0.0


def sample_state(cls: type[S], info: InfoState[GuardiansView], rng: random.Random) -> S:
    """A full state that gives ``info.viewer`` exactly ``info``, its hidden cards drawn at random."""
    belief = GuardiansBelief(info)
    view = belief.view
    viewer = info.viewer
    state = cls.__new__(cls)
    state.players = view.players
    state.log = log_of(info.events)
    state.setup = {}
    state.rng = Rng(state=rng.getrandbits(64))
    state.pool = list(view.pool)
    state.discard = list(view.discard)
    state.removed = list(view.removed)
    state.quests = view.quests
    state.castle_tokens = {space.space: space.tokens for space in view.castle_tokens}
    state.war_pile = view.war_pile
    state.council_pile = view.council_pile
    seats = view.seats
    state.guardians = tuple(s.guardian for s in seats)
    state.tableaux = [s.tableau for s in seats]
    state.coins = [s.coins for s in seats]
    state.castle = [s.castle for s in seats]
    state.claimed = [s.claimed for s in seats]
    state.vp_tokens = [s.vp_tokens for s in seats]
    state.treasures = [s.treasures for s in seats]
    state.used_tokens = [s.used_tokens for s in seats]
    state.cursed = [s.cursed for s in seats]
    state.cleansed = [s.cleansed for s in seats]
    state.points = [Points(*s.points) for s in seats]
    state.phase = view.phase  # type: ignore[assignment]
    state.current = view.current
    state.turn = view.turn
    state.offered = view.offered
    state.council_done = view.council_done
    state.curse = view.curse
    state.assign = view.assign
    state.drawn = view.drawn
    state.naming = view.naming

    # The Guardian cards: known parts of hands first, then another seat's offer, the hands, the deck.
    rest = Counter(belief.cards)
    specials = [card for card in (WAR, COUNCIL) if rest[card]]
    for card in specials:
        rest[card] -= 1
    known: list[Counter[Card]] = []
    for seat in range(view.players):
        part = Counter() if seat == viewer else belief.known_hands[seat] & rest
        rest -= part
        known.append(part)
    state.offer = None
    state.offer_cards = ()
    offer = view.offer
    if offer is not None:
        state.offer = PendingOffer(offer.offerer, offer.target, offer.count, offer.declared)
        if offer.offerer == viewer:
            state.offer_cards = tuple(Card(c) for c in offer.cards)
        else:
            hand_size = seats[offer.offerer].hand_size
            state.offer_cards = _offer_cards(known[offer.offerer], rest, offer.count, hand_size, rng)
    hands: list[list[Card]] = []
    for seat, shown in enumerate(seats):
        if shown.hand is not None:
            hands.append(list(shown.hand))
            continue
        hand = _elements(known[seat])
        hand += _draw(rest, shown.hand_size - len(hand), rng)
        rng.shuffle(hand)
        hands.append(hand)
    state.hands = hands
    bottom_first = _elements(rest)
    rng.shuffle(bottom_first)
    for card in specials:
        low, high = view.war_pile if card is WAR else view.council_pile
        high = min(high, len(bottom_first) + 1)
        low = min(low, high - 1)
        bottom_first.insert(rng.randrange(low, high), card)
    state.deck = bottom_first[::-1]

    # The Treasures: those the viewer put back stay where it knows them to be.
    unknown = belief.treasures - Counter(belief.treasure_places.values())
    values = sorted(unknown.elements())
    rng.shuffle(values)
    hidden_choice = sum(1 for v in view.treasure_choice if v == HIDDEN)
    if hidden_choice:
        state.treasure_choice = tuple(values[:hidden_choice])
        del values[:hidden_choice]
    else:
        state.treasure_choice = tuple(v for v in view.treasure_choice if isinstance(v, int))
    free = iter(values)
    state.treasure_deck = [
        belief.treasure_places[i] if i in belief.treasure_places else next(free)
        for i in range(view.treasure_deck_size)
    ]
    state._forget()
    return state


def _elements(cards: Counter[Card]) -> list[Card]:
    return sorted(cards.elements(), key=TYPE_ORDER.__getitem__)


def _draw(rest: Counter[Card], count: int, rng: random.Random) -> list[Card]:
    """``count`` cards drawn at random from ``rest``, which loses them."""
    pool = _elements(rest)
    drawn = rng.sample(pool, count)
    rest.subtract(drawn)
    return drawn


def _offer_cards(
    known: Counter[Card], rest: Counter[Card], count: int, hand_size: int, rng: random.Random
) -> tuple[Card, ...]:
    """Another seat's pending offer: ``count`` cards of one type its hand may have held.

    The cards it surely held are in the offer or still in its hand, so an
    offer of a type that would leave more of them than the hand holds is out.
    """
    held = known.total()
    weights = {
        t: known[t] + rest[t]
        for t in TYPES
        if known[t] + rest[t] >= count and held - min(known[t], count) <= hand_size
    }
    kinds = sorted(weights, key=TYPE_ORDER.__getitem__)
    card = rng.choices(kinds, weights=[weights[t] for t in kinds])[0]
    from_known = min(known[card], count)
    known[card] -= from_known
    rest[card] -= count - from_known
    return (card,) * count
