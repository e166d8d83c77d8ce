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
from feint.engine.words import N_, Listing, Phrase
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

EXPECTED = N_(
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
    pool = Listing(g.pool, " ")
    if isinstance(move, mv.DrawPool | mv.DrawDeck) and len(hand) >= HAND_LIMIT:
        return Phrase("your hand holds {most} cards already; make an offer", most=HAND_LIMIT)
    if isinstance(move, mv.DrawPool):
        return Phrase("the pool has no {card}; the pool holds {pool}", card=Phrase(move.card), pool=pool)
    if isinstance(move, mv.Buy):
        if move.card == CURSE:
            return Phrase("a Curse cannot be bought; cleanse removes one from the pool")
        if coins < BUY_COST:
            return Phrase("buying costs {cost} coins and you have {coins}", cost=BUY_COST, coins=coins)
        return Phrase("the pool has no {card}; the pool holds {pool}", card=Phrase(move.card), pool=pool)
    if isinstance(move, mv.Cleanse):
        if coins < CLEANSE_COST:
            return Phrase(
                "removing a Curse costs {cost} coins and you have {coins}", cost=CLEANSE_COST, coins=coins
            )
        return Phrase("the pool holds no Curse; it holds {pool}", pool=pool)
    if isinstance(move, mv.Trade):
        if len(g.treasure_deck) < TREASURES_DRAWN:
            return Phrase("fewer than two Treasures are left to draw")
        artifacts = g.tableaux[seat].size(ARTIFACT)
        return Phrase(
            "a Treasure takes {cost} Artifacts and you have {artifacts}",
            cost=ARTIFACTS_PER_TREASURE,
            artifacts=artifacts,
        )
    if isinstance(move, mv.Offer):
        return _why_not_offer(g, move)
    return ""


def _why_not_offer(g: Board, move: mv.Offer) -> str:
    seat = g.current
    hand = g.hands[seat]
    targets = g.targets(seat)
    if move.declared == CURSE:
        return Phrase("you may never declare Curses: offer Curses as another type")
    if not hand:
        return Phrase("your hand is empty: draw at least one card before offering")
    if move.target == seat:
        return Phrase("you cannot make an offer to yourself")
    if move.target not in targets:
        if move.target >= g.players:
            return Phrase(
                "there is no seat {target}; seats are 0 to {last}", target=move.target, last=g.players - 1
            )
        return Phrase(
            "your offer token for seat {target} is face down; you may offer to {targets}",
            target=move.target,
            targets=Listing([Phrase("seat {seat}", seat=target) for target in targets], "or"),
        )
    held = hand.count(move.card)
    return Phrase(
        "you hold {held} {card} cards; your hand is {hand}",
        held=held,
        card=Phrase(move.card),
        hand=Listing(hand, " "),
    )


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
