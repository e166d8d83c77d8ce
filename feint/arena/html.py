"""A small self-contained HTML page: headings, paragraphs, tables and the PNG plots beside it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border-bottom: 1px solid #ccc; padding: 0.25rem 0.75rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
.note { color: #555; }
"""


class Page:
    """An HTML report built section by section, then written once."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.parts: list[str] = [f"<h1>{escape(title)}</h1>"]

    def heading(self, text: str) -> None:
        self.parts.append(f"<h2>{escape(text)}</h2>")

    def paragraph(self, text: str, note: bool = False) -> None:
        css = ' class="note"' if note else ""
        self.parts.append(f"<p{css}>{escape(text)}</p>")

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
        self.parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def image(self, name: str, alt: str) -> None:
        self.parts.append(f'<p><img src="{escape(name)}" alt="{escape(alt)}"></p>')

    def write(self, path: Path) -> None:
        body = "\n".join(self.parts)
        path.write_text(
            f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(self.title)}'
            f"</title><style>{_STYLE}</style></head>\n<body>\n{body}\n</body></html>\n",
            encoding="utf-8",
        )
