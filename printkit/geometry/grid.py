"""Grids of equal cells at a pitch in an area: tiles on paper and on a laser bed alike.

Counting is done in whole micrometres, so that 10 cells of 20 mm really fit 200 mm.
"""

from __future__ import annotations

from dataclasses import replace

from ..records import record


def fits(length: float, size: float, gap: float = 0.0) -> int:
    """How many items of ``size`` with ``gap`` between them fit in ``length`` millimetres."""
    span, step, g = round(length * 1000), round((size + gap) * 1000), round(gap * 1000)
    if step <= 0:
        raise ValueError("size must be positive")
    return max(0, (span + g) // step)


@record
class Grid:
    """``cols`` × ``rows`` cells of ``size`` mm, ``gap`` mm apart, the top-left one at (x, y)."""

    cols: int
    rows: int
    size: float
    gap: float = 0.0
    x: float = 0.0
    y: float = 0.0

    @classmethod
    def fitting(cls, width: float, height: float, size: float, gap: float = 0.0) -> "Grid":
        """The most cells that fit an area of ``width`` × ``height`` mm, placed at its corner."""
        return cls(fits(width, size, gap), fits(height, size, gap), size, gap)

    @property
    def pitch(self) -> float:
        return self.size + self.gap

    @property
    def count(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.pitch - self.gap

    @property
    def height(self) -> float:
        return self.rows * self.pitch - self.gap

    def at(self, x: float, y: float) -> "Grid":
        """The same grid with its top-left cell at (x, y)."""
        return replace(self, x=x, y=y)

    def cells(self, count: int) -> list[tuple[int, int]]:
        """The first ``count`` cells in reading order, as (row, col)."""
        return [divmod(i, self.cols) for i in range(count)]

    def corner(self, row: int, col: int) -> tuple[float, float]:
        """The top-left corner of cell (row, col); with no gap, also where grid lines cross."""
        return self.x + col * self.pitch, self.y + row * self.pitch
