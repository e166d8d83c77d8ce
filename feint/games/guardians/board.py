"""The stored state of a Guardian's Call game, who may know each part, and the questions the rules ask.

:class:`Board` declares the fields the engine's codec stores, with their
``INFORMATION``, and answers the common questions of the rules modules (the
seats a seat may offer to, by its offer tokens: GC17). It changes nothing
itself. The rules modules (``prepare``, ``respond``, ``curse``, ``spells``,
``treasure``, ``effects``) and the sampler (``belief``) take a Board; the
driver, :class:`feint.games.guardians.state.GuardiansState`, derives from it.
So no rules module imports the driver, and the package has no import circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from feint.engine.info import Information
from feint.engine.rng import Rng
from feint.engine.state import GameState, Seat, ViewT
from feint.games.guardians.cards import Card
from feint.games.guardians.moves import GuardiansMove
from feint.games.guardians.pending import PendingAssign, PendingCurse, PendingOffer, Phase
from feint.games.guardians.seat import Points, Tableau

PUBLIC, PRIVATE, TRACKED, NOBODY = (
    Information.PUBLIC,
    Information.PRIVATE,
    Information.TRACKED,
    Information.NOBODY,
)


class Board(GameState[ViewT, GuardiansMove]):
    """A Guardian's Call state's fields and the queries on them; the driver adds the transitions."""

    INFORMATION: ClassVar[Mapping[str, Information]] = {
        "setup": NOBODY,
        "rng": NOBODY,
        "deck": NOBODY,
        "pool": PUBLIC,
        "discard": PUBLIC,
        "removed": PUBLIC,
        "treasure_deck": NOBODY,
        "quests": PUBLIC,
        "castle_tokens": PUBLIC,
        "war_pile": PUBLIC,
        "council_pile": PUBLIC,
        "guardians": PUBLIC,
        "hands": PRIVATE,
        "tableaux": PUBLIC,
        "coins": PUBLIC,
        "castle": PUBLIC,
        "claimed": PUBLIC,
        "vp_tokens": PUBLIC,
        "treasures": PUBLIC,
        "used_tokens": PUBLIC,
        "cursed": PUBLIC,
        "cleansed": PUBLIC,
        "points": PUBLIC,
        "phase": PUBLIC,
        "current": PUBLIC,
        "turn": PUBLIC,
        "offered": PUBLIC,
        "council_done": PUBLIC,
        "offer": PUBLIC,
        "offer_cards": TRACKED,
        "curse": PUBLIC,
        "assign": PUBLIC,
        "treasure_choice": TRACKED,
        "drawn": PUBLIC,
        "naming": PUBLIC,
    }
    """``offer_cards`` are the offerer's until revealed, ``treasure_choice`` the drawing seat's."""

    setup: Any
    rng: Rng
    deck: list[Card]
    """The Guardian deck, top first."""
    pool: list[Card]
    discard: list[Card]
    removed: list[Card]
    """Council and War once revealed: they leave the game."""
    treasure_deck: list[int]
    """Top first."""
    quests: tuple[int, ...]
    castle_tokens: dict[int, tuple[int, ...]]
    """VP space to the tokens left there, top first."""
    war_pile: tuple[int, int]
    council_pile: tuple[int, int]
    """The places, counted from the deck's bottom, where War and Council were shuffled in (step 5)."""
    guardians: tuple[str, ...]
    hands: list[list[Card]]
    tableaux: list[Tableau]
    coins: list[int]
    castle: list[int]
    claimed: list[tuple[int, ...]]
    vp_tokens: list[tuple[int, ...]]
    treasures: list[tuple[int, ...]]
    used_tokens: list[tuple[Seat, ...]]
    """The seats whose offer token each seat has turned face down."""
    cursed: list[bool]
    cleansed: list[int]
    points: list[Points]
    phase: Phase
    current: Seat
    turn: int
    offered: bool
    """Whether the current turn's offer has been resolved: the turn ends once no decision is left."""
    council_done: bool
    offer: PendingOffer | None
    offer_cards: tuple[Card, ...]
    curse: PendingCurse | None
    assign: PendingAssign | None
    treasure_choice: tuple[int, ...]
    drawn: tuple[Card, ...]
    naming: bool
    """A 3 VP Treasure was kept and its type is still to be named."""

    def targets(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats ``seat`` may offer to: those of its face-up tokens, or all once none is face up."""
        return face_up(self.players, seat, self.used_tokens[seat])


@cache
def face_up(players: int, seat: Seat, used: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats named by ``seat``'s face-up offer tokens; all others once every token is face down."""
    others = tuple(s for s in range(players) if s != seat)
    return tuple(s for s in others if s not in used) or others


@cache
def tokens_after(players: int, seat: Seat, used: tuple[Seat, ...], target: Seat) -> tuple[Seat, ...]:
    """``seat``'s face-down tokens once it offers to ``target``: all are turned face up first if none is."""
    if face_up(players, seat, used)[0] in used:
        used = ()
    return (*used, target)
