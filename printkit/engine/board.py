"""The board as data: its size, premium squares and start square, and where a word lies on it.

The tiles placed in a game are :class:`printkit.engine.state.State`'s; nothing here draws (that is
:mod:`printkit.sheets`).

API: :class:`Board` (``Board.from_layout(layout)``, ``rows``, ``cols``, ``premium(row, col)``,
``fit(at, n)``), :func:`lay_word` (a word's squares from a coordinate, no tiles around it),
:func:`loose` (a word's squares without a position), :class:`Square`, :class:`OffBoard`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model import Layout, Premium
from ..notation import Coord, NotationError, square_name
from .notation import Letter


class OffBoard(NotationError):
    """A coordinate, or a word laid from it, that does not fit on the board."""


@dataclass(frozen=True)
class Square:
    """A tile as it lies on the board: its face, whether it is a blank, whether it was placed this
    turn, the premium under it, and where it is (``None`` for a word scored without a position)."""

    face: str
    blank: bool = False
    new: bool = True  # placed this turn
    premium: Premium = Premium.NONE
    at: tuple[int, int] | None = None  # (row, col), 0-based


@dataclass(frozen=True)
class Board:
    """A board's squares: ``premiums[row][col]``, row 0 at the top, and the square of the first move."""

    premiums: tuple[tuple[Premium, ...], ...]
    start: tuple[int, int]

    @classmethod
    def from_layout(cls, layout: Layout) -> "Board":
        return cls(layout.grid, layout.start)

    @property
    def rows(self) -> int:
        return len(self.premiums)

    @property
    def cols(self) -> int:
        return len(self.premiums[0])

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def premium(self, row: int, col: int) -> Premium:
        if not self.contains(row, col):
            raise OffBoard(f"{square_name(row, col)} is off the {self.size} board")
        return self.premiums[row][col]

    @property
    def size(self) -> str:
        return f"{self.rows}×{self.cols}"

    def extent(self) -> str:
        """``rows 1–15, columns A–O``: what a coordinate on this board may name."""
        return f"rows 1–{self.rows}, columns A–{chr(ord('A') + self.cols - 1)}"

    def fit(self, at: Coord, n: int) -> None:
        """Raise :class:`OffBoard` unless ``n`` squares from ``at``, its way, are all on the board."""
        if not self.contains(at.row, at.col):
            raise OffBoard(f"'{at}' is off the {self.size} board ({self.extent()})")
        room = (self.cols - at.col) if at.across else (self.rows - at.row)
        if n > room:
            way = "across" if at.across else "down"
            raise OffBoard(f"{n} tiles {way} from {at} run off the {self.size} board: only {room} fit")


def lay_word(board: Board, at: Coord, letters: Sequence[Letter]) -> tuple[Square, ...]:
    """The squares a word covers when laid from ``at`` (each one new, with the premium under it).

    Raises :class:`OffBoard` when ``at`` is not on the board or the word runs past its edge."""
    board.fit(at, len(letters))
    out = []
    for i, letter in enumerate(letters):
        row, col = (at.row, at.col + i) if at.across else (at.row + i, at.col)
        out.append(Square(letter.face, letter.blank, True, board.premium(row, col), (row, col)))
    return tuple(out)


def loose(letters: Sequence[Letter]) -> tuple[Square, ...]:
    """The squares of a word scored without a position: new tiles, no premiums."""
    return tuple(Square(letter.face, letter.blank) for letter in letters)
