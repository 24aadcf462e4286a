"""The wipe (prime) tower's room on a plate of two filaments or more: a slicer changing filaments
prints a tower of each change's purge beside the parts (PrusaSlicer's wipe tower, Bambu Studio's and
OrcaSlicer's prime tower), and printed it over the tiles of a plate filled to its margins. Every such
plate keeps a rectangle free for it, in the back right corner of the bed inside its margins, as wide
as the printer's profile says (``tower_mm``: the width with its brim) and as deep as the profile's
depth a change times the changes of a layer (a tile's body and letters: one; a board piece: one
fewer than the filaments its parts take, :func:`printkit.solid.board.board_extruders`). The 3MF tells
PrusaSlicer (2.9 and later) where the tower goes; the manifest states the rectangle."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Kit

# from the room's edge to the tower's own: its brim of 3 mm and half a line (PrusaSlicer's extrusions reach 3.2 mm
# past the tower's corner), and a margin
BRIM_MM = 3.5


@dataclass(frozen=True)
class Tower:
    """The tower's room on the bed, mm, its brim included: (x0, y0) its front left corner."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def box(self) -> list[float]:
        return [self.x0, self.y0, self.x1, self.y1]

    @property
    def position(self) -> tuple[float, float]:
        """Where the slicer puts the tower's own corner (PrusaSlicer's wipe tower x, y): inside its brim."""
        return round(self.x0 + BRIM_MM, 4), round(self.y0 + BRIM_MM, 4)

    def clear_of(self, x0: float, y0: float, x1: float, y1: float, gap: float = 0.0) -> bool:
        """Whether a part's footprint (x0, y0)–(x1, y1) keeps ``gap`` from the room."""
        return x1 + gap <= self.x0 or x0 >= self.x1 + gap or y1 + gap <= self.y0 or y0 >= self.y1 + gap


def tower_room(kit: Kit, changes: int) -> Tower | None:
    """The room of the tower of a plate whose layers change filament ``changes`` times; None on a printer
    of one filament or a plate of one part (no tower)."""
    p3 = kit.print3d
    printer = p3.printer
    if printer.filaments < 2 or changes < 1:
        return None
    width, depth = printer.tower_mm
    x1, y1 = round(printer.bed_w - p3.margin_mm, 4), round(printer.bed_h - p3.margin_mm, 4)
    return Tower(round(x1 - width, 4), round(y1 - depth * changes, 4), x1, y1)


def tile_changes(kit: Kit) -> int:
    """The filament changes of a layer of a plate of tiles: one (body and letters) on a printer of two
    filaments or more, none with letters as pockets or on one filament."""
    p3 = kit.print3d
    return 0 if p3.one_filament or p3.letters == "pockets" else 1


__all__ = ["BRIM_MM", "Tower", "tile_changes", "tower_room"]
