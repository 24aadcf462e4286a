"""Tile racks for the laser, one per player: every size from the kit's tile, its material and kerf (the
product's laser half; :mod:`printkit.sheets.racks` makes both).

A rack, seen from its end: a base lying flat; a lip standing on the base's front edge so the tiles
do not slide off; a back leaning :data:`LEAN_DEG` from the upright, against which the tiles rest
standing in the groove between the lip and the back (the tile's thickness, the kit's material, plus
:data:`CLEARANCE_MM`); and two ends, plates in that profile with slots cut through them. Base, lip and
back carry a row of fingers (:class:`printkit.geometry.fingers.FingerEdge`) on each short edge that
goes through the ends' slots; all outlines and slots are kerf-compensated
(:func:`printkit.geometry.fingers.compensated`), so each finger comes off the beam as wide as its slot
and the joint press-fits. The ledge between the ends holds the rules' rack of tiles plus
:data:`LEDGE_SPARE_MM`. The kit's name is engraved on the back.

The parts are nested on as few bed sheets as shelf packing (first fit, tallest first) finds, a gap of
:data:`GAP_MM` between parts (each part is cut round on its own: no shared lines), in the layers and
colours of the kit's laser profile (:mod:`printkit.sheets.laser.common`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, radians, sin

from ...errors import PrintkitError
from ...geometry import Document, Item, Page, Path, Role, Text, outline
from ...geometry.fingers import FingerEdge, compensated, finger_count, slots
from ...geometry.parts import Outlined
from ...model import Kit
from ..common import lettering, require_words
from ..laser.common import INNER, OUTER, Bed, for_machine, job_figures, layers

KIND = "racks"
LEAN_DEG = 18.0  # the back's lean from the upright: the tiles rest on it, their faces toward the player
CLEARANCE_MM = 1.0  # the groove is the tile's thickness and this: a tile drops in and comes out by a finger
LEDGE_SPARE_MM = 3.0  # the ledge holds the rack's tiles side by side and this much more
BACK_SHARE = 0.8  # the back is this share of the tile's side high: the tile's top stands free to take it
MARGIN_MM = 4.0  # of an end round its slots: material enough that the slot does not break out
GAP_MM = 3.0  # between parts on the bed
ENGRAVE_SHARE = 0.5  # the name's capitals: at most this share of the back's height

Point = tuple[float, float]


@dataclass(frozen=True)
class Part(Outlined):
    """One part as drawn (kerf-compensated), in its own frame from (0, 0): outline and holes,
    engraving, and its nominal size with the fingers."""

    name: str  # "base", "lip", "back", "end"
    rack: int  # 1 to the number of racks
    outline: tuple[Point, ...]
    holes: tuple[tuple[Point, ...], ...] = ()
    engrave: tuple[Path, ...] = ()  # outlines, in the part's frame


@dataclass(frozen=True)
class Rack:
    """The nominal sizes of one rack, mm: every one follows from the tile, the material and the rack."""

    tile: float  # the tile's side
    t: float  # the material's thickness (the tiles' too: they are cut from it)
    kerf: float
    tiles: int  # the rules' rack

    @property
    def ledge(self) -> float:
        """The inner length between the ends."""
        return self.tiles * self.tile + LEDGE_SPARE_MM

    @property
    def groove(self) -> float:
        """The groove's width across the tile, square to the back."""
        return self.t + CLEARANCE_MM

    @property
    def lip_h(self) -> float:
        return max(6.0, 2 * self.t)

    @property
    def back_foot(self) -> float:
        """x of the back's front face on the base's top, from the base's front edge."""
        return self.t + self.groove / cos(radians(LEAN_DEG))

    @property
    def depth(self) -> float:
        """The base's depth, front to back: the lip, the groove, the back's foot and material behind it."""
        return self.back_foot + self.t / cos(radians(LEAN_DEG)) + self.t

    @property
    def back_h(self) -> float:
        return BACK_SHARE * self.tile

    def edge(self, length: float) -> FingerEdge:
        """The row of fingers on a short edge of ``length``: inside the edge (the corners flush),
        at least one finger."""
        return FingerEdge(length, self.t, max(3, finger_count(length, self.t)), ends=False)


def players(kit: Kit) -> int:
    """The set's racks (:attr:`printkit.model.PlayOptions.racks`): one declaration for every product."""
    return kit.play.racks


def rack_of(kit: Kit) -> Rack:
    return Rack(kit.physical.tile_mm, kit.physical.thickness_mm, kit.physical.kerf_mm, kit.rules.rack)


def _plate(length: float, height: float, edge: FingerEdge) -> list[Point]:
    """A plate ``length`` wide and ``height`` deep (the edge's length), fingers out of both short
    sides, clockwise on the page from (t, 0): its corners at x = t and x = t + length."""
    t = edge.thickness
    x0, x1 = t, t + length
    right = edge.placed((x1, 0.0), (x1, height))
    left = edge.placed((x0, height), (x0, 0.0))
    return right + left


def _end(rack: Rack) -> tuple[list[Point], list[list[Point]]]:
    """An end plate's outline and its slots, nominal, on the page (y down), its foot on y = height."""
    t, m, a = rack.t, MARGIN_MM, radians(LEAN_DEG)
    base_y = m  # side view, y up: the base lies on y from m to m + t
    # side view (y up), each slot a rectangle along a part's cross-section
    base = slots(rack.edge(rack.depth), (0.0, base_y + t), (rack.depth, base_y + t))
    lip = slots(rack.edge(rack.lip_h), (0.0, base_y + t), (0.0, base_y + t + rack.lip_h))
    # the back's front foot, raised so that its rear corner, square to the lean, clears the base
    foot = (rack.back_foot, base_y + t + t * sin(a))
    up = (sin(a), cos(a))
    top = (foot[0] + rack.back_h * up[0], foot[1] + rack.back_h * up[1])
    back = slots(rack.edge(rack.back_h), foot, top)  # reaching back from the front face
    holes = base + lip + back
    n = (cos(a), -sin(a))  # square to the back, behind it
    sections = [[(0.0, base_y), (rack.depth, base_y + t)], [(0.0, base_y + t), (t, base_y + t + rack.lip_h)],
                [(foot[0] + s * up[0] + r * n[0], foot[1] + s * up[1] + r * n[1])
                 for s in (0.0, rack.back_h) for r in (0.0, t)]]
    # the end covers the cross-section of every part it holds, MARGIN_MM round it
    corners = [(x + dx, y + dy) for sec in sections for x, y in _corners(sec) for dx in (-m, m) for dy in (-m, m)]
    hull = _hull(corners)
    height = max(y for _, y in hull)
    flip = [[(x, height - y) for x, y in h] for h in holes]
    return [(x, height - y) for x, y in hull], flip


def _corners(points: list[Point]) -> list[Point]:
    """A rectangle's four corners from two opposite ones, or the points as they are."""
    if len(points) == 2:
        (x0, y0), (x1, y1) = points
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return points


def _hull(points: list[Point]) -> list[Point]:
    """The convex hull (Andrew's monotone chain), clockwise on a y-up plane."""
    pts = sorted(set((round(x, 9), round(y, 9)) for x, y in points))

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def rack_parts(kit: Kit, number: int) -> list[Part]:
    """The five parts of rack ``number``, drawn for the kit's kerf, each from (0, 0)."""
    rack = rack_of(kit)
    lt = lettering(kit)
    out: list[Part] = []
    for name, height in (("base", rack.depth), ("lip", rack.lip_h), ("back", rack.back_h)):
        nominal = _plate(rack.ledge, height, rack.edge(height))
        drawn, _ = compensated(nominal, [], rack.kerf)
        engrave: tuple[Path, ...] = ()
        if name == "back":
            engrave = (outline(_name(kit, lt, rack)),)
        out.append(_at_origin(Part(name, number, tuple(drawn), (), engrave)))
    shape, holes = _end(rack)
    drawn, shrunk = compensated(shape, holes, rack.kerf)
    for _ in range(2):
        out.append(_at_origin(Part("end", number, tuple(drawn), tuple(tuple(h) for h in shrunk))))
    return out


def _name(kit: Kit, lt, rack: Rack) -> Item:
    """The kit's title centred on the back's face, engraved."""
    text = kit.title
    font = lt.bold(text)
    em = min(ENGRAVE_SHARE * rack.back_h * font.units / font.cap_height,
             0.8 * rack.ledge * font.units / max(font.run_advance(text), 1))
    k = em / font.units
    width = font.run_advance(text) * k
    x = rack.t + (rack.ledge - width) / 2
    y = rack.back_h / 2 + font.cap_height * k / 2
    return Text(x, y, text, font, em, role=Role.ENGRAVE, tag="rack-name")


def _at_origin(part: Part) -> Part:
    x0, y0, _, _ = part.box
    moved = tuple((x - x0, y - y0) for x, y in part.outline)
    holes = tuple(tuple((x - x0, y - y0) for x, y in h) for h in part.holes)
    engrave = tuple(_shifted(e, -x0, -y0) for e in part.engrave)
    return Part(part.name, part.rack, moved, holes, engrave)


def _shifted(path: Path, dx: float, dy: float) -> Path:
    """``path`` moved by (dx, dy): its numbers are x, y pairs."""
    commands = tuple((c[0], *(round(v + (dx if k % 2 == 0 else dy), 4) for k, v in enumerate(c[1:])))
                     for c in path.commands)
    return Path(commands, fill=path.fill, stroke=path.stroke, stroke_mm=path.stroke_mm, role=path.role, tag=path.tag)


def _polygon(points, tag: str) -> Path:
    pts = list(points)
    commands = (("M", round(pts[0][0], 4), round(pts[0][1], 4)),
                *(("L", round(x, 4), round(y, 4)) for x, y in pts[1:]), ("Z",))
    return Path(commands, role=Role.CUT, tag=tag)


def nest(parts: list[Part], bed: Bed) -> list[list[tuple[Part, float, float]]]:
    """The parts on bed sheets, by shelves (first fit, tallest first): each part on the first shelf of
    any sheet with room left on it for the part, else on a new shelf on the first sheet with room below
    its last shelf, else on a new sheet. Returns each sheet's (part, x, y) of its top-left corner, in
    the parts' order."""
    ax, ay, aw, ah = bed.area
    order = sorted(range(len(parts)), key=lambda i: (-round(parts[i].size[1], 6), i))
    shelves: list[list[float]] = []  # [sheet, y, height, x of the room left]
    bottoms: list[float] = []  # per sheet: y below its last shelf
    placed: dict[int, tuple[int, float, float]] = {}
    for i in order:
        w, h = parts[i].size
        for shelf in shelves:
            if h <= shelf[2] + 1e-9 and shelf[3] + w <= ax + aw + 1e-9:
                placed[i] = (int(shelf[0]), shelf[3], shelf[1])
                shelf[3] += w + GAP_MM
                break
        else:
            sheet = next((k for k, b in enumerate(bottoms) if b + h <= ay + ah + 1e-9), None)
            if sheet is None:
                bottoms.append(ay)
                sheet = len(bottoms) - 1
            y = bottoms[sheet]
            shelves.append([sheet, y, h, ax + w + GAP_MM])
            bottoms[sheet] = y + h + GAP_MM
            placed[i] = (sheet, ax, y)
    sheets: list[list[tuple[Part, float, float]]] = [[] for _ in bottoms]
    for i, part in enumerate(parts):
        k, x, y = placed[i]
        sheets[k].append((part, x, y))
    return sheets


def laser_rack_documents(kit: Kit) -> list[Document]:
    """Every player's rack for the laser."""
    if kit.laser is None:
        raise PrintkitError(f"{kit.source}: racks are cut by a laser: name its profile (laser.profile)")
    lt = lettering(kit)
    require_words(kit, lt)
    bed, machine = Bed.of(kit), kit.laser.machine
    n = players(kit)
    parts = [p for r in range(1, n + 1) for p in rack_parts(kit, r)]
    _, _, aw, ah = bed.area
    for p in parts:
        w, h = p.size
        if w > aw + 1e-9 or h > ah + 1e-9:
            raise PrintkitError(f"{kit.at('laser.bed')}: a bed of {bed.width:g} × {bed.height:g} mm with margins of "
                                f"{bed.margin:g} mm is smaller than the rack's {p.name} ({w:.1f} × {h:.1f} mm)")
    sheets = nest(parts, bed)
    rack = rack_of(kit)
    docs: list[Document] = []
    for i, sheet in enumerate(sheets, 1):
        inner: list[Item] = []
        outer: list[Item] = []
        engrave: list[Item] = []
        for part, x, y in sheet:
            tag = f"rack{part.rack}-{part.name}"
            inner += [_polygon([(px + x, py + y) for px, py in h], tag + "-slot") for h in part.holes]
            outer.append(_polygon([(px + x, py + y) for px, py in part.outline], tag))
            engrave += [_shifted(e, x, y) for e in part.engrave]
        sheet_layers = layers(machine, {"engrave": engrave, INNER: inner, OUTER: outer})
        page = Page(bed.width, bed.height, sheet_layers)
        figures = job_figures(kit, bed, sheet_layers, sheet=i, sheets=len(sheets),
                              racks=len({p.rack for p, _, _ in sheet}),
                              parts=[[f"rack{p.rack}-{p.name}", round(x, 3), round(y, 3)] for p, x, y in sheet],
                              ledge_mm=round(rack.ledge, 3), groove_mm=round(rack.groove, 3),
                              lean_deg=LEAN_DEG, thickness_mm=rack.t, kerf_mm=rack.kerf, rack_tiles=rack.tiles,
                              tile_mm=rack.tile, players=n, page_mm=[page.width, page.height],
                              fingers_mm=sorted({round(rack.edge(h).segment, 3)
                                                 for h in (rack.depth, rack.lip_h, rack.back_h)}))
        name = f"{KIND}-{i}" if len(sheets) > 1 else KIND
        title = lt.say("doc_racks", title=kit.title)
        for fmt in machine.formats:
            docs.append(Document(f"{name}.{fmt}", KIND, fmt, (page,), title, dict(figures), **for_machine(kit, bed)))
    return docs


__all__ = ["KIND", "Part", "Rack", "laser_rack_documents", "nest", "players", "rack_of", "rack_parts"]
