import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from feint.cli.main import main


def run_arena(out: Path, *extra: str) -> int:
    args = [
        "arena",
        "guardians",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--games",
        "12",
        "--seed",
        "5",
    ]
    return main([*args, "--out", str(out), *extra])


@pytest.fixture(scope="session")
def local_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One small tournament played in this process; its directory."""
    out = tmp_path_factory.mktemp("arena-one-worker")
    assert run_arena(out, "--workers", "1") == 0
    return out


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[None]:
    """A local Ray instance of 2 CPUs, started once per test session and shut down at its end."""
    import ray

    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(
        num_cpus=2,
        object_store_memory=80 * 1024 * 1024,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
    )
    yield
    ray.shutdown()
