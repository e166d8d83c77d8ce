"""Where the games are played: this process, a pool of local worker processes, or a Ray cluster.

Every runner plays the same chunks of game specs with the same function
(:func:`feint.arena.play.play_games`) and hands back the records in index
order, so the output is the same whatever runs it. A worker holds nothing
but its chunk.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from feint.arena.plan import GameSpec
from feint.arena.play import play_games
from feint.arena.records import GameRecord
from feint.engine.errors import SetupError

Progress = Callable[[int], None]
"""Told how many more games have finished."""

MAX_CHUNK = 8


def chunks(specs: Sequence[GameSpec], workers: int) -> list[Sequence[GameSpec]]:
    """Small enough that the workers stay busy to the end and the progress bar moves."""
    size = max(1, min(MAX_CHUNK, len(specs) // (4 * workers)))
    return [specs[start : start + size] for start in range(0, len(specs), size)]


def in_order(finished: Iterator[tuple[int, list[GameRecord]]], count: int) -> Iterator[GameRecord]:
    """Records of chunks that finish in any order, yielded by chunk number as soon as they can be."""
    waiting: dict[int, list[GameRecord]] = {}
    following = 0
    for number, records in finished:
        waiting[number] = records
        while following in waiting:
            yield from waiting.pop(following)
            following += 1
    if following != count:
        raise RuntimeError(f"{count - following} chunks of games never came back")


def run_local(specs: Sequence[GameSpec], workers: int, progress: Progress) -> Iterator[GameRecord]:
    """Play in this process (one worker) or in ``workers`` local processes."""
    if workers == 1:
        for spec in specs:
            yield from play_games([spec])
            progress(1)
        return
    parts = chunks(specs, workers)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_worker_context())

    def finished() -> Iterator[tuple[int, list[GameRecord]]]:
        pending: dict[Future[list[GameRecord]], int] = {
            pool.submit(play_games, part): number for number, part in enumerate(parts)
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                number = pending.pop(future)
                records = future.result()
                progress(len(records))
                yield number, records

    try:
        yield from in_order(finished(), len(parts))
    finally:
        # Interrupted or failed: the games not started are dropped, not played out first.
        pool.shutdown(wait=True, cancel_futures=True)


def _worker_context() -> multiprocessing.context.BaseContext:
    """Workers forked from a clean server process, never from one running threads (Ray's, rich's)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["feint.arena.play"])
    return context


RAY_OBJECT_STORE = 80 * 1024 * 1024
"""Bytes of Ray's object store for a local instance: chunks and records are small."""


def run_ray(
    specs: Sequence[GameSpec], address: str, workers: int, progress: Progress
) -> Iterator[GameRecord]:
    """Play on a Ray cluster (``address``), or on a local instance of ``workers`` CPUs (``local``).

    An instance already started in this process (``ray.init``) is used as it is.
    """
    ray = require_ray()
    started = not ray.is_initialized()
    if started:
        try:
            _start_ray(ray, address, workers)
        except (ConnectionError, RuntimeError, ValueError) as err:
            raise SetupError(f"cannot start or reach Ray at {address!r}: {err}") from None
    try:
        remote = ray.remote(play_games)
        parts = chunks(specs, workers)
        pending = {remote.remote(part): number for number, part in enumerate(parts)}

        def finished() -> Iterator[tuple[int, list[GameRecord]]]:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    records: list[GameRecord] = ray.get(ref)
                    progress(len(records))
                    yield pending.pop(ref), records

        yield from in_order(finished(), len(parts))
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()


def require_ray() -> Any:
    """The ``ray`` module; raises SetupError, saying how to install it, when it is missing."""
    try:
        import ray
    except ImportError:
        raise SetupError("--ray needs Ray: pip install 'feint[cluster]'") from None
    return ray


def _start_ray(ray: Any, address: str, workers: int) -> None:
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address == "local":
        ray.init(
            num_cpus=workers,
            object_store_memory=RAY_OBJECT_STORE,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    else:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
