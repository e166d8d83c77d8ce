"""Card counting and determinization: what a viewer's information leaves open, and worlds drawn from it.

Rules held here: KG25 (what is hidden from whom) read backwards, and KG2-KG3
(the path cards not dealt are in the box).

The viewer knows its own hand, the cards every hand is known to hold, the
face-up (and its own) covers, and the cards of the Discard Pile it saw go
there since the last reshuffle (all in its view). Every other weapon card is
*unseen*: one of the hidden cards of another hand, a face-down cover of
another seat, the Unknown Deck, or the part of the Discard Pile it did not
see. The path cards not flipped are drawn from their tier's deck less the
flipped ones; the rest of each tier deck is in the box. The heuristic bot
counts from :func:`weapon_pool`, the sampler deals the unseen cards at
random to the hidden places.

After a reshuffle, the cards the viewer saw go to the pile before it are in
the Unknown Deck or went to the seats dealt from it since
(:mod:`feint.games.knights.reshuffled`): a deal that puts them elsewhere is
dealt again. At the Exit and in final turns, while a seat other than the
viewer is covering, its hand must be able to cover its dice truly: the
sampler deals that hand again until it can. Not kept by the deal: after a
failure at the Exit the cards a seat kept could not have covered its dice,
and what earlier reshuffles said. The state's sampler then gives every other
seat of the world its own past (:mod:`feint.games.knights.pasts`), and draws
again a world none leads to.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass

from feint.engine.codec import copy_public
from feint.engine.events import log_of
from feint.engine.info import InfoState
from feint.engine.rng import Rng
from feint.engine.state import Seat, Viewer
from feint.engine.view import HIDDEN
from feint.games.knights.board import Board
from feint.games.knights.cards import (
    EXIT,
    INDEX,
    NONE,
    PATH_PLACES,
    TOKEN,
    WEAPONS,
    Counts,
    Kind,
    PathCard,
    add,
    cards_of,
    counts_of,
    deck_counts,
    minus,
    tier_deck,
    tier_of,
)
from feint.games.knights.cover import coverable
from feint.games.knights.model import COVER_PHASE, GLORY_PHASE, Attempt, Cover, Phase
from feint.games.knights.reshuffled import Reshuffled, reshuffled
from feint.games.knights.view import KnightsView

_TIERS = (1, 2, 3)
_DEALS = 200
"""Deals tried for a world the viewer's information allows; the last is kept whatever it is."""


def weapon_pool(view: KnightsView) -> Counts:
    """The weapon cards the viewer cannot place, as counts."""
    seen = counts_of(view.hand or ())
    for seat in view.seats:
        if seat.seat != view.viewer:
            seen = add(seen, counts_of(seat.known))
    seen = add(seen, counts_of(view.discard_known))
    seen = add(seen, counts_of(c.card for c in view.covers if c.card is not HIDDEN and c.card is not TOKEN))
    return minus(deck_counts(view.players), seen)


def path_pool(view: KnightsView, tier: int) -> Counter[PathCard]:
    """The cards of a tier deck that may lie face-down on its places or in the box."""
    pool = Counter(tier_deck(tier))
    for place in PATH_PLACES:
        kind = view.path[place - 1]
        if tier_of(place) == tier and kind is not HIDDEN:
            pool[PathCard(tier, Kind(kind))] -= 1
    return +pool


@dataclass(frozen=True, slots=True)
class KnightsBelief:
    """The unseen cards of one viewer's information: weapon cards and path cards together."""

    weapons: Counts
    paths: tuple[Counter[PathCard], ...]
    """Per tier 1-3, its cards not flipped."""
    reshuffled: Reshuffled | None = None
    """What the viewer knows of the last reshuffle's cards."""
    covering: Seat | None = None
    """The seat whose face-down covers are on the table."""

    def unseen(self) -> Counter[Hashable]:
        total: Counter[Hashable] = Counter(cards_of(self.weapons))
        for pool in self.paths:
            total.update(pool)
        return total

    def allows(self, location: str, card: Hashable) -> bool:
        where = location.split()
        if where[0] in ("hand", "unknown", "discard", "cover"):
            if not (isinstance(card, Kind) and card in INDEX and self.weapons[INDEX[card]] > 0):
                return False
            holder = int(where[1]) if where[0] == "hand" else self.covering if where[0] == "cover" else None
            return holder is None or self._beside_reshuffled(holder, card)
        if not isinstance(card, PathCard) or self.paths[card.tier - 1][card] <= 0:
            return False
        if where[0] == "path":
            return tier_of(int(where[1])) == card.tier
        return where[0] == "box"

    def _beside_reshuffled(self, seat: Seat, card: Kind) -> bool:
        """A seat dealt nothing from the reshuffled deck holds none of its cards: ``card`` may be there
        only if some card of its kind is not one of them."""
        known = self.reshuffled
        if known is None or known.dealt.get(seat):
            return True
        return self.weapons[INDEX[card]] > known.cards[card]


def belief_of(info: InfoState[KnightsView]) -> KnightsBelief:
    view = info.view
    return KnightsBelief(
        weapon_pool(view),
        tuple(path_pool(view, tier) for tier in _TIERS),
        reshuffled(info.events, view.viewer),
        view.active,
    )


def _arranged(s: Board, counts: Counts, salt: int) -> list[Kind]:
    """The cards of a multiset (a hand, the pile) in an order of their own: a hand has no order,
    so its places are numbered in one drawn from the state's generator, not by kind."""
    cards = list(cards_of(counts))
    random.Random(s.rng.state * 8 + salt).shuffle(cards)
    return cards


def placement(s: Board, viewer: Viewer) -> dict[str, Hashable]:
    """Every location ``viewer`` cannot see, with the card there."""
    found: dict[str, Hashable] = {}
    for seat in range(s.players):
        if seat != viewer:
            for i, card in enumerate(_arranged(s, minus(s.hands[seat], s.known[seat]), seat)):
                found[f"hand {seat} #{i}"] = card
    attempt = s.attempt
    if attempt is not None and attempt.covers and s.active != viewer:
        for i, c in enumerate(attempt.covers):
            if not c.public and c.card is not TOKEN:
                found[f"cover #{i}"] = c.card
    for i, card in enumerate(s.unknown):
        found[f"unknown #{i}"] = card
    seen = s.pile_public if viewer is None else add(s.pile_public, s.pile_own[viewer])
    for i, card in enumerate(_arranged(s, minus(counts_of(s.discard), seen), 7)):
        found[f"discard #{i}"] = card
    for place in PATH_PLACES:
        if not s.revealed[place]:
            found[f"path {place}"] = s.path[place - 1]
    for i, box_card in enumerate(s.box):
        found[f"box #{i}"] = box_card
    return found


def sample_state(s: Board, info: InfoState[KnightsView], rng: random.Random) -> None:
    """Fill the bare state ``s`` with a world drawn at random among those consistent with ``info``."""
    view = info.view
    header = view.header
    viewer = header.viewer
    players = view.players
    copy_public(s, view)  # players, max_rounds, round, exits, queue, ...: as the view holds them
    s.log = log_of(info.events)
    s.variants = frozenset(view.variants)
    s.rng = Rng(state=rng.getrandbits(64))
    s.dice_queue = []
    _deal_paths(s, view, rng)
    seats = view.seats
    s.status = [seat.status for seat in seats]
    s.place = [seat.place for seat in seats]
    s.tokens = [seat.tokens for seat in seats]
    s.known = [counts_of(seat.known) for seat in seats]
    s.retreated = [seat.retreated for seat in seats]
    s.phase = Phase(header.phase)
    s.active = view.first if view.active is None else view.active
    s.votes = [None] * players
    for voter in view.voted:
        s.votes[voter] = view.my_vote if voter == viewer else rng.random() < 0.5
    known_pile = counts_of(view.discard_known)
    s.pile_public = known_pile if viewer is None else NONE
    s.pile_own = [known_pile if seat == viewer else NONE for seat in range(players)]
    _deal_weapons(s, info, rng)


def _deal_paths(s: Board, view: KnightsView, rng: random.Random) -> None:
    path: list[PathCard | None] = [None] * len(PATH_PLACES)
    box: list[PathCard] = []
    for tier in _TIERS:
        pool = list(path_pool(view, tier).elements())
        rng.shuffle(pool)
        for place in PATH_PLACES:
            if tier_of(place) != tier:
                continue
            kind = view.path[place - 1]
            path[place - 1] = pool.pop() if kind is HIDDEN else PathCard(tier, Kind(kind))
        box += pool
    s.path = tuple(card for card in path if card is not None)
    s.box = tuple(box)
    s.revealed = [True, *(kind is not HIDDEN for kind in view.path), True]


def _deal_weapons(s: Board, info: InfoState[KnightsView], rng: random.Random) -> None:
    view = info.view
    viewer = view.viewer
    pool = list(cards_of(weapon_pool(view)))
    others = [seat for seat in view.seats if seat.seat != viewer]
    hidden_covers = [i for i, c in enumerate(view.covers) if c.card is HIDDEN]
    pile_hidden = view.discard - len(view.discard_known)
    active = view.active
    constrained = (
        active is not None
        and active != viewer
        and view.header.phase is COVER_PHASE
        and (view.final_turns is not None or view.target == EXIT)
    )
    known = reshuffled(info.events, viewer)
    owners = [
        *(seat.seat for seat in others for _ in range(seat.hand_size - len(seat.known))),
        *(active for _ in hidden_covers),
        *(None for _ in range(view.unknown + pile_hidden)),
    ]
    for attempt in range(_DEALS):
        rng.shuffle(pool)
        placed = pool if attempt == 0 or known is None else known.placed(pool, owners, rng) or pool
        cards = iter(placed)
        hands: list[Counts] = [NONE] * view.players
        if viewer is not None:
            hands[viewer] = counts_of(view.hand or ())
        for seat in others:
            drawn = [next(cards) for _ in range(seat.hand_size - len(seat.known))]
            hands[seat.seat] = add(counts_of(seat.known), counts_of(drawn))
        covers = [next(cards) for _ in hidden_covers]
        unknown = [next(cards) for _ in range(view.unknown)]
        hidden_pile = [next(cards) for _ in range(pile_hidden)]
        if attempt == _DEALS - 1:
            break
        if constrained and not _can_cover(view, hands):
            continue
        if known is None or known.allows(
            hidden_hands(view, hands, covers), Counter(unknown), Counter(hidden_pile)
        ):
            break
    s.hands = hands
    s.unknown = unknown
    pile = [*view.discard_known, *hidden_pile]
    rng.shuffle(pile)
    s.discard = list(pile)
    if view.target is None:
        s.attempt = None
        return
    dealt = iter(covers)
    made = tuple(
        Cover(
            c.face,
            next(dealt) if c.card is HIDDEN else Kind(c.card),
            c.face_down,
            c.substitution,
            c.claim,
            public=not c.face_down,
        )
        for c in view.covers
    )
    rolled = view.header.phase is not GLORY_PHASE
    s.attempt = Attempt(
        view.target,
        view.path_of_glory,
        view.glory,
        view.dice,
        view.open if rolled else None,
        made if rolled else None,
    )


def hidden_hands(view: KnightsView, hands: list[Counts], covers: list[Kind]) -> list[Counter[Kind]]:
    """Each seat's cards the viewer cannot place: its hand but the cards all know, and the active seat's
    hidden covers. (A card known since the reshuffle was shown, and is not counted among its cards.)"""
    held = [
        Counter(cards_of(minus(hand, counts_of(seat.known))))
        for hand, seat in zip(hands, view.seats, strict=True)
    ]
    if view.active is not None:
        held[view.active].update(covers)
    return held


def _can_cover(view: KnightsView, hands: list[Counts]) -> bool:
    assert view.active is not None and view.target is not None
    weapon: Kind | None = None
    if view.target != EXIT and not any(c.substitution for c in view.covers):
        kind = view.path[view.target - 1]
        weapon = Kind(kind) if kind in WEAPONS else None
    return coverable(counts_of(view.open), hands[view.active], view.seats[view.active].tokens, weapon)
