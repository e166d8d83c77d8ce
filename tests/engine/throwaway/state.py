from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Self

from feint.engine.events import EMPTY_LOG
from feint.engine.history import rebuilt_log
from feint.engine.info import Information, InfoState
from feint.engine.moves import MoveBase, MoveTable
from feint.engine.options import read_variants
from feint.engine.rng import Rng
from feint.engine.state import GameState, Result, Seat, Trust, Viewer, secret
from feint.engine.view import HIDDEN, Header, Hidden, View, extended

from .kinds import Kind

CARDS = (1, 2, 3, 4)


class Phase(StrEnum):
    CLAIM = "claim"
    ANSWER = "answer"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Claim(MoveBase):
    value: int

    def __str__(self) -> str:
        return f"claim {self.value}"


@dataclass(frozen=True, slots=True)
class Answer(MoveBase):
    believe: bool

    def __str__(self) -> str:
        return "believe" if self.believe else "call"


MOVES = MoveTable(
    "claim", [*(Claim(v) for v in CARDS), Answer(True), Answer(False)], "claim N | believe | call"
)


@dataclass(frozen=True, slots=True)
class ClaimView(View):
    card: int | Hidden
    other: int | Hidden
    claimed: int | None


@dataclass(frozen=True, slots=True)
class RevealedView(ClaimView):
    cards: tuple[int, ...]


class ClaimState(GameState):
    NAME: ClassVar[str] = "claim"
    TITLE: ClassVar[str] = "Claim"
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 2
    VARIANTS: ClassVar[tuple[str, ...]] = ()
    TERMINATIONS: ClassVar[tuple[str, ...]] = ("called", "believed")
    MOVES: ClassVar[MoveTable[Any]] = MOVES
    SAMPLES_HISTORIES: ClassVar[bool] = True
    INFORMATION: ClassVar[Mapping[str, Information]] = {
        "cards": Information.PRIVATE,
        "rng": Information.NOBODY,
        "phase": Information.PUBLIC,
        "claimed": Information.PUBLIC,
        "called": Information.PUBLIC,
    }

    cards: list[int]
    rng: Rng
    claimed: int | None
    called: bool | None

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        read_variants(options, cls.VARIANTS)
        state = cls.__new__(cls)
        state.players = players
        state.log = EMPTY_LOG
        state.rng = Rng(seed)
        deck = list(CARDS)
        state.rng.shuffle(deck)
        state.cards = deck[:2]
        state.phase = Phase.CLAIM
        state.claimed = None
        state.called = None
        for seat in (0, 1):
            state.record(Kind.DEAL, seat, [secret(seat, card=state.cards[seat])], card=HIDDEN)
        return state

    def _compute_to_move(self) -> tuple[Seat, ...]:
        return {Phase.CLAIM: (0,), Phase.ANSWER: (1,), Phase.OVER: ()}[Phase(self.phase)]

    def _compute_legal(self, seat: Seat) -> tuple[MoveBase, ...]:
        kind = Claim if self.phase == Phase.CLAIM else Answer
        return tuple(m for m in MOVES if isinstance(m, kind))

    def explain_illegal(self, seat: Seat, move: MoveBase) -> str:
        return "it is not that seat's turn" if seat not in self.to_move() else "not a move of this phase"

    def _apply(self, seat: Seat, move: MoveBase) -> None:
        if isinstance(move, Claim):
            self.claimed = move.value
            self.phase = Phase.ANSWER
            self.record(Kind.CLAIM, seat, (), value=move.value)
        elif isinstance(move, Answer):
            self.called = not move.believe
            self.phase = Phase.OVER
            shown = {"card": self.cards[0]} if self.called else {}
            self.record(Kind.CALL if self.called else Kind.BELIEVE, seat, (), **shown)

    def _view(self, header: Header) -> View:
        viewer = header.viewer
        shown = self.phase == Phase.OVER and bool(self.called)
        card: int | Hidden = HIDDEN if viewer is None else self.cards[viewer]
        other: int | Hidden = self.cards[0] if shown and viewer == 1 else HIDDEN
        return ClaimView(header, card, other, self.claimed)

    def _revealed_view(self, header: Header) -> View:
        return extended(self._view(header), RevealedView, cards=tuple(self.cards))

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def result(self) -> Result:
        assert self.claimed is not None
        if self.called:
            winner = 0 if self.claimed == self.cards[0] else 1
        else:
            winner = 0 if self.claimed > self.cards[1] else 1
        scores = tuple(1.0 if seat == winner else 0.0 for seat in (0, 1))
        return Result((winner,), scores, "called" if self.called else "believed")

    @classmethod
    def belief(cls, info: InfoState) -> Belief:
        return Belief(info)

    @classmethod
    def sample(cls, info: InfoState, rng: random.Random, trust: Trust | None = None) -> Self:
        view = info.view
        assert isinstance(view, ClaimView)
        viewer = info.viewer
        state = cls.__new__(cls)
        state.players = 2
        state.rng = Rng(state=rng.getrandbits(64))
        state.phase = view.phase
        state.claimed = view.claimed
        called = view.over and any(e.kind == Kind.CALL for e in info.events)
        state.called = called if view.over else None
        known = {
            s: c for s, c in ((viewer, view.card), (1 - (viewer or 0), view.other)) if isinstance(c, int)
        }
        if viewer is None:
            known = {}
        free = [c for c in CARDS if c not in known.values()]
        rng.shuffle(free)
        state.cards = [known[s] if s in known else free.pop() for s in (0, 1)]
        # Each seat's deal, as the cards drawn: every seat has its own past in the world.
        state.log = rebuilt_log(
            info.events,
            viewer,
            lambda e: (secret(e.actor, card=state.cards[e.actor]),) if e.kind == Kind.DEAL else None,
        )
        return state

    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        return {f"hand {s}": self.cards[s] for s in (0, 1) if s != viewer}


class Belief:
    """The cards a viewer has not seen, any of them in any hidden hand."""

    def __init__(self, info: InfoState) -> None:
        view = info.view
        assert isinstance(view, ClaimView)
        seen = {view.card, view.other}
        self.cards = Counter(c for c in CARDS if c not in seen)

    def unseen(self) -> Counter[Hashable]:
        return Counter(self.cards)

    def allows(self, location: str, card: Hashable) -> bool:
        return card in self.cards
