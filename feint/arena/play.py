"""One arena game, as a worker plays it: bots see their own seat's information only.

Each bot is asked in turn while its seat is to move. In a simultaneous
phase the seats to move are asked in seat order, each from its own view
and events, so no bot sees another's pending secret choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from feint.arena.bluffs import claims, counts_by_seat
from feint.arena.plan import GameSpec
from feint.arena.records import GameRecord
from feint.arena.seats import Timed, arena_bot
from feint.bots.match import play_out
from feint.engine.events import log_events
from feint.engine.registry import new_game
from feint.engine.replay import Replay


def play_game(spec: GameSpec) -> GameRecord:
    options = {"variants": list(spec.variants)} if spec.variants else {}
    state = new_game(spec.game, len(spec.bots), spec.seed, options)
    bots = {
        seat: Timed(arena_bot(name, spec.game, seed, state))
        for seat, (name, seed) in enumerate(zip(spec.bots, spec.bot_seeds, strict=True))
    }
    moves = [(seat, str(move)) for seat, move in play_out(state, bots)]
    result = state.result()
    replay = Replay(spec.game, state.players, spec.seed, options, moves=tuple(moves))
    return GameRecord(
        spec.index,
        spec.bots,
        spec.bot_seeds,
        result.winners,
        result.scores,
        len(moves),
        tuple(counts_by_seat(state.players, claims(spec.game, log_events(state.log)))),
        replay,
        tuple(tuple(round(ms, 3) for ms in bots[seat].times) for seat in range(state.players)),
    )


def play_games(specs: Sequence[GameSpec]) -> list[GameRecord]:
    """A worker's chunk of games, in order."""
    return [play_game(spec) for spec in specs]
