"""The throwaway game (tests/engine/throwaway) as a package of its own, found only by its entry point."""

from __future__ import annotations

import shutil
from pathlib import Path

SOURCE = Path(__file__).parent / "throwaway"


def install(root: Path) -> None:
    """Write the game to ``root`` as the package ``claimgame`` with a distribution naming it under the entry
    point group ``feint.games``: importable once ``root`` is on the path."""
    shutil.copytree(SOURCE, root / "claimgame", ignore=shutil.ignore_patterns("__pycache__"))
    info = root / "claimgame-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: claimgame\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[feint.games]\nclaim = claimgame\n")
