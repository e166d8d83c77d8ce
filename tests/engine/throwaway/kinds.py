from enum import StrEnum

from feint.engine.events import Event
from feint.engine.types import Viewer


class Kind(StrEnum):
    DEAL = "deal"
    CLAIM = "claim"
    BELIEVE = "believe"
    CALL = "call"


def reveals(event: Event, viewer: Viewer) -> bool:
    """The deal shows each seat its card, and a call shows the claimant's card: a claim shows nothing."""
    return event.kind in (Kind.DEAL, Kind.CALL)
