from pathlib import Path

from tests.arena.conftest import run_arena


def test_a_ray_run_writes_the_same_games_as_local_processes(
    ray_instance: None, local_run: Path, tmp_path: Path
) -> None:
    assert run_arena(tmp_path, "--ray", "local", "--workers", "2") == 0
    assert (tmp_path / "games.jsonl").read_bytes() == (local_run / "games.jsonl").read_bytes()
