"""The box that holds the set (``--only box``): what goes in it and the inner size that follows.

Everything is measured from the parts the kit makes, never typed in: the tiles with their spares
(:func:`printkit.sheets.tiles.tile_faces` and :func:`~printkit.sheets.tiles.kit_spares`), the
players' racks at the outer size :mod:`printkit.sheets.racks` draws them (assembled: the ledge and
two ends long, the end plate's profile deep and high), and the laser board
(:func:`printkit.sheets.laser.board.plan_board`): whole and flat when it fits the bed, else its
pieces stacked flat, each counted with the splice plates glued under it.

Inside, from the front wall: rows of compartments, each holding :data:`PER_COMPARTMENT` tiles standing on
edge face to face (a full compartment is ten: the set is counted at a glance), a divider after each row;
behind them the racks, each in a stall of its own (its length and :data:`CLEARANCE_MM` across, its depth
and :data:`CLEARANCE_MM` front to back, dividers between the stalls and behind each row of them: a rack
stays where it is put); behind the racks, when the board is deeper than all that, spare bays (pencils, the
score pad) no deeper than :data:`SPAN_MM`. Every long divider spans the box's width and stands as high as the
tallest of a tile and a rack and :data:`CLEARANCE_MM`: the board lies on them, supported at least every
:data:`SPAN_MM` from its front edge to its back, so it lies flat with the lid on or off. Every space is its
parts' size and :data:`CLEARANCE_MM` (a compartment: across and along its stack the least of
:data:`TILE_CLEARANCE_MM` and half a tile's thickness, :func:`stack_clearance`, so that an eleventh tile
does not fit, neither on the stack nor turned beside it: the room a row has over its compartments is
spread over them only while that stays less than a tile's thickness, else it is a bay at the row's end). The inner size
is width × depth between the walls and the height from the floor to the underside of the lid. The laser
box is :mod:`.laser`, the card box :mod:`.paper`; :mod:`printkit.sheets.box` makes both.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, floor

from ...errors import PrintkitError
from ...model import Kit

KIND = "box"
CLEARANCE_MM = 2.0  # round the board, between racks, and over the board under the lid
TILE_CLEARANCE_MM = 1.0  # a compartment: the tile's side and this across, its tiles' thickness and this along
PER_COMPARTMENT = 10  # tiles a compartment holds, standing face to face
SPAN_MM = 100.0  # the board rests on a long divider at least this often, front to back
MIN_BAY_MM = 12.0  # room behind the racks shallower than this goes to their row, not to a bay of its own


def stack_clearance(t: float) -> float:
    """The room along a stack of tiles over their thickness: :data:`TILE_CLEARANCE_MM`, or half a tile's
    thickness where that is less, so that an eleventh tile never fits."""
    return min(TILE_CLEARANCE_MM, round(t / 2, 6))


@dataclass(frozen=True)
class Row:
    """A row of the box's inside, from one long divider (or the front wall) to the next (or the back wall)."""

    kind: str  # "tiles": compartments; "racks": a stall a rack; "spare": a bay
    depth: float  # front to back, between the dividers' faces
    cells: tuple[float, ...]  # the widths of its cells, left to right, a short divider between two
    divider: bool  # a long divider behind it (False: the back wall)


@dataclass(frozen=True)
class Contents:
    """What the box holds, nominal mm."""

    tiles: int  # the set and its spares
    tile: float
    t: float  # the material's thickness: the tiles', the racks' and the box's
    racks: int
    rack_mm: tuple[float, float, float]  # one rack assembled: length, depth, height
    board_pieces: int  # 1: the whole board
    board_mm: tuple[float, float]  # the footprint of the largest piece (with its plates), long side first
    board_stack: float  # the pieces stacked flat, their plates glued under them

    @property
    def compartments(self) -> int:
        return ceil(self.tiles / PER_COMPARTMENT)


@dataclass(frozen=True)
class Layout:
    """The box's inside: the compartments' grid, the racks' rows, and the inner size."""

    contents: Contents
    inner: tuple[float, float, float]  # width, depth, height
    board_turned: bool  # the board's long side runs front to back
    cols: int  # compartments across a row
    rows: int  # rows of compartments
    cell: tuple[float, float]  # a compartment's inner width and depth
    divider_h: float  # the dividers' height above the floor: the board rests on them
    racks_across: int  # racks side by side in a row
    rack_rows: int
    bays: tuple[Row, ...] = ()  # every row, front to back

    def fronts(self) -> list[float]:
        """Each row's front, from the inside's front wall."""
        out, y = [], 0.0
        for row in self.bays:
            out.append(y)
            y += row.depth + (self.t if row.divider else 0.0)
        return out

    def supports(self) -> list[float]:
        """The board's supports front to back: the centre of each long divider, from the front wall."""
        return [y + row.depth + self.t / 2 for y, row in zip(self.fronts(), self.bays) if row.divider]

    @property
    def span(self) -> float:
        """The longest stretch of the board without a support under it: between two long dividers, or
        from one to the wall at either end."""
        edges = [0.0, *self.supports(), self.inner[1]]
        return max(b - a for a, b in zip(edges, edges[1:]))

    @property
    def t(self) -> float:
        return self.contents.t

    @property
    def outer(self) -> tuple[float, float, float]:
        """The closed box: walls round the inside, the floor under it, the lid's two plates over it."""
        w, d, h = self.inner
        return w + 2 * self.t, d + 2 * self.t, h + 3 * self.t



def title_fit(font, title: str, cap: float, width: float) -> tuple[float, float, float]:
    """The lid's title at capitals ``cap`` mm high, made smaller to fit 80 % of ``width`` if it is
    wider: (its em, its capitals' height, its advance), mm. The laser lid engraves it, the card lid
    prints it."""
    em = cap * font.units / font.cap_height
    advance = font.run_advance(title) * em / font.units
    if advance > 0.8 * width:
        em *= 0.8 * width / advance
        cap = em * font.cap_height / font.units
        advance = 0.8 * width
    return em, cap, advance


def contents(kit: Kit) -> Contents:
    """The parts the box holds, from the code that makes them."""
    from ..laser.board import plan_board
    from ..racks import players, rack_parts
    from ..tiles import kit_spares, tile_faces

    if kit.laser is None:
        raise PrintkitError(f"{kit.source}: the box is cut by a laser: name its profile (laser.profile)")
    p = kit.physical
    kerf, t = p.kerf_mm, p.thickness_mm
    parts = {part.name: part.size for part in rack_parts(kit, 1)}  # as drawn: half a kerf more all round
    rack = (parts["base"][0] - kerf, parts["end"][0] - kerf, parts["end"][1] - kerf)
    split = plan_board(kit)
    sizes, stack = [], 0.0
    for piece in split.pieces:
        boxes = [piece.box] + [j.plate for j in split.joints if j.a == piece.number]  # its plates glued under it
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        sizes.append(sorted((x1 - x0, y1 - y0), reverse=True))
        stack += t * (2 if len(boxes) > 1 else 1)
    board = (max(s[0] for s in sizes), max(s[1] for s in sizes))
    tiles = len(tile_faces(kit)) + len(kit_spares(kit))
    return Contents(tiles, p.tile_mm, t, players(kit), rack, len(split.pieces), board, stack)


def layout(kit: Kit) -> Layout:
    """The smaller of the two ways the board can lie (its long side across or front to back)."""
    c = contents(kit)
    best = None
    for turned in (False, True):
        bw, bd = (c.board_mm[1], c.board_mm[0]) if turned else c.board_mm
        lay = _fitted(c, bw, bd, turned)
        if best is None or lay.inner[0] * lay.inner[1] < best.inner[0] * best.inner[1] - 1e-9:
            best = lay
    return best


def _fitted(c: Contents, bw: float, bd: float, turned: bool) -> Layout:
    t, cl = c.t, CLEARANCE_MM
    rl, rd, rh = c.rack_mm
    cell_w = c.tile + stack_clearance(t)
    w = max(bw, rl, cell_w) + cl
    cols = max(1, min(c.compartments, floor((w + t) / (cell_w + t) + 1e-9)))
    rows = ceil(c.compartments / cols)
    left = w - cols * cell_w - (cols - 1) * t  # across the row beyond its compartments
    if cell_w - c.tile + left / cols < t or left <= t:  # spread: still no room for a tile beside a stack
        cell, spare = ((w - (cols - 1) * t) / cols, PER_COMPARTMENT * t + stack_clearance(t)), ()
    else:  # a narrow bay at the row's end, a divider before it
        cell, spare = (cell_w, PER_COMPARTMENT * t + stack_clearance(t)), (left - t,)
    bays = [Row("tiles", cell[1], (cell[0],) * cols + spare, True) for _ in range(rows)]
    stall = rl + cl
    across = max(1, floor((w + t) / (stall + t) + 1e-9))
    rack_rows = ceil(c.racks / across)
    for r in range(rack_rows):
        n = min(across, c.racks - r * across)
        left = w - n * stall - n * t  # beyond the stalls and a divider after the last
        cells = (stall,) * n + (left,) if left >= MIN_BAY_MM else ((w - (n - 1) * t) / n,) * n
        bays.append(Row("racks", rd + cl, cells, True))
    used = sum(b.depth + t for b in bays) - t
    d = max(bd + cl, used)
    room = d - used - t  # behind the racks' last divider
    if room >= MIN_BAY_MM:
        k = ceil((room + t) / (SPAN_MM + t) - 1e-9)
        bays += [Row("spare", (room - (k - 1) * t) / k, (w,), True) for _ in range(k)]
    else:
        last = bays[-1]
        bays[-1] = Row(last.kind, last.depth + d - used, last.cells, True)
    bays[-1] = Row(bays[-1].kind, bays[-1].depth, bays[-1].cells, False)  # the back wall behind the last
    divider_h = max(c.tile, rh) + cl
    h = divider_h + c.board_stack + cl
    return Layout(c, (w, d, h), turned, cols, rows, cell, divider_h, across, rack_rows, tuple(bays))


__all__ = ["CLEARANCE_MM", "KIND", "MIN_BAY_MM", "PER_COMPARTMENT", "SPAN_MM", "TILE_CLEARANCE_MM", "Contents",
           "Layout", "Row", "contents", "layout", "stack_clearance", "title_fit"]
