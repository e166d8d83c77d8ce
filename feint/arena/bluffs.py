"""Bluff statistics, read from a finished game's whole event log by the game's declared claims.

A *claim* is a statement another seat may call (:mod:`feint.engine.claims`);
each game says what its claims are in its own ``claims`` module. After the
game every claim's truth is known to the referee: the full log carries every
private part, so a claim that was never revealed to the table is judged too.
A game that declares no claims has none to count. docs/arena.md defines
each count.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from feint.engine.claims import Claim
from feint.engine.events import Event, log_events
from feint.engine.registry import declaration
from feint.engine.state import GameState
from feint.engine.types import JsonObject, Seat, Viewer
from feint.engine.words import N_, count, say, tr


@dataclass(slots=True)
class BluffCounts:
    """A seat's (or a bot's) counts over one game or many; the JSON of a game line's ``bluffs``."""

    claims: int = 0
    bluffs: int = 0
    bluffs_called: int = 0
    calls: int = 0
    right_calls: int = 0
    beliefs: int = 0
    right_beliefs: int = 0

    def add(self, other: BluffCounts) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_json(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, int]) -> BluffCounts:
        return cls(**{name: int(data[name]) for name in cls.__slots__})


def claims(game: str, events: Iterable[Event]) -> list[Claim]:
    """Every claim of a game, from its full event log, by the game's own claims; none in a game without."""
    model = declaration(game).claims_model()
    return [] if model is None else list(model.read(events))


def has_claims(game: str) -> bool:
    return declaration(game).claims is not None


def counts_by_seat(players: int, game_claims: Iterable[Claim]) -> list[BluffCounts]:
    """Each seat's counts over one game's claims, each judged (read from a full log: no truth unknown)."""
    seats = [BluffCounts() for _ in range(players)]
    for claim in game_claims:
        assert claim.bluff is not None, "a full log shows every claim's truth"
        mine = seats[claim.claimant]
        mine.claims += 1
        if claim.bluff:
            mine.bluffs += 1
            mine.bluffs_called += bool(claim.callers)
        for caller in claim.callers:
            seats[caller].calls += 1
            seats[caller].right_calls += claim.bluff
        for believer in claim.believers:
            seats[believer].beliefs += 1
            seats[believer].right_beliefs += not claim.bluff
    return seats


def game_bluffs(state: GameState) -> list[BluffCounts] | None:
    """Each seat's counts in ``state``'s game so far, read from its whole log; None in a game without claims.

    The whole log judges every claim, shown to the table or not: only for a
    finished game (whose replay shows every card), or a frame of its replay.
    """
    return seat_counts(state.NAME, state.players, log_events(state.log))


def seat_counts(game: str, players: int, events: Iterable[Event]) -> list[BluffCounts] | None:
    """Each seat's counts over a whole log's ``events`` (or its first ones); None in a game without claims."""
    if not has_claims(game):
        return None
    return counts_by_seat(players, claims(game, events))


def bluff_statistics(
    state: GameState, viewer: Viewer, stood_in: Collection[Seat] = ()
) -> list[JsonObject] | None:
    """What a finished game's end screens show (the browser's and the terminal's): each seat's counts
    and its :func:`bluff_sentence` as ``viewer`` says it; None in a game without claims. ``stood_in``:
    the seats a stand-in bot made moves for (a server's table), whose sentence says so."""
    return statistics_json(game_bluffs(state), viewer, stood_in)


def statistics_json(
    counts: Sequence[BluffCounts] | None, viewer: Viewer, stood_in: Collection[Seat] = ()
) -> list[JsonObject] | None:
    """Each seat's ``counts`` and its sentence as ``viewer`` says it, as the wire carries them."""
    if counts is None:
        return None
    return [
        {"seat": seat, **mine.to_json(), "sentence": bluff_sentence(seat, mine, viewer, seat in stood_in)}
        for seat, mine in enumerate(counts)
    ]


def bluff_sentence(seat: Seat, counts: BluffCounts, viewer: Viewer, stood_in: bool = False) -> str:
    """A seat's counts in words, as ``viewer`` calls the seat: "You bluffed 3 times in 7 claims, and 2
    were called; your doubts were right 4 of 6; you believed 5 claims, and 1 was a bluff.". The counts
    are the seat's, whoever made its moves: with ``stood_in`` the sentence says a bot made some."""
    c = counts

    def part(template: str, **fields: object) -> str:
        return say(template, seat, viewer, **fields)

    claims = count(c.claims, "claim", "claims")
    if not c.claims:
        made = part(N_("{Actor} made no claims"))
    elif not c.bluffs:
        made = part(N_("{Actor} never bluffed in {claims}"), claims=claims)
    else:
        called = _of(c.bluffs_called, c.bluffs, _CALLED)
        made = part(
            N_("{Actor} bluffed {times} in {claims}, and {called}"),
            times=_times(c.bluffs),
            claims=claims,
            called=called,
        )
    if not c.calls:
        doubts = part(N_("{actor} never doubted"))
    elif c.calls == 1:
        doubts = part(N_("{its} one doubt was right") if c.right_calls else N_("{its} one doubt was wrong"))
    else:
        doubts = part(N_("{its} doubts were right {right} of {calls}"), right=c.right_calls, calls=c.calls)
    wrong = c.beliefs - c.right_beliefs
    if not c.beliefs:
        believed = part(N_("{actor} believed none"))
    else:
        beliefs = count(c.beliefs, "claim", "claims")
        believed = part(
            N_("{actor} believed {claims}, and {bluffs}"),
            claims=beliefs,
            bluffs=_of(wrong, c.beliefs, _BLUFFS),
        )
    bot = (
        part(N_(" A bot stood in for {actor} for part of the game, and what it did is counted here."))
        if stood_in
        else ""
    )
    return tr("{made}; {doubts}; {believed}.{bot}").format(
        made=made, doubts=doubts, believed=believed, bot=bot
    )


def _times(n: int) -> str:
    if n in (1, 2):
        return tr("once") if n == 1 else tr("twice")
    return tr("{n} times").format(n=n)


_CALLED = (
    N_("it was called"),
    N_("it was not called"),
    N_("none was called"),
    N_("{n} was called"),
    N_("{n} were called"),
)
_BLUFFS = (
    N_("it was a bluff"),
    N_("it was not a bluff"),
    N_("none was a bluff"),
    N_("{n} was a bluff"),
    N_("{n} were bluffs"),
)


def _of(part: int, whole: int, words: tuple[str, str, str, str, str]) -> str:
    """How many of ``whole`` things were so: "it was called", "none was called", "2 were bluffs"."""
    it, not_it, none, one, many = words
    if whole == 1:
        return tr(it if part else not_it)
    if part == 0:
        return tr(none)
    return tr(one if part == 1 else many).format(n=part)
