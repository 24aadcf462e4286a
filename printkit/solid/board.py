"""The board as solids (with the 3D-printed tiles, product ``3d``), printed face up: a slab of the
kit's grid (rows × cols cells of ``cell_mm``) and a plain rim of BORDER_MM, every cell recessed by
``print3d.board_recess_mm`` so a tile sits in it between ridges RIDGE_MM wide on the grid lines;
each premium cell's floor a pocket of three layers filled by a part of the premium's own
(one part per premium kind, so each can take a filament), the premium labels and the start star
inset into that floor as the tiles' letters are (the letters' filament), from the same outlines as
the printed board (:func:`printkit.sheets.board.sheet.cell_marks`).

The board is cut along grid lines into the fewest pieces that fit the printer's bed inside its
margin, as the laser board is (:func:`printkit.geometry.split_cells`), each piece grown by a
dovetail's depth. Along each seam the piece left of it (or above it, as the board reads) has
dovetail tongues on cells spread along the seam, and its neighbour sockets for them, larger by the
clearance a side (measured square to each flank, and at the tongue's end): printed in PLA they
press together. The straight stretches of a seam butt at the nominal line, so the board assembled
measures its nominal size.

Coordinates: x right and y up on the bed from the board's outer corner (the board's bottom left as
it reads), z up; the board is ``[0, W] × [0, H] × [0, board_mm]``. The sheets' board mm (y down,
from the grid's top-left corner) turn into these by :meth:`BoardPlan.to_solid`."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import PrintkitError
from ..geometry import Path, Text, cell_box, outline, split_cells
from ..model import Kit, Premium
from .mesh import Mesh
from .tiles import contours
from .tower import Tower, tower_room

BORDER_MM = 6.0  # the plain rim round the grid
RIDGE_MM = 1.2  # the ridges between recessed cells, on the grid lines (three lines of a 0.4 mm nozzle)
NECK = 0.30  # a dovetail's width at the seam, its width at its head and its depth, as shares of the cell
HEAD = 0.45
DEPTH = 0.25
PREMIUMS = ("DL", "TL", "DW", "TW")  # the premium parts in the book's order: extruders 3, 4, … (board_extruders)


@dataclass(frozen=True)
class Dovetail:
    """One dovetail on a seam, in board solid mm: the seam's line, where along it the dovetail's
    middle is, the pieces it joins (``tongue`` has it, ``socket`` takes it), and which way it points
    ("+x": right, "-y": down, as the board lies)."""

    tongue: int
    socket: int
    axis: str  # "x": the seam runs along y and the dovetail points +x; "y": the seam runs along x, it points -y
    seam: float
    at: float
    neck: float
    head: float
    depth: float
    clearance: float

    @property
    def slope(self) -> float:
        """tan of a flank's angle from the dovetail's axis."""
        return (self.head - self.neck) / 2 / self.depth

    @property
    def widen(self) -> float:
        """How much wider than the tongue the socket is, measured along the seam."""
        return 2 * self.clearance * math.sqrt(1 + self.slope ** 2)

    def polygon(self, grown: float = 0.0) -> list[tuple[float, float]]:
        """The tongue (``grown`` 0) or its socket (``grown`` the clearance) as a counter-clockwise
        polygon, from 1 mm behind the seam (so the tongue overlaps its own piece) to its end."""
        k = self.slope
        off = grown * math.sqrt(1 + k * k)  # a flank moved square to itself by ``grown``
        end = self.depth + grown
        uv = [(-1.0, -(self.neck / 2 - k + off)), (end, -(self.neck / 2 + end * k + off)),
              (end, self.neck / 2 + end * k + off), (-1.0, self.neck / 2 - k + off)]
        if self.axis == "x":
            return [(self.seam + u, self.at + v) for u, v in uv]
        return [(self.at - v, self.seam - u) for u, v in uv]  # pointing -y: (u, v) → (−v, −u) keeps the sense


@dataclass(frozen=True)
class BoardPiece:
    """One piece: its number in reading order, its cells (grid lines, as the laser's pieces), its
    nominal box in board solid mm, and whether it lies on the bed turned a quarter."""

    number: int
    cols: tuple[int, int]
    rows: tuple[int, int]
    box: tuple[float, float, float, float]  # (x0, y0, x1, y1) without its tongues
    turned: bool


@dataclass(frozen=True)
class BoardPlan:
    rows: int
    cols: int
    cell: float
    border: float
    split: tuple[int, int]  # pieces across, down
    pieces: tuple[BoardPiece, ...]
    dovetails: tuple[Dovetail, ...]
    tower: Tower | None = None  # the wipe tower's room on every piece's plate (two filaments or more)
    beside: str = ""  # where the pieces leave it free: "x" (right of them) or "y" (behind them)

    @property
    def width(self) -> float:
        return round(self.cols * self.cell + 2 * self.border, 4)

    @property
    def height(self) -> float:
        return round(self.rows * self.cell + 2 * self.border, 4)

    def to_solid(self, x: float, y: float) -> tuple[float, float]:
        """A point of the sheets' board mm (y down from the grid's top-left corner) on the solid board."""
        return x + self.border, self.rows * self.cell + self.border - y

    def region(self, piece: BoardPiece) -> list[list[tuple[float, float]]]:
        """The piece's outline seen from above: its box, its tongues added, its sockets taken away
        (polygons: the first added, then each tongue; the sockets are returned by :meth:`sockets`)."""
        x0, y0, x1, y1 = piece.box
        box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        return [box] + [d.polygon() for d in self.dovetails if d.tongue == piece.number]

    def sockets(self, piece: BoardPiece) -> list[list[tuple[float, float]]]:
        return [d.polygon(d.clearance) for d in self.dovetails if d.socket == piece.number]

    def extent(self, piece: BoardPiece) -> tuple[float, float, float, float]:
        """The piece's box with its tongues."""
        x0, y0, x1, y1 = piece.box
        for d in self.dovetails:
            if d.tongue == piece.number:
                if d.axis == "x":
                    x1 = max(x1, round(d.seam + d.depth, 4))
                else:
                    y0 = min(y0, round(d.seam - d.depth, 4))
        return x0, y0, x1, y1


def dovetail_depth(cell: float) -> float:
    return round(DEPTH * cell, 4)


def plan_board3d(kit: Kit) -> BoardPlan:
    """The board's pieces for the printer's bed (inside its margin), each grown by a dovetail's
    depth, and the dovetails on every seam."""
    lay, c, p3 = kit.layout, kit.physical.cell_mm, kit.print3d
    printer, b = p3.printer, BORDER_MM
    aw, ah = printer.bed_w - 2 * p3.margin_mm, printer.bed_h - 2 * p3.margin_mm
    depth = dovetail_depth(c)
    tower = tower_room(kit, board_changes(kit))
    found, beside = _split(lay, c, b, aw, ah, depth, tower, p3.gap_mm)
    if found is None:
        room = "" if tower is None else (f" beside the wipe tower's room ({tower.x1 - tower.x0:g} × "
                                         f"{tower.y1 - tower.y0:g} mm)")
        raise PrintkitError(f"{kit.at('physical.cell_mm')}: a piece of the 3D-printed board needs at least one cell "
                            f"of {c:g} mm, the {b:g} mm rim and a dovetail of {depth:g} mm "
                            f"({b + c + depth:g} mm), more than the bed of {printer.title} ({printer.bed_w:g} × "
                            f"{printer.bed_h:g} mm) has inside margins of {p3.margin_mm:g} mm{room}: leave the board "
                            f"out (print3d: {{parts: [tiles, racks]}}) or choose smaller cells")
    xs, ys = found.xs, found.ys
    nx, ny = len(xs) - 1, len(ys) - 1
    top = lay.rows * c + b
    pieces = []
    for r in range(ny):
        for q in range(nx):
            bx0, by0, bx1, by1 = cell_box(xs, ys, r, q, c, b)
            box = (round(bx0 + b, 4), round(top - by1, 4), round(bx1 + b, 4), round(top - by0, 4))
            pieces.append(BoardPiece(r * nx + q + 1, (xs[q], xs[q + 1]), (ys[r], ys[r + 1]), box,
                                     found.turns[r * nx + q]))
    neck, head, clear = round(NECK * c, 4), round(HEAD * c, 4), p3.board_clearance_mm
    tails = []
    for r in range(ny):  # seams down the board: tongues point right
        for q in range(1, nx):
            seam = round(xs[q] * c + b, 4)
            for cell in _spread(ys[r], ys[r + 1], lambda row: _plain(kit, row, xs[q])):
                tails.append(Dovetail(r * nx + q, r * nx + q + 1, "x", seam, round(top - (cell + 0.5) * c, 4), neck,
                                      head, depth, clear))
    for r in range(1, ny):  # seams across: tongues point down
        for q in range(nx):
            seam = round(top - ys[r] * c, 4)
            for cell in _spread(xs[q], xs[q + 1], lambda col: _plain(kit, ys[r], col)):
                tails.append(Dovetail((r - 1) * nx + q + 1, r * nx + q + 1, "y", seam, round((cell + 0.5) * c + b, 4),
                                      neck, head, depth, clear))
    return BoardPlan(lay.rows, lay.cols, c, b, (nx, ny), tuple(pieces), tuple(tails), tower, beside)


def board_changes(kit: Kit) -> int:
    """The filament changes of a layer of a board piece on a printer of two filaments or more: the filaments its
    parts take (:func:`board_extruders`), less one; none on one filament (the board is one part)."""
    if kit.print3d.one_filament:
        return 0
    lay = kit.layout
    kinds = {lay.at(r, col).code for r in range(lay.rows) for col in range(lay.cols)}
    return len(set(board_extruders(kinds, kit.print3d.printer.filaments).values())) - 1


# The premium kinds that share a filament when the printer has too few for one each, in the order they merge: the
# letter premiums (light blue and blue on the book's board), then the word premiums (pink and red). The labels inset
# in each premium's floor (2×, 3×) still tell the two kinds of a pair apart.
FAMILIES = (("DL", "TL"), ("DW", "TW"))


def board_extruders(kinds, filaments: int) -> dict[str, int]:
    """The extruder of each part of a board piece: body 1 and letters (labels, star) 2 as on the tiles, then each
    premium kind of ``kinds`` on the board in the book's order (DL, TL, DW, TW) from 3, never past the printer's
    ``filaments``. With too few, the premiums of a family share one (the letter premiums first, then the word
    premiums), then all premiums one; with two filaments the premiums take the body's (never the letters': the labels
    are inset in the premiums' floor)."""
    present = [code for code in PREMIUMS if code in kinds]
    room = filaments - 2
    groups = [[code] for code in present]
    for family in FAMILIES:
        if len(groups) <= room:
            break
        members = [g for g in groups if g[0] in family]
        if len(members) > 1:
            groups = [g for g in groups if g[0] not in family]
            groups.append([code for g in members for code in g])
            groups.sort(key=lambda g: PREMIUMS.index(g[0]))
    if len(groups) > room:
        groups = [present] if room >= 1 and present else []
    out = {"body": 1, "letters": 2}
    for n, group in enumerate(groups):
        out.update({code: 3 + n for code in group})
    return out | {code: 1 for code in present if code not in out}


def _split(lay, c: float, b: float, aw: float, ah: float, depth: float, tower: Tower | None, gap: float):
    """The fewest pieces in the area ``aw`` × ``ah``; with a tower, in the area beside its room (right of
    it, or in front of it, whichever makes fewer pieces): the split and that side ("" with no tower)."""
    def split(w: float, h: float):
        return split_cells(lay.rows, lay.cols, c, b, w, h, depth) if w > 0 and h > 0 else None

    if tower is None:
        return split(aw, ah), ""
    tries = [(split(aw - (tower.x1 - tower.x0) - gap, ah), "x"), (split(aw, ah - (tower.y1 - tower.y0) - gap), "y")]
    found = [(len(f.turns), n, f, side) for n, (f, side) in enumerate(tries) if f is not None]
    if not found:
        return None, ""
    _, _, f, side = min(found, key=lambda t: t[:2])
    return f, side


def _plain(kit: Kit, row: int, col: int) -> bool:
    return kit.layout.at(row, col) is Premium.NONE and (row, col) != kit.layout.start


def _spread(first: int, last: int, plain) -> list[int]:
    """The cells along a stretch of seam (grid lines ``first`` to ``last``) that carry a dovetail:
    one for every four cells or so, at least one, spread evenly, each moved to the nearest cell
    whose neighbour across the seam (where the dovetail reaches) is ``plain`` (no premium's filling
    cut in two), if one is within a cell of it."""
    n = last - first
    count = max(1, round(n / 4))
    out = []
    for k in range(count):
        target = first + int((k + 0.5) * n / count)
        near = [c for c in (target, target - 1, target + 1) if first <= c < last and c not in out and plain(c)]
        out.append(near[0] if near else target)
    return sorted(out)


@dataclass(frozen=True)
class BoardSolids:
    """The whole board's parts before it is cut: the body, the labels and star (letters), and the
    filling of each premium kind's pockets; the depths the pockets and recess reach."""

    body: object  # manifolds
    letters: object | None
    premiums: dict  # code → manifold
    floor: float  # the recessed cells' floor, z
    pocket: float  # the pockets' bottom, z


def _polygon(points) -> list[tuple[float, float]]:
    """``points`` counter-clockwise."""
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
    return list(points) if area > 0 else list(points)[::-1]


def _square(cx: float, cy: float, side: float) -> list[tuple[float, float]]:
    h = side / 2
    return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]


def board_solids(kit: Kit, plan: BoardPlan, lt) -> BoardSolids:
    """The whole board: the slab, its recessed cells, the premium pockets and their fillings, the
    labels and the star inset into the floor of their cells."""
    from manifold3d import CrossSection, FillRule, Manifold

    from ..sheets.board.sheet import cell_marks

    p3, c = kit.print3d, plan.cell
    t, recess, depth = p3.board_mm, p3.board_recess_mm, p3.board_pocket_mm
    floor, pocket = round(t - recess, 6), round(t - recess - depth, 6)
    side = c - RIDGE_MM
    cells, kinds, marks = [], {}, []
    for row in range(plan.rows):
        for col in range(plan.cols):
            cx, cy = plan.to_solid((col + 0.5) * c, (row + 0.5) * c)
            cells.append(_square(cx, cy, side))
            premium = kit.layout.at(row, col)
            if premium is not Premium.NONE:
                kinds.setdefault(premium.code, []).append(_square(cx, cy, side))
            for item in cell_marks(kit, lt, row, col, col * c, row * c, c):
                path = outline(item) if isinstance(item, Text) else item
                if isinstance(path, Path):
                    # the sheets' y runs down: turned over into the board's, so each contour turns back
                    marks += [[plan.to_solid(x, y) for x, y in contour][::-1] for contour in contours(path.commands)]
    slab = Manifold.cube((plan.width, plan.height, t))
    body = slab
    if recess > 0:
        body = body - Manifold.extrude(CrossSection(cells, FillRule.NonZero), recess + 1.0).translate((0, 0, floor))
    if p3.one_filament:
        return _one_filament(body, cells, [s for squares in kinds.values() for s in squares], marks, floor, pocket)
    premiums = {}
    letters = None
    inset = Manifold.extrude(CrossSection(marks, FillRule.NonZero), depth).translate((0, 0, pocket)) if marks else None
    for code in PREMIUMS:
        if code in kinds:
            filled = Manifold.extrude(CrossSection(kinds[code], FillRule.NonZero), depth).translate((0, 0, pocket))
            body = body - filled
            premiums[code] = filled - inset if inset is not None else filled
    if inset is not None:
        body = body - inset
        letters = inset
    return BoardSolids(body, letters, premiums, floor, pocket)


def _one_filament(body, cells, premium_cells, marks, floor: float, pocket: float) -> BoardSolids:
    """The board of one filament, its colours apart by height: one part, the body. Under the pockets'
    bottom (``pocket``) the first colour: the plain cells' floor, sunk to it, and the labels (pockets
    through the premiums' floor to it); from there to the cells' floor the second: each premium cell's
    floor (its labels cut out of it) and a star on a plain cell standing up to it, and the ridges and rim
    above. The slicer stops for the change at the first layer above ``pocket``."""
    from manifold3d import CrossSection, FillRule, Manifold

    premium = CrossSection(premium_cells, FillRule.NonZero) if premium_cells else CrossSection()
    inked = CrossSection(marks, FillRule.NonZero) if marks else CrossSection()
    raised = (premium - inked) + (inked - premium)  # a premium's floor without its labels; a mark on a plain cell
    sunk = CrossSection(cells, FillRule.NonZero) - raised
    body = body - Manifold.extrude(sunk, floor - pocket + 1.0).translate((0, 0, pocket))
    return BoardSolids(body, None, {}, floor, pocket)


@dataclass(frozen=True)
class PieceSolid:
    """A piece's parts at its own origin (the corner of its extent nearest the bed's origin, turned
    if the piece is): (name, mesh) with body first, letters, then the premiums present."""

    parts: tuple[tuple[str, Mesh], ...]
    size: tuple[float, float]  # on the bed, mm
    origin: tuple[float, float]  # where the piece's origin lies on the board (before it turns)


def piece_solid(plan: BoardPlan, solids: BoardSolids, piece: BoardPiece, thickness: float) -> PieceSolid:
    """One piece cut from the board by its outline, dovetails and sockets included, moved to its
    own origin and turned a quarter (clockwise seen from above) if it lies so on the bed."""
    from manifold3d import CrossSection, FillRule, Manifold

    region = CrossSection([_polygon(p) for p in plan.region(piece)], FillRule.Positive)
    sockets = plan.sockets(piece)
    if sockets:
        region = region - CrossSection([_polygon(p) for p in sockets], FillRule.Positive)
    cutter = Manifold.extrude(region, thickness + 2.0).translate((0.0, 0.0, -1.0))
    x0, y0, x1, y1 = plan.extent(piece)
    w, h = round(x1 - x0, 4), round(y1 - y0, 4)
    named = [("body", solids.body)] + ([("letters", solids.letters)] if solids.letters is not None else [])
    named += list(solids.premiums.items())
    parts = []
    for name, whole in named:
        cut = (whole ^ cutter).translate((-x0, -y0, 0.0))
        if piece.turned:  # a quarter clockwise: (x, y) → (y, w − x)
            cut = cut.rotate((0.0, 0.0, -90.0)).translate((0.0, w, 0.0))
        if cut.is_empty() or cut.volume() < 1e-6:
            continue
        parts.append((name, Mesh.of(cut)))
    return PieceSolid(tuple(parts), (h, w) if piece.turned else (w, h), (x0, y0))


__all__ = ["BORDER_MM", "FAMILIES", "PREMIUMS", "RIDGE_MM", "BoardPiece", "BoardPlan", "BoardSolids", "Dovetail",
           "PieceSolid", "board_extruders", "board_solids", "dovetail_depth", "piece_solid", "plan_board3d"]
