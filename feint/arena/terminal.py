"""Tables for the terminal, drawn with rich."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table


def rich_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    """A table with its title on the left, the first column left-aligned and the numbers right-aligned."""
    table = Table(title=title, title_justify="left")
    for number, header in enumerate(headers):
        table.add_column(header, justify="left" if number == 0 else "right")
    for row in rows:
        table.add_row(*row)
    return table
