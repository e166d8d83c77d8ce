"""The search's opponent model in a drawn Knights world: the claimant's face-down covers made true.

A world drawn from a viewer's information holds a face-down cover true about
one time in six, and the search would disagree with nearly every advance.
So the world is told to believe the claimant (its ``trust``): each false
face-down cover of the advance under way is made true with that chance, by
exchanging its card for one of the claimed kind from a place the viewer
cannot see. The places are tried nearest first:

1. the claimant's own hidden cards: its hand (less the cards all know it
   holds) and its other false face-down covers;
2. the Unknown Deck, which nobody has seen;
3. any other hidden place: the hand of another seat but the viewer (less
   the cards all know it holds) and the part of the Discard Pile the viewer
   did not see go there, a card among them at random.

The third matters where the claimed kind is scarce (three of each weapon at
five seats): a truthful claimant's card, its worlds' cover drawn false,
was often nowhere in the first two, and even a claimant believed fully was
believed in barely half the worlds.

Every exchange keeps the viewer's view of the world. It must keep what the
viewer knows of the last reshuffle too (:mod:`feint.games.knights.reshuffled`),
so an exchange beyond the claimant's own cards that breaks it is undone and
another place tried. What the other seats saw is not kept here: the state's
sampler rebuilds every other seat's past from the world's hands after this
(:mod:`feint.games.knights.pasts`), and draws again a world none leads to.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cached_property
from typing import Literal

from feint.engine.info import InfoState
from feint.engine.state import Trust
from feint.games.knights.belief import hidden_hands
from feint.games.knights.board import Board
from feint.games.knights.cards import INDEX, TOKEN, Kind, cards_of, counts_of, plus
from feint.games.knights.claims import covers_truly
from feint.games.knights.model import Cover
from feint.games.knights.reshuffled import Reshuffled, reshuffled
from feint.games.knights.view import KnightsView

Place = tuple[Literal["hand", "cover", "unknown", "pile"], int]
"""A hidden place of the world: a seat's hand, a cover of the advance (by index), the Unknown Deck, or the
part of the Discard Pile the viewer did not see (the number is 0 for the last two)."""
_UNKNOWN: Place = ("unknown", 0)
_PILE: Place = ("pile", 0)


def believe_covers(world: Board, info: InfoState[KnightsView], trust: Trust, rng: random.Random) -> None:
    """Make each false face-down cover of the advance under way in ``world``, drawn from ``info``, true with
    the claimant's ``trust``, where some place hidden from the viewer holds a card of its claim."""
    attempt = world.attempt
    if attempt is None or not attempt.covers or world.active == info.viewer:
        return
    chance = trust(world.active)
    if not chance:
        return
    hidden = _Hidden(world, info, list(attempt.covers))
    for i, cover in enumerate(hidden.covers):
        if _false(cover) and rng.random() < chance:
            hidden.believe(i, rng)
    world.attempt = attempt._replace(covers=tuple(hidden.covers))


def _false(cover: Cover) -> bool:
    """Whether a cover is a face-down bluff nobody has seen."""
    return cover.face_down and not cover.public and not covers_truly(cover.card, cover.claim)


class _Hidden:
    """The places of ``world`` hidden from the viewer, and the exchanges between them."""

    def __init__(self, world: Board, info: InfoState[KnightsView], covers: list[Cover]) -> None:
        self.world = world
        self.info = info
        self.covers = covers
        self.seen_pile = counts_of(info.view.discard_known)
        """The cards of the Discard Pile the viewer saw go there since the last reshuffle."""

    @cached_property
    def known(self) -> Reshuffled | None:
        """What the viewer knows of the last reshuffle, read when an exchange first needs it."""
        return reshuffled(self.info.events, self.info.viewer)

    def believe(self, i: int, rng: random.Random) -> None:
        """Exchange cover ``i``'s card for one of its claim from the nearest hidden place that has one and
        keeps the viewer's information, if any does."""
        claimant, viewer = self.world.active, self.info.viewer
        own: list[Place] = [
            ("hand", claimant),
            *(("cover", j) for j, c in enumerate(self.covers) if j != i and _false(c)),
        ]
        others: list[Place] = [
            *(("hand", seat) for seat in range(self.world.players) if seat not in (viewer, claimant)),
            _PILE,
        ]
        for tier, checked in ((own, False), ([_UNKNOWN], True), (others, True)):
            if self._exchange(i, tier, checked, rng):
                return

    def _exchange(self, i: int, places: list[Place], checked: bool, rng: random.Random) -> bool:
        """Exchange with a card of the claim drawn at random among ``places``, one whose exchange breaks
        what the viewer knows of the last reshuffle given up (``checked``: it may)."""
        cover = self.covers[i]
        held = {place: n for place in places if (n := self.count(place, cover.claim)) > 0}
        while held:
            place = rng.choices(list(held), list(held.values()))[0]
            self.move(place, cover.claim, cover.card)
            self.covers[i] = cover._replace(card=cover.claim)
            if not checked or self.keeps_reshuffle():
                return True
            self.move(place, cover.card, cover.claim)
            self.covers[i] = cover
            del held[place]
        return False

    def count(self, place: Place, kind: Kind) -> int:
        """The cards of ``kind`` at ``place`` the viewer cannot see."""
        where, n = place
        world = self.world
        if where == "hand":
            return world.hands[n][INDEX[kind]] - world.known[n][INDEX[kind]]
        if where == "cover":
            return int(self.covers[n].card == kind)
        if where == "unknown":
            return world.unknown.count(kind)
        return world.discard.count(kind) - self.seen_pile[INDEX[kind]]

    def move(self, place: Place, out: Kind, into: Kind) -> None:
        """``place`` gives a card ``out`` and takes a card ``into`` instead."""
        where, n = place
        world = self.world
        if where == "hand":
            world.hands[n] = plus(plus(world.hands[n], out, -1), into)
        elif where == "cover":
            self.covers[n] = self.covers[n]._replace(card=into)
        else:
            cards = world.unknown if where == "unknown" else world.discard
            cards[cards.index(out)] = into

    def keeps_reshuffle(self) -> bool:
        """Whether the world's hidden cards still fit what the viewer knows of the last reshuffle."""
        known = self.known
        if known is None:
            return True
        world = self.world
        covers = [c.card for c in self.covers if not c.public and c.card is not TOKEN]
        pile = Counter(world.discard) - Counter(cards_of(self.seen_pile))
        return known.allows(hidden_hands(self.info.view, world.hands, covers), Counter(world.unknown), pile)
