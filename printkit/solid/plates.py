"""Tiles packed on the printer's plates: a grid of tiles ``gap_mm`` apart, centred on the bed
inside its margins, as many plates as the set needs, in the order of the sheets (the set in
alphabet order, blanks last, then the kit's spares)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import PrintkitError
from ..model import Kit
from .tower import Tower, tile_changes, tower_room


@dataclass(frozen=True)
class Slot:
    """Where a tile lies on its plate: the corner of its body nearest the bed's origin, mm."""

    x: float
    y: float


@dataclass(frozen=True)
class PlateGrid:
    cols: int
    rows: int
    x0: float
    y0: float
    pitch: float
    side: float = 0.0  # the tiles'
    tower: Tower | None = None  # the wipe tower's room: the places on it (and within a gap of it) are left empty
    gap: float = 0.0

    @property
    def count(self) -> int:
        return len(self._free(False))

    def _place(self, i: int, face_up: bool) -> Slot:
        row, col = divmod(i, self.cols)
        across = col if face_up else self.cols - 1 - col
        return Slot(round(self.x0 + across * self.pitch, 4),
                    round(self.y0 + (self.rows - 1 - row) * self.pitch, 4))

    def _free(self, face_up: bool) -> list[int]:
        places = range(self.cols * self.rows)
        if self.tower is None:
            return list(places)
        return [i for i in places if self.tower.clear_of(*self._corners(self._place(i, face_up)), self.gap)]

    def _corners(self, s: Slot) -> tuple[float, float, float, float]:
        return s.x, s.y, s.x + self.side, s.y + self.side

    def slot(self, i: int, face_up: bool = False) -> Slot:
        """The ``i``-th place: rows from the back of the bed (high y) to the front, each from right to
        left, so that the plate seen from below (the faces) reads as a sheet does; face up (raised
        letters), each row from left to right, read from above; the places the tower's room takes skipped."""
        return self._place(self._free(face_up)[i] if self.tower is not None else i, face_up)


def plate_grid(kit: Kit) -> PlateGrid:
    p3, side = kit.print3d, kit.physical.tile_mm
    printer = p3.printer
    pitch = side + p3.gap_mm

    def fit(room: float) -> int:
        return max(0, math.floor((room - side) / pitch + 1e-9) + 1) if room >= side else 0

    cols, rows = fit(printer.bed_w - 2 * p3.margin_mm), fit(printer.bed_h - 2 * p3.margin_mm)
    if cols * rows == 0:  # the kit's reader refuses such a kit; a Kit made in code stops here
        raise PrintkitError(f"{kit.at('physical.tile_mm')}: a tile of {side:g} mm does not fit the bed of "
                            f"{printer.title} with margins of {p3.margin_mm:g} mm")
    w, h = cols * pitch - p3.gap_mm, rows * pitch - p3.gap_mm
    return PlateGrid(cols, rows, round((printer.bed_w - w) / 2, 4), round((printer.bed_h - h) / 2, 4), pitch, side,
                     tower_room(kit, tile_changes(kit)), p3.gap_mm)


def plates(kit: Kit, n: int) -> list[list[tuple[int, Slot]]]:
    """``n`` tiles on plates: for each plate, (tile's index, slot). The last plate is filled like the
    others, from the back."""
    grid = plate_grid(kit)
    up = kit.print3d.face == "up"
    return [[(i, grid.slot(i - start, up)) for i in range(start, min(start + grid.count, n))]
            for start in range(0, n, grid.count)]


__all__ = ["PlateGrid", "Slot", "plate_grid", "plates"]
