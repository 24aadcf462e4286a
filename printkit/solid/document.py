"""A document of solids: what a 3MF or STL writer translates (objects of parts, each part's mesh
and filament, each object's place on the plate), with what the manifest says of it."""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import Document
from .mesh import Mesh

FILAMENTS = ("body", "letters")  # the parts, in the order of their extruders: body 1, letters 2
ONE_PART = "tile"  # a tile printed in one filament: one part, its colours apart by height (extruder 1)


@dataclass(frozen=True)
class Part:
    name: str  # "body" or "letters"; on the board also a premium's code ("DL", "TW"…)
    mesh: Mesh  # in the object's coordinates
    slot: int = 0  # the extruder, if not the one of FILAMENTS the name is (a board's premium)

    @property
    def extruder(self) -> int:
        """The slicer's extruder (filament, AMS slot) of the part, from 1."""
        return self.slot or extruder(self.name)


def extruder(name: str) -> int:
    """The extruder of a part of ``name``: body 1, letters 2; a tile of one part 1."""
    return 1 if name == ONE_PART else FILAMENTS.index(name) + 1


@dataclass(frozen=True)
class Solid:
    """An object on the plate: its name, its parts, and where its origin lies on the bed (mm)."""

    name: str
    parts: tuple[Part, ...]
    x: float
    y: float


@dataclass(frozen=True)
class SolidDocument(Document):
    """A plate of solids: ``objects`` on a bed of ``bed_mm``; ``part``: which part an STL holds
    (None: all parts, a 3MF); ``slicer``: how a 3MF stores an object's parts, as the slicer the
    printer's profile names does ("prusa": ranges of one mesh; "bambu": components)."""

    objects: tuple[Solid, ...] = ()
    bed_mm: tuple[float, float] = (0.0, 0.0)
    part: str | None = None
    slicer: str = "bambu"
    # where a printer of one filament stops for a colour change: (the height of the first layer in the new
    # colour, as slicers name a layer by its top; the colour, #rrggbb), lowest first
    colour_changes: tuple[tuple[float, str], ...] = ()
    tower: object | None = None  # the wipe tower's room (a solid.tower.Tower): the 3MF tells the slicer its place


__all__ = ["FILAMENTS", "ONE_PART", "Part", "Solid", "SolidDocument", "extruder", "plate_files"]


def plate_files(stem: str, title: str, figures: dict, objects, bed: tuple[float, float], slicer: str,
                filaments=FILAMENTS, colour_changes: tuple[tuple[float, str], ...] = (),
                tower=None) -> list[SolidDocument]:
    """A plate's files: the 3MF (every part with its filament) and an STL of each filament's parts
    (``filaments``, in the figures' order) for a slicer that reads no 3MF; a filament no part takes
    (the letters of a plate of blanks) has no STL (an empty mesh is not a solid)."""
    docs = [SolidDocument(f"{stem}.3mf", "3d", "3mf", (), title, figures, objects=tuple(objects), bed_mm=bed,
                          slicer=slicer, colour_changes=colour_changes, tower=tower)]
    for n in filaments:
        if any(p.name == n for o in objects for p in o.parts):
            part_figures = {**figures, "part": n, "filaments": {n: figures["filaments"][n]}}
            docs.append(SolidDocument(f"{stem}-{n}.stl", "3d", "stl", (), title, part_figures,
                                      objects=tuple(objects), bed_mm=bed, part=n))
    return docs
