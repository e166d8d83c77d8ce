"""Guardian's Call is one package of one shape: its modules import one another in one direction only
(no circle, not even an import made for the type checker alone), and its rules never import the bots
or the terminal that plug into them."""

from __future__ import annotations

import ast
from pathlib import Path

import feint.games.guardians as package

PACKAGE = package.__name__
ROOT = Path(package.__file__).parent
PLUG_INS = {"heuristic", "search", "terminal"}
"""The modules that plug the game into a toolkit (the bots, the search, the terminal) and may import it."""


def imports(module: str) -> set[str]:
    """The modules ``module`` imports, anywhere in it (an ``if TYPE_CHECKING:`` block too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse((ROOT / f"{module}.py").read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def own_imports() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports (its ``__init__`` aside)."""
    modules = {path.stem for path in ROOT.glob("*.py") if path.stem != "__init__"}
    return {m: {i.removeprefix(f"{PACKAGE}.") for i in imports(m)} & modules for m in modules}


def test_the_package_has_no_import_circle() -> None:
    graph = own_imports()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module not in done:
            for imported in sorted(graph[module]):
                visit(imported, (*path, module))
            done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_rules_import_no_bots_and_no_front_end() -> None:
    for module in sorted(set(own_imports()) - PLUG_INS):
        toolkit = {i for i in imports(module) if i.startswith(("feint.bots", "feint.cli", "rich"))}
        assert not toolkit, f"{module} imports {sorted(toolkit)}"
