"""The board for the laser: a plywood part with the grid scored, the premium labels, the start star
and the coordinates engraved (premium cells filled for raster engraving if the kit asks), split
along cell lines into the fewest pieces that fit the bed, with splice plates that join them.

The part. The grid of rows × cols cells of exactly ``cell_mm`` has a border strip of BORDER_MM
around it, holding the coordinates (A–O above and below, 1–15 left and right, as on the printed
board) and, along its outer edge, each piece's label: "piece 2/4: top right, I1–O8". Each grid line
is scored once, as one straight run within a piece; a line on a seam is not scored (the cut edges
meet there and show it). Labels and the star sit where the printed board puts them. With
``laser.board_fill`` a premium cell is engraved as a square inset FILL_INSET_MM from its grid lines
(about a tile's footprint) with its label and star left out of the fill: the letters read as bare
wood, their counters (the hole of Б) engraved. The outline is cut outside the nominal size by half
the kerf, so the finished part measures true and neighbouring pieces butt with no gap.

The split. A board larger than the bed's area (inside its margin) is cut on grid lines into the
fewest pieces whose sizes, border included, fit the area upright or turned a quarter (a turn only
ever helps a board that is not square); cells are dealt to the shortest piece first, so the pieces
differ by at most a cell (15 columns in two: A–H and I–O). Each piece is one bed sheet of its own.

Joining the pieces. A laser only cuts through a sheet: it cannot drill into a 3 mm edge for a
dowel, nor cut a blind pocket. So each seam is joined from below. Under every stretch of seam
between two pieces lies a *splice plate*, cut from the same plywood on a sheet of its own; pins of
PIN_MM (3 mm dowel cut to twice the thickness, or steel pins) go down through board and plate.
Each piece has two pin holes on its side of each stretch, at grid crossings one cell from the seam
(a crossing lies in the gap between the tiles, so a pin's flush end never sits under a letter),
mirrored across the seam; the plate has the same four holes, and the numbers of the two pieces
engraved on its halves. Glue the pins into the plate and the plate under one piece: the neighbour
drops onto the pins, lines up to the laser's accuracy, and lifts off again to pack the board away.
Holes are cut at PIN_MM less the kerf, so they come out PIN_MM across and the pins hold by friction.
Pins keep two cells from where seams cross, so the plates of crossing seams never meet.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import PrintkitError
from ...geometry import (
    Circle,
    Document,
    Item,
    Line,
    Page,
    Path,
    Rect,
    Role,
    Text,
    Transform,
    cell_box,
    outline,
    quarter_turn,
    split_cells,
)
from ...model import Kit, Premium
from ...notation import square_name
from ...records import record
from ...text import Said
from ..board.paper import where
from ..board.sheet import Metrics, _cell_items, centred, check_fonts
from ..common import Lettering, lettering
from .common import INNER, OUTER, Bed, for_machine, job_figures, layers

PIN_MM = 3.0  # alignment pins: 3 mm dowel or steel pins
BORDER_MM = 14.0  # strip around the grid: coordinates, and the piece's label along the outer edge
COORD_AT = 0.42  # the coordinates' centres, as a share of the border from the grid
LABEL_CAP_MM = 2.0  # cap height of a piece's label...
LABEL_EDGE_MM = 1.5  # ...and its distance from the board's outer edge
FILL_INSET_MM = 1.0  # an engraved premium cell stops this far inside its grid lines
PLATE_EDGE_MM = 5.0  # from a pin hole's centre to the edge of its splice plate
PLATE_GAP_MM = 3.0  # between splice plates on their sheet
PLATE_CAP_MM = 6.0  # the largest cap height of the piece numbers on a plate

Box = tuple[float, float, float, float]  # (x0, y0, x1, y1)


# -- the split ------------------------------------------------------------------------------------------

@record
class Piece:
    """One piece of the board, in board mm: origin at the grid's top-left corner, y down, so the
    border lies at negative coordinates."""

    number: int  # 1, 2, … in reading order
    row: int  # its place in the split, from the top left
    col: int
    cols: tuple[int, int]  # the grid lines it runs between, across…
    rows: tuple[int, int]  # …and down
    box: Box  # its nominal outline, border included
    turned: bool  # laid on the bed a quarter turn clockwise

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]

    @property
    def first(self) -> str:
        return square_name(self.rows[0], self.cols[0])

    @property
    def last(self) -> str:
        return square_name(self.rows[1] - 1, self.cols[1] - 1)


@dataclass(frozen=True)
class Joint:
    """Where two neighbouring pieces meet, in board mm: the seam, the pins along it, and the splice
    plate under it."""

    a: int  # the piece left of or above the seam
    b: int  # the piece right of or below it
    vertical: bool  # the seam runs down the board
    seam: float  # x of a vertical seam, y of a horizontal one
    along: tuple[float, ...]  # where the pins are along the seam
    offset: float  # from the seam to each row of pins
    plate: Box

    def holes(self, number: int) -> list[tuple[float, float]]:
        """Centres of the pin holes in piece ``number`` (``a`` or ``b``)."""
        across = self.seam + (-self.offset if number == self.a else self.offset)
        return [(across, t) if self.vertical else (t, across) for t in self.along]

    @property
    def length(self) -> float:
        """The plate's side along the seam."""
        x0, y0, x1, y1 = self.plate
        return y1 - y0 if self.vertical else x1 - x0

    @property
    def width(self) -> float:
        """The plate's side across the seam."""
        x0, y0, x1, y1 = self.plate
        return x1 - x0 if self.vertical else y1 - y0


@record
class BoardSplit:
    """The board cut along grid lines: seams, pieces in reading order, the joints between them."""

    xs: tuple[int, ...]  # grid lines of the seams across, 0 and the columns included
    ys: tuple[int, ...]
    cell: float
    border: float
    pieces: tuple[Piece, ...]
    joints: tuple[Joint, ...]

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def rows(self) -> int:
        return len(self.ys) - 1

    def piece(self, row: int, col: int) -> Piece:
        return self.pieces[row * self.cols + col]


def _um(v: float) -> int:
    return round(v * 1000)


def plan_board(kit: Kit) -> BoardSplit:
    """The fewest pieces along cell lines that fit the bed's area (:func:`split_cells`, the cut half
    a kerf outside each part all round): pieces upright before turned ones, fewer columns first."""
    lay, c, kerf, b = kit.layout, kit.physical.cell_mm, kit.physical.kerf_mm, BORDER_MM
    _, _, aw, ah = Bed.of(kit).area
    found = split_cells(lay.rows, lay.cols, c, b, aw, ah, kerf)
    if found is not None:
        return _split(kit, found.xs, found.ys, list(found.turns))
    bed = Bed.of(kit)
    raise PrintkitError.saying(Said("cfg_bed_board", {"w": f"{bed.width:g}", "h": f"{bed.height:g}",
                                                      "margin": f"{bed.margin:g}", "c": f"{c:g}", "b": f"{b:g}"},
                                    where=kit.at("laser.bed")))


def _split(kit: Kit, xs: tuple[int, ...], ys: tuple[int, ...], turns: list[bool]) -> BoardSplit:
    c, b = kit.physical.cell_mm, BORDER_MM
    nx, ny = len(xs) - 1, len(ys) - 1
    pieces = tuple(Piece(r * nx + q + 1, r, q, (xs[q], xs[q + 1]), (ys[r], ys[r + 1]), cell_box(xs, ys, r, q, c, b),
                         turns[r * nx + q]) for r in range(ny) for q in range(nx))
    joints = []
    for r in range(ny):  # seams down the board, between the pieces of a row
        for q in range(1, nx):
            joints.append(_joint(pieces[r * nx + q - 1].number, pieces[r * nx + q].number, True, c, xs, q, ys, r))
    for r in range(1, ny):  # seams across, between the pieces of a column
        for q in range(nx):
            joints.append(_joint(pieces[(r - 1) * nx + q].number, pieces[r * nx + q].number, False, c, ys, r, xs, q))
    return BoardSplit(xs, ys, c, b, pieces, tuple(sorted(joints, key=lambda j: (j.a, j.b))))


def _joint(a: int, b: int, vertical: bool, cell: float, across: tuple[int, ...], i: int, along: tuple[int, ...],
           j: int) -> Joint:
    """The joint on seam line ``across[i]`` between the pieces on either side, over the stretch of
    seam ``along[j]``–``along[j + 1]``: pins on the grid lines one cell from the seam (half a cell
    if a piece is a single cell wide), at the crossings one line in from the board's edge and two
    lines in from a crossing seam (whose plate then stays clear)."""
    k = across[i]
    offset = cell if min(k - across[i - 1], across[i + 1] - k) >= 2 else cell / 2
    last = len(along) - 1
    lo = along[j] + (1 if j == 0 else 2)
    hi = along[j + 1] - (1 if j + 1 == last else 2)
    lines = sorted({lo, hi}) if lo <= hi else [(along[j] + along[j + 1]) / 2]
    positions = tuple(round(t * cell, 4) for t in lines)
    seam = round(k * cell, 4)
    e = PLATE_EDGE_MM
    a0, a1 = round(positions[0] - e, 4), round(positions[-1] + e, 4)
    c0, c1 = round(seam - offset - e, 4), round(seam + offset + e, 4)
    plate = (c0, a0, c1, a1) if vertical else (a0, c0, a1, c1)
    return Joint(a, b, vertical, seam, positions, offset, plate)


# -- one piece ------------------------------------------------------------------------------------------

def _signed_area(points: list[tuple[float, float]]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])) / 2


def _contours(path: Path) -> list[list[tuple[float, float]]]:
    """Each subpath's points (control points too: enough for the sense of an outline)."""
    out: list[list[tuple[float, float]]] = []
    for cmd in path.commands:
        if cmd[0] == "M":
            out.append([])
        if len(cmd) > 1:
            out[-1] += [(cmd[i], cmd[i + 1]) for i in range(1, len(cmd), 2)]
    return out


def _sense(path: Path) -> float:
    """+1 or -1: the sense in which the path's largest contour (an outer one) runs."""
    areas = [_signed_area(c) for c in _contours(path) if len(c) > 2]
    return 1.0 if max(areas, key=abs) > 0 else -1.0


def _reversed(path: Path) -> Path:
    """A path of straight contours (the star), each run the other way."""
    commands: list[tuple] = []
    for contour in _contours(path):
        pts = contour[::-1]
        commands += [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]
    return Path(tuple(commands), fill=path.fill, role=path.role, tag=path.tag)


def knockout(x: float, y: float, side: float, marks: list[Item], tag: str) -> Path:
    """The square (x, y, side) engraved all but the ``marks`` (a label, the star) inside it: one
    path whose square runs against the marks' outer contours, so that nonzero and even-odd fill
    alike leave the marks bare and the counters of letters engraved."""
    paths = [outline(m) if isinstance(m, Text) else m for m in marks]
    lead = next((p for m, p in zip(marks, paths) if isinstance(m, Text)), paths[0])  # letters keep the font's sense
    sense = _sense(lead)
    paths = [p if p is lead or _sense(p) == sense else _reversed(p) for p in paths]
    corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]  # this way round is +1 (y down)
    if sense > 0:
        corners.reverse()
    commands = [("M", *corners[0]), *(("L", *p) for p in corners[1:]), ("Z",)]
    for p in paths:
        commands += p.commands
    return Path(tuple(commands), fill="#000000", role=Role.ENGRAVE, tag=tag)


def _scored(first: int, last: int, count: int) -> list[int]:
    """The grid lines a piece scores between its lines ``first`` and ``last``: not those on a seam."""
    return [k for k in range(first, last + 1) if not (k == first and k > 0) and not (k == last and k < count)]


def _grid(piece: Piece, c: float, rows: int, cols: int) -> list[Item]:
    """The piece's grid lines, each one straight run, back and forth so the head barely travels:
    across from the top, then down the columns from the side the last one ended on."""
    (k0, k1), (j0, j1) = piece.cols, piece.rows
    across, down = _scored(j0, j1, rows), _scored(k0, k1, cols)
    items: list[Item] = []
    for n, j in enumerate(across):
        xa, xb = (k0 * c, k1 * c) if n % 2 == 0 else (k1 * c, k0 * c)
        items.append(Line(round(xa, 4), round(j * c, 4), round(xb, 4), round(j * c, 4), role=Role.SCORE, tag="grid"))
    if len(across) % 2:  # the last run across ended on the right, at the bottom
        down.reverse()
    for n, k in enumerate(down):
        ya, yb = (j1 * c, j0 * c) if n % 2 == 0 else (j0 * c, j1 * c)
        items.append(Line(round(k * c, 4), round(ya, 4), round(k * c, 4), round(yb, 4), role=Role.SCORE, tag="grid"))
    return items


def _cells(kit: Kit, lt: Lettering, piece: Piece, c: float) -> list[Item]:
    """Labels and the star, placed as the printed board places them; on a premium cell with
    ``board_fill``, the cell's square engraved around them."""
    items: list[Item] = []
    inset = FILL_INSET_MM
    for row in range(*piece.rows):
        for col in range(*piece.cols):
            x, y = col * c, row * c
            marks = [i for i in _cell_items(kit, lt, row, col, x, y, c) if not isinstance(i, Rect)]
            premium = kit.layout.at(row, col)
            if kit.laser.board_fill and premium is not Premium.NONE and marks:
                items.append(knockout(x + inset, y + inset, c - 2 * inset, marks, f"fill:{premium.code}"))
            elif kit.laser.board_fill and premium is not Premium.NONE:
                items.append(Rect(x + inset, y + inset, c - 2 * inset, c - 2 * inset, role=Role.ENGRAVE, tag="fill"))
            else:
                items.extend(marks)
    return items


def _coordinates(kit: Kit, lt: Lettering, piece: Piece, c: float, b: float) -> list[Item]:
    """Column letters and row numbers in the border strips the piece has."""
    lay = kit.layout
    font = lt.small("".join(chr(ord("A") + q) for q in range(lay.cols)) + "0123456789")
    cap, s = Metrics.of(c).coord_cap, b * COORD_AT
    (k0, k1), (j0, j1) = piece.cols, piece.rows
    items: list[Item] = []
    for y, on in ((-s, j0 == 0), (lay.rows * c + s, j1 == lay.rows)):
        if on:
            items += [centred(chr(ord("A") + q), font, cap, (q + 0.5) * c, y, "#000000", "coordinate")
                      for q in range(k0, k1)]
    for x, on in ((-s, k0 == 0), (lay.cols * c + s, k1 == lay.cols)):
        if on:
            items += [centred(str(r + 1), font, cap, x, (r + 0.5) * c, "#000000", "coordinate", b * 0.7)
                      for r in range(j0, j1)]
    return items


def _piece_label(kit: Kit, lt: Lettering, split: BoardSplit, piece: Piece) -> list[Item]:
    """Which piece this is and where it goes, along the outer edge of its border: the top or
    bottom strip, else the left or right one (turned to run along it); a piece with no border
    (the middle of three or more each way) has its number in the corner of its first cell."""
    lay, c = kit.layout, split.cell
    # where() names a page of the printed board by its row and col among the split's rows and cols;
    # a piece and the board's split answer to the same names
    text = lt.say("laser_piece", piece=piece.number, pieces=len(split.pieces), where=where(lt, piece, split),
                  first=piece.first, last=piece.last)
    font = lt.small(text)
    cap, edge = LABEL_CAP_MM, LABEL_EDGE_MM + LABEL_CAP_MM / 2
    (k0, k1), (j0, j1) = piece.cols, piece.rows
    x0, y0, x1, y1 = piece.box
    if j0 == 0 or j1 == lay.rows:
        y = y0 + edge if j0 == 0 else y1 - edge
        return [centred(text, font, cap, (k0 + k1) / 2 * c, y, "#000000", "piece-label", (k1 - k0) * c - 4.0)]
    if k0 == 0 or k1 == lay.cols:
        label = outline(centred(text, font, cap, 0.0, 0.0, "#000000", "piece-label", (j1 - j0) * c - 4.0))
        left = k0 == 0
        x = x0 + edge if left else x1 - edge
        turned = quarter_turn(label, clockwise=not left)  # reads upwards on the left, downwards on the right
        return [Transform.translate(x, (j0 + j1) / 2 * c).apply(turned)]
    short = f"{piece.number}/{len(split.pieces)}"
    font = lt.small(short)
    ink = font.run_ink(short)
    half = (ink.x1 - ink.x0) * cap / font.cap_height / 2
    inset = LABEL_EDGE_MM + FILL_INSET_MM  # clear of the grid lines and of a filled cell's edge
    return [centred(short, font, cap, k0 * c + inset + half, j0 * c + inset + cap / 2, "#000000", "piece-label")]


def hole_radius(kit: Kit) -> float:
    """The radius to cut a pin hole at, so that with the kerf it is PIN_MM across."""
    kerf = kit.physical.kerf_mm
    if kerf >= PIN_MM:
        raise PrintkitError(f"{kit.at('physical.kerf_mm')}: a kerf of {kerf:g} mm leaves nothing of a pin hole of "
                            f"{PIN_MM:g} mm")
    return round((PIN_MM - kerf) / 2, 4)


def piece_parts(kit: Kit, lt: Lettering, split: BoardSplit, piece: Piece) -> dict[str, list[Item]]:
    """Everything on one piece, by laser layer, in board mm."""
    c, b, lay, kerf = split.cell, split.border, kit.layout, kit.physical.kerf_mm
    engrave = _cells(kit, lt, piece, c)
    if kit.print.coordinates:
        engrave += _coordinates(kit, lt, piece, c, b)
    if len(split.pieces) > 1:
        engrave += _piece_label(kit, lt, split, piece)
    r = hole_radius(kit)
    holes: list[Item] = [Circle(x, y, r, role=Role.CUT, tag="pin-hole") for j in split.joints
                         if piece.number in (j.a, j.b) for x, y in j.holes(piece.number)]
    x0, y0, x1, y1 = piece.box
    cut = Rect(round(x0 - kerf / 2, 4), round(y0 - kerf / 2, 4), round(x1 - x0 + kerf, 4), round(y1 - y0 + kerf, 4),
               role=Role.CUT, tag="outline")
    return {"engrave": engrave, "score": _grid(piece, c, lay.rows, lay.cols), INNER: holes, OUTER: [cut]}


def place(items: dict[str, list[Item]], box: Box, turned: bool, at: tuple[float, float]) -> dict[str, list[Item]]:
    """``items`` moved so that the part of nominal ``box`` has its top-left corner at ``at`` on the
    bed, turned a quarter clockwise first if ``turned``."""
    x0, y0, x1, y1 = box
    if turned:  # the box turns to x in [-y1, -y0], y in [x0, x1]
        move = Transform.translate(at[0] + y1, at[1] - x0)
        return {k: [move.apply(quarter_turn(i)) for i in v] for k, v in items.items()}
    move = Transform.translate(at[0] - x0, at[1] - y0)
    return {k: [move.apply(i) for i in v] for k, v in items.items()}


# -- the documents --------------------------------------------------------------------------------------

def _formats(kit: Kit) -> list[str]:
    """The files the machine's software takes, as for the tiles: only the formats its profile lists."""
    return list(kit.laser.machine.formats)


def _board_mm(box: Box, b: float) -> list[float]:
    """(x, y, w, h) of a box from the board's outer top-left corner."""
    return [round(box[0] + b, 4), round(box[1] + b, 4), round(box[2] - box[0], 4), round(box[3] - box[1], 4)]


def piece_documents(kit: Kit, lt: Lettering, split: BoardSplit, bed: Bed) -> list[Document]:
    lay, c, b, kerf = kit.layout, split.cell, split.border, kit.physical.kerf_mm
    ax, ay, _, _ = bed.area
    at = (round(ax + kerf / 2, 4), round(ay + kerf / 2, 4))
    total = len(split.pieces)
    docs = []
    for piece in split.pieces:
        parts = place(piece_parts(kit, lt, split, piece), piece.box, piece.turned, at)
        sheet_layers = layers(kit.laser.machine, parts)
        page = Page(bed.width, bed.height, sheet_layers)
        more = {"piece": piece.number, "pieces": total, "split": [split.cols, split.rows], "cell_mm": c,
                "rows": piece.rows[1] - piece.rows[0], "cols": piece.cols[1] - piece.cols[0],
                "cells": f"{piece.first}:{piece.last}", "border_mm": b,
                "board_mm": [round(lay.cols * c + 2 * b, 4), round(lay.rows * c + 2 * b, 4)],
                "on_board_mm": _board_mm(piece.box, b), "at_mm": list(at), "turned": piece.turned,
                "fill": kit.laser.board_fill}
        if total > 1:
            more["pin_mm"] = PIN_MM
        figures = job_figures(kit, bed, sheet_layers, **more)
        title = lt.say("doc_laser_board", title=kit.title, piece=piece.number, pieces=total)
        for fmt in _formats(kit):
            docs.append(Document(f"laser-board-{piece.number}.{fmt}", "laser-board", fmt, (page,), title,
                                 dict(figures), **for_machine(kit, bed)))
    return docs


def plate_parts(kit: Kit, lt: Lettering, joint: Joint) -> dict[str, list[Item]]:
    """A splice plate in its own mm, its long side across: the seam along its middle (scored, to
    lay it by), the pin holes either side, the numbers of the pieces that go over each half."""
    length, width, kerf = joint.length, joint.width, kit.physical.kerf_mm
    e, mid = PLATE_EDGE_MM, width / 2
    r = hole_radius(kit)
    start = joint.along[0] - e
    holes: list[Item] = [Circle(round(t - start, 4), round(mid + side * joint.offset, 4), r, role=Role.CUT,
                                tag="pin-hole") for side in (-1, 1) for t in joint.along]
    cap = min(PLATE_CAP_MM, 0.45 * joint.offset)
    numbers = [centred(str(n), lt.bold(str(n)), cap, length / 2, mid + side * joint.offset / 2, "#000000",
                       "plate-number") for n, side in ((joint.a, -1), (joint.b, 1))]
    return {"engrave": numbers, "score": [Line(0.0, mid, length, mid, role=Role.SCORE, tag="seam")], INNER: holes,
            OUTER: [Rect(-kerf / 2, -kerf / 2, round(length + kerf, 4), round(width + kerf, 4), role=Role.CUT,
                         tag="outline")]}


def plate_sheets(kit: Kit, split: BoardSplit, bed: Bed) -> list[list[tuple[Joint, bool, float, float]]]:
    """The splice plates in rows on as many bed sheets as they need: for each sheet, (joint, turned,
    x, y) of each plate on it; none without joints."""
    if not split.joints:
        return []
    kerf, gap = kit.physical.kerf_mm, PLATE_GAP_MM
    ax, ay, aw, ah = bed.area
    sheets: list[list[tuple[Joint, bool, float, float]]] = [[]]
    x, y, row_h = ax, ay, 0.0
    for joint in split.joints:
        w, h = joint.length + kerf, joint.width + kerf
        turned = _um(w) > _um(aw)
        if turned:
            w, h = h, w
        if _um(w) > _um(aw) or _um(h) > _um(ah):
            raise PrintkitError(f"{kit.at('laser.bed')}: a splice plate of {joint.length:g} × {joint.width:g} mm "
                                f"does not fit a bed of {bed.width:g} × {bed.height:g} mm")
        if _um(x + w) > _um(ax + aw):
            x, y, row_h = ax, y + row_h + gap, 0.0
        if _um(y + h) > _um(ay + ah):
            sheets.append([])
            x, y, row_h = ax, ay, 0.0
        sheets[-1].append((joint, turned, x, y))
        x, row_h = x + w + gap, max(row_h, h)
    return sheets


def plate_documents(kit: Kit, lt: Lettering, split: BoardSplit, bed: Bed) -> list[Document]:
    """The splice plates, in rows on as many bed sheets as they need."""
    sheets = plate_sheets(kit, split, bed)
    kerf = kit.physical.kerf_mm
    docs = []
    title = lt.say("doc_laser_plates", title=kit.title)
    for n, sheet in enumerate(sheets, 1):
        parts: dict[str, list[Item]] = {}
        plates = []
        for joint, turned, x, y in sheet:
            at = (round(x + kerf / 2, 4), round(y + kerf / 2, 4))
            placed = place(plate_parts(kit, lt, joint), (0.0, 0.0, joint.length, joint.width), turned, at)
            for name, items in placed.items():
                parts.setdefault(name, []).extend(items)
            plates.append({"pieces": [joint.a, joint.b], "seam": "down" if joint.vertical else "across",
                           "on_board_mm": _board_mm(joint.plate, split.border), "at_mm": list(at), "turned": turned})
        sheet_layers = layers(kit.laser.machine, parts)
        page = Page(bed.width, bed.height, sheet_layers)
        figures = job_figures(kit, bed, sheet_layers, sheet=n, sheets=len(sheets), plates=plates, pin_mm=PIN_MM,
                              pin_length_mm=round(2 * kit.physical.thickness_mm, 4),
                              pins=sum(2 * len(joint.along) for joint, _, _, _ in sheet))
        name = "laser-board-plates" if len(sheets) == 1 else f"laser-board-plates-{n}"
        for fmt in _formats(kit):
            docs.append(Document(f"{name}.{fmt}", "laser-board-plates", fmt, (page,), title, dict(figures),
                                 **for_machine(kit, bed)))
    return docs


def laser_board_documents(kit: Kit) -> list[Document]:
    """The board for the laser: one bed sheet per piece (SVG, and DXF when the machine reads it),
    then, if it is split, the splice plates that join the pieces."""
    if kit.laser is None:
        return []
    lt = lettering(kit)
    check_fonts(kit, lt)
    split = plan_board(kit)
    bed = Bed.of(kit)
    return piece_documents(kit, lt, split, bed) + plate_documents(kit, lt, split, bed)
