"""A decision as short menus, one per step, with letters for items.

Items are lettered ``a``, ``b``, ``c``... so they cannot be mistaken for the
game's own numbers (a Guile card ``2``, a Knights place, a Guardian's Call
count): a letter picks an item, the item's own words pick it too, and the
whole move typed out always works (the caller parses it). A move's steps
come from its renderer: a Guardian's Call offer is chosen as the cards, then
the seat, then the declared type; most moves are one step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from string import ascii_lowercase

from feint.cli.render import Step
from feint.engine.state import Move


@dataclass(frozen=True, slots=True)
class Item:
    letter: str
    label: str
    move: Move | None
    """The move this item plays, or None when it leads to another step."""


def letter(index: int) -> str:
    """``a`` to ``z``, then ``aa``, ``ab``...: never a number."""
    if index < len(ascii_lowercase):
        return ascii_lowercase[index]
    return letter(index // len(ascii_lowercase) - 1) + ascii_lowercase[index % len(ascii_lowercase)]


class Menu:
    """The legal moves as a tree of steps; ``chosen`` holds the answers given so far."""

    def __init__(self, moves: Sequence[Move], steps: Callable[[Move], tuple[Step, ...]]) -> None:
        self.paths = [(steps(move), move) for move in moves]
        self.chosen: list[str] = []
        self._skip_single()

    def question(self) -> str:
        depth = len(self.chosen)
        return next(path[depth].question for path, _ in self._open())

    def items(self) -> list[Item]:
        depth = len(self.chosen)
        labels: dict[str, Move | None] = {}
        for path, move in self._open():
            label = path[depth].label
            leaf = move if len(path) == depth + 1 else None
            # A label that some move goes on from is a step, whatever else ends there.
            labels[label] = leaf if labels.get(label, leaf) is not None else None
        return [Item(letter(i), label, move) for i, (label, move) in enumerate(labels.items())]

    def choose(self, text: str) -> Item | None:
        """The item ``text`` names, by letter or by its words; a step item is entered. None if none."""
        wanted = " ".join(text.lower().split())
        found = next((i for i in self.items() if wanted in (i.letter, i.label.lower())), None)
        if found is not None and found.move is None:
            self.chosen.append(found.label)
            self._skip_single()
        return found

    def back(self) -> bool:
        """Go back one step; False at the first step."""
        if not self.chosen:
            return False
        self.chosen.pop()
        while self.chosen and len(self.items()) == 1:
            self.chosen.pop()
        return True

    @property
    def stepped(self) -> bool:
        return bool(self.chosen)

    def _open(self) -> list[tuple[tuple[Step, ...], Move]]:
        depth = len(self.chosen)
        return [
            (path, move)
            for path, move in self.paths
            if len(path) > depth and [s.label for s in path[:depth]] == self.chosen
        ]

    def _skip_single(self) -> None:
        """A step with one way on and more to come is answered at once."""
        while True:
            items = self.items()
            if len(items) != 1 or items[0].move is not None:
                return
            self.chosen.append(items[0].label)
