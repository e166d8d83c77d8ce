"""A heuristic Guardian's Call bot: it counts the cards it has seen, bluffs and doubts.

It reasons only from its information: its view, its events and the card
counting of :class:`~feint.games.guardians.belief.GuardiansBelief` built
from them. The events tell it which cards each seat took from the pool and
which cards each offer revealed, so it knows part of every other hand; the
pool, the tableaux, the discard pile and its own hand tell it which cards
are not in the deck. Every card it has not seen is drawn from the rest,
type by type.

- Answering an offer, it estimates the chance the offer is true: the
  offerer's known cards of the declared type, plus the chance its unknown
  cards make up the count, weighed by the offerer's record of true offers
  (read as the game's claims, :data:`~feint.games.guardians.claims.CLAIMS`).
  It believes when that beats the chance of a bluff, and doubts more readily
  when the offerer is known to hold Curses.
- Offering, it passes on its Curses as whatever the target would want, and
  otherwise offers its most plentiful type, bluffing about it at a steady rate
  so that its offers cannot simply be believed or doubted.
- In preparation it removes Curses from the pool, trades Artifacts, buys
  Weapons and Shields, and draws a few cards, preferring the pool's Curses
  (to offer) and its best cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from math import comb, prod
from typing import cast

from feint.engine.claims import bluffs
from feint.engine.info import InfoState
from feint.engine.state import Move
from feint.games.guardians.belief import GuardiansBelief
from feint.games.guardians.cards import (
    ARTIFACT,
    CURSE,
    DECLARABLE,
    SHIELD,
    SPELL,
    VILLAGER,
    WEAPON,
    Card,
    shield_points,
)
from feint.games.guardians.claims import CLAIMS
from feint.games.guardians.moves import (
    Add,
    Assign,
    Buy,
    Cleanse,
    Discard,
    DrawDeck,
    DrawPool,
    GuardiansMove,
    KeepTreasure,
    LeaveSpells,
    Name,
    Offer,
    Steal,
    Trade,
)
from feint.games.guardians.view import GuardiansView, SeatView

BLUFF_RATE = 0.35
"""How often an offer of real cards declares another type."""
HONESTY_PRIOR = 0.5
"""The prior that an offer is true, before the seat's past offers and the counting."""
PRIOR_WEIGHT = 2.0
"""The prior counts as this many offers already seen: a seat's own record soon outweighs it."""
HAND_TARGET = 4
"""The bot draws until its hand holds this many cards."""
CURSE_VALUE = -3.0
BASE_WORTH = {WEAPON: 3.0, ARTIFACT: 2.0, SHIELD: 3.0, VILLAGER: 2.5, SPELL: 2.5, CURSE: CURSE_VALUE}
"""Rough VP a card of each type brings its owner, before the tableau is looked at."""
_JITTER = 1e-6


def worth(card: Card, seat: SeatView) -> float:
    """What one more card of ``card`` is worth to ``seat``: Shields by the table, the rest by type."""
    if card == SHIELD:
        held = len(seat.tableau.stack(SHIELD))
        return float(shield_points(held + 1) - shield_points(held))
    if card == SPELL and any(seat.tableau.stack(t) for t in (WEAPON, SHIELD)):
        return 3.0
    return BASE_WORTH[card]


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, info: InfoState, legal: Sequence[Move]) -> GuardiansMove:
        view = info.view
        assert isinstance(view, GuardiansView), "the Guardian's Call heuristic reads Guardian's Call views"
        moves = cast(Sequence[GuardiansMove], legal)
        own = cast(InfoState[GuardiansView], info)
        phase = view.phase
        if phase == "respond":
            return self._respond(view, GuardiansBelief(own), honesty(info), moves)
        if phase == "prepare":
            return self._prepare(view, moves)
        if phase == "curse":
            return self._curse(view, moves)
        if phase == "assign":
            return self._assign(view, moves)
        if phase == "keep":
            return self._best(moves, lambda m: m.value if isinstance(m, KeepTreasure) else 0.0)
        if phase == "name":
            return self._name(view, GuardiansBelief(own), moves)
        me = _me(view)
        return self._best(moves, lambda m: worth(m.card, me) if isinstance(m, Add) else 0.0)

    def _best(self, moves: Sequence[GuardiansMove], value: Callable[[GuardiansMove], float]) -> GuardiansMove:
        """The move worth most by ``value``; equal ones are told apart at random."""
        return max(moves, key=lambda m: value(m) + self._rng.random() * _JITTER)

    # --- answering ------------------------------------------------------------

    def _respond(
        self,
        view: GuardiansView,
        counter: GuardiansBelief,
        record: Sequence[tuple[int, int]],
        moves: Sequence[GuardiansMove],
    ) -> GuardiansMove:
        offer = view.offer
        assert offer is not None
        truths, offers = record[offer.offerer]
        honest = (truths + HONESTY_PRIOR * PRIOR_WEIGHT) / (offers + PRIOR_WEIGHT)
        known = counter.known_hands[offer.offerer]
        # The offerer's hand before the offer: its cards now plus those offered.
        hand = view.seats[offer.offerer].hand_size + offer.count
        unknown = hand - min(known.total(), hand)

        def could_hold(card: Card) -> float:
            return _at_least(unknown, counter.chance(card), offer.count - known[card])

        # Bayes: the offerer held ``count`` cards of some type; how likely that the declared one?
        declared = could_hold(offer.declared)
        other = 1.0 - prod(1.0 - could_hold(card) for card in (*DECLARABLE, CURSE) if card != offer.declared)
        truth = honest * declared
        bluff = (1 - honest) * other
        p_true = truth / (truth + bluff) if truth + bluff else 0.5
        curse_risk = 1.0 if known[CURSE] >= offer.count else counter.chance(CURSE)
        me = _me(view)
        gain_if_true = offer.count * worth(offer.declared, me)
        # Doubting a bluff wins its cards, or turns its Curses back on the offerer.
        gain_if_bluff = offer.count * (2.0 * (1 - curse_risk) + 3.0 * curse_risk)
        believe = p_true * gain_if_true - (1 - p_true) * (1 + 3.0 * curse_risk)
        doubt = (1 - p_true) * gain_if_bluff - p_true * offer.count * 1.5
        noise = self._rng.gauss(0, 0.5)
        believed = believe + noise > doubt
        return next(m for m in moves if CLAIMS.answer(m) is believed)

    # --- preparing and offering -----------------------------------------------

    def _prepare(self, view: GuardiansView, moves: Sequence[GuardiansMove]) -> GuardiansMove:
        me = _me(view)
        hand = me.hand or ()
        for move in moves:
            if isinstance(move, Cleanse | Trade):
                return move
        buys = [m for m in moves if isinstance(m, Buy) and worth(m.card, me) >= 3.0]
        if buys:
            return self._best(buys, lambda m: worth(m.card, me) if isinstance(m, Buy) else 0.0)
        draws = [m for m in moves if isinstance(m, DrawPool | DrawDeck)]
        if draws and (len(hand) < HAND_TARGET or not any(isinstance(m, Offer) for m in moves)):
            return self._best(draws, lambda m: _draw_worth(m, me))
        return self._offer(view, [m for m in moves if isinstance(m, Offer)])

    def _offer(self, view: GuardiansView, offers: Sequence[GuardiansMove]) -> GuardiansMove:
        me = _me(view)
        hand = Counter(me.hand or ())
        targets = sorted({m.target for m in offers if isinstance(m, Offer)})
        leader = max(targets, key=lambda s: view.seats[s].score + self._rng.random())
        if hand[CURSE]:
            target = leader
            declared = max(DECLARABLE, key=lambda t: worth(t, view.seats[target]) + self._rng.random())
            return _offer_move(offers, hand[CURSE], CURSE, target, declared)
        card = min(hand, key=lambda t: (worth(t, me) - hand[t], self._rng.random()))
        target = min(targets, key=lambda s: view.seats[s].score + self._rng.random())
        declared = card
        if self._rng.random() < BLUFF_RATE:
            others = [t for t in DECLARABLE if t != card]
            declared = max(others, key=lambda t: worth(t, view.seats[target]) + self._rng.random())
        return _offer_move(offers, hand[card], card, target, declared)

    # --- the other decisions ------------------------------------------------------

    def _curse(self, view: GuardiansView, moves: Sequence[GuardiansMove]) -> GuardiansMove:
        curse = view.curse
        assert curse is not None
        victim = view.seats[curse.victim]
        own = curse.victim == view.viewer

        def value(move: GuardiansMove) -> float:
            if not isinstance(move, Discard | Steal):
                return 0.0
            # The top card counts as its stack's type for the victim; a stolen Spell comes unassigned.
            loss = worth(move.stack, victim)
            if isinstance(move, Steal):
                return loss + worth(victim.tableau.stack(move.stack)[-1], _me(view))
            return -loss if own else loss

        return self._best(moves, value)

    def _assign(self, view: GuardiansView, moves: Sequence[GuardiansMove]) -> GuardiansMove:
        me = _me(view)

        def value(move: GuardiansMove) -> float:
            if isinstance(move, LeaveSpells):
                return 0.5
            if isinstance(move, Assign) and not move.first:
                return move.count * worth(move.card, me) / 2.0 + move.count * 0.01
            return 0.0

        return self._best(moves, value)

    def _name(
        self, view: GuardiansView, counter: GuardiansBelief, moves: Sequence[GuardiansMove]
    ) -> GuardiansMove:
        me = _me(view)
        return self._best(
            moves, lambda m: counter.chance(m.card) * worth(m.card, me) if isinstance(m, Name) else 0.0
        )


def honesty(info: InfoState) -> list[tuple[int, int]]:
    """Each seat's true offers and offers, read from the answers, which reveal the cards (its claims)."""
    view = info.view
    assert isinstance(view, GuardiansView), "the Guardian's Call heuristic reads Guardian's Call views"
    record = bluffs(CLAIMS, info.events)
    return [(made - bluffed, made) for bluffed, made in (record.get(s, (0, 0)) for s in range(view.players))]


def _me(view: GuardiansView) -> SeatView:
    me = view.me()
    assert me is not None, "a bot plays a seat"
    return me


def _draw_worth(move: GuardiansMove, me: SeatView) -> float:
    if isinstance(move, DrawPool):
        # A Curse in hand is a weapon to offer; a good card is a good card.
        return 3.5 if move.card == CURSE else worth(move.card, me)
    return 2.0


def _at_least(draws: int, chance: float, needed: int) -> float:
    """The chance that at least ``needed`` of ``draws`` cards are of a type drawn with ``chance``."""
    if needed <= 0:
        return 1.0
    return sum(comb(draws, k) * chance**k * (1 - chance) ** (draws - k) for k in range(needed, draws + 1))


def _offer_move(
    offers: Sequence[GuardiansMove], count: int, card: Card, target: int, declared: Card
) -> GuardiansMove:
    for move in offers:
        if isinstance(move, Offer) and (move.count, move.card, move.target, move.declared) == (
            count,
            card,
            target,
            declared,
        ):
            return move
    return offers[0]
