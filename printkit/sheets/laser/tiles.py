"""Laser-cut tiles: the set on as few bed sheets as the bed allows, and its spares apart from it.

Tiles sit on a grid of pitch tile + kerf and the cuts run on the grid lines, the centre of the
kerf: the beam takes half a kerf from each side of a line, so every tile comes out at its nominal
size. Neighbours share one cut (each edge is cut once, a straight line in one stroke). The cuts
inside a block go before the outline that frees it, each a straight line that starts inside the
block, so that software which finds "inner" cuts by where they start (K40 Whisperer's "Cut Inside
First") finds every one; the profile gives them a colour of their own where the software can run
them as an operation of their own. Letters and values are engraved where the printed tiles have
them; blanks stay empty.

The spares are those of the paper sheets (:func:`printkit.sheets.tiles.kit_spares`, one
declaration), in a block of their own below the set, apart from it by a strip that holds their
engraved label, or on a sheet of their own; ``laser.fill_bed`` fills the rest of that block's sheet
with more, in the set's proportions. A bag filled from the set's block is the set.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot

from ...errors import PrintkitError
from ...fonts import require
from ...geometry import (
    Document,
    Grid,
    Item,
    Line,
    Page,
    Path,
    Role,
    cut_runs,
    joined,
    shared,
    shortest_moves,
    split_runs,
    with_gaps,
)
from ...geometry.route import Point, Stroke
from ...model import Kit
from ...records import record
from ...text import Said
from ..common import lettering
from ..tiles import Face, draw_face, face_style, kit_spares, spare_faces, tile_faces
from .common import INNER, OUTER, Bed, for_machine, job_figures, layers

KIND = "laser-tiles"
SPARES_GAP_MM = 7.0  # the strip between the set and its spares, which holds their engraved label
LABEL_CAP_MM = 3.0  # capitals of that label
INSIDE_MM = 1.0  # how far inside the block an inner cut that runs from outline to outline starts


@dataclass(frozen=True)
class Cell:
    """A tile on the beds: its face, sheet (from 0), cell of its block's grid, and whether it is a spare."""

    face: Face
    sheet: int
    row: int
    col: int
    spare: bool = False


@record
class Block:
    """Tiles cut as one block, neighbours sharing their cuts: the set's tiles on a sheet, or the
    spares, apart from the set. ``grid`` is the block's own, placed on the bed."""

    sheet: int
    grid: Grid
    cells: tuple[Cell, ...]
    spare: bool

    @property
    def top(self) -> float:
        return self.grid.y


def bed_grid(kit: Kit, bed: Bed) -> Grid:
    """The most cells of pitch tile + kerf (in whole micrometres) that the bed's area holds, from
    its top-left corner: where the grid lines cross, the cuts cross."""
    s, k = kit.physical.tile_mm, kit.physical.kerf_mm
    pitch = round((s + k) * 1000) / 1000
    x, y, w, h = bed.area
    grid = Grid.fitting(w, h, pitch).at(x, y)
    if grid.count < 1:
        raise PrintkitError.saying(Said("cfg_bed_tile", {
            "w": f"{bed.width:g}", "h": f"{bed.height:g}", "margin": f"{bed.margin:g}", "s": f"{s:g}", "k": f"{k:g}",
            "pitch": f"{pitch:g}"}, where=kit.at("laser.bed")))
    return grid


def _spare_grid(grid: Grid, bed: Bed, top: float) -> Grid | None:
    """The grid of a spare block whose label strip starts at ``top``: whole rows down to the bed's
    margin; None if not one row fits."""
    x, y, w, h = bed.area
    y0 = round(top + SPARES_GAP_MM, 6)
    room = y + h - y0
    if room < grid.pitch:
        return None
    g = Grid.fitting(w, room, grid.pitch).at(grid.x, y0)
    return g if g.rows >= 1 else None


def fill_faces(kit: Kit, n: int) -> list[Face]:
    """``n`` more spare letters in the set's proportions: each next one the letter whose tiles in the
    set are most for its spares so far (Sainte-Laguë's divisors 1, 3, 5…, which neither favour the
    common letters nor the rare; ties to the earlier letter), listed in the alphabet's order. No
    blanks: a lost blank is any letter's tile, turned over."""
    from fractions import Fraction  # 2.4 ms of imports (decimal, …), for the few kits that fill a bed

    tiles = kit.distribution.tiles
    given = {t.face: 0 for t in tiles}
    for _ in range(n):
        best = max(tiles, key=lambda t: Fraction(t.count, 2 * given[t.face] + 1))
        given[best.face] += 1
    return [Face(t.face, t.value) for t in tiles for _ in range(given[t.face])]


def place(kit: Kit, bed: Bed, grid: Grid) -> list[Block]:
    """The blocks of every sheet: the set in reading order from each sheet's top-left corner; then
    the spares, in a block of their own below the set's last row and its label strip if they all
    fit there, else on sheets of their own under a label strip at the top; with ``laser.fill_bed``,
    the rest of the last spare block filled with more spares (never a sheet more)."""
    faces = tile_faces(kit)
    n = grid.count
    blocks = [Block(s, grid, tuple(Cell(f, s, *divmod(i, grid.cols)) for i, f in enumerate(faces[s * n:(s + 1) * n])),
                    False) for s in range(-(-len(faces) // n))]
    spares = kit_spares(kit)
    fill = kit.laser.fill_bed
    last = blocks[-1]
    below = _spare_grid(grid, bed, grid.y + (last.cells[-1].row + 1) * grid.pitch)
    if below is not None and (len(spares) <= below.count) and (spares or fill):
        chunks = [(last.sheet, below, spares)]
    elif spares:
        own = _spare_grid(grid, bed, grid.y)
        if own is None:  # a bed one tile high: no room for a label strip above a row of spares
            own = grid
        chunks = [(last.sheet + 1 + i // own.count, own, spares[i:i + own.count])
                  for i in range(0, len(spares), own.count)]
    else:
        chunks = []
    if chunks and fill:
        sheet, g, part = chunks[-1]
        chunks[-1] = (sheet, g, part + fill_faces(kit, g.count - len(part)))
    for sheet, g, part in chunks:
        blocks.append(Block(sheet, g, tuple(Cell(f, sheet, *divmod(i, g.cols), spare=True)
                                            for i, f in enumerate(part)), True))
    return blocks


# -- cuts ----------------------------------------------------------------------------------------------

def _block_runs(cells: set[tuple[int, int]], grid: Grid) -> tuple[list, list]:
    """The inner and outer runs of a block of ``cells``, in mm, each edge once, on the grid lines."""
    inner, outer = [], []
    for inside, (a, b) in split_runs(cut_runs(cells), lambda e: shared(cells, e)):
        (inner if inside else outer).append((grid.corner(*a), grid.corner(*b)))
    return inner, outer


def _spans(a: Point, b: Point, pitch: float) -> int:
    return round(abs(b[0] - a[0] + b[1] - a[1]) / pitch)


Way = tuple[Stroke, ...]  # strokes cut one after the other


def inner_pieces(runs: list[tuple[Point, Point]], pitch: float, gap: float) -> list[tuple[Way, ...]]:
    """The inner runs as straight strokes that each start inside the block, each run (or piece
    between hold tabs) with the ways it may be cut. A run ends on the block's outline at both ends,
    so it is cut as two strokes out from a point just inside one end: the short one back to that
    end, then the rest; either end may be the first. With
    hold tabs, a piece that touches the outline starts at its other end, one between two tabs
    either way. Each edge is still cut once."""
    out: list[tuple[Way, ...]] = []
    for a, b in runs:
        n = _spans(a, b, pitch)
        for p, q in with_gaps(a, b, n, gap):
            if p == a and q == b:
                out.append((_from_near(a, b), _from_near(b, a)))
            elif p == a:
                out.append((((q, p),),))
            elif q == b:
                out.append((((p, q),),))
            else:
                out.append((((p, q),), ((q, p),)))
    return out


def _from_near(a: Point, b: Point) -> Way:
    """The run a–b cut from a point INSIDE_MM in from ``a`` (inside the block by any test; the way
    back to it is short): back to ``a``, then on to ``b``."""
    length = hypot(b[0] - a[0], b[1] - a[1])
    d = min(INSIDE_MM, length / 2)
    m = (round(a[0] + (b[0] - a[0]) * d / length, 6), round(a[1] + (b[1] - a[1]) * d / length, 6))
    return (m, a), (m, b)


def nearest_first(units: list[tuple[Way, ...]], start: Point) -> list[Stroke]:
    """The strokes of ``units`` in the order a tool at ``start`` cuts them, going always to the
    nearest first point of a way of a unit not cut yet (ties: the earlier unit, its earlier way)."""
    left = list(units)
    out: list[Stroke] = []
    here = start
    while left:
        best = min(((hypot(way[0][0][0] - here[0], way[0][0][1] - here[1]), i, j)
                    for i, unit in enumerate(left) for j, way in enumerate(unit)))
        _, i, j = best
        way = left.pop(i)[j]
        out += way
        here = way[-1][-1]
    return out


def _from_top_left(stroke: Stroke) -> Stroke:
    """A closed stroke started at its top-left corner (where no inner cut ends, so no software joins
    the outline to one); an open one as it is."""
    if len(stroke) < 4 or stroke[0] != stroke[-1]:
        return stroke
    ring = list(stroke[:-1])
    i = min(range(len(ring)), key=lambda k: (ring[k][1], ring[k][0]))
    ring = ring[i:] + ring[:i]
    return tuple(ring + [ring[0]])


def outer_strokes(runs: list[tuple[Point, Point]], pitch: float, gap: float, here: Point) -> list[Stroke]:
    """The outline's runs in the order of the shortest moves from ``here``, those that meet joined
    into one contour, a closed one started at its top-left corner."""
    runs = shortest_moves(runs, here)
    pieces = [s for a, b in runs for s in with_gaps(a, b, _spans(a, b, pitch), gap)]
    return [_from_top_left(s) for s in joined(pieces)]


def cut_strokes(cells: set[tuple[int, int]], grid: Grid, gap: float = 0.0,
                ordered: bool = True) -> tuple[list[Stroke], list[Stroke]]:
    """The inner and the outer cuts of a block of ``cells``, in mm: each edge once, on the grid
    lines; a run partly inside the block and partly on its outline split in two. The cut line has a
    gap of ``gap`` mm in the middle of each cell's edge (hold tabs: the tab left uncut is the gap
    less the kerf, which the caller adds). ``ordered``: inner strokes (see :func:`inner_pieces`)
    from the bed's origin by the nearest start, then the outline from where they end by the
    shortest moves; else whole runs row by row as :func:`cut_runs` lists them (the order to compare
    with)."""
    inner, outer = _block_runs(cells, grid)
    if not ordered:
        return ([s for a, b in inner for s in with_gaps(a, b, _spans(a, b, grid.pitch), gap)],
                joined([s for a, b in outer for s in with_gaps(a, b, _spans(a, b, grid.pitch), gap)]))
    cuts = nearest_first(inner_pieces(inner, grid.pitch, gap), (0.0, 0.0))
    here = cuts[-1][-1] if cuts else (0.0, 0.0)
    return cuts, outer_strokes(outer, grid.pitch, gap, here)


def sheet_cuts(blocks: list[Block], gap: float) -> tuple[list[Stroke], list[Stroke]]:
    """The inner cuts of every block of a sheet, then the outlines, each in the order of short moves."""
    inner_runs = [(_block_runs({(c.row, c.col) for c in b.cells}, b.grid), b.grid.pitch) for b in blocks]
    inner = nearest_first([s for (runs, _), pitch in inner_runs for s in inner_pieces(runs, pitch, gap)], (0.0, 0.0))
    here = inner[-1][-1] if inner else (0.0, 0.0)
    outer: list[Stroke] = []
    todo = [((runs[1]), pitch) for runs, pitch in inner_runs]
    while todo:  # the nearest block's outline next
        i = min(range(len(todo)), key=lambda k: (min(hypot(p[0] - here[0], p[1] - here[1])
                                                     for run in todo[k][0] for p in run), k))
        runs, pitch = todo.pop(i)
        strokes = outer_strokes(runs, pitch, gap, here)
        outer += strokes
        here = strokes[-1][-1] if strokes else here
    return inner, outer


def _item(stroke: Stroke, tag: str) -> Item:
    """A stroke as a line, or as one path when it turns corners (a closed one ends with Z)."""
    if len(stroke) == 2:
        (x1, y1), (x2, y2) = stroke
        return Line(x1, y1, x2, y2, role=Role.CUT, tag=tag)
    closed = stroke[0] == stroke[-1]
    points = stroke[:-1] if closed else stroke
    commands = (("M", *points[0]), *(("L", *p) for p in points[1:])) + ((("Z",),) if closed else ())
    return Path(commands, role=Role.CUT, tag=tag)


# -- the sheets ----------------------------------------------------------------------------------------

def _faces(cells) -> dict:
    """Faces counted as the manifest writes a set: {"letters": {face: n}, "blanks": n}."""
    letters: dict[str, int] = {}
    blanks = 0
    for c in cells:
        if c.face.face is None:
            blanks += 1
        else:
            letters[c.face.face] = letters.get(c.face.face, 0) + 1
    return {"letters": letters, "blanks": blanks}


def laser_tile_documents(kit: Kit) -> list[Document]:
    """Per bed sheet one file in each format the machine's profile reads (SVG, DXF)."""
    lt = lettering(kit)
    font = lt.letters
    faces = tile_faces(kit) + spare_faces(kit, 0)
    require(font, "".join(f.face for f in faces if f.face) + "".join(str(f.value) for f in faces if f.face),
            f"the kit {kit.name}", kit.at("style.tile.font"))
    bed = Bed.of(kit)
    grid = bed_grid(kit, bed)
    blocks = place(kit, bed, grid)
    style = face_style(kit, font)
    s, k, machine = kit.physical.tile_mm, kit.physical.kerf_mm, kit.laser.machine
    gap = kit.laser.tabs_mm + k if kit.laser.tabs_mm > 0 else 0.0  # the beam burns k/2 past each end of a cut
    sheets = max(b.sheet for b in blocks) + 1
    set_size = len(tile_faces(kit))
    spare_total = sum(len(b.cells) for b in blocks if b.spare)
    filled = sum(len(b.cells) for b in blocks if b.spare) - len(kit_spares(kit)) if kit.laser.fill_bed else 0
    note = lt.say("spares_note", n=spare_total, total=set_size)
    docs: list[Document] = []
    for n in range(sheets):
        here = [b for b in blocks if b.sheet == n]
        engrave: list[Item] = []
        for b in here:
            for t in b.cells:
                x, y = b.grid.corner(t.row, t.col)
                engrave += draw_face(t.face, x + k / 2, y + k / 2, style, kit, font)  # the finished tile's corner
            if b.spare and b.top >= grid.y + SPARES_GAP_MM - 1e-6:  # a bed one tile high has no strip for it
                engrave.append(_label(lt, note, b, k, kit))
        inner, outer = sheet_cuts(here, gap)
        sheet_layers = layers(machine, {"engrave": engrave, INNER: [_item(st, "cut") for st in inner],
                                        OUTER: [_item(st, "cut") for st in outer]})
        page = Page(bed.width, bed.height, sheet_layers)
        set_cells = [c for b in here if not b.spare for c in b.cells]
        spare_cells = [c for b in here if b.spare for c in b.cells]
        figures = job_figures(kit, bed, sheet_layers, sheet=n + 1, sheets=sheets, tiles=len(set_cells),
                              spares=len(spare_cells), set_tiles=_faces(set_cells), spare_tiles=_faces(spare_cells),
                              spares_filled=filled if spare_cells and n == sheets - 1 else 0,
                              tile_mm=s, kerf_mm=k, pitch_mm=grid.pitch, grid=[grid.cols, grid.rows],
                              tabs_mm=kit.laser.tabs_mm)
        title = lt.say("doc_laser_tiles", title=kit.title, sheet=n + 1, sheets=sheets)
        for fmt in machine.formats:
            docs.append(Document(f"{KIND}-{n + 1}.{fmt}", KIND, fmt, (page,), title, dict(figures),
                                 **for_machine(kit, bed)))
    return docs


def _label(lt, text: str, block: Block, kerf: float, kit: Kit) -> Item:
    """The spares' label, engraved in the strip above their block: capitals of LABEL_CAP_MM centred
    in it, from the block's left edge, no wider than the block."""
    font = lt.small(text)
    em = LABEL_CAP_MM * font.units / font.cap_height
    em = lt.fitted(text, em, block.grid.cols * block.grid.pitch - kerf)
    cap = em * font.cap_height / font.units
    baseline = block.top - (SPARES_GAP_MM - cap) / 2
    require(font, "".join(sorted(set(text) - {" "})), "the label of the spare tiles", kit.at("style.page.font"))
    return lt.label(block.grid.x + kerf / 2, baseline, text, em, tag="spares-note")
