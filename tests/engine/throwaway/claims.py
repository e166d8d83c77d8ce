from __future__ import annotations

from collections.abc import Iterable, Iterator

from feint.engine.claims import Claim
from feint.engine.events import Event
from feint.engine.moves import MoveBase
from feint.engine.view import View

from .kinds import Kind
from .state import Answer, ClaimView
from .state import Claim as ClaimMove


class Claims:
    def read(self, events: Iterable[Event]) -> Iterator[Claim]:
        claimed: int | None = None
        card: int | None = None
        for event in events:
            if event.kind == Kind.DEAL and event.actor == 0 and isinstance(event.get("card"), int):
                card = event.get("card")
            elif event.kind == Kind.CLAIM:
                claimed = event.get("value")
            elif event.kind in (Kind.BELIEVE, Kind.CALL) and claimed is not None:
                card = event.get("card", card)
                bluff = None if card is None else card != claimed
                called = event.kind == Kind.CALL
                yield Claim(0, bluff, (1,) if called else (), () if called else (1,))

    def truth(self, view: View, move: MoveBase) -> bool | None:
        assert isinstance(view, ClaimView)
        return move.value == view.card if isinstance(move, ClaimMove) else None

    def answer(self, move: MoveBase) -> bool | None:
        return move.believe if isinstance(move, Answer) else None


CLAIMS = Claims()
