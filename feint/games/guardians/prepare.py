"""The ``prepare`` phase: what the seat whose turn it is may do before and as its offer, and why not.

Rules held here: drawing from the pool or the deck up to the hand limit of
six (rulebook, Drawing Cards; GC18, GC19), buying for 3 coins, never a Curse
(GC23), removing a Curse from the pool for 5 coins, the Artifact trade with
two Treasures left to draw (GC3, GC24), and the offer: one real type from the
hand, never declared a Curse, to a seat whose offer token is face up, all
tokens turned face up when none is, an empty hand drawing first (GC16, GC17).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from feint.engine.state import Seat
from feint.games.guardians import moves as mv
from feint.games.guardians.board import Board, face_up
from feint.games.guardians.cards import (
    ARTIFACT,
    ARTIFACTS_PER_TREASURE,
    BUY_COST,
    CLEANSE_COST,
    CURSE,
    DECLARABLE,
    HAND_LIMIT,
    TREASURES_DRAWN,
    TYPE_ORDER,
    Card,
)

EXPECTED = (
    "preparation: draw pool <type>, draw deck, buy <type>, cleanse, treasure, "
    "or offer <count> <type> to <seat> as <type>"
)


def legal(g: Board) -> tuple[mv.GuardiansMove, ...]:
    seat = g.current
    hand = g.hands[seat]
    coins = g.coins[seat]
    moves = _pool_moves(
        frozenset(g.pool),
        len(hand) < HAND_LIMIT,
        coins >= BUY_COST,
        coins >= CLEANSE_COST,
        len(g.tableaux[seat].artifact) >= ARTIFACTS_PER_TREASURE and len(g.treasure_deck) >= TREASURES_DRAWN,
    )
    if hand:
        # Any canonical order makes the key: the offers do not depend on the hand's order.
        moves += offer_moves(tuple(sorted(hand)), face_up(g.players, seat, g.used_tokens[seat]))
    return moves


@cache
def _pool_moves(
    pool: frozenset[Card], draw: bool, buy: bool, cleanse: bool, trade: bool
) -> tuple[mv.GuardiansMove, ...]:
    """The moves before an offer: the draws while the hand has room, buys, removing a Curse, the trade."""
    cards = distinct(pool)
    moves: tuple[mv.GuardiansMove, ...] = (*(mv.DRAW_POOL[c] for c in cards), mv.DRAW_DECK) if draw else ()
    if buy:
        moves += tuple(mv.BUY[c] for c in cards if c is not CURSE)
    if cleanse and CURSE in pool:
        moves += (mv.CLEANSE,)
    if trade:
        moves += (mv.TRADE,)
    return moves


def why_not(g: Board, move: Any) -> str:
    """Why ``move`` is not a legal preparation move now; empty if it is not one at all."""
    seat = g.current
    hand = g.hands[seat]
    coins = g.coins[seat]
    pool = " ".join(g.pool) or "nothing"
    if isinstance(move, mv.DrawPool | mv.DrawDeck) and len(hand) >= HAND_LIMIT:
        return f"your hand holds {HAND_LIMIT} cards already; make an offer"
    if isinstance(move, mv.DrawPool):
        return f"the pool has no {move.card}; the pool holds {pool}"
    if isinstance(move, mv.Buy):
        if move.card == CURSE:
            return "a Curse cannot be bought; cleanse removes one from the pool"
        if coins < BUY_COST:
            return f"buying costs {BUY_COST} coins and you have {coins}"
        return f"the pool has no {move.card}; the pool holds {pool}"
    if isinstance(move, mv.Cleanse):
        if coins < CLEANSE_COST:
            return f"removing a Curse costs {CLEANSE_COST} coins and you have {coins}"
        return f"the pool holds no Curse; it holds {pool}"
    if isinstance(move, mv.Trade):
        if len(g.treasure_deck) < TREASURES_DRAWN:
            return "fewer than two Treasures are left to draw"
        artifacts = g.tableaux[seat].size(ARTIFACT)
        return f"a Treasure takes {ARTIFACTS_PER_TREASURE} Artifacts and you have {artifacts}"
    if isinstance(move, mv.Offer):
        return _why_not_offer(g, move)
    return ""


def _why_not_offer(g: Board, move: mv.Offer) -> str:
    seat = g.current
    hand = g.hands[seat]
    targets = g.targets(seat)
    if move.declared == CURSE:
        return "you may never declare Curses: offer Curses as another type"
    if not hand:
        return "your hand is empty: draw at least one card before offering"
    if move.target == seat:
        return "you cannot make an offer to yourself"
    if move.target not in targets:
        if move.target >= g.players:
            return f"there is no seat {move.target}; seats are 0 to {g.players - 1}"
        return f"your offer token for seat {move.target} is face down; you may offer to {_seats(targets)}"
    held = hand.count(move.card)
    return f"you hold {held} {move.card} cards; your hand is {' '.join(hand)}"


@cache
def offer_moves(hand: tuple[Card, ...], targets: tuple[Seat, ...]) -> tuple[mv.GuardiansMove, ...]:
    """Every offer of a hand: each type held, in type order, each count up to all of them."""
    moves: list[mv.GuardiansMove] = []
    for card in distinct(hand):
        for n in range(1, hand.count(card) + 1):
            for target in targets:
                moves += _DECLARED[n, card, target]
    return tuple(moves)


_DECLARED = {
    (n, card, target): tuple(mv.OFFER[n, card, target, declared] for declared in DECLARABLE)
    for n, card, target, _ in mv.OFFER
}
"""The offers of ``n`` cards of a type to a seat, one per type declared."""


def distinct(cards: Any) -> list[Card]:
    return sorted(set(cards), key=TYPE_ORDER.__getitem__)


def _seats(seats: tuple[Seat, ...]) -> str:
    return " or ".join(f"seat {s}" for s in seats)
