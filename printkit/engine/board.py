"""The board as data: its size, premium squares and start square, and whether a word laid from a
coordinate fits on it.

The tiles placed in a game are :class:`printkit.engine.state.State`'s; nothing here draws (that is
:mod:`printkit.sheets`).

API: :class:`Board` (``Board.from_layout(layout)``, ``rows``, ``cols``, ``premium(row, col)``,
``fit(at, n)``, ``extent()``), :class:`OffBoard`.
"""

from __future__ import annotations

from ..model import Layout, Premium
from ..notation import Coord, NotationError, square_name
from ..records import record


class OffBoard(NotationError):
    """A coordinate, or a word laid from it, that does not fit on the board."""


@record
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
