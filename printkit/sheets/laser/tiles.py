"""Laser-cut tiles: every tile of the set (and its spares) on as few bed sheets as the bed allows.

Tiles sit on a grid of pitch tile + kerf and the cuts run on the grid lines, the centre of the
kerf: the beam takes half a kerf from each side of a line, so every tile comes out at its nominal
size. Neighbours share one cut (each edge is cut once, a straight line in one stroke); the cuts
inside the block go before the outline that frees it, in an order that keeps the head's moves
short. Letters and values are engraved where the printed tiles have them; blanks stay empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import PrintkitError
from ...fonts import require
from ...geometry import (Document, Grid, Item, Line, Page, Path, Role, cut_runs, joined, shared, shortest_moves,
                         split_runs, with_gaps)
from ...geometry.route import Stroke
from ...model import Kit
from ..common import lettering
from ..tiles import Face, draw_face, face_style, spare_faces, tile_faces
from .common import INNER, OUTER, Bed, for_machine, job_figures, layers

KIND = "laser-tiles"


@dataclass(frozen=True)
class Cell:
    """A tile on the beds: its face, sheet (from 0), cell of the bed's grid, and whether it is a spare."""

    face: Face
    sheet: int
    row: int
    col: int
    spare: bool = False


def bed_grid(kit: Kit, bed: Bed) -> Grid:
    """The most cells of pitch tile + kerf (in whole micrometres) that the bed's area holds, from
    its top-left corner: where the grid lines cross, the cuts cross."""
    s, k = kit.physical.tile_mm, kit.physical.kerf_mm
    pitch = round((s + k) * 1000) / 1000
    x, y, w, h = bed.area
    grid = Grid.fitting(w, h, pitch).at(x, y)
    if grid.count < 1:
        raise PrintkitError(f"{kit.at('laser.bed')}: a bed of {bed.width:g} × {bed.height:g} mm with margins of "
                            f"{bed.margin:g} mm has no room for one tile of {s:g} mm (with the kerf of {k:g} mm, "
                            f"{pitch:g} mm a side)")
    return grid


def place(kit: Kit, grid: Grid) -> list[Cell]:
    """Every tile's sheet and cell, in reading order: the set, then straight after it the spares
    (on a laser they need no label, and one block needs fewer cuts). Spares the kit asks for may
    take another sheet; ``spares: fill`` takes only what the last sheet has free, a row at most."""
    faces = tile_faces(kit)
    free = -len(faces) % grid.count
    spares = spare_faces(kit, min(grid.cols, free))
    return [Cell(f, i // grid.count, *divmod(i % grid.count, grid.cols), spare=i >= len(faces))
            for i, f in enumerate(faces + spares)]


def cut_strokes(cells: set[tuple[int, int]], grid: Grid, gap: float = 0.0,
                ordered: bool = True) -> tuple[list[Stroke], list[Stroke]]:
    """The inner and the outer cuts of a block of ``cells``, in mm: each edge once, on the grid
    lines; a run partly inside the block and partly on its outline split in two. The cut line has a
    gap of ``gap`` mm in the middle of each cell's edge (hold tabs: the tab left uncut is the gap
    less the kerf, which the caller adds). ``ordered``: inner runs from the bed's
    origin, then outer ones from where the inner end, by the shortest moves; else row by row as
    :func:`cut_runs` lists them (the order to compare with)."""
    inner, outer = [], []
    for inside, (a, b) in split_runs(cut_runs(cells), lambda e: shared(cells, e)):
        (inner if inside else outer).append((grid.corner(*a), grid.corner(*b)))
    here = (0.0, 0.0)
    out = []
    for runs in (inner, outer):
        if ordered:
            runs = shortest_moves(runs, here)
        if runs:
            here = runs[-1][-1]
        strokes = [s for a, b in runs for s in with_gaps(a, b, round(abs(b[0] - a[0] + b[1] - a[1]) / grid.pitch),
                                                           gap)]
        out.append(joined(strokes))
    return out[0], out[1]


def _item(stroke: Stroke, tag: str) -> Item:
    """A stroke as a line, or as one path when it turns corners (a closed one ends with Z)."""
    if len(stroke) == 2:
        (x1, y1), (x2, y2) = stroke
        return Line(x1, y1, x2, y2, role=Role.CUT, tag=tag)
    closed = stroke[0] == stroke[-1]
    points = stroke[:-1] if closed else stroke
    commands = (("M", *points[0]), *(("L", *p) for p in points[1:])) + ((("Z",),) if closed else ())
    return Path(commands, role=Role.CUT, tag=tag)


def laser_tile_documents(kit: Kit) -> list[Document]:
    """Per bed sheet one file in each format the machine's profile reads (SVG, DXF)."""
    lt = lettering(kit)
    font = lt.letters
    faces = tile_faces(kit) + spare_faces(kit, 0)
    require(font, "".join(f.face for f in faces if f.face) + "".join(str(f.value) for f in faces if f.face),
            f"the kit {kit.name}", kit.at("style.tile.font"))
    bed = Bed.of(kit)
    grid = bed_grid(kit, bed)
    placed = place(kit, grid)
    style = face_style(kit, font)
    s, k, machine = kit.physical.tile_mm, kit.physical.kerf_mm, kit.laser.machine
    gap = kit.laser.tabs_mm + k if kit.laser.tabs_mm > 0 else 0.0  # the beam burns k/2 past each end of a cut
    sheets = placed[-1].sheet + 1
    docs: list[Document] = []
    for n in range(sheets):
        here = [t for t in placed if t.sheet == n]
        engrave: list[Item] = []
        for t in here:
            x, y = grid.corner(t.row, t.col)
            engrave += draw_face(t.face, x + k / 2, y + k / 2, style, kit, font)  # the finished tile's corner
        inner, outer = cut_strokes({(t.row, t.col) for t in here}, grid, gap)
        sheet_layers = layers(machine, {"engrave": engrave, INNER: [_item(st, "cut") for st in inner],
                                        OUTER: [_item(st, "cut") for st in outer]})
        page = Page(bed.width, bed.height, sheet_layers)
        spares = sum(1 for t in here if t.spare)
        figures = job_figures(kit, bed, sheet_layers, sheet=n + 1, sheets=sheets, tiles=len(here) - spares,
                              spares=spares, tile_mm=s, kerf_mm=k, pitch_mm=grid.pitch, grid=[grid.cols, grid.rows],
                              tabs_mm=kit.laser.tabs_mm)
        title = lt.say("doc_laser_tiles", title=kit.title, sheet=n + 1, sheets=sheets)
        for fmt in machine.formats:
            docs.append(Document(f"{KIND}-{n + 1}.{fmt}", KIND, fmt, (page,), title, dict(figures),
                                 **for_machine(kit, bed)))
    return docs
