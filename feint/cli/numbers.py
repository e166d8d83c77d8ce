"""Argparse types for numbers, whose errors read as English ("must be a whole number, not 'x'").

Argparse's own ``type=int`` answers "invalid int value", which names Python's
type, not the user's mistake; every command reads its numbers through these.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

_WHOLE = re.compile(r"-?[0-9]{1,20}")
"""A whole number in the digits 0-9 (``int`` also reads "٣" and "1_000"), of at most 20 digits
(a 64-bit number's)."""


def whole_number(least: int | None = None) -> Callable[[str], int]:
    """A whole number, at least ``least`` if given; argparse names the option in its error."""

    def read(text: str) -> int:
        if not _WHOLE.fullmatch(text.strip()):
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}")
        value = int(text)
        if least is not None and value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    return read


def number(least: float | None = None) -> Callable[[str], float]:
    """A number (a duration, a rate), at least ``least`` if given."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number, not {text!r}") from None
        if value != value:
            raise argparse.ArgumentTypeError("must be a number, not nan")
        if least is not None and value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least:g}, not {text}")
        return value

    return read
