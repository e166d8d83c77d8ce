"""Bots in worker processes that hold no table state.

The server's process holds every table's full state, so a bot run there
could reach it through the interpreter. A bot decision is instead sent to
a pool of processes as the seat's :class:`InfoState` (its view and the
events it saw, nothing else), the bot's name and seed, and the legal moves'
indices; the process builds the bot, asks it, and sends back one index.
The pool has several processes, so a slow bot holds up one of them, not
the tables whose bots run on the others, and never the server's loop; one
slower than its time limit is stopped, and the service has a fallback bot
make that decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import multiprocessing
import pickle
import signal
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import game_names, get_game
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


class BotTimeout(Exception):
    """A bot took longer than its time limit: its process was stopped (and replaced)."""


class BotFailed(Exception):
    """A bot raised an error, or its process died: the process was replaced."""


Decide = Callable[[str, str, int, bytes, Sequence[int]], int]


class BotPool:
    """Worker processes, started on the first decision, each answering one decision at a time.

    Each worker is a spawned process on a pipe the event loop reads
    (``add_reader``), so asking a bot costs the loop one small write, and no
    thread of the server's contends for the interpreter to hand results
    over (a ``ProcessPoolExecutor``'s manager thread did, and its wake-up
    pipe held the loop up). A decision that takes longer than
    ``time_limit`` seconds stops its process, which is replaced, and raises
    :class:`BotTimeout`.
    """

    def __init__(self, processes: int, time_limit: float = 15.0, decide: Decide = choose) -> None:
        self.processes = processes
        self.time_limit = time_limit
        self.decide = decide
        self._workers: list[_Worker] = []
        self._idle: asyncio.Queue[_Worker] | None = None

    async def choose(self, game: str, bot: str, seed: int, info: InfoState, legal: Sequence[Move]) -> int:
        """The index of the move ``bot`` chooses; raises BotTimeout or BotFailed."""
        if self._idle is None:
            idle: asyncio.Queue[_Worker] = asyncio.Queue()
            self._idle = idle
            # Spawned, not forked: a fork would copy the server's tables into the worker.
            context = multiprocessing.get_context("spawn")
            self._workers = [_Worker(context, self.decide, idle.put_nowait) for _ in range(self.processes)]
        worker = await self._idle.get()
        request = (game, bot, seed, pack_info(info), [move.index for move in legal])
        return await worker.ask(request, self.time_limit)

    def close(self) -> None:
        for worker in self._workers:
            worker.stop()
        self._workers = []
        self._idle = None


class _Worker:
    """One bot process and its pipe; ``ready`` is called each time it can take a decision."""

    def __init__(self, context: Any, decide: Decide, ready: Callable[[_Worker], None]) -> None:
        self.context = context
        self.decide = decide
        self.ready = ready
        self.loop = asyncio.get_running_loop()
        self.answer: asyncio.Future[tuple[str, Any]] | None = None
        self._start()

    def _start(self) -> None:
        ours, theirs = self.context.Pipe()
        self.process = self.context.Process(target=_serve, args=(theirs, self.decide), daemon=True)
        self.process.start()
        theirs.close()
        self.pipe = ours
        self.loop.add_reader(ours.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            kind, value = pickle.loads(self.pipe.recv_bytes())
        except (EOFError, OSError):
            kind, value = "failed", "the bot process died"
            self.loop.remove_reader(self.pipe.fileno())
        if kind == "ready":
            self.ready(self)
        elif self.answer is not None and not self.answer.done():
            self.answer.set_result((kind, value))

    async def ask(self, request: tuple[Any, ...], limit: float) -> int:
        self.answer = self.loop.create_future()
        try:
            self.pipe.send_bytes(pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            self._restart()
            raise BotFailed("the bot process had died") from None
        try:
            kind, value = await asyncio.wait_for(self.answer, limit)
        except TimeoutError:
            self._restart()
            raise BotTimeout(f"no answer in {limit:g} s") from None
        if kind != "ok":
            self._restart()
            raise BotFailed(str(value))
        self.ready(self)
        return int(value)

    def _restart(self) -> None:
        self.stop()
        self._start()

    def stop(self) -> None:
        with contextlib.suppress(ValueError, OSError):
            self.loop.remove_reader(self.pipe.fileno())
        self.pipe.close()
        self.process.kill()
        self.process.join(5)


def _serve(pipe: Any, decide: Decide) -> None:
    """A worker process: answer decisions until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    for name in game_names():
        get_game(name)  # imported now, so no decision's time limit pays for it
    pipe.send_bytes(pickle.dumps(("ready", None)))
    while True:
        try:
            request = pickle.loads(pipe.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", decide(*request))
        except Exception as err:
            answer = ("failed", f"{type(err).__name__}: {err}")
        pipe.send_bytes(pickle.dumps(answer))
