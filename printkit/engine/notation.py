"""Reading plays as game records write them.

Words: a tile's face in upper case (``ФЕТР``); lower case for a blank standing for that letter
(``фЕТР``); the longest face first, so Spanish ``CHE`` is CH + E; ``[C]HE`` or ``[CH]`` where the
reading should be forced; in a play, ``.`` for a tile already on the board (``ПРО.....``, read with
``through=True``). Coordinates (``8D`` across, ``D8`` down) and square names need no tile set:
they are :mod:`printkit.notation`'s, and so is :class:`NotationError` (a ``ValueError``; every
engine error is one), which this module raises.

API: :func:`parse_word` (text → tiles), :func:`write_word` (tiles → text, the other way),
:func:`parse_rack` (a rack → faces, ``?`` a blank), :class:`Letter`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Distribution
from ..notation import NotationError
from ..text import case

__all__ = ["BLANK", "THROUGH", "Letter", "NotationError", "parse_rack", "parse_word", "write_word"]


@dataclass(frozen=True)
class Letter:
    """One tile of a play: the face of the tile played, and whether it is a blank standing for it."""

    face: str
    blank: bool = False


THROUGH = "."  # in a play: a tile already on the board
BLANK = "?"  # on a rack or in an exchange: a blank


def parse_word(text: str, dist: Distribution, through: bool = False) -> tuple[Letter | None, ...]:
    """Split a word into the set's tiles.

    - Longest face first: Spanish ``CHE`` is CH + E; ``[C]HE`` is C + H + E, ``[CH]`` is CH.
    - Each tile is written in one case: ``CH`` the tile, ``ch`` a blank standing for it; ``Ch``
      is therefore C and a blank H, and ``[Ch]`` an error. A face with no case (the Ukrainian
      apostrophe ʼ) is always the tile itself.
    - A letter the set folds into another tile is played as that tile: Ё as Е in Эрудит.
    - With ``through``, ``.`` is a tile already on the board: ``None`` in the result.
    """
    tiles, longest, seen = _table(dist)
    out: list[Letter | None] = []
    i = 0
    while i < len(text):
        if through and text[i] == THROUGH:
            out.append(None)
            i += 1
            continue
        if text[i] == "?":
            raise NotationError(f"'{text}': a blank names the letter it stands for: write that letter in lower case")
        if text[i] == "[":
            j = text.find("]", i + 1)
            if j < 0:
                raise NotationError(f"'{text}': '[' without ']'")
            chunk = text[i + 1:j]
            if not chunk:
                raise NotationError(f"'{text}': '[]' names no tile")
            letter = _letter(chunk, tiles, dist.language)
            if letter is None:
                if dist.upper(chunk) in tiles:
                    raise NotationError(f"'{text}': '[{chunk}]' mixes cases: [{dist.upper(chunk)}] is the tile, "
                                        f"[{dist.lower(chunk)}] a blank standing for it")
                raise NotationError(f"'{text}': the set has no tile '{dist.upper(chunk)}'")
            out.append(letter)
            i = j + 1
            continue
        if text[i] == "]":
            raise NotationError(f"'{text}': ']' without '['")
        if text[i].isspace():
            raise NotationError(f"'{text}': a word is written without spaces")
        for size in range(min(longest, len(text) - i), 0, -1):
            chunk = text[i:i + size]
            letter = seen.get(chunk)
            if letter is None:
                letter = _letter(chunk, tiles, dist.language)
                if letter is not None:
                    seen[chunk] = letter
            if letter is not None:
                out.append(letter)
                i += size
                break
        else:
            raise NotationError(f"'{text}': the set has no tile '{dist.upper(text[i])}'")
    return tuple(out)


def parse_rack(text: str, dist: Distribution) -> list[str]:
    """The faces of a rack as game records write it: ``?`` a blank, the others as in a word, in
    either case (old records write racks in lower case). Raises :class:`NotationError` for a
    letter the set has no tile for."""
    tiles, longest, _ = _table(dist)
    upper = dist.upper(text)
    if longest == 1:  # the common case, at once: one character a tile
        known = _RACKS.get(id(tiles))
        if known is None or known[0] is not tiles:
            known = _RACKS[id(tiles)] = (tiles, frozenset(tiles) | {"?"})
        if known[1].issuperset(upper):
            return [tiles.get(ch, ch) for ch in upper]
    faces = []
    for chunk in upper.split("?"):
        faces += [letter.face for letter in parse_word(chunk, dist)]
        faces.append("?")
    return faces[:-1]


def write_word(letters: "tuple[Letter | None, ...] | list[Letter | None]", dist: Distribution) -> str:
    """A word as :func:`parse_word` reads it back: each tile's face (lower case a blank, ``.`` for
    ``None``), a tile in brackets where reading longest face first would take it for another
    (Spanish C + H is ``[C]H``, the tile CH is ``CH``)."""
    tiles, longest, _ = _table(dist)
    parts = [THROUGH if x is None else (dist.lower(x.face) if x.blank else x.face) for x in letters]
    out = []
    for i, part in enumerate(parts):
        if part != THROUGH and longest > 1:
            rest = "".join(parts[i:])
            sizes = range(min(longest, len(rest)), len(part), -1)
            if any(_letter(rest[:size], tiles, dist.language) is not None for size in sizes):
                part = f"[{part}]"
        out.append(part)
    return "".join(out)


_TABLES: dict[int, tuple[Distribution, dict[str, str], int, dict[str, Letter]]] = {}
_RACKS: dict[int, tuple[dict[str, str], frozenset[str]]] = {}  # a table's characters, and "?"


def _table(dist: Distribution) -> tuple[dict[str, str], int, dict[str, Letter]]:
    """The set's faces as written → the tile played (folds included), the longest face, and the
    letters read so far; built once per distribution, since a game record reads thousands of words."""
    hit = _TABLES.get(id(dist))
    if hit is None or hit[0] is not dist:
        tiles = dict(dist.folds) | {face: face for face in dist.faces()}
        hit = _TABLES[id(dist)] = (dist, tiles, max(len(w) for w in tiles), {})
    return hit[1], hit[2], hit[3]


def _letter(chunk: str, tiles: dict[str, str], language: str = "") -> Letter | None:
    """The tile ``chunk`` is written as, if it is one, in one case (caseless counts as upper), the case of the
    set's language (a Turkish blank İ is ``i``, a blank I ``ı``)."""
    upper = case.upper(chunk, language)
    face = tiles.get(upper)
    if face is None:
        return None
    if chunk == upper:
        return Letter(face)
    if chunk == case.lower(chunk, language):
        return Letter(face, blank=True)
    return None
