"""Laser-cut tiles, read back from the written SVG and DXF in millimetres: as few bed sheets as
the bed allows, each edge cut once on the kerf's centre so every tile comes out at its nominal size,
letters engraved where the printed tiles have them, layers in job order in the profile's look."""

from __future__ import annotations

import re
from dataclasses import replace
from math import hypot

import pytest
from lasersvg import SVG, Seg, Sheet, commands, ink, on_lines, polylines, read_svg, segments, write

from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.geometry import shared, shortest_moves, split_runs, travel, with_gaps
from printkit.model import Spares
from printkit.sheets.laser.tiles import laser_tile_documents as all_laser_tile_documents
from printkit.sheets.tiles import tile_documents


def laser_tile_documents(kit):
    """The sheets but their LightBurn projects, which the default profile writes beside each SVG with the
    same geometry (tests/laser/test_lbrn2.py checks them)."""
    return [d for d in all_laser_tile_documents(kit) if d.format != "lbrn2"]


TOL = 0.01
CUTS = ("inner cuts", "outer cut")


def unit(seg: Seg) -> Seg:
    a, b = sorted((tuple(round(v, 3) for v in p) for p in seg))
    return a, b


def length(seg: Seg) -> float:
    (x1, y1), (x2, y2) = seg
    return hypot(x2 - x1, y2 - y1)


def joined_spans(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Sorted spans on one line, those that meet end to end joined (an inner run is cut as two
    strokes out from a point just inside one end)."""
    out: list[list[float]] = []
    for a, b in spans:
        if out and abs(a - out[-1][1]) < 1e-6:
            out[-1][1] = b
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def grid_edges(cells: set[tuple[int, int]], x0: float, y0: float, p: float) -> dict[Seg, bool]:
    """Every one-cell edge of ``cells`` in mm, and whether it is shared by two of them (computed
    here from the cells, not by the code under test)."""
    out: dict[Seg, bool] = {}
    for r, c in cells:
        for (a, b), other in ((((r, c), (r, c + 1)), (r - 1, c)), (((r + 1, c), (r + 1, c + 1)), (r + 1, c)),
                              (((r, c), (r + 1, c)), (r, c - 1)), (((r, c + 1), (r + 1, c + 1)), (r, c + 1))):
            seg = unit(((x0 + a[1] * p, y0 + a[0] * p), (x0 + b[1] * p, y0 + b[0] * p)))
            out[seg] = other in cells
    return out


def reading_cells(n: int, cols: int) -> set[tuple[int, int]]:
    return {divmod(i, cols) for i in range(n)}


STRIP = 7.0  # mm between the set's block and the spares' block, for their label


def blocks_of(figures: dict, margin: float = 5.0) -> list[tuple[set[tuple[int, int]], float, float]]:
    """The blocks a sheet cuts, as (cells, x, y of the block's corner), from its figures alone: the
    set's tiles in reading order from the bed's margin; the spares in reading order below the set's
    last row and a strip of 7 mm (at the top of a sheet of their own, below the strip)."""
    cols, p = figures["grid"][0], figures["pitch_mm"]
    out = []
    tiles, spares = figures["tiles"], figures["spares"]
    if tiles:
        out.append((reading_cells(tiles, cols), margin, margin))
    if spares:
        rows = -(-tiles // cols)
        out.append((reading_cells(spares, cols), margin, round(margin + rows * p + STRIP, 6)))
    return out


def block_edges(figures: dict) -> dict[Seg, bool]:
    out: dict[Seg, bool] = {}
    for cells, x, y in blocks_of(figures):
        out.update(grid_edges(cells, x, y, figures["pitch_mm"]))
    return out


@pytest.fixture(scope="module")
def k40(tmp_path_factory):
    """The default kit on a K40's 325 × 220 mm bed, written."""
    kit = load_kit("krestoslovitsa", bed="325x220")
    docs = laser_tile_documents(kit)
    return kit, docs, write(docs, tmp_path_factory.mktemp("k40"))


# -- sheets and figures -------------------------------------------------------------------------------

def test_a_325_by_220_bed_holds_the_whole_set_on_one_sheet(k40):
    kit, docs, files = k40
    assert [d.path for d in docs] == ["laser-tiles-1.svg"]
    (d,) = docs
    f = d.figures
    assert (d.kind, d.format, f["sheet"], f["sheets"], f["tiles"], f["grid"]) == ("laser-tiles", "svg", 1, 1, 130,
                                                                                  [15, 10])
    assert (f["tile_mm"], f["kerf_mm"], f["pitch_mm"], f["bed"], f["bed_mm"]) == (20.0, 0.2, 20.2, "325x220",
                                                                                 [325.0, 220.0])
    # the spares of the paper sheets (spares: fill, the row of the commonest letters that A4 holds), not
    # a row of the bed's width
    assert (f["spares"], f["spares_filled"]) == (9, 0)
    assert f["spare_tiles"] == {"letters": {c: 1 for c in "АЕИКНОПРС"}, "blanks": 0}
    assert f["set_tiles"] == {"letters": {t.face: t.count for t in kit.distribution.tiles}, "blanks": 2}
    sheet = read_svg(files["laser-tiles-1.svg"])
    assert (sheet.width, sheet.height, sheet.view_box) == ("325mm", "220mm", "0 0 325 220")


def test_a_300_by_200_bed_holds_14_by_9_and_needs_two_sheets(tmp_path):
    kit = load_kit("krestoslovitsa", bed="300x200")
    docs = laser_tile_documents(kit)
    assert [d.path for d in docs] == ["laser-tiles-1.svg", "laser-tiles-2.svg"]
    assert [(d.figures["sheet"], d.figures["sheets"], d.figures["tiles"], d.figures["spares"], d.figures["grid"])
            for d in docs] == [(1, 2, 126, 0, [14, 9]), (2, 2, 4, 9, [14, 9])]  # the spares under the last 4
    files = write(docs, tmp_path)
    for d in docs:
        sheet = read_svg(files[d.path])
        assert (sheet.width, sheet.height, sheet.view_box) == ("300mm", "200mm", "0 0 300 200")
        cut = sum(length(s) for name in CUTS for s in segments(sheet.layer(name)))
        assert cut == pytest.approx(len(block_edges(d.figures)) * 20.2, abs=TOL)


def test_spares_the_kit_asks_for_may_take_a_sheet_of_their_own_but_fill_never_does():
    kit = load_kit("krestoslovitsa", bed="325x220")
    asked = replace(kit, print=replace(kit.print, spares=Spares(per_letter=1, blanks=1)))
    docs = laser_tile_documents(asked)
    kinds = len(kit.distribution.tiles)
    assert [(d.figures["tiles"], d.figures["spares"]) for d in docs] == [(130, 0), (0, kinds + 1)]  # 15 fit below
    assert docs[1].figures["spare_tiles"] == {"letters": {t.face: 1 for t in kit.distribution.tiles}, "blanks": 1}
    wide = load_kit("krestoslovitsa", bed="355x224")  # 17 × 10 cells: the set takes 8 rows, 2 more fit below
    (d,) = laser_tile_documents(wide)
    assert (d.figures["grid"], d.figures["spares"]) == ([17, 10], 9)  # still the paper's 9, not a row of 17
    none = replace(kit, print=replace(kit.print, spares=Spares()))
    (d,) = laser_tile_documents(none)
    assert (d.figures["tiles"], d.figures["spares"], d.figures["spare_tiles"]) == (
        130, 0, {"letters": {}, "blanks": 0})


def test_a_bed_too_small_for_one_tile_is_an_error_at_the_bed():
    kit = load_kit("krestoslovitsa", bed="325x220")
    small = replace(kit, laser=replace(kit.laser, bed_w=30.0, bed_h=30.1))  # area 20 × 20.1: a cell is 20.2
    with pytest.raises(PrintkitError, match=re.escape(kit.at("laser.bed")) + ".*no room for one tile of 20 mm"):
        laser_tile_documents(small)
    fits = replace(kit, laser=replace(kit.laser, bed_w=30.2, bed_h=30.2))
    assert [d.figures["grid"] for d in laser_tile_documents(fits)][0] == [1, 1]


def cells_of(figures: dict) -> list[tuple[float, float]]:
    """The top-left corner of every tile cell of a sheet, set then spares, in reading order."""
    p = figures["pitch_mm"]
    return [(x + c * p, y + r * p) for cells, x, y in blocks_of(figures) for r, c in sorted(cells)]


def test_the_spares_are_the_paper_sheets_in_a_block_of_their_own_below_a_label(tmp_path):
    """On the default bed: the set's 130 tiles, then the 9 spares the A4 sheets print (one of each of
    the commonest letters, not the 29 that filled the bed's grid before), in a block of their own 7 mm
    below the set's last row, the label engraved in between: bagged from its block, the set is right."""
    kit = load_kit("krestoslovitsa")
    (d,) = laser_tile_documents(kit)
    f = d.figures
    assert (f["tiles"], f["spares"], f["grid"]) == (130, 9, [29, 19])
    sheet = read_svg(write([d], tmp_path)[d.path])
    outlines = [e for e in sheet.layer("outer cut")]
    rings = [polylines(e)[0] for e in outlines]
    assert len(rings) == 2 and all(r[0] == r[-1] for r in rings)  # two blocks, each closed
    boxes = [(min(x for x, _ in r), min(y for _, y in r), max(x for x, _ in r), max(y for _, y in r)) for r in rings]
    assert boxes[0] == pytest.approx((5.0, 5.0, 5 + 29 * 20.2, 5 + 5 * 20.2), abs=TOL)  # 4 rows and 14 of a fifth
    assert boxes[1] == pytest.approx((5.0, 113.0, 5 + 9 * 20.2, 133.2), abs=TOL)  # 106 + 7: the spares' row
    assert [r[0] for r in rings] == [(5.0, 5.0), (5.0, 113.0)]  # each outline from its top-left corner
    label = [e for e in sheet.layer("engrave") if ink(e)[1] >= 106 - TOL and ink(e)[3] <= 113 + TOL]
    assert len(label) == 1
    x0, y0, x1, y1 = ink(label[0])
    assert x0 >= 5.1 - TOL and x1 <= 5 + 29 * 20.2 and y1 - y0 < 5  # one line of small letters in the strip
    # the spares' letters: the outlines of the printed sheet's spares, in the same order, at the same
    # place in their tiles
    paper = [doc for doc in tile_documents(kit) if doc.path == "tiles-A4-2.svg"][0]
    assert paper.figures["spares"] == 9
    printed = read_svg(write([paper], tmp_path)[paper.path]).layer("print")
    spares = sorted((e for e in printed if e.tag == f"{SVG}rect" and e.get("width") == "20"),
                    key=lambda e: (float(e.get("y")), float(e.get("x"))))[-9:]
    engraved = sheet.layer("engrave")
    for (cx, cy), tile in zip(cells_of(f)[130:], spares):
        tx, ty = float(tile.get("x")), float(tile.get("y"))
        here = [e for e in engraved if cx <= ink(e)[0] and ink(e)[2] <= cx + 20.2 and cy <= ink(e)[1]
                and ink(e)[3] <= cy + 20.2]
        there = [e for e in printed if e.tag == f"{SVG}path" and tx <= ink(e)[0] and ink(e)[2] <= tx + 20
                 and ty <= ink(e)[1] and ink(e)[3] <= ty + 20]
        assert len(here) == len(there) == 2
        for a, b in zip(here, there):
            va = [v - (cx + 0.1 if i % 2 == 0 else cy + 0.1)
                  for _, vs in commands(a.get("d")) for i, v in enumerate(vs)]
            vb = [v - (tx if i % 2 == 0 else ty) for _, vs in commands(b.get("d")) for i, v in enumerate(vs)]
            assert va == pytest.approx(vb, abs=0.002)
    assert f["spare_tiles"]["letters"] == {c: 1 for c in "АЕИКНОПРС"}


def test_fill_bed_fills_the_spares_block_to_the_beds_edge_in_the_sets_proportions(write):
    mine = write("k.yaml", "extends: krestoslovitsa\nlaser: {fill_bed: true}\n")
    kit = load_kit(str(mine))
    assert kit.laser.fill_bed and not load_kit("krestoslovitsa").laser.fill_bed
    (d,) = laser_tile_documents(kit)
    f = d.figures
    rows = int((395 - 113.0) // 20.2)  # below the strip, down to the bed's margin: 13 rows
    assert (f["tiles"], f["spares"], f["spares_filled"]) == (130, rows * 29, rows * 29 - 9)
    letters = f["spare_tiles"]["letters"]
    extra = {t.face: letters.get(t.face, 0) - (1 if t.face in "АЕИКНОПРС" else 0) for t in kit.distribution.tiles}
    assert f["spare_tiles"]["blanks"] == 0 and sum(extra.values()) == f["spares_filled"]
    for t in kit.distribution.tiles:  # each letter about as often as in the set (Sainte-Laguë's rule)
        share = t.count * f["spares_filled"] / 128
        assert int(share) - 1 <= extra[t.face] <= int(share) + 1, t.face


def test_every_inner_cut_is_a_straight_line_that_starts_inside_its_block(k40):
    """So that software which orders one colour's cuts inside-first by where each starts (K40
    Whisperer's "Cut Inside First": a path before any closed loop holding its first point) finds
    every inner cut inside the outline, and none runs after the block has fallen free."""
    kit, docs, files = k40
    sheet = read_svg(files["laser-tiles-1.svg"])
    inner = sheet.layer("inner cuts")
    assert {e.tag for e in inner} == {f"{SVG}line"}
    rings = [polylines(e)[0] for e in sheet.layer("outer cut")]

    def strictly_inside(x, y, ring):  # ray casting, a point on an edge is outside
        for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
            if min(x1, x2) - 1e-9 <= x <= max(x1, x2) + 1e-9 and min(y1, y2) - 1e-9 <= y <= max(y1, y2) + 1e-9:
                return False  # the outline runs along the grid: on its box of an edge is on the edge
        crossings = sum(1 for (x1, y1), (x2, y2) in zip(ring, ring[1:])
                        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        return crossings % 2 == 1

    starts = [(float(e.get("x1")), float(e.get("y1"))) for e in inner]
    assert all(any(strictly_inside(x, y, r) for r in rings) for x, y in starts)
    ends = [(float(e.get("x2")), float(e.get("y2"))) for e in inner]
    assert sum(1 for x, y in ends if not any(strictly_inside(x, y, r) for r in rings)) == len(inner)  # to the outline
    # each run is cut out from a point 1 mm inside one end: a 1 mm stroke back to that end, then the rest
    short = [e for e in inner if length(polylines(e)[0]) == pytest.approx(1.0, abs=1e-6)]
    assert len(short) == len(inner) // 2


# -- the look of each operation, per profile -----------------------------------------------------------

@pytest.mark.parametrize("profile, inner, outer", [("lightburn", "#00e000", "#ff0000"),
                                                   ("k40-whisperer", "#fa0000", "#ff0000"),
                                                   ("epilog-trotec", "#00ff00", "#ff0000"),
                                                   ("glowforge", "#00e000", "#ff0000"),
                                                   ("xtool", "#00e000", "#ff0000")])
def test_layers_in_job_order_in_the_profiles_colours_and_hairlines(tmp_path, profile, inner, outer):
    """The inner cuts in a colour of their own (where the software maps colours to operations, a step
    that runs first), every line a 0.01 mm hairline: read as a vector by Epilog and Trotec, and
    nothing a viewer shows as a band to engrave where the software ignores widths."""
    kit = load_kit("krestoslovitsa", laser=profile, bed="325x220")
    files = write(laser_tile_documents(kit), tmp_path)
    sheet = read_svg(files["laser-tiles-1.svg"])
    assert [label for label, _ in sheet.layers] == ["engrave", "inner cuts", "outer cut"]
    for name, colour in zip(CUTS, (inner, outer)):
        elements = sheet.layer(name)
        assert elements
        for e in elements:
            assert (e.get("stroke"), e.get("stroke-width"), e.get("fill")) == (colour, "0.01", "none")
    engraved = sheet.layer("engrave")
    assert len(engraved) == 2 * 137 + 1  # a letter and a value on each of 128 + 9 lettered tiles, the label
    for e in engraved:
        assert e.tag == f"{SVG}path" and e.get("fill") == "#000000" and e.get("stroke") is None


# -- common-line cutting ------------------------------------------------------------------------------

def test_each_edge_is_cut_once_shared_ones_inside_the_outline_outside(k40):
    kit, docs, files = k40
    sheet = read_svg(files["laser-tiles-1.svg"])
    # the set: 8 full rows and 10 of the last; its 9 spares in a row 7 mm below: 5 + 9 × 20.2 + 7
    assert blocks_of(docs[0].figures) == [(reading_cells(130, 15), 5.0, 5.0), (reading_cells(9, 15), 5.0, 193.8)]
    edges = block_edges(docs[0].figures)
    for name, inside in (("inner cuts", True), ("outer cut", False)):
        segs = segments(sheet.layer(name))
        covered = []
        for line, spans in on_lines(segs).items():
            for (a, b), (c, d) in zip(spans, spans[1:]):
                assert c >= b - 1e-9, f"{name}: cuts on {line} overlap: {a}-{b} and {c}-{d}"
            for a, b in joined_spans(spans):  # the strokes on a line cover whole grid edges
                n = round((b - a) / 20.2)
                assert b - a == pytest.approx(n * 20.2, abs=TOL)
                for i in range(n):
                    lo, hi = a + i * 20.2, a + (i + 1) * 20.2
                    covered.append(unit(((lo, line[1]), (hi, line[1])) if line[0] == "h" else
                                        ((line[1], lo), (line[1], hi))))
        assert len(covered) == len(set(covered)), f"{name}: an edge is cut twice"
        assert set(covered) == {e for e, s in edges.items() if s is inside}
    all_segs = [unit(s) for name in CUTS for s in segments(sheet.layer(name))]
    assert len(all_segs) == len(set(all_segs))  # and no segment appears in both layers


def test_the_cut_length_is_the_common_line_lower_bound(k40):
    kit, docs, files = k40
    sheet = read_svg(files["laser-tiles-1.svg"])
    cut = sum(length(s) for name in CUTS for s in segments(sheet.layer(name)))
    bound = len(block_edges(docs[0].figures)) * 20.2  # 284 edges of the set's block, 28 of the spares'
    assert cut == pytest.approx(bound, abs=TOL) == pytest.approx(6302.4, abs=TOL)
    assert docs[0].figures["cut_mm"] == pytest.approx(cut, abs=0.05)
    separately = 139 * 4 * 20.0
    assert cut < 0.58 * separately  # 6.36 m against 11.1 m


def test_the_cut_runs_on_the_kerfs_centre_half_a_kerf_outside_each_finished_tile(tmp_path):
    """The letter is centred in its finished tile, so the cut lines either side of a letter's centre
    must be (tile + kerf) / 2 away: the beam takes kerf / 2 and leaves the tile at its nominal size."""
    base = load_kit("krestoslovitsa", bed="325x220")
    for kerf in (0.0, 0.2, 0.35):
        kit = replace(base, physical=replace(base.physical, kerf_mm=kerf))
        d = laser_tile_documents(kit)[0]  # at 0.35 mm the spares go to a second sheet
        assert d.figures["pitch_mm"] == pytest.approx(20 + kerf, abs=1e-9)
        sheet = read_svg(write([d], tmp_path)[d.path])
        lines = on_lines(segments(sheet.layer("inner cuts")) + segments(sheet.layer("outer cut")))
        xs = sorted(v for kind, v in lines if kind == "v")
        ys = sorted(v for kind, v in lines if kind == "h")
        assert xs[0] == ys[0] == 5.0
        assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([20 + kerf] * (len(xs) - 1), abs=TOL)
        letters = [e for e in sheet.layer("engrave") if ink(e)[3] - ink(e)[1] > 5]  # values are 3 mm
        assert len(letters) == 128 + (9 if kerf < 0.3 else 0)
        for e in letters:
            x0, y0, x1, y1 = ink(e)
            cx = (x0 + x1) / 2
            left = max(x for x in xs if x < cx)
            right = min(x for x in xs if x > cx)
            assert cx - left == pytest.approx(10 + kerf / 2, abs=TOL)
            assert right - cx == pytest.approx(10 + kerf / 2, abs=TOL)
            top = max(y for y in ys if y < y0)
            assert y1 < top + 20 + kerf  # and inside the same tile from top to bottom


def test_letters_are_placed_as_on_the_printed_tiles(k40, tmp_path):
    """The first tile, А 1, against the first tile of the printed sheet: the same outline at the
    same place relative to the tile's corner (on the bed: the cell's corner + kerf / 2)."""
    kit, docs, files = k40
    laser = read_svg(files["laser-tiles-1.svg"]).layer("engrave")
    printed_doc = next(d for d in tile_documents(kit) if d.path.endswith("-1.svg"))
    printed = read_svg(write([printed_doc], tmp_path)[printed_doc.path]).layer("print")
    tile = min((e for e in printed if e.tag == f"{SVG}rect" and e.get("width") == "20"),
               key=lambda e: (float(e.get("y")), float(e.get("x"))))
    px, py = float(tile.get("x")), float(tile.get("y"))

    def inside(elements, x, y):
        return [e for e in elements if e.tag == f"{SVG}path" and x <= ink(e)[0] and ink(e)[2] <= x + 20
                and y <= ink(e)[1] and ink(e)[3] <= y + 20]

    here = inside(laser, 5.1, 5.1)
    there = inside(printed, px, py)
    assert len(here) == len(there) == 2  # the letter and the value
    for a, b in zip(here, there):
        ca, cb = commands(a.get("d")), commands(b.get("d"))
        assert [op for op, _ in ca] == [op for op, _ in cb]
        for (_, va), (_, vb) in zip(ca, cb):
            moved = [v - 5.1 for v in va]  # the cell's corner (5, 5) + kerf / 2
            home = [v - (px if i % 2 == 0 else py) for i, v in enumerate(vb)]
            assert moved == pytest.approx(home, abs=0.002)


def test_blanks_are_left_bare(k40):
    kit, docs, files = k40
    engraved = read_svg(files["laser-tiles-1.svg"]).layer("engrave")
    boxes = [ink(e) for e in engraved]
    bare = []
    for r, c in sorted(reading_cells(130, 15)):
        x, y = 5 + c * 20.2, 5 + r * 20.2
        if not any(x <= b[0] and b[2] <= x + 20.2 and y <= b[1] and b[3] <= y + 20.2 for b in boxes):
            bare.append((r, c))
    assert bare == [(8, 8), (8, 9)]  # tiles 128 and 129: the two blanks end the set


def test_every_part_is_inside_the_beds_margins(k40):
    kit, docs, files = k40
    sheet = read_svg(files["laser-tiles-1.svg"])
    xs, ys = [], []
    for name in CUTS:
        for a, b in segments(sheet.layer(name)):
            xs += [a[0], b[0]]
            ys += [a[1], b[1]]
    for e in sheet.layer("engrave"):
        x0, y0, x1, y1 = ink(e)
        xs += [x0, x1]
        ys += [y0, y1]
    assert 5 - TOL <= min(xs) and max(xs) <= 320 + TOL and 5 - TOL <= min(ys) and max(ys) <= 215 + TOL


# -- hold tabs ----------------------------------------------------------------------------------------

def test_hold_tabs_leave_the_set_width_uncut_in_the_middle_of_every_edge(tmp_path):
    """The beam burns kerf / 2 past each end of a cut, so the cut stops (tab + kerf) / 2 short of
    the middle of each edge on either side: what stays uncut is the tab's width."""
    base = load_kit("krestoslovitsa", bed="325x220")
    tab, kerf, p = 1.0, 0.2, 20.2
    kit = replace(base, laser=replace(base.laser, tabs_mm=tab))
    (d,) = laser_tile_documents(kit)
    sheet = read_svg(write([d], tmp_path)[d.path])
    edges = block_edges(d.figures)
    segs = [s for name in CUTS for s in segments(sheet.layer(name))]
    gaps = set()  # (line, middle) of every uncut stretch between two cuts on one line
    for (kind, at), spans in on_lines(segs).items():
        for (_, b), (c, _) in zip(spans, spans[1:]):
            if c - b < 1e-6:  # an inner run ending where the outline's begins (under the short last row)
                continue
            if c - b > tab + kerf + 1:  # from the set's block to the spares' (the strip for their label)
                continue
            assert c - b == pytest.approx(tab + kerf, abs=TOL)  # the block has no hole: every gap is a tab
            gaps.add((kind, at, round((b + c) / 2, 2)))
    want = set()
    for ((x1, y1), (x2, y2)) in edges:
        want.add(("h", y1, round((x1 + x2) / 2, 2)) if y1 == y2 else ("v", x1, round((y1 + y2) / 2, 2)))
    assert gaps == want  # one tab in the middle of every edge of every tile, and no other gap
    cut = sum(length(s) for s in segs)
    assert cut == pytest.approx(len(edges) * (p - tab - kerf), abs=TOL)
    assert d.figures["tabs_mm"] == tab


# -- the order of the cuts ----------------------------------------------------------------------------

def file_travel(sheet: Sheet) -> float:
    here, total = (0.0, 0.0), 0.0
    for name in CUTS:
        for e in sheet.layer(name):
            for line in polylines(e):
                total += hypot(line[0][0] - here[0], line[0][1] - here[1])
                here = line[-1]
    return total


def row_by_row_travel(sheet: Sheet) -> float:
    """The same straight cuts, inner then outer, each layer horizontal lines top to bottom and then
    vertical ones left to right, each from its left or top end."""
    strokes = []
    for name in CUTS:
        segs = [unit(s) for s in segments(sheet.layer(name))]
        horizontal = sorted((s for s in segs if s[0][1] == s[1][1]), key=lambda s: (s[0][1], s[0][0]))
        vertical = sorted((s for s in segs if s[0][0] == s[1][0]), key=lambda s: (s[0][0], s[0][1]))
        strokes += horizontal + vertical
    return travel(strokes)


@pytest.mark.parametrize("bed, tabs", [("325x220", 0.0), ("300x200", 0.0), ("600x400", 0.0), ("325x220", 0.5)])
def test_the_cut_order_travels_less_than_row_by_row(tmp_path, bed, tabs):
    base = load_kit("krestoslovitsa", bed=bed)
    kit = replace(base, laser=replace(base.laser, tabs_mm=tabs))
    for d in laser_tile_documents(kit):
        sheet = read_svg(write([d], tmp_path)[d.path])
        mine, naive = file_travel(sheet), row_by_row_travel(sheet)
        assert mine <= naive
        assert d.figures["travel_mm"] == pytest.approx(mine, abs=0.06)
        if not tabs and d.figures["tiles"] > 100:
            assert mine < naive / 5  # a serpentine, not a walk back to the left of every row


# -- DXF ----------------------------------------------------------------------------------------------

def test_rdworks_gets_a_dxf_in_mm_with_a_layer_per_operation_and_the_svgs_segments(tmp_path):
    import ezdxf

    dxf_kit = load_kit("krestoslovitsa", laser="rdworks")  # 600 × 400, DXF only
    docs = laser_tile_documents(dxf_kit)
    assert [(d.path, d.kind, d.format) for d in docs] == [("laser-tiles-1.dxf", "laser-tiles", "dxf")]
    dxf = ezdxf.readfile(str(write(docs, tmp_path)["laser-tiles-1.dxf"]))
    assert dxf.header["$INSUNITS"] == 4
    by_layer: dict[str, list] = {}
    for e in dxf.modelspace():
        by_layer.setdefault(e.dxf.layer, []).append(e)
    assert list(by_layer) == ["1-engrave", "2-inner-cuts", "3-outer-cut"]
    # the colour number of each operation on the layer and every entity (RDWorks sorts by it)
    assert {name: {e.dxf.color for e in items} for name, items in by_layer.items()} == {
        "1-engrave": {7}, "2-inner-cuts": {3}, "3-outer-cut": {1}}  # the inner cuts green: their own layer
    assert [(layer.dxf.name, layer.dxf.color) for layer in dxf.layers][2:] == [
        ("1-engrave", 7), ("2-inner-cuts", 3), ("3-outer-cut", 1)]
    by_layer = {name.split("-", 1)[1].replace("-", " "): items for name, items in by_layer.items()}

    svg_kit = load_kit("krestoslovitsa", laser="lightburn")  # the same bed and the same operations, in SVG
    (svg_doc,) = laser_tile_documents(svg_kit)
    sheet = read_svg(write([svg_doc], tmp_path)[svg_doc.path])
    for name, colour in zip(CUTS, ((0, 255, 0), (255, 0, 0))):
        got = []
        for e in by_layer[name]:
            assert ezdxf.int2rgb(e.dxf.true_color) == colour
            if e.dxftype() == "LINE":
                pts = [tuple(e.dxf.start)[:2], tuple(e.dxf.end)[:2]]
            else:
                pts = [tuple(p[:2]) for p in e.get_points()]
                pts += [pts[0]] if e.closed else []
            got += [unit(((a[0], 400 - a[1]), (b[0], 400 - b[1]))) for a, b in zip(pts, pts[1:])]
        want = [unit(s) for s in segments(sheet.layer(name))]
        assert sorted(got) == sorted(want) and len(got) == len(set(got))
    assert len(by_layer["engrave"]) > 2 * 159  # letters and values, a polyline per contour


def test_the_same_kit_gives_the_same_bytes(tmp_path):
    for profile in ("lightburn", "rdworks"):
        kit = load_kit("krestoslovitsa", laser=profile, bed="300x200")
        first, second = tmp_path / f"{profile}-1", tmp_path / f"{profile}-2"
        first.mkdir(), second.mkdir()
        a = write(laser_tile_documents(kit), first)
        b = write(laser_tile_documents(load_kit("krestoslovitsa", laser=profile, bed="300x200")), second)
        assert len(a) == 2 and list(a) == list(b)
        for name in a:
            assert a[name].read_bytes() == b[name].read_bytes()


# -- the geometry helpers behind it -------------------------------------------------------------------

def test_a_run_under_a_short_last_row_is_split_into_inside_and_outline():
    cells = {(0, c) for c in range(4)} | {(1, 0), (1, 1)}
    parts = split_runs([((1, 0), (1, 4))], lambda e: shared(cells, e))
    assert parts == [(True, ((1, 0), (1, 2))), (False, ((1, 2), (1, 4)))]
    assert split_runs([((0, 1), (2, 1))], lambda e: shared(cells, e)) == [(True, ((0, 1), (2, 1)))]
    assert split_runs([((0, 2), (1, 2))], lambda e: shared(cells, e)) == [(True, ((0, 2), (1, 2)))]
    assert split_runs([((1, 2), (2, 2))], lambda e: shared(cells, e)) == [(False, ((1, 2), (2, 2)))]


def test_shortest_moves_reverses_strokes_and_never_does_worse_than_the_order_given():
    rows = [((0.0, y), (10.0, y)) for y in (0.0, 1.0, 2.0)]
    assert shortest_moves(rows) == [rows[0], rows[1][::-1], rows[2]]
    assert travel(shortest_moves(rows)) == pytest.approx(2.0)
    # nearest first can be fooled: from 0, going to 1 first leaves a long way back to -2 and on to 4
    points = [((-2.0, 0.0), (-2.0, 0.0)), ((1.0, 0.0), (1.0, 0.0)), ((4.0, 0.0), (4.0, 0.0))]
    assert travel(points) == 8.0 and shortest_moves(points) == points
    worse = [points[2], points[0], points[1]]
    assert travel(worse) == 13.0 and travel(shortest_moves(worse)) == 10.0


def test_with_gaps_leaves_a_gap_in_the_middle_of_each_span():
    assert with_gaps((0.0, 0.0), (30.0, 0.0), 3, 0.0) == [((0.0, 0.0), (30.0, 0.0))]
    got = with_gaps((0.0, 0.0), (30.0, 0.0), 3, 2.0)
    assert got == [((0.0, 0.0), (4.0, 0.0)), ((6.0, 0.0), (14.0, 0.0)), ((16.0, 0.0), (24.0, 0.0)),
                   ((26.0, 0.0), (30.0, 0.0))]
    assert with_gaps((0.0, 10.0), (0.0, 0.0), 1, 1.0) == [((0.0, 10.0), (0.0, 5.5)), ((0.0, 4.5), (0.0, 0.0))]
    with pytest.raises(ValueError):
        with_gaps((0.0, 0.0), (10.0, 0.0), 1, 10.0)
