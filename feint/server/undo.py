"""Undo by consent: a seat asks to take back its last move and every move since, the others agree.

A person's seat may ask only under the take-back rule every front-end shares
(:mod:`feint.engine.undo`: nothing hidden shown to it since its move). The
request is put to every other person at the table (a seat whose person plays
it); bots and stand-in bots always agree. It is done once all have agreed (at
once when nobody else is there to ask); a refusal, the asker withdrawing, or
any move played meanwhile ends it, and the table shows everybody how it
ended until the next move.

While a request is open the table waits for it: no clock runs (the time it
takes is charged to nobody) and no bot moves, so a bot cannot end a
request by playing on; a person may still move, which ends it.

Only the number of moves and who asks is told to the others: the notation of
the asker's move goes to the asker alone, as the others may never have seen
it (a secret placement, a vote). Doing it truncates the table's moves and
rebuilds its state by replay; ``Table.undos`` counts the take-backs, so a
worker's cached copy and every page know to start again from the moves kept.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING

from feint.engine.registry import new_game
from feint.engine.state import Seat, Viewer
from feint.engine.types import JsonObject
from feint.engine.undo import last_move, revealed_since
from feint.engine.words import Told
from feint.server import tables

if TYPE_CHECKING:
    from collections.abc import Sequence

    from feint.server.tables import Table

ASKED, DONE, REFUSED, WITHDRAWN, LAPSED = "asked", "done", "refused", "withdrawn", "lapsed"


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A request to take moves back, open (``asked``) or ended, as the table stores it."""

    seat: Seat
    """The seat that asked."""
    keep: int
    """The moves kept: the asker's last move is ``moves[keep]``."""
    count: int
    """The moves it takes back."""
    status: str = ASKED
    agreed: tuple[Seat, ...] = ()
    by: Seat | None = None
    """The seat that refused it, or whose move ended it."""

    def to_text(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str | None) -> UndoRequest | None:
        if text is None:
            return None
        data = json.loads(text)
        return cls(**{**data, "agreed": tuple(data["agreed"])})


def asking(table: Table) -> bool:
    """Whether a request is open: the table's clocks and bots wait for it."""
    return table.undo is not None and table.undo.status == ASKED


def to_ask(table: Table, seat: Seat) -> list[Seat]:
    """The other seats whose person plays them: those a request of ``seat`` is put to."""
    return [s.seat for s in table.seats if s.kind == "human" and not s.bot_plays and s.seat != seat]


def ask(table: Table, seat: Seat, now: float) -> None:
    """``seat`` asks to take back its last move and every move since; done at once if nobody is to ask."""
    keep = _refusal(table, seat)
    if isinstance(keep, tables.TableError):
        raise keep
    _pause_clocks(table, now)
    table.undo = UndoRequest(seat, keep, len(table.moves) - keep)
    if not to_ask(table, seat):
        _take_back(table, now)


def answer(table: Table, seat: Seat, agree: object, now: float) -> None:
    """``seat`` agrees to the open request, or refuses it (which ends it)."""
    if not isinstance(agree, bool):
        raise tables.TableError("bad_json", '"agree" must be true or false')
    request = table.undo
    if request is None or request.status != ASKED:
        raise tables.TableError("no_undo", "nobody is asking to take moves back")
    if seat == request.seat:
        raise tables.TableError("forbidden", "it is your own request: withdraw it instead")
    if seat not in to_ask(table, request.seat):
        raise tables.TableError("forbidden", "a bot plays your seat: it agrees")
    if not agree:
        _end(table, REFUSED, seat, now)
        return
    table.undo = replace(request, agreed=tuple(sorted({*request.agreed, seat})))
    if all(other in table.undo.agreed for other in to_ask(table, request.seat)):
        _take_back(table, now)


def withdraw(table: Table, seat: Seat, now: float) -> None:
    request = table.undo
    if request is None or request.status != ASKED or request.seat != seat:
        raise tables.TableError("no_undo", "you have no request to take moves back open")
    _end(table, WITHDRAWN, seat, now)


def moved(table: Table, seat: Seat) -> None:
    """A move was played: an open request lapses, and the last one's outcome has been shown long enough."""
    if asking(table):
        assert table.undo is not None
        table.undo = replace(table.undo, status=LAPSED, by=seat)
    else:
        table.undo = None


def may_ask(table: Table, seat: Seat) -> bool:
    """Whether ``seat`` may ask now (its page offers the button only then)."""
    return not isinstance(_refusal(table, seat), tables.TableError)


def undo_json(table: Table, viewer: Viewer) -> JsonObject:
    """What ``viewer`` is told of undo: whether it may ask, and the request open or last ended.

    The asker's move is named to the asker only: the others are told who asks and how many moves.
    """
    request = table.undo
    told: JsonObject | None = None
    if request is not None:
        told = {
            "seat": request.seat,
            "count": request.count,
            "status": request.status,
            "agreed": list(request.agreed),
            "waiting": [s for s in to_ask(table, request.seat) if s not in request.agreed]
            if request.status == ASKED
            else [],
            "by": request.by,
        }
        if viewer == request.seat and request.status == ASKED:
            told["move"] = table.moves[request.keep][1]
    return {"can_ask": viewer is not None and may_ask(table, viewer), "request": told}


def _refusal(table: Table, seat: Seat) -> int | tables.TableError:
    """The moves a take-back by ``seat`` keeps, or why it may not ask."""
    if table.over:
        return tables.TableError("game_over", "the game is over")
    if asking(table):
        return tables.TableError("undo_pending", "a request to take moves back is open already")
    last = last_move(table.moves, seat)
    if last is None:
        return tables.TableError("undo_nothing", "you have made no move to take back")
    shown = revealed_since(table.state, seat, table.applied[last].seq)
    if shown is not None:
        from feint.server.messages import told

        def sentence() -> str:
            return told(table, shown, seat)["sentence"] or str(shown.kind)

        return tables.TableError(
            "undo_revealed",
            "something hidden was shown to you since your move: {event}",
            event=Told(sentence),
        )
    return last


def _end(table: Table, status: str, by: Seat, now: float) -> None:
    assert table.undo is not None
    table.undo = replace(table.undo, status=status, by=by)
    table.run_clocks(now)


def _take_back(table: Table, now: float) -> None:
    """Everybody agreed: the moves from the asker's last one on are gone, the state replayed from the rest."""
    assert table.undo is not None
    keep = table.undo.keep
    kept = zip(table.moves[:keep], table.applied[:keep], strict=True)
    rebuild(table, [(seat, text, applied.stand_in) for (seat, text), applied in kept])
    table.undos += 1
    table.undo = replace(table.undo, status=DONE, agreed=tuple(to_ask(table, table.undo.seat)))
    table.run_clocks(now)


def rebuild(table: Table, moves: Sequence[tuple[Seat, str, bool]]) -> None:
    """The table's state and bookkeeping replayed afresh from ``moves`` (each seat, text, stand-in)."""
    table.state = new_game(table.game, table.players, table.seed, table.options, table.setup)
    table.moves, table.applied, table.stood_in = [], [], {}
    table.catch_up(moves)


def _pause_clocks(table: Table, now: float) -> None:
    for entry in table.seats:
        if entry.running_since is not None:
            entry.remaining = entry.time_left(now)
            entry.running_since = None
