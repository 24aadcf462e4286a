"""Where a square is, as game records write it: square names (``H8``) and coordinates that also say
which way a word runs (``8H`` across, ``H8`` down).

This is the part of the notation that needs no tile set, so it sits beside :mod:`printkit.model`:
the rule sets (:mod:`printkit.config.rules`, a worked example's ``at``) and the engine read
coordinates with it, and neither imports the other. Spelling a word in a set's tiles is
:mod:`printkit.engine.notation`'s.

API: :func:`square_name` (row, col → ``H8``), :func:`parse_coord` (``8D`` / ``D8`` →
:class:`Coord`), :class:`NotationError` (a ``ValueError``: a coordinate, or in the engine a word or
a move, that cannot be read or does not fit the set or the board; every engine error is one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class NotationError(ValueError):
    """A word or a coordinate that cannot be read, or does not fit the set or the board."""


def square_name(row: int, col: int) -> str:
    """Game-record coordinates: columns A–O, rows 1–15 (row 0 is 1)."""
    return f"{chr(ord('A') + col)}{row + 1}"


@dataclass(frozen=True)
class Coord:
    """Where a word starts and which way it runs. ``row`` and ``col`` count from 0 (row "1" is 0,
    column "A" is 0); whether they are on a given board is the board's question."""

    row: int
    col: int
    across: bool

    def __str__(self) -> str:
        row, col = str(self.row + 1), chr(ord("A") + self.col)
        return row + col if self.across else col + row


_COORD = re.compile(r"(?:(?P<row>[0-9]{1,2})(?P<col>[A-Za-z])|(?P<col2>[A-Za-z])(?P<row2>[0-9]{1,2}))\Z")


def parse_coord(text: str) -> Coord:
    """A game-record coordinate: ``8D`` (row first) runs across, ``D8`` (column first) runs down.

    Syntax only, so a config can be checked before the board is known. Column letters may be lower
    case; spaces around the coordinate are ignored, spaces inside it are not."""
    m = _COORD.match(text.strip())
    if not m:
        raise NotationError(f"'{text}' is not a coordinate such as 8D (across) or D8 (down)")
    across = m.group("row") is not None
    row = int(m.group("row") or m.group("row2")) - 1
    col = ord((m.group("col") or m.group("col2")).upper()) - ord("A")
    return Coord(row, col, across)
