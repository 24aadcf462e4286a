"""Reading plays as game records write them: ``фЕТР`` (lower case: a blank standing for that
letter), ``[CH]`` for a two-letter tile where the reading is ambiguous, coordinates ``8D`` (across,
row first) and ``D8`` (down, column first)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Distribution


class NotationError(ValueError):
    pass


@dataclass(frozen=True)
class Letter:
    """One tile of a play: the face it reads as, and whether it is a blank standing for it."""

    face: str
    blank: bool = False


def parse_word(text: str, dist: Distribution) -> tuple[Letter, ...]:
    """Split a word into the set's tiles, longest face first (so Spanish CH is one tile)."""
    faces = set(dist.faces()) | set(dist.folds)
    longest = max(len(f) for f in faces)
    out: list[Letter] = []
    i = 0
    while i < len(text):
        if text[i] == "[":
            j = text.find("]", i)
            if j < 0:
                raise NotationError(f"'{text}': '[' without ']'")
            chunk = text[i + 1:j]
            out.append(_letter(chunk, faces, text))
            i = j + 1
            continue
        for size in range(min(longest, len(text) - i), 0, -1):
            chunk = text[i:i + size]
            # one case per tile: upper (or caseless, as the apostrophe ʼ) is the tile, lower a blank
            if chunk.upper() in faces and chunk in (chunk.upper(), chunk.lower()):
                out.append(_letter(chunk, faces, text))
                i += size
                break
        else:
            raise NotationError(f"'{text}': the set has no tile '{text[i].upper()}'")
    return tuple(out)


def _letter(chunk: str, faces: set[str], text: str) -> Letter:
    upper = chunk.upper()
    if upper not in faces:
        raise NotationError(f"'{text}': the set has no tile '{upper}'")
    blank = chunk != upper
    return Letter(upper, blank)


_COORD = re.compile(r"(?:(?P<row>[0-9]{1,2})(?P<col>[A-Za-z])|(?P<col2>[A-Za-z])(?P<row2>[0-9]{1,2}))\Z")


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
