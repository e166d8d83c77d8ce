"""Determinization: the dice a viewer cannot see, and worlds drawn consistent with what it knows.

Dice are not cards. A deck's hidden cards are a fixed multiset that the
information narrows down; a die's face is rolled afresh, independent of
every other, and nothing a seat sees tells it anything of another seat's
faces (a bid is a claim, not information the rules vouch for). So what a
viewer cannot see is, for each other seat, how many dice it hides: the
belief's "cards" are those dice, each named by its owner, and a sampled
world rolls their faces uniformly. A search that wants worlds in which
bidders hold what they bid passes a ``trust``: each bidder's dice are then
drawn weighed by its bids (:mod:`~feint.games.liars_dice.inference`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeVar

from feint.engine.events import Event, Secret
from feint.engine.history import Rebuild, rebuilt_log
from feint.engine.info import InfoState
from feint.engine.rng import Rng
from feint.engine.state import Seat, Trust, Viewer, secret
from feint.engine.view import Hidden
from feint.games.liars_dice.board import Board, Phase
from feint.games.liars_dice.inference import read_roll
from feint.games.liars_dice.kinds import Kind
from feint.games.liars_dice.rules import FACES, OPENSPIEL
from feint.games.liars_dice.view import LiarsView

B = TypeVar("B", bound=Board)


def location(seat: Seat, slot: int) -> str:
    return f"seat {seat} die {slot}"


@dataclass(frozen=True, slots=True)
class LiarsBelief:
    hidden: tuple[int, ...]
    """Per seat, how many of its dice the viewer cannot see."""

    def unseen(self) -> Counter[Hashable]:
        return Counter({seat: n for seat, n in enumerate(self.hidden) if n})

    def allows(self, where: str, card: Hashable) -> bool:
        if not isinstance(card, int) or not 0 <= card < len(self.hidden):
            return False
        return any(where == location(card, slot) for slot in range(self.hidden[card]))


def belief_of(info: InfoState[LiarsView]) -> LiarsBelief:
    view = info.view
    return LiarsBelief(tuple(sum(isinstance(d, Hidden) for d in s.dice) for s in view.seats))


def placement(board: Board, viewer: Viewer) -> dict[str, Hashable]:
    return {
        location(seat, slot): seat
        for seat in range(board.players)
        if seat != viewer
        for slot in range(len(board.dice[seat]))
    }


def sample_world(
    cls: type[B], info: InfoState[LiarsView], rng: random.Random, trust: Trust | None = None
) -> B:
    """A world that gives ``info.viewer`` exactly ``info``: the dice it cannot see rolled afresh.

    With ``trust``, each other seat that bid this round has its dice drawn
    weighed by those bids, as far as ``trust`` gives that seat
    (:func:`~feint.games.liars_dice.inference.read_roll`): the world of an
    opponent model in which bidders bid what their dice make likely.
    """
    view = info.view
    state = cls.__new__(cls)
    state.players = len(view.seats)
    state.variants = frozenset(view.variants)
    state.dice_per_seat = view.dice_per_seat
    state.rng = Rng(rng.getrandbits(63))
    state.rolls = []
    state.explicit_chance = view.explicit_chance
    state.pending = []
    state.phase = Phase(view.phase)
    state.round = view.round
    state.starter = view.starter
    state.turn = view.to_move[0] if view.to_move else view.starter
    state.counts = [s.count for s in view.seats]
    state.bids = list(view.bids)
    state.last = view.last
    state.winner = view.winners[0] if view.winners else None
    state.loser = view.last.loser if view.over and view.last and OPENSPIEL in view.variants else None
    state.dice = [
        tuple(sorted(d if not isinstance(d, Hidden) else rng.randrange(FACES) + 1 for d in s.dice))
        for s in view.seats
    ]
    if trust is not None:
        _read_bids(state, view, trust, rng)
    state.log = rebuilt_log(info.events, info.viewer, _rolls(state, info.events))
    return state


def _rolls(world: Board, events: list[Event]) -> Rebuild:
    """Every seat's dice in each roll of ``world``: a past round's as its call showed them to all, the
    round under way's as the world drew them."""
    shown = [event.data["dice"] for event in events if event.kind == _REVEAL]
    rolled = iter([*shown, tuple(world.dice)])

    def rebuild(event: Event) -> tuple[Secret, ...] | None:
        if event.kind != _ROLL:
            return None
        dice = next(rolled)
        counts = event.data["counts"]
        return tuple(secret(seat, dice=dice[seat]) for seat in range(len(counts)) if counts[seat])

    return rebuild


_ROLL, _REVEAL = Kind.ROLL, Kind.REVEAL


def _read_bids(world: Board, view: LiarsView, trust: Trust, rng: random.Random) -> None:
    """Redraw the dice hidden from the viewer of each seat that bid this round, weighed by its bids and
    the ``trust`` in it (:mod:`~feint.games.liars_dice.inference`): the world stays consistent with the
    viewer's information, and the viewer's own dice, which it sees, are never drawn."""
    total = sum(world.counts)
    wild = world.rules.wild
    for seat, shown in enumerate(view.seats):
        hidden = sum(isinstance(d, Hidden) for d in shown.dice)
        bids = tuple((b.quantity, b.face) for b in world.bids if b.seat == seat)
        chance = trust(seat) if hidden and bids else 0.0
        if not chance:
            continue
        known = tuple(d for d in shown.dice if not isinstance(d, Hidden))
        roll = read_roll(known, hidden, bids, total, wild, chance, rng)
        world.dice[seat] = tuple(sorted(known + roll))
