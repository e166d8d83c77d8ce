"""Throwaway services for the server tests: a PostgreSQL server, a Redis server, `feint serve` itself.

Each runs on a free loopback port with its files under a temporary folder,
and is stopped by the fixture or context manager that started it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

POSTGRES_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
TABLE_SEED = 20261203
"""Every server under test deals its tables from this seed, so each test plays the same games every run."""
READY_TRIES = 300
"""Polls (0.1 s apart) before a service that never comes up fails the test."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Postgres:
    """A PostgreSQL server of its own, run by the ``postgres`` user (initdb refuses root)."""

    def __init__(self) -> None:
        if not POSTGRES_BIN:
            raise RuntimeError("PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does)")
        self.bin = POSTGRES_BIN[-1]
        self.root = Path(tempfile.mkdtemp(prefix="feint-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        shutil.chown(self.root, "postgres")
        self._as_postgres(str(self.bin / "initdb"), "-D", str(self.data), "--auth=trust", "-U", "postgres")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._as_postgres(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-w",
            "start",
            "-l",
            str(self.root / "log"),
        )
        self._databases = 0

    def _as_postgres(self, *command: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True, capture_output=True)

    def new_database(self) -> str:
        """A fresh empty database: its SQLAlchemy URL."""
        import psycopg

        self._databases += 1
        name = f"feint{os.getpid()}_{self._databases}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as c:
            c.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        _wait(lambda: _connects(port), "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


class Server:
    """``feint serve`` as a subprocess, as people run it."""

    def __init__(self, database: str, *extra: str) -> None:
        self.database = database
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [str(Path(sys.executable).with_name("feint")), "serve", "--port", str(self.port)]
        command += ["--database", self.database, "--bot-pause", "0", "--table-seed", str(TABLE_SEED)]
        command += self.extra
        self.process = subprocess.Popen(command, start_new_session=True)
        _wait(self._ready, "feint serve")

    def _ready(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise RuntimeError(f"feint serve exited with status {self.process.returncode}")
        try:
            return httpx.get(self.url + "/api/games", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        """SIGKILL the server and every process it started (workers, bots)."""
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, 9)
        self.process.wait(10)

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.kill()


def _connects(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def _wait(ready: object, what: str) -> None:
    for _ in range(READY_TRIES):
        if ready():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not come up")
