"""Guile is one package in Knights' shape: its modules import each other without a circle (even the
imports only a type checker reads), and its rules never import the bots or the terminal."""

from __future__ import annotations

import ast
from pathlib import Path

import feint.games.guile

PACKAGE = "feint.games.guile"
ROOT = Path(feint.games.guile.__file__).parent
PLUG_INS = {"heuristic", "simple", "search", "terminal"}
"""The modules that plug the game into a toolkit, and may import it."""


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at run time or for the type checker alone."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:
                found |= {f"{PACKAGE}.{alias.name}" for alias in node.names}
            else:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def graph() -> dict[str, set[str]]:
    """The package's modules (its ``__init__``, the declaration, left out) and which of them each imports."""
    modules = {f"{PACKAGE}.{p.stem}": p for p in ROOT.glob("*.py") if p.stem != "__init__"}
    return {name: imports(path) & modules.keys() - {name} for name, path in modules.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        for other in sorted(edges[module]):
            if other in path:
                found.append([*path[path.index(other) :], other])
            elif other not in done:
                visit(other, [*path, other])
        done.add(module)

    for module in sorted(edges):
        if module not in done:
            visit(module, [module])
    return found


def test_the_package_has_no_import_circle() -> None:
    edges = graph()
    assert {f"{PACKAGE}.{m}" for m in ("board", "effects", "state", "draft", "place", "play")} <= edges.keys()
    assert circles(edges) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_the_rules_import_neither_bots_nor_front_ends() -> None:
    rules = [p for p in ROOT.glob("*.py") if p.stem not in PLUG_INS]
    outside = {
        p.stem: sorted(m for m in imports(p) if m.startswith(("feint.bots", "feint.cli", "rich")))
        for p in rules
    }
    assert {stem: found for stem, found in outside.items() if found} == {}
