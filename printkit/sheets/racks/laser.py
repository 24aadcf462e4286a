"""Tile racks for the laser, one per player: every size from the kit's tile, its material and kerf (the
product's laser half; :mod:`printkit.sheets.racks` makes both).

A rack, seen from its end (x back from the lip's front face, y up from the table):

- the **base**, a plate lying flat :data:`MARGIN_MM` above the table (the end's material under its slot),
  its top the tiles' **seat**;
- the **back**, leaning :data:`LEAN_DEG` from the upright, standing on the base; the tiles rest against
  it in the groove between the lip and the back (the tile's thickness, the kit's material, plus
  :data:`CLEARANCE_MM`, square to the back);
- the **lip**, a plate standing upright in front of the base's front edge, from the table up to just
  above the seat. Its height above the seat (:attr:`Rack.lip`) is the most that hides nothing of a
  tile's face below its lowest ink (:func:`printkit.sheets.tiles.lowest_ink`, the value's foot) from a
  player seated at a table, looking down at :data:`VIEW_DEG` from the horizontal, wherever the tile
  stands in the groove: leaning flat on the back, or its foot slid forward against the lip and leaning
  on the back's top edge, where the lip hides most (:meth:`Rack.hidden`). The old lip stood on the base,
  6 mm above the seat, and hid 3.8 mm of a 20 mm tile's face (its value's lower half) at 45°;
- two **ends**, plates in that profile with a slot for each of the three.

Each of base, lip and back has one tenon on each short edge, at least :data:`TENON_T` times the
material thick long (:class:`printkit.geometry.fingers.Tenons`), through its slot in the ends. Because
the lip reaches down past the base to the table, its tenon runs from the end's margin above the table
to the lip's top: a tall joint while the lip's top stays low; its shoulder below is the margin's
height (the lip has a way up: its long shoulder at the table). The base's tenon runs from
:data:`MARGIN_MM` behind the lip's slot to its rear edge (a base has a front: its shoulder against the
lip); the back's is centred, :data:`MARGIN_MM` of the end above the base's slot. So every slot has
:data:`MARGIN_MM` of the end's material round it, to the end's edge and (but for a back too short for
it) to the next slot. All outlines
and slots are kerf-compensated (:func:`printkit.geometry.fingers.compensated`), so each tenon comes off
the beam as wide as its slot and the joint press-fits. The ledge between the ends holds the rules' rack
of tiles plus :data:`LEDGE_SPARE_MM`. The kit's name is engraved on the back.

The parts are nested on as few bed sheets as shelf packing (first fit, tallest first) finds, a gap of
:data:`GAP_MM` between parts (each part is cut round on its own: no shared lines), in the layers and
colours of the kit's laser profile (:mod:`printkit.sheets.laser.common`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import atan2, cos, floor, radians, sin

from ...errors import PrintkitError
from ...geometry import Document, Item, Page, Path, Role, Text, outline
from ...geometry.fingers import Tenons, compensated, slots
from ...geometry.parts import Outlined
from ...model import Kit
from ..common import lettering, require_words
from ..laser.common import INNER, OUTER, Bed, for_machine, job_figures, layers, stamp
from ..tiles import lowest_ink

KIND = "racks"
LEAN_DEG = 18.0  # the back's lean from the upright: the tiles rest on it, their faces toward the player
CLEARANCE_MM = 1.0  # the groove is the tile's thickness and this: a tile drops in and comes out by a finger
LEDGE_SPARE_MM = 3.0  # the ledge holds the rack's tiles side by side and this much more
BACK_SHARE = 0.8  # the back is this share of the tile's side high: the tile's top stands free to take it
MARGIN_MM = 4.0  # of an end round its slots: material enough that the slot does not break out
GAP_MM = 3.0  # between parts on the bed
ENGRAVE_SHARE = 0.5  # the name's capitals: at most this share of the back's height
VIEW_DEG = 45.0  # a player seated at a table looks down at their rack about so steeply
LIP_MOST_MM = 6.0  # the lip's height above the seat at most (the old lip's)
LIP_HOLD_MM = 1.0  # and at least so much above the front corner of a tile's foot: it keeps the foot in
TENON_T = 2.0  # a tenon through an end is at least so many times the material's thickness long
POSES = 32  # the tile's places in the groove that :meth:`Rack.hidden` looks at, from one end to the other

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
    ink: float  # from a tile face's bottom edge to its lowest ink: what the lip may hide

    @property
    def ledge(self) -> float:
        """The inner length between the ends."""
        return self.tiles * self.tile + LEDGE_SPARE_MM

    @property
    def groove(self) -> float:
        """The groove's width across the tile, square to the back."""
        return self.t + CLEARANCE_MM

    @property
    def back_foot(self) -> float:
        """x of the back's front face at its foot, from the lip's front face."""
        return self.t + self.groove / cos(radians(LEAN_DEG))

    @property
    def depth(self) -> float:
        """x of the base's rear edge from the lip's front face: the lip, the groove, the back's foot and
        material behind it; at least room behind the lip's slot for the margin and the base's tenon."""
        t = self.t
        return max(self.back_foot + t / cos(radians(LEAN_DEG)) + t, t + MARGIN_MM + TENON_T * t)

    @property
    def back_h(self) -> float:
        return BACK_SHARE * self.tile

    @cached_property
    def lip(self) -> float:
        """The lip's height above the seat: the most (to 0.1 mm, at most :data:`LIP_MOST_MM`) that hides no
        more of any tile's face than the blank below its lowest ink at :data:`VIEW_DEG`; at least
        :data:`LIP_HOLD_MM` above a tile's foot. What the lip hides of a tile in a pose grows in step with
        the lip (:meth:`hidden`): solved for the lip in each pose, the lowest taken."""
        v = radians(VIEW_DEG)
        most = LIP_MOST_MM
        for (fx, fy), b in self.poses():
            room = self.ink * (sin(b) * sin(v) + cos(b) * cos(v)) + fx * sin(v) + fy * cos(v) - self.t * sin(v)
            most = min(most, room / cos(v))
        least = max(fy for (_, fy), _ in self.poses()) + LIP_HOLD_MM
        return round(max(least, floor(most * 10 + 1e-9) / 10), 4)

    @property
    def base_y(self) -> float:
        """The base's underside above the table: the end's margin under the lip's slot, and more if the
        lip's tenon (from that margin to the lip's top) would be shorter than :data:`TENON_T` thicknesses."""
        return max(MARGIN_MM, MARGIN_MM + TENON_T * self.t - self.t - self.lip)

    @property
    def seat(self) -> float:
        """The base's top above the table: where the tiles stand."""
        return self.base_y + self.t

    def lip_edge(self) -> Tenons:
        """The lip's short edge, from the table (u = 0) to its top: its tenon from the end's margin up."""
        h = self.seat + self.lip
        return Tenons(h, self.t, ((MARGIN_MM, h),))

    def base_edge(self) -> Tenons:
        """The base's short edge, from its front (u = 0, against the lip) to its rear: the tenon starts a
        margin behind the lip's slot."""
        n = self.depth - self.t
        return Tenons(n, self.t, ((MARGIN_MM, n),))

    def back_edge(self) -> Tenons:
        """The back's short edge, from its foot (u = 0): one centred tenon whose slot stands
        :data:`MARGIN_MM` above the base's; less if the back is too short for that and a long tenon, and a
        tenon of half the back if it is too short for a long tenon at all (material nearly as thick as the
        tile)."""
        h, a = self.back_h, radians(LEAN_DEG)
        shoulder = max(min(MARGIN_MM / cos(a), (h - TENON_T * self.t) / 2), h / 4)
        return Tenons(h, self.t, ((shoulder, h - shoulder),))

    def edges(self) -> dict[str, Tenons]:
        return {"base": self.base_edge(), "lip": self.lip_edge(), "back": self.back_edge()}

    def back_face(self) -> tuple[Point, Point]:
        """The back's front face, from the seat (y = 0): its foot (raised so that its rear corner, square
        to the lean, stands on the base) and its top corner."""
        a = radians(LEAN_DEG)
        foot = (self.back_foot, self.t * sin(a))
        return foot, (foot[0] + self.back_h * sin(a), foot[1] + self.back_h * cos(a))

    def poses(self) -> list[tuple[Point, float]]:
        """Where a tile stands in the groove, from the seat (y = 0): the front corner of its foot, where its
        face starts, and its lean from the upright (radians). From leaning flat on the back, its rear foot
        on the seat, to its foot slid forward against the lip, leaning back on the back's top edge."""
        t, a = self.t, radians(LEAN_DEG)
        foot, top = self.back_face()
        flat = foot[0] - foot[1] * sin(a) / cos(a)  # x of the back's face on the seat

        def pose(r: float) -> tuple[Point, float]:
            b = atan2(top[0] - r, top[1])
            return (r - t * cos(b), t * sin(b)), b

        lo, hi = t, flat  # bisect for the rear foot's x that puts the front corner on the lip
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if pose(mid)[0][0] < t else (lo, mid)
        return [pose(hi + (flat - hi) * k / (POSES - 1)) for k in range(POSES)]

    def hidden(self, view_deg: float = VIEW_DEG, lip: float | None = None) -> float:
        """How far up a tile's face, from its bottom edge, the lip hides it from an eye looking down at
        ``view_deg`` from the horizontal, where the tile stands so that the most is hidden (0: none)."""
        v, top = radians(view_deg), self.lip if lip is None else lip
        worst = 0.0
        for (fx, fy), b in self.poses():
            # the sight line grazing the lip's rear top corner (t, top) meets the face F + s·(sin b, cos b)
            s = (self.t * sin(v) + top * cos(v) - fx * sin(v) - fy * cos(v)) / (sin(b) * sin(v) + cos(b) * cos(v))
            worst = max(worst, s)
        return min(worst, self.tile)


def players(kit: Kit) -> int:
    """The set's racks (:attr:`printkit.model.PlayOptions.racks`): one declaration for every product."""
    return kit.play.racks


def rack_of(kit: Kit) -> Rack:
    return Rack(kit.physical.tile_mm, kit.physical.thickness_mm, kit.physical.kerf_mm, kit.rules.rack,
                lowest_ink(kit))


def _plate(length: float, edge: Tenons) -> list[Point]:
    """A plate ``length`` wide and as deep as the edge is long, its tenons out of both short sides,
    clockwise on the page from (t, 0): its corners at x = t and x = t + length; the edge's start (u = 0)
    at y = 0 on both sides."""
    t, height = edge.thickness, edge.length
    x0, x1 = t, t + length
    right = edge.placed((x1, 0.0), (x1, height))
    left = edge.reversed().placed((x0, height), (x0, 0.0))
    return right + left


def _end(rack: Rack) -> tuple[list[Point], list[list[Point]]]:
    """An end plate's outline and its slots, nominal, on the page (y down), its foot on y = height."""
    t, m, a = rack.t, MARGIN_MM, radians(LEAN_DEG)
    base_y, seat = rack.base_y, rack.seat
    # side view (y up from the table), each slot a rectangle along a part's cross-section
    lip_edge = rack.lip_edge()
    lip = slots(lip_edge, (0.0, 0.0), (0.0, lip_edge.length))
    base = slots(rack.base_edge(), (t, seat), (rack.depth, seat))
    (fx, fy), (tx, ty) = rack.back_face()
    foot, top = (fx, seat + fy), (tx, seat + ty)
    back = slots(rack.back_edge(), foot, top)  # reaching back from the front face
    holes = base + lip + back
    n = (cos(a), -sin(a))  # square to the back, behind it
    sections = [[(t, base_y), (rack.depth, seat)],
                [(x + r * n[0], y + r * n[1]) for x, y in (foot, top) for r in (0.0, t)]]
    # the end covers every slot and the base's and the back's cross-sections, MARGIN_MM round them (the lip
    # below its slot reaches the table)
    corners = [(x + dx, y + dy) for sec in sections + holes for x, y in _corners(sec) for dx in (-m, m)
               for dy in (-m, m)]
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
    for name, edge in rack.edges().items():
        nominal = _plate(rack.ledge, edge)
        drawn, _ = compensated(nominal, [], rack.kerf)
        engrave: tuple[Path, ...] = ()
        if name == "back":
            engrave = (outline(_name(kit, lt, rack)),)
        out.append(_at_origin(Part(name, number, tuple(drawn), (), engrave)))
    shape, holes = _end(rack)
    drawn, shrunk = compensated(shape, holes, rack.kerf, kit.physical.slot_fit_mm)
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


def _room(sheet: list[tuple[Part, float, float]], bed: Bed) -> list[tuple[float, float, float, float]]:
    """The room a sheet's shelves leave (x, y, w, h on the page): right of each shelf's last part, and
    below the last shelf, :data:`GAP_MM` from every part."""
    ax, ay, aw, ah = bed.area
    shelves: dict[float, list[tuple[float, float]]] = {}
    for part, x, y in sheet:
        shelves.setdefault(round(y, 6), []).append((x + part.size[0], part.size[1]))
    room = []
    for y, row in shelves.items():
        end = max(r for r, _ in row) + GAP_MM
        room.append((end, y, ax + aw - end, max(h for _, h in row)))
    bottom = max(y + part.size[1] for part, _, y in sheet) + GAP_MM
    room.append((ax, bottom, aw, ay + ah - bottom))
    return [r for r in room if r[2] > 0 and r[3] > 0]


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
        marks = {"engrave": engrave, INNER: inner, OUTER: outer}
        layer, text = stamp(kit, lt, _room(sheet, bed))
        marks[layer] = marks.get(layer, []) + text
        sheet_layers = layers(machine, marks)
        page = Page(bed.width, bed.height, sheet_layers)
        more = {"stamp": text[0].text} if text else {}
        figures = job_figures(kit, bed, sheet_layers, sheet=i, sheets=len(sheets), **more,
                              racks=len({p.rack for p, _, _ in sheet}),
                              parts=[[f"rack{p.rack}-{p.name}", round(x, 3), round(y, 3)] for p, x, y in sheet],
                              ledge_mm=round(rack.ledge, 3), groove_mm=round(rack.groove, 3),
                              lean_deg=LEAN_DEG, lip_mm=round(rack.lip, 3),
                              hidden_at_45_mm=round(rack.hidden(VIEW_DEG), 3), thickness_mm=rack.t,
                              kerf_mm=rack.kerf, slot_fit_mm=kit.physical.slot_fit_mm, rack_tiles=rack.tiles,
                              tile_mm=rack.tile, players=n, page_mm=[page.width, page.height],
                              fingers_mm=sorted({round(b - a, 3) for e in rack.edges().values()
                                                 for a, b in e.fingers()}))
        name = f"{KIND}-{i}" if len(sheets) > 1 else KIND
        title = lt.say("doc_racks", title=kit.title)
        for fmt in machine.formats:
            docs.append(Document(f"{name}.{fmt}", KIND, fmt, (page,), title, dict(figures), **for_machine(kit, bed)))
    return docs


__all__ = ["KIND", "Part", "Rack", "laser_rack_documents", "nest", "players", "rack_of", "rack_parts"]
