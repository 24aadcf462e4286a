"""The box for the laser: a floor, four walls, the compartments' dividers, and a lid, cut from the kit's
material and finger-jointed (:class:`printkit.geometry.fingers.FingerEdge`), all kerf-compensated.

The joints. The floor lies between the walls, fingers on its four edges going into the walls' bottom
edges; the walls meet at the corners in finger edges, the front and back walls taking the corners
(their corner fingers at both ends, the bottom corner cube theirs), the side walls the mates. The
dividers stand on the floor, a row of tabs on each divider's bottom edge through slots in the floor
(:func:`printkit.geometry.fingers.slots`): a long divider across the box after each row of
compartments, short ones between the compartments of a row. The lid: a plate as large as the box
with a locating plate glued under it, :data:`LID_CLEARANCE_MM` smaller than the inside, that drops
into the walls' top; the kit's title and a picture of the board's premium pattern engraved on it.

Outlines grow by half the kerf, holes shrink by it (:func:`printkit.geometry.fingers.compensated`),
so every finger comes off the beam as wide as its gap or slot and the joints press-fit. The parts are
nested on as few bed sheets as a max-rects packing finds (quarter turns allowed), :data:`GAP_MM` apart,
in the layers and colours of the kit's laser profile.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import PrintkitError
from ...geometry import Document, Item, Page, Path, Rect, Role, Text, Transform, quarter_turn
from ...geometry.fingers import FingerEdge, compensated, finger_count, slots
from ...geometry.parts import Outlined
from ...model import Kit, Premium
from ..common import lettering, require_words
from ..laser.common import INNER, OUTER, Bed, for_machine, job_figures, layers, stamp
from .sizes import CLEARANCE_MM, KIND, PER_COMPARTMENT, Layout, layout, stack_clearance, title_fit

LID_CLEARANCE_MM = 1.0  # the locating plate is this much narrower and shallower than the inside
GAP_MM = 3.0  # between parts on the bed
TITLE_SHARE = 0.08  # the title's capitals: at most this share of the lid's depth...
TITLE_MAX_MM = 14.0  # ...and at most this
PICTURE_SHARE = 0.7  # the premium picture: at most this share of the lid's width and depth

Point = tuple[float, float]


@dataclass(frozen=True)
class Part(Outlined):
    """One part as drawn (kerf-compensated), in its own frame from (0, 0)."""

    name: str  # "floor", "front", "back", "left", "right", "divider-1", "cross-1-2", "lid", "locator"
    outline: tuple[Point, ...]
    holes: tuple[tuple[Point, ...], ...] = ()
    engrave: tuple[Item, ...] = ()
    turned: bool = False


def edge(length: float, t: float, ends: bool) -> FingerEdge:
    """The finger edge of the box's joints: segments at least twice the material wide, at least 3."""
    return FingerEdge(length, t, max(3, finger_count(length, t)), ends)


def plate(w: float, h: float, t: float, sides: dict[str, FingerEdge | None], corners: set[str]) -> list[Point]:
    """A plate whose body is ``w`` × ``h``, at (t, t) from its frame's origin, clockwise on the page (y down):
    ``sides`` ("top", "right", "bottom", "left") a finger edge standing ``t`` out of the body or None for a
    straight side; ``corners`` ("tr", "br", "bl", "tl") the t × t squares beyond two sides that it fills."""
    x0, y0, x1, y1 = t, t, t + w, t + h
    runs = [("top", (x0, y0), (x1, y0), "tr", (x1 + t, y0 - t), (x1, y0)),
            ("right", (x1, y0), (x1, y1), "br", (x1 + t, y1 + t), (x1, y1)),
            ("bottom", (x1, y1), (x0, y1), "bl", (x0 - t, y1 + t), (x0, y1)),
            ("left", (x0, y1), (x0, y0), "tl", (x0 - t, y0 - t), (x0, y0))]
    pts: list[Point] = []
    for side, start, end, corner, full, bare in runs:
        e = sides.get(side)
        pts += e.placed(start, end) if e is not None else [start, end]
        pts.append(full if corner in corners else bare)
    return _simple(pts)


def _simple(pts: list[Point]) -> list[Point]:
    """Without repeated points and the middle ones of straight runs."""
    out: list[Point] = []
    for p in pts:
        p = (round(p[0], 9), round(p[1], 9))
        if not out or p != out[-1]:
            out.append(p)
    if out[0] == out[-1]:
        out.pop()
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i in range(len(out)):
            a, b, c = out[i - 1], out[i], out[(i + 1) % len(out)]
            if abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) < 1e-9:
                del out[i]
                changed = True
                break
    return out


@dataclass(frozen=True)
class Joints:
    """The finger edges of the box, nominal: one per kind of joint, the mates where the walls take them."""

    across: FingerEdge  # the floor's front and back edges (the floor's side: fingers inside the edge)
    along: FingerEdge  # the floor's left and right edges
    corner: FingerEdge  # the walls' corners, the front and back walls' side (fingers at both ends)
    long: FingerEdge  # a long divider's tabs
    short: tuple[FingerEdge, ...]  # a short divider's tabs, a row's each (front to back)

    @classmethod
    def of(cls, lay: Layout) -> "Joints":
        w, d, _ = lay.inner
        t = lay.t
        return cls(edge(w, t, False), edge(d, t, False), edge(wall_height(lay) - t, t, True), edge(w, t, False),
                   tuple(edge(row.depth, t, False) for row in lay.bays))

    def widths(self) -> list[float]:
        edges = (self.across, self.along, self.corner, self.long, *self.short)
        return sorted({round(e.segment, 3) for e in edges})


def wall_height(lay: Layout) -> float:
    """A wall from the floor's underside to its top: the floor, the inside, the locating plate."""
    return lay.inner[2] + 2 * lay.t


def nominal_parts(kit: Kit, lay: Layout) -> list[tuple[str, list[Point], list[list[Point]], tuple[Item, ...]]]:
    """Every part's nominal outline, holes and engraving, each in its own frame."""
    w, d, _ = lay.inner
    t = lay.t
    j = Joints.of(lay)
    hw = wall_height(lay)
    out = []
    floor = plate(w, d, t, {"top": j.across, "bottom": j.across, "left": j.along, "right": j.along}, set())
    out.append(("floor", floor, _floor_slots(lay, j), ()))
    front = plate(w, hw - t, t, {"right": j.corner, "bottom": j.across.mate(), "left": j.corner}, {"br", "bl"})
    side = plate(d, hw - t, t, {"right": j.corner.mate(), "bottom": j.along.mate(), "left": j.corner.mate()}, set())
    out += [(name, [(x, y - t) for x, y in front], [], ()) for name in ("front", "back")]
    out += [(name, [(x, y - t) for x, y in side], [], ()) for name in ("left", "right")]
    for r, row in enumerate(lay.bays, 1):
        if row.divider:
            out.append((f"divider-{r}", _tabbed(j.long, lay.divider_h), [], ()))
        out += [(f"cross-{r}-{k}", _tabbed(j.short[r - 1], lay.divider_h), [], ()) for k in range(1, len(row.cells))]
    wo, do, _ = lay.outer
    out.append(("lid", [(0.0, 0.0), (wo, 0.0), (wo, do), (0.0, do)], [], tuple(lid_engraving(kit, lay))))
    lw, ld = w - LID_CLEARANCE_MM, d - LID_CLEARANCE_MM
    out.append(("locator", [(0.0, 0.0), (lw, 0.0), (lw, ld), (0.0, ld)], [], ()))
    return out


def _tabbed(e: FingerEdge, h: float) -> list[Point]:
    """A divider ``e.length`` long and ``h`` high, ``e``'s tabs standing down out of its bottom side."""
    length = e.length
    return _simple([(0.0, 0.0), (length, 0.0), *e.placed((length, h), (0.0, h))])


def _floor_slots(lay: Layout, j: Joints) -> list[list[Point]]:
    """The slots the dividers' tabs go through, in the floor's frame (its body from (t, t))."""
    t = lay.t
    w = lay.inner[0]
    holes: list[list[Point]] = []
    for r, (front, row) in enumerate(zip(lay.fronts(), lay.bays)):
        y0 = t + front
        if row.divider:
            far = y0 + row.depth + t  # the back face of the row's divider
            holes += slots(j.long, (t, far), (t + w, far))
        x = t
        for cw in row.cells[:-1]:
            x += cw  # the short divider's left face
            holes += slots(j.short[r], (x, y0), (x, y0 + row.depth))
            x += t
    return holes


# -- the lid's engraving ---------------------------------------------------------------------------------

def _square(x: float, y: float, s: float, clockwise: bool = True, h: float | None = None) -> list[tuple]:
    h = s if h is None else h
    pts = [(x, y), (x + s, y), (x + s, y + h), (x, y + h)]
    if not clockwise:
        pts.reverse()
    return [("M", round(pts[0][0], 4), round(pts[0][1], 4)), *(("L", round(a, 4), round(b, 4)) for a, b in pts[1:]),
            ("Z",)]


def _ring(x: float, y: float, s: float, hole: float, tag: str) -> Path:
    """A square frame: the square, less a square hole ``hole`` wide in its middle (run the other way)."""
    m = (s - hole) / 2
    return Path(tuple(_square(x, y, s) + _square(x + m, y + m, hole, clockwise=False)), fill="#000000",
                role=Role.ENGRAVE, tag=tag)


def premium_picture(kit: Kit, x: float, y: float, side: float) -> list[Item]:
    """The board's premium pattern in a square of ``side`` at (x, y): a frame round the grid; a word
    premium a large square, a letter premium a small one, the triple ones solid, the double ones
    frames; the start square a small diamond."""
    lay = kit.layout
    n = max(lay.rows, lay.cols)
    p = side / n
    frame = max(0.6, p * 0.12)
    gx, gy = x + (side - lay.cols * p) / 2, y + (side - lay.rows * p) / 2
    gw, gh = lay.cols * p, lay.rows * p
    items: list[Item] = [Path(tuple(_square(gx - frame, gy - frame, gw + 2 * frame, h=gh + 2 * frame)
                                    + _square(gx, gy, gw, clockwise=False, h=gh)), fill="#000000",
                              role=Role.ENGRAVE, tag="lid-frame")]
    for r in range(lay.rows):
        for c in range(lay.cols):
            prem = lay.at(r, c)
            cx, cy = gx + (c + 0.5) * p, gy + (r + 0.5) * p
            if prem is not Premium.NONE:
                size = p * (0.84 if prem.word_mult > 1 else 0.56)
                triple = max(prem.word_mult, prem.letter_mult) == 3
                if triple:
                    items.append(Rect(cx - size / 2, cy - size / 2, size, size, fill="#000000", role=Role.ENGRAVE,
                                      tag=f"lid-{prem.code}"))
                else:
                    items.append(_ring(cx - size / 2, cy - size / 2, size, size * 0.5, f"lid-{prem.code}"))
            if (r, c) == lay.start:
                s = p * 0.18
                items.append(Path((("M", round(cx, 4), round(cy - s, 4)), ("L", round(cx + s, 4), round(cy, 4)),
                                   ("L", round(cx, 4), round(cy + s, 4)), ("L", round(cx - s, 4), round(cy, 4)),
                                   ("Z",)), fill="#000000", role=Role.ENGRAVE, tag="lid-start"))
    return items


def lid_engraving(kit: Kit, lay: Layout) -> list[Item]:
    """The kit's title across the lid's upper part, the premium picture centred below it."""
    wo, do, _ = lay.outer
    lt = lettering(kit)
    font = lt.bold(kit.title)
    em, cap, advance = title_fit(font, kit.title, min(TITLE_SHARE * do, TITLE_MAX_MM), wo)
    top = 0.08 * do
    title = Text((wo - advance) / 2, top + cap, kit.title, font, em, role=Role.ENGRAVE, tag="lid-title")
    room = do - (top + cap) - 2 * top
    side = min(PICTURE_SHARE * wo, room, PICTURE_SHARE * do)
    return [title, *premium_picture(kit, (wo - side) / 2, top + cap + top + (room - side) / 2, side)]


# -- parts as cut, nested on the bed -----------------------------------------------------------------------

def box_parts(kit: Kit, lay: Layout) -> list[Part]:
    """Every part drawn for the kit's kerf, each moved to (0, 0)."""
    kerf = kit.physical.kerf_mm
    out = []
    for name, shape, holes, engrave in nominal_parts(kit, lay):
        drawn, shrunk = compensated(shape, holes, kerf, kit.physical.slot_fit_mm)
        out.append(_at_origin(Part(name, tuple(drawn), tuple(tuple(h) for h in shrunk), engrave)))
    return out


def _at_origin(part: Part) -> Part:
    x0, y0, _, _ = part.box
    return _moved(part, -x0, -y0)


def _moved(part: Part, dx: float, dy: float) -> Part:
    move = Transform.translate(dx, dy)
    return Part(part.name, tuple((x + dx, y + dy) for x, y in part.outline),
                tuple(tuple((x + dx, y + dy) for x, y in h) for h in part.holes),
                tuple(move.apply(e) for e in part.engrave), part.turned)


def turned(part: Part) -> Part:
    """``part`` a quarter turn clockwise, back at (0, 0)."""
    h = part.size[1]
    turn = Transform.translate(h, 0.0)
    return Part(part.name, tuple((h - y, x) for x, y in part.outline),
                tuple(tuple((h - y, x) for x, y in hole) for hole in part.holes),
                tuple(turn.apply(quarter_turn(e)) for e in part.engrave), not part.turned)


def nest(sizes: list[tuple[float, float]], width: float, height: float,
         gap: float, free_out: list | None = None) -> list[tuple[int, float, float, bool]]:
    """Rectangles of ``sizes`` on as few sheets of ``width`` × ``height`` as a max-rects packing finds (best
    short side fit, largest first, over every sheet opened so far; a quarter turn where it fits better),
    ``gap`` apart. Returns each rectangle's (sheet, x, y, turned), in the order of ``sizes``; a rectangle
    that fits no sheet at all raises ValueError. ``free_out``, if given, receives each sheet's free
    rectangles left (x, y, w, h, each grown by the gap: a rectangle w − gap wide fits at x)."""
    free: list[list[tuple[float, float, float, float]]] = []  # per sheet: (x, y, w, h), each grown by the gap
    placed: dict[int, tuple[int, float, float, bool]] = {}
    order = sorted(range(len(sizes)), key=lambda i: (-max(sizes[i]), -min(sizes[i]), i))
    W, H = width + gap, height + gap
    for i in order:
        w, h = sizes[i][0] + gap, sizes[i][1] + gap
        best = None
        for attempt in range(2):
            for s, rects in enumerate(free):
                for fx, fy, fw, fh in rects:
                    for turn, (pw, ph) in ((False, (w, h)), (True, (h, w))):
                        if pw <= fw + 1e-9 and ph <= fh + 1e-9:
                            score = (s, min(fw - pw, fh - ph), max(fw - pw, fh - ph), fy, fx, turn)
                            if best is None or score < best[0]:
                                best = (score, s, fx, fy, pw, ph, turn)
            if best is not None or attempt:
                break
            free.append([(0.0, 0.0, W, H)])
        if best is None:
            raise ValueError(f"a rectangle of {sizes[i][0]:g} × {sizes[i][1]:g} fits no sheet")
        _, s, x, y, pw, ph, turn = best
        placed[i] = (s, x, y, turn)
        free[s] = _split(free[s], (x, y, pw, ph))
    if free_out is not None:
        free_out[:] = free
    return [placed[i] for i in range(len(sizes))]


def _split(rects, used):
    """The free rectangles left once ``used`` is taken (max-rects: every free one it overlaps split into
    the up to four maximal pieces round it), none inside another."""
    ux, uy, uw, uh = used
    out = []
    for fx, fy, fw, fh in rects:
        if ux >= fx + fw - 1e-9 or ux + uw <= fx + 1e-9 or uy >= fy + fh - 1e-9 or uy + uh <= fy + 1e-9:
            out.append((fx, fy, fw, fh))
            continue
        if ux > fx + 1e-9:
            out.append((fx, fy, ux - fx, fh))
        if ux + uw < fx + fw - 1e-9:
            out.append((ux + uw, fy, fx + fw - ux - uw, fh))
        if uy > fy + 1e-9:
            out.append((fx, fy, fw, uy - fy))
        if uy + uh < fy + fh - 1e-9:
            out.append((fx, uy + uh, fw, fy + fh - uy - uh))
    kept = []
    for i, a in enumerate(out):
        inside = any(j != i and b[0] <= a[0] + 1e-9 and b[1] <= a[1] + 1e-9 and a[0] + a[2] <= b[0] + b[2] + 1e-9
                     and a[1] + a[3] <= b[1] + b[3] + 1e-9 and (b != a or j < i) for j, b in enumerate(out))
        if not inside:
            kept.append(a)
    return kept


def _polygon(points, tag: str) -> Path:
    pts = list(points)
    commands = (("M", round(pts[0][0], 4), round(pts[0][1], 4)),
                *(("L", round(x, 4), round(y, 4)) for x, y in pts[1:]), ("Z",))
    return Path(commands, role=Role.CUT, tag=tag)


def box_figures(lay: Layout, kit: Kit) -> dict:
    """What every box file states of the box: its sizes, what it holds, its joints."""
    c = lay.contents
    figures = {"inner_mm": [round(v, 3) for v in lay.inner], "outer_mm": [round(v, 3) for v in lay.outer],
               "clearance_mm": CLEARANCE_MM, "lid_clearance_mm": LID_CLEARANCE_MM,
               "tile_clearance_mm": stack_clearance(c.t), "tiles": c.tiles,
               "tile_mm": c.tile, "thickness_mm": c.t, "kerf_mm": kit.physical.kerf_mm,
               "slot_fit_mm": kit.physical.slot_fit_mm,
               "compartments": [lay.cols, lay.rows], "compartment_tiles": PER_COMPARTMENT,
               "compartment_mm": [round(v, 3) for v in lay.cell], "divider_mm": round(lay.divider_h, 3),
               "racks": c.racks, "rack_mm": [round(v, 3) for v in c.rack_mm],
               "racks_layout": [lay.racks_across, lay.rack_rows], "board_mm": [round(v, 3) for v in c.board_mm],
               "board_stack_mm": round(c.board_stack, 3), "board_turned": lay.board_turned,
               "tiles_standing": True,
               "bays": [[row.kind, round(row.depth, 3), [round(v, 3) for v in row.cells], row.divider]
                        for row in lay.bays],
               "supports_mm": [round(v, 3) for v in lay.supports()], "board_span_mm": round(lay.span, 3)}
    if c.board_pieces > 1:
        figures["board_pieces"] = c.board_pieces
    return figures


def laser_box_documents(kit: Kit) -> list[Document]:
    """The box's parts nested on bed sheets."""
    lay = layout(kit)
    lt = lettering(kit)
    require_words(kit, lt)
    bed, machine = Bed.of(kit), kit.laser.machine
    parts = box_parts(kit, lay)
    ax, ay, aw, ah = bed.area
    too_large = [p for p in parts if not any(w <= aw + 1e-9 and h <= ah + 1e-9 for w, h in (p.size, p.size[::-1]))]
    if too_large:
        largest = max(too_large, key=lambda p: round(p.size[0] * p.size[1], 3))  # the first of equals: the floor
        w, h = largest.size
        raise PrintkitError(f"{kit.at('laser.bed')}: a bed of {bed.width:g} × {bed.height:g} mm with margins of "
                            f"{bed.margin:g} mm is smaller than the box's {largest.name} ({w:.1f} × {h:.1f} mm)")
    free: list[list[tuple[float, float, float, float]]] = []
    spots = nest([p.size for p in parts], aw, ah, GAP_MM, free)
    sheets: list[list[Part]] = [[] for _ in range(1 + max(s for s, *_ in spots))]
    for part, (s, x, y, turn) in zip(parts, spots):
        sheets[s].append(_moved(turned(part) if turn else part, ax + x, ay + y))
    joints = Joints.of(lay)
    docs: list[Document] = []
    title = lt.say("doc_box", title=kit.title)
    for i, sheet in enumerate(sheets, 1):
        inner = [_polygon(h, f"{p.name}-slot") for p in sheet for h in p.holes]
        outer = [_polygon(p.outline, p.name) for p in sheet]
        engrave = [e for p in sheet for e in p.engrave]
        marks = {"engrave": engrave, INNER: inner, OUTER: outer}
        layer, text = stamp(kit, lt, [(ax + fx, ay + fy, fw - GAP_MM, fh - GAP_MM) for fx, fy, fw, fh in free[i - 1]])
        marks[layer] = marks.get(layer, []) + text
        sheet_layers = layers(machine, marks)
        page = Page(bed.width, bed.height, sheet_layers)
        more = {"stamp": text[0].text} if text else {}
        figures = job_figures(kit, bed, sheet_layers, sheet=i, sheets=len(sheets), page_mm=[page.width, page.height],
                              **more,
                              parts=[[p.name, *(round(v, 3) for v in p.box), p.turned] for p in sheet],
                              fingers_mm=joints.widths(), **box_figures(lay, kit))
        name = f"{KIND}-{i}" if len(sheets) > 1 else KIND
        for fmt in machine.formats:
            docs.append(Document(f"{name}.{fmt}", KIND, fmt, (page,), title, dict(figures), **for_machine(kit, bed)))
    return docs


__all__ = ["GAP_MM", "LID_CLEARANCE_MM", "Joints", "Part", "box_figures", "box_parts", "edge",
           "laser_box_documents", "lid_engraving", "nest", "nominal_parts", "plate", "premium_picture", "turned",
           "wall_height"]
