"""Load on loopback: N live tables, each a websocket client against a bot, for a bounded time.

    .venv/bin/python benchmarks/load.py --tables 200 --seconds 60
    .venv/bin/python benchmarks/load.py --tables 200 --seconds 60 --workers 2   # PostgreSQL and Redis

It starts ``feint serve`` (with its own throwaway PostgreSQL and Redis for
``--workers 2`` or ``--postgres``), creates the tables (Guile: a person's
seat driven by this script, a heuristic bot in the other, pausing as it
does for people, ``--bot-pause``, 0.6 s), and plays them as people do: a
*live* table's person thinks before each move, for a time drawn uniformly
from ``--think`` (1 to 3 s) by the table's own seeded generator, then plays
a random legal move; each table starts after a first think, so they do not
move in step. A table that ends is followed by a new one. It prints the
moves the server applied per second (the people's and the bots') and the
round trip of a person's move, from sending it to the ``state`` that shows
it applied: p50 and p99; and the CPU time per move applied of the server's
workers and of its bot processes (read from ``/proc`` for the server's
process group before and after the run), and of this script. Every table
goes through one HTTP client (one each cost 18 ms of CPU apiece, in the run).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import httpx
from sqlalchemy import create_engine, func, select
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from feint.server.db import MoveRow
from tests.server.services import Postgres, Server, redis_server

Think = tuple[float, float]


async def table_client(
    http: httpx.AsyncClient, until: float, rng: random.Random, think: Think, trips: list[float]
) -> None:
    """Play tables one after another until ``until``; every round trip goes into ``trips``."""
    await asyncio.sleep(rng.uniform(*think))
    while time.monotonic() < until:
        spec = {
            "game": "guile",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        }
        table = (await http.post("/api/tables", json=spec)).json()
        token = table["seats"][0]["link"].split("token=")[1]
        socket_url = str(http.base_url).replace("http", "ws", 1).rstrip("/") + f"/ws/{table['table_id']}"
        async with connect(socket_url, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "since": None}))
            state = json.loads(await ws.recv())
            sent: tuple[int, float] | None = None
            while not state.get("over") and time.monotonic() < until:
                if sent is None and state.get("legal"):
                    await asyncio.sleep(rng.uniform(*think))
                    move = rng.choice(state["legal"])["text"]
                    sent = (state["seq"], time.perf_counter())
                    await ws.send(json.dumps({"type": "move", "move": move, "seq": state["seq"]}))
                message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if message["type"] == "error":
                    sent = None  # refused (a race lost): think again from the next state
                    continue
                state = message
                if sent is not None and applied(state, sent[0]):
                    trips.append(time.perf_counter() - sent[1])
                    sent = None


def applied(state: dict[str, Any], sent_at: int) -> bool:
    """Whether ``state`` shows the seat's move sent at seq ``sent_at``: an event of its own after it.

    In the simultaneous draft the bot's pick may come first; its state is not the answer.
    """
    return any(e["actor"] == state["seat"] and e["seq"] > sent_at for e in state["events"])


def moves_stored(database: str) -> int:
    engine = create_engine(database)
    with engine.connect() as connection:
        count = connection.execute(select(func.count()).select_from(MoveRow)).scalar_one()
    engine.dispose()
    return int(count)


def cpu_seconds(leader: int, depth: int) -> tuple[float, float]:
    """CPU seconds (user and system) of ``feint serve``'s processes: (workers, bot processes).

    The server runs in a process group of its own, led by ``leader``; its
    bot processes are those ``depth`` levels below the leader (1 with one
    worker, which is the leader itself; 2 with several, under uvicorn's
    parent process), with anything below them.
    """
    ticks = os.sysconf("SC_CLK_TCK")
    parents, used = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone since the listing
        if int(fields[2]) == leader:  # its process group
            pid = int(stat.parent.name)
            parents[pid] = int(fields[1])
            used[pid] = (int(fields[11]) + int(fields[12])) / ticks
    workers = bots = 0.0
    for pid, seconds in used.items():
        level, up = 0, pid
        while up != leader and up in parents:
            level, up = level + 1, parents[up]
        if level < depth:
            workers += seconds
        else:
            bots += seconds
    return workers, bots


async def drive(
    url: str, tables: int, seconds: float, think: Think, trips: list[float]
) -> list[BaseException]:
    """Drive the tables, all through one HTTP client; the errors of the clients that failed."""
    # Idle connections are dropped before uvicorn's 5 s keep-alive timeout closes them under a request.
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        until = time.monotonic() + seconds
        clients = (table_client(http, until, random.Random(n), think, trips) for n in range(tables))
        outcomes = await asyncio.gather(*clients, return_exceptions=True)
    return [outcome for outcome in outcomes if isinstance(outcome, BaseException)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="live tables at once (default 200)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to drive them (default 60)")
    parser.add_argument(
        "--workers", type=int, default=1, help="uvicorn workers (2+ uses PostgreSQL and Redis)"
    )
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL even with one worker")
    parser.add_argument(
        "--think",
        nargs=2,
        type=float,
        default=(1.0, 3.0),
        metavar=("MIN", "MAX"),
        help="seconds a person thinks before each move, drawn uniformly (default 1 3)",
    )
    parser.add_argument(
        "--bot-pause", type=float, default=0.6, help="seconds a bot waits before it moves (default 0.6)"
    )
    args = parser.parse_args()
    think: Think = (min(args.think), max(args.think))
    trips: list[float] = []
    with TemporaryDirectory() as folder:
        postgres = Postgres() if args.workers > 1 or args.postgres else None
        try:
            database = postgres.new_database() if postgres else f"sqlite:///{folder}/load.db"
            with redis_server() as redis:
                extra = ["--workers", str(args.workers), "--bot-processes", "2", "--throttle", "1000"]
                extra += ["--bot-pause", str(args.bot_pause)]
                if args.workers > 1:
                    extra += ["--redis", redis]
                with Server(database, *extra) as server:
                    print(
                        f"driving {args.tables} tables for {args.seconds:.0f} s against {server.url} "
                        f"({args.workers} worker(s), {database.split(':')[0]}); people think "
                        f"{think[0]:g} to {think[1]:g} s before each move, bots pause {args.bot_pause:g} s; "
                        f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}",
                        flush=True,
                    )
                    assert server.process is not None
                    leader, depth = server.process.pid, 1 if args.workers == 1 else 2
                    cpu_before, mine_before = cpu_seconds(leader, depth), time.process_time()
                    started = time.perf_counter()
                    errors = asyncio.run(drive(server.url, args.tables, args.seconds, think, trips))
                    elapsed = time.perf_counter() - started
                    cpu_after, mine_after = cpu_seconds(leader, depth), time.process_time()
                moves = moves_stored(database)
        finally:
            if postgres is not None:
                postgres.stop()
    for error in errors[:3]:
        print(f"a client failed: {error!r}", file=sys.stderr)
    if not trips or errors:
        print(f"{len(errors)} of {args.tables} clients failed; {len(trips)} moves came back", file=sys.stderr)
        return 1
    trips.sort()
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
    print(
        f"moves applied: {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s "
        f"(the clients' {len(trips)}, the rest the bots')"
    )
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    workers, bots = (after - before for after, before in zip(cpu_after, cpu_before, strict=True))
    mine = mine_after - mine_before
    print(
        f"CPU per move applied: the server's workers {workers / moves * 1000:.2f} ms, its bot processes "
        f"{bots / moves * 1000:.2f} ms, this load generator {mine / moves * 1000:.2f} ms "
        f"(workers {workers:.1f} s, bots {bots:.1f} s, generator {mine:.1f} s in all)"
    )
    print(
        f"round trip of a client's move: p50 {statistics.median(trips) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
