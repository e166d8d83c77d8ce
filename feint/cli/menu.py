"""A decision as short menus, one per step, with letters for items.

Items are lettered ``a``, ``b``, ``c``... so they cannot be mistaken for the game's own numbers (a
card ``2``, a place on a path, a count of cards): a letter picks an item, the item's own words pick
it too, and the whole move typed out always works (the caller parses it). A move's steps come from
its renderer: an offer may be chosen as the cards, then the seat, then the declared type; most moves
are one step. Table moves (``sit out``, ``leave``) keep fixed letters at the end of the alphabet
(``y``, ``z``), whatever the moves before them, so a hand that has learnt where ``leave`` is never
finds another move there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from string import ascii_lowercase

from feint.cli.render import Step
from feint.engine.state import Move
from feint.engine.words import listing, tr


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


def spans(letters: Sequence[str]) -> str:
    """Letters as runs: ``a to d, y and z``."""
    runs: list[list[str]] = []
    for item in letters:
        if runs and len(item) == 1 and len(runs[-1][-1]) == 1 and ord(item) == ord(runs[-1][-1]) + 1:
            runs[-1].append(item)
        else:
            runs.append([item])
    span = tr("{first} to {last}")
    return listing([run[0] if len(run) == 1 else span.format(first=run[0], last=run[-1]) for run in runs])


class Menu:
    """The legal moves as a tree of steps; ``chosen`` holds the answers given so far."""

    def __init__(
        self, moves: Sequence[Move], steps: Callable[[Move], tuple[Step, ...]], table: Sequence[Move] = ()
    ) -> None:
        self.paths = [(steps(move), move) for move in (*moves, *table)]
        self.table = tuple(table)
        """The table moves, lettered from the end of the alphabet."""
        self.chosen: list[str] = []
        self._skip_single()

    def question(self) -> str:
        return self._step().question

    def hint(self) -> str:
        """What the current step asks, for ``help`` inside a move (empty at a move's first step)."""
        return self._step().hint if self.chosen else ""

    def _step(self) -> Step:
        depth = len(self.chosen)
        return next(path[depth] for path, _ in self._open())

    def items(self) -> list[Item]:
        depth = len(self.chosen)
        labels: dict[str, Move | None] = {}
        for path, move in self._open():
            label = path[depth].label
            leaf = move if len(path) == depth + 1 else None
            # A label that some move goes on from is a step, whatever else ends there.
            labels[label] = leaf if labels.get(label, leaf) is not None else None
        ordinary = [(label, move) for label, move in labels.items() if move is None or move not in self.table]
        fixed = [(label, move) for label, move in labels.items() if move is not None and move in self.table]
        items = [Item(letter(i), label, move) for i, (label, move) in enumerate(ordinary)]
        first = len(ascii_lowercase) - len(fixed)
        start = first if len(ordinary) <= first else len(ordinary)
        return items + [Item(letter(start + i), label, move) for i, (label, move) in enumerate(fixed)]

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
