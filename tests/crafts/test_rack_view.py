"""The laser racks (issue 33), read back from the written SVG in millimetres and assembled: the side profile of
one rack, from its end plate's outline and slots and its lip's and back's outlines, shows a player seated at a
table (looking down at 45°) every tile face whole down to its value's foot; every tenon through an end is at
least twice the material thick long; every slot keeps the end's 4 mm margin of material round it; and every
tenon is as wide as its slot, as cut."""

from __future__ import annotations

from math import atan2, cos, hypot, radians, sin

import pytest
from lasersvg import box, rings
from manifestread import manifest_of

shapely = pytest.importorskip("shapely")
from shapely.geometry import Polygon  # noqa: E402

T, KERF, TILE, MARGIN = 3.0, 0.2, 20.0, 4.0  # the default kit: 3 mm plywood, a 0.2 mm kerf, 20 mm tiles
TOL = 0.01


@pytest.fixture(scope="module")
def sheet(shared):
    folder = shared.build("krestoslovitsa", ["racks"])
    a = next(a for a in manifest_of(folder)["artifacts"] if a["kind"] == "racks")
    layers = rings(folder / a["path"])
    return a, layers


def parts_of(a, layers, rack: int) -> dict[str, list]:
    """Rack ``rack``'s parts by name, each [outline, its slots] as drawn, found by the top-left corners the
    manifest gives (the ends: a list of both)."""
    out: dict[str, list] = {}
    for name, x, y in a["parts"]:
        if not name.startswith(f"rack{rack}-"):
            continue
        poly = next(p for p in layers["outer cut"] if abs(box(p)[0] - x) <= 0.002 and abs(box(p)[1] - y) <= 0.002)
        b = box(poly)
        holes = [h for h in layers["inner cuts"] if b[0] <= box(h)[0] and box(h)[2] <= b[2]
                 and b[1] <= box(h)[1] and box(h)[3] <= b[3]]
        out.setdefault(name.split("-", 1)[1], []).append([poly, holes])
    return out


def nominal(poly, grow: float) -> list[tuple[float, float]]:
    """A drawn polygon as the part comes off the beam: an outline shrunk by half the kerf (``grow`` < 0), a
    hole widened by it (``grow`` > 0), corners mitred."""
    g = Polygon(poly).buffer(grow, join_style="mitre")
    return list(g.exterior.coords)[:-1]


def rectangle(hole) -> tuple[tuple[float, float], tuple[float, float], float, float]:
    """A slot as cut: its centre, the unit vector along its long-or-tenon side, the tenon's width along it and
    the depth across (the material's thickness: the side of length T)."""
    pts = nominal(hole, KERF / 2)
    assert len(pts) == 4
    sides = [(pts[(i + 1) % 4][0] - pts[i][0], pts[(i + 1) % 4][1] - pts[i][1]) for i in range(2)]
    lengths = [hypot(*s) for s in sides]
    k = 0 if abs(lengths[1] - T) <= TOL else 1  # the side that is not the material's thickness
    assert abs(lengths[1 - k] - T) <= TOL, lengths
    cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
    ux, uy = sides[k][0] / lengths[k], sides[k][1] / lengths[k]
    return (cx, cy), (ux, uy), lengths[k], lengths[1 - k]


def tenons(poly, kerf: float = KERF) -> list[list[tuple[float, float]]]:
    """The tenons of a plate as cut, on each short side (the vertical lines at its extreme x): per side the
    (from, to) of each, in page y from the plate's top edge."""
    pts = nominal(poly, -kerf / 2)
    x0, y0, x1, _ = box(pts)
    out = []
    for x in (x1, x0):
        runs = [(min(a[1], b[1]) - y0, max(a[1], b[1]) - y0) for a, b in zip(pts, pts[1:] + pts[:1])
                if abs(a[0] - x) <= 1e-6 and abs(b[0] - x) <= 1e-6]
        out.append(sorted(runs))
    return out


def profile(a, layers, rack: int = 1) -> dict:
    """One rack assembled, seen from its end, in millimetres: x back from the end's front edge, y up from the
    table (the end's foot). The lip's and the back's slots place those plates: each plate goes in with its
    longer shoulder down (the lip to the table or onto the base, the back onto the base), its tenon filling
    its slot."""
    parts = parts_of(a, layers, rack)
    outline, holes = parts["end"][0]
    end = nominal(outline, -KERF / 2)
    x0, _, _, y1 = box(end)

    def side(p):
        return (p[0] - x0, y1 - p[1])

    lip = back = seat = None
    for h in holes:
        (cx, cy), (ux, uy), width, _ = rectangle(h)
        c = side((cx, cy))
        if abs(ux) <= 1e-6:
            lip = (c, width)  # upright: the lip's tenon
        elif abs(uy) <= 1e-6:
            seat = c[1] + T / 2  # lying flat: the base's; its top is the tiles' seat
        else:
            back = (c, width, (abs(ux), abs(uy)))  # leaning back: the back's, upward (x back, y up)
    assert lip and back and seat is not None

    def placed(plate, width):
        """The plate's height and its tenon's shoulder below, with the longer shoulder down."""
        spans = tenons(plate[0])
        h = box(nominal(plate[0], -KERF / 2))[3] - box(nominal(plate[0], -KERF / 2))[1]
        (f0, f1), = spans[0]  # one tenon a side
        assert abs((f1 - f0) - width) <= TOL  # the tenon is its slot's width
        below = max(f0, h - f1)
        return h, below

    (lx, ly), lw = lip
    lip_h, below = placed(parts["lip"][0], lw)
    lip_bottom = ly - lw / 2 - below
    lip_top = lip_bottom + lip_h
    lip_rear = lx + T / 2  # the lip's rear face, the groove's front
    (bx, by), bw, (sx, sy) = back
    back_h, below = placed(parts["back"][0], bw)
    front = (bx - T / 2 * sy, by + T / 2 * sx)  # the back's front face, at the slot's middle
    lower = (front[0] - bw / 2 * sx, front[1] - bw / 2 * sy)  # where its tenon starts
    top = (lower[0] + (back_h - below) * sx, lower[1] + (back_h - below) * sy)  # the front face's top corner
    return {"end": [side(p) for p in end], "seat": seat, "lip": (lip_rear, lip_top), "lip_bottom": lip_bottom,
            "back_top": top, "back_up": (sx, sy), "back_lower": lower}


def poses(p: dict, n: int = 200):
    """Every way a tile (TILE square, T thick) stands in the groove: its rear foot on the seat, its back on the
    back's front face, from flat against it to leaning on its top edge with its foot slid forward against the
    lip. Yields the front corner of its foot (where its face starts) and its lean from the upright."""
    seat, (lip_x, _), (tx, ty) = p["seat"], p["lip"], p["back_top"]
    (lx, ly), (sx, sy) = p["back_lower"], p["back_up"]
    flat = lx - (ly - seat) * sx / sy  # the back's face on the seat

    def pose(r):
        b = atan2(tx - r, ty - seat)
        return (r - T * cos(b), seat + T * sin(b)), b

    lo, hi = lip_x, flat  # the rear foot behind the lip; the front one on the lip's face at most
    assert pose(lo)[0][0] < lip_x < pose(hi)[0][0]
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if pose(mid)[0][0] < lip_x else (lo, mid)
    for k in range(n):
        yield pose(hi + (flat - hi) * k / (n - 1))


def hidden(p: dict, view_deg: float) -> float:
    """How far up a tile's face, from its bottom edge, the lip hides it from an eye looking down at
    ``view_deg`` from the horizontal, wherever the tile stands (the most): the sight line grazing the lip's
    top (its corners) meets the face."""
    v = radians(view_deg)
    (lip_x, lip_y) = p["lip"]
    corners = [(lip_x - T, lip_y), (lip_x, lip_y)]
    worst = 0.0
    for (fx, fy), b in poses(p):
        line = max(x * sin(v) + y * cos(v) for x, y in corners)
        s = (line - fx * sin(v) - fy * cos(v)) / (sin(b) * sin(v) + cos(b) * cos(v))
        worst = max(worst, min(s, TILE))
    return worst


def test_a_player_at_a_table_sees_every_tile_face_whole_down_to_its_value(sheet):
    """Looking down at 45°, the lip hides no more of a tile's face than the blank below its lowest ink (the
    value's foot, 1.8 mm of a 20 mm face): nothing of a letter or a value. The lip that stood on the base 6 mm
    above the seat hid 3.8 mm there (the value's lower half), 4.3 at 30° and 3.1 at 60°."""
    from printkit.config import load_kit
    from printkit.sheets.tiles import lowest_ink

    a, layers = sheet
    room = lowest_ink(load_kit("krestoslovitsa"))
    assert abs(room - 1.8) <= TOL
    for rack in range(1, a["racks"] + 1):
        p = profile(a, layers, rack)
        at = {v: hidden(p, v) for v in (30, 45, 60)}
        assert at[30] >= at[45] >= at[60] >= 0
        assert at[45] <= room + TOL, at
        assert p["lip"][1] - p["seat"] > 1.1 + 1.0 - TOL  # the lip still stands above the foot of a tile
    assert [round(at[v], 2) for v in (30, 45, 60)] == [2.01, 1.77, 1.47]
    assert round(p["lip"][1] - p["seat"], 3) == 3.4 == a["lip_mm"]  # the lip's height above the seat, as stated
    assert abs(at[45] - a["hidden_at_45_mm"]) <= TOL
    assert abs(p["lip_bottom"]) <= TOL  # the lip reaches down to the table, in front of the base


def test_every_tenon_through_an_end_is_twice_the_material_long(sheet):
    """On every plate's two short sides and in every end's slots, as cut: each joint's tenon at least 6 mm long
    (twice the 3 mm plywood), or two tenons a joint (the old lip's one tenon was 2 mm, the base's 4.45, the
    back's 5.33)."""
    a, layers = sheet
    widths = []
    for rack in range(1, a["racks"] + 1):
        parts = parts_of(a, layers, rack)
        for name in ("base", "lip", "back"):
            (poly, holes), = parts[name]
            assert not holes
            for spans in tenons(poly):
                lengths = [e - s for s, e in spans]
                assert len(lengths) >= 2 or lengths[0] >= 2 * T - TOL, (name, lengths)
                widths += lengths
        for outline, holes in parts["end"]:
            assert len(holes) == 3  # one slot a part: each a tenon of 6 mm or more
            assert all(rectangle(h)[2] >= 2 * T - TOL for h in holes)
    assert sorted({round(w, 3) for w in widths}) == a["fingers_mm"] == [6.36, 6.4, 7.588]


def test_every_slot_keeps_the_margin_of_material_round_it(sheet):
    """As cut, every slot has the end's 4 mm margin of material between it and the end's edge, and between it
    and the next slot (the old lip's and base's slots stood 2.5 mm apart)."""
    a, layers = sheet
    for rack in range(1, a["racks"] + 1):
        for outline, holes in parts_of(a, layers, rack)["end"]:
            end = Polygon(nominal(outline, -KERF / 2))
            cut = [Polygon(nominal(h, KERF / 2)) for h in holes]
            for i, h in enumerate(cut):
                assert end.contains(h)
                assert end.exterior.distance(h) >= MARGIN - TOL
                for other in cut[i + 1:]:
                    assert h.distance(other) >= MARGIN - TOL


def test_every_tenon_fits_its_slot_and_the_rack_keeps_its_size(sheet):
    """Each end's three slots, as cut, are as wide as the base's, the lip's and the back's tenons and as deep as
    the plywood is thick: the joints press-fit. The rack assembled keeps its size (149 × 23.003 × 27.144 mm,
    what the box holds): the ledge of 7 tiles and 3 mm between the ends."""
    a, layers = sheet
    for rack in range(1, a["racks"] + 1):
        parts = parts_of(a, layers, rack)
        tenon = sorted(e - s for name in ("base", "lip", "back") for spans in tenons(parts[name][0][0])[:1]
                       for s, e in spans)
        for outline, holes in parts["end"]:
            slots = sorted(rectangle(h)[2] for h in holes)
            assert all(abs(rectangle(h)[3] - T) <= TOL for h in holes)
            assert len(slots) == len(tenon) == 3
            assert all(abs(s - w) <= TOL for s, w in zip(slots, tenon))
            x0, y0, x1, y1 = box(outline)  # as drawn: half a kerf more all round
            assert abs(x1 - x0 - KERF - 23.003) <= TOL and abs(y1 - y0 - KERF - 27.144) <= TOL
        bx0, _, bx1, _ = box(nominal(parts["base"][0][0], -KERF / 2))
        assert round(bx1 - bx0, 3) == 149.0 == 7 * TILE + 3 + 2 * T


@pytest.mark.parametrize("tile, t, kerf", [(16, 3, 0.2), (25, 4, 0.15), (30, 6, 0.3), (20, 2, 0.1)])
def test_other_tiles_and_plywood_keep_the_rules(write, tile, t, kerf):
    """Other tiles and plywood, from the parts as drawn: every tenon twice the material long, every slot the
    margin inside the end's edge, the lip hiding at 45° no more than the blank below the lowest ink."""
    from printkit.config import load_kit
    from printkit.sheets.racks.laser import rack_of, rack_parts
    from printkit.sheets.tiles import lowest_ink

    kit = load_kit(str(write("k.yaml", f"extends: krestoslovitsa\nphysical: {{tile_mm: {tile}, thickness_mm: {t}, "
                                       f"kerf_mm: {kerf}}}\n")))
    parts = {p.name: p for p in rack_parts(kit, 1)}
    for name in ("base", "lip", "back"):
        for spans in tenons(list(parts[name].outline), kerf):
            assert len(spans) >= 2 or spans[0][1] - spans[0][0] >= 2 * t - TOL, (name, spans)
    end = Polygon(nominal(list(parts["end"].outline), -kerf / 2))
    assert len(parts["end"].holes) == 3
    for h in parts["end"].holes:
        assert end.exterior.distance(Polygon(nominal(list(h), kerf / 2))) >= MARGIN - TOL
    rack = rack_of(kit)
    assert rack.hidden(45) <= lowest_ink(kit) + 1e-9 and rack.lip >= 1.0
