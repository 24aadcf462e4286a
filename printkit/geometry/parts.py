"""Flat parts cut from a sheet (the racks', the box's): what a part's outline tells of its place."""

from __future__ import annotations


class Outlined:
    """A part whose ``outline`` is its polygon's points (x, y) in mm: its box and its size. A base
    of the racks' and the box's part records (frozen dataclasses with an ``outline`` field)."""

    @property
    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): the least and greatest x and y of the outline."""
        xs = [x for x, _ in self.outline]
        ys = [y for _, y in self.outline]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def size(self) -> tuple[float, float]:
        """(width, height) of the box."""
        x0, y0, x1, y1 = self.box
        return x1 - x0, y1 - y0
