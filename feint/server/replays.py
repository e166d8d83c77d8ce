"""A finished table's replay as frames: the table after every move, with every card face-up.

Only for a finished game (during it nobody may see a hidden card): each
frame is the state's revealed view (:meth:`GameState.revealed_view`), the
move that made it, and its events as the seat asking saw them, each with its
sentence, so the browser steps through the game drawing each frame with the
game's own renderer and telling it in the seat's words, with the bluff
statistics as they stand after that move (as :func:`~feint.arena.bluffs.bluff_statistics`
tells them at the end).
"""

from __future__ import annotations

from feint.arena.bluffs import seat_counts, statistics_json
from feint.engine.events import log_events
from feint.engine.registry import new_game
from feint.engine.state import GameState, Seat, Viewer
from feint.engine.types import JsonObject
from feint.engine.words import calling, speaking
from feint.locale import ENGLISH, catalogue
from feint.server.messages import told
from feint.server.names import seat_names
from feint.server.tables import Table, TableError


def replay_frames(table: Table, viewer: Viewer, language: str = ENGLISH) -> JsonObject:
    """Frame 0 is the deal, frame ``n`` the table after move ``n``: one more frame than moves.

    The events are told as ``viewer`` (a seat, or None for the creator) saw them in play, in
    ``language``."""
    with speaking(catalogue(language)):
        return _frames(table, viewer)


def _frames(table: Table, viewer: Viewer) -> JsonObject:
    if not table.ended:
        raise TableError("not_over", "the replay opens when the game is over (or the table expired)")
    state = new_game(table.game, table.players, table.seed, table.options, table.setup)
    frames = [_frame(table, state, None, 0, viewer)]
    for seat, text in table.moves:
        since = state.seq
        state.apply(seat, text)
        frames.append(_frame(table, state, (seat, text), since, viewer))
    # The statistics after frame n read the whole log's first events (numbered from 1), read out once.
    events = log_events(state.log)
    told: tuple[object, list[JsonObject] | None] = (object(), None)
    names = seat_names(table)
    for frame, stood_in in zip(frames, _stood_in(table), strict=True):
        counts = seat_counts(table.game, table.players, events[: frame["seq"]])
        if (counts, stood_in) != told[0]:  # most moves answer no claim: their frame tells the last one's
            with calling(names):
                told = ((counts, stood_in), statistics_json(counts, viewer, stood_in))
        frame["bluffs"] = told[1]
    # The seed is a string: it may pass 2^53, past which a browser's numbers round it.
    return {
        "table_id": table.id,
        "game": table.game,
        "players": table.players,
        "seed": str(table.seed),
        "frames": frames,
    }


def _stood_in(table: Table) -> list[frozenset[Seat]]:
    """The seats a stand-in bot had made moves for by each frame (frame 0, the deal: none)."""
    seats: list[frozenset[Seat]] = [frozenset()]
    for applied in table.applied:
        seats.append(seats[-1] | {applied.seat} if applied.stand_in else seats[-1])
    return seats


def _frame(
    table: Table, state: GameState, move: tuple[Seat, str] | None, since: int, viewer: Viewer
) -> JsonObject:
    return {
        "seq": state.seq,
        "move": None if move is None else {"seat": move[0], "text": move[1]},
        "view": state.revealed_view().to_json(),
        "events": [told(table, event.seen_by(viewer), viewer) for event in log_events(state.log, since)],
    }
