"""Bots in worker processes that hold no table state.

The server's process holds every table's full state, so a bot run there
could reach it through the interpreter. A bot decision is instead sent to
a pool of processes as the seat's :class:`InfoState` (its view and the
events it saw, nothing else), the bot's name and seed, and the legal moves'
indices; the process builds the bot, asks it, and sends back one index.
The pool has several processes, so a slow bot holds up one of them, not
the tables whose bots run on the others, and never the server's loop.
"""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import pickle
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import MappingProxyType
from typing import Any

from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import get_game
from feint.engine.seeding import bot_seed
from feint.engine.state import Move, Seat


def decision_seed(stream: int, seat: Seat, seq: int) -> int:
    """The seed of one decision: from the table's bot stream, never from its game seed."""
    return bot_seed(bot_seed(stream, seat), seq)


def pack_info(info: InfoState) -> bytes:
    """``info`` as bytes for another process (events hold read-only mappings, which pickle cannot)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {MappingProxyType: _reduce_proxy}
    pickler.dump(info)
    return buffer.getvalue()


def unpack_info(data: bytes) -> InfoState:
    info = pickle.loads(data)
    assert isinstance(info, InfoState), "pack_info packs an InfoState"
    return info


def _reduce_proxy(proxy: Mapping[str, Any]) -> tuple[Any, tuple[dict[str, Any]]]:
    return _read_only, (dict(proxy),)


def _read_only(data: dict[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(data)


def choose(game: str, bot: str, seed: int, info: bytes, legal: Sequence[int]) -> int:
    """In a worker process: the index of the move the bot chooses from the seat's information."""
    cls = get_game(game)
    moves = [cls.move_from_index(index) for index in legal]
    chosen = make_bot(bot, game, seed).choose(unpack_info(info), moves)
    return chosen.index


class BotPool:
    """The worker processes, started on the first decision and stopped with the server."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._executor: ProcessPoolExecutor | None = None

    async def choose(self, game: str, bot: str, seed: int, info: InfoState, legal: Sequence[Move]) -> int:
        if self._executor is None:
            # Spawned, not forked: a fork would copy the server's tables into the worker.
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self.processes, mp_context=context)
        loop = asyncio.get_running_loop()
        indices = [move.index for move in legal]
        return await loop.run_in_executor(self._executor, choose, game, bot, seed, pack_info(info), indices)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
