"""The box (--only box), read back from the written files in millimetres: the laser box's parts on the
fewest bed sheets and inside the bed, every finger of an edge in the place and width of its gap or slot
on the mating edge once the beam has taken its kerf, the inside holding the tiles with their spares, the
racks and the board as the manifest states; the card box's nets folding into the stated tray and lid;
verify re-measuring them; a bed too small for a part refused in one line."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from math import ceil

import pytest
from lasersvg import LABEL, SVG, box, inside, rings
from manifestread import manifest_of

TOL = 0.01
KERF, T = 0.2, 3.0  # the default kit: 0.2 mm kerf, 3 mm plywood, 20 mm tiles


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("box")
    assert main(["build", "krestoslovitsa", "--only", "box", "--out", str(out)]) == 0
    folder = out / "krestoslovitsa"
    return folder, manifest_of(folder)


def parts(folder, manifest) -> dict[str, tuple[list, list]]:
    """Every part by name: its outline as drawn in its own frame (turned back upright, from (0, 0)), and
    its holes likewise; found on the sheets by the boxes the manifest lists."""
    out = {}
    for a in manifest["artifacts"]:
        if a["kind"] != "box" or a["format"] != "svg":  # the LightBurn projects beside: tests/laser/test_lbrn2.py
            continue
        layers = rings(folder / a["path"])
        for name, x0, y0, x1, y1, turned in a["parts"]:
            (poly,) = [p for p in layers["outer cut"] if all(abs(u - v) <= TOL for u, v in zip(box(p), (x0, y0, x1,
                                                                                                     y1)))]
            holes = [h for h in layers.get("inner cuts", []) if inside(box(h), (x0, y0, x1, y1), TOL)]

            def upright(pts, x0=x0, y0=y0, x1=x1, turned=turned):
                pts = [(x - x0, y - y0) for x, y in pts]
                return [(y, (x1 - x0) - x) for x, y in pts] if turned else pts  # a quarter turn back

            out[name] = (upright(poly), [upright(h) for h in holes])
    return out


def runs(poly, side: str, t: float):
    """(fingers, gaps) along one side of a drawn outline, as cut: the straight stretches on the side's line
    (the fingers' tips, each narrowed by the kerf) and those t inside it (the gaps, widened by the kerf),
    as (start, end) along the side from the outline's corner as cut plus t (the body's corner)."""
    x0, y0, x1, y1 = box(poly)
    segs = list(zip(poly, poly[1:] + poly[:1]))
    horizontal = side in ("top", "bottom")
    line = {"top": y0, "bottom": y1, "left": x0, "right": x1}[side]
    step = t if side in ("top", "left") else -t
    start = (x0 if horizontal else y0) + KERF / 2 + t
    found = {"tips": [], "gaps": []}
    for (ax, ay), (bx, by) in segs:
        if horizontal and abs(ay - by) < 1e-6:
            at, lo, hi = ay, min(ax, bx), max(ax, bx)
        elif not horizontal and abs(ax - bx) < 1e-6:
            at, lo, hi = ax, min(ay, by), max(ay, by)
        else:
            continue
        if abs(at - line) <= TOL:
            found["tips"].append((round(lo + KERF / 2 - start, 3), round(hi - KERF / 2 - start, 3)))
        elif abs(at - (line + step)) <= TOL:
            found["gaps"].append((round(lo - KERF / 2 - start, 3), round(hi + KERF / 2 - start, 3)))
    return sorted(found["tips"]), sorted(found["gaps"])


def same(a, b) -> bool:
    return len(a) == len(b) and all(abs(p - q) <= TOL for u, v in zip(a, b) for p, q in zip(u, v))


def interior(intervals, length):
    """Those not reaching an end of the edge (an end finger runs on into the corner)."""
    return [(a, b) for a, b in intervals if a > TOL and b < length - TOL]


def test_three_sheets_each_part_inside_the_bed(built):
    folder, manifest = built
    sheets = [a for a in manifest["artifacts"] if a["kind"] == "box"]
    assert [(a["path"], a["product"], a["bed_mm"]) for a in sheets] == \
        [(f"box-{i}.{fmt}", "box", [600.0, 400.0]) for i in (1, 2, 3) for fmt in ("svg", "lbrn2")]
    sheets = [a for a in sheets if a["format"] == "svg"]
    # floor, lid and locating plate are each 366 mm or so square: no two share a 590 × 390 mm area
    names = [p[0] for a in sheets for p in a["parts"]]
    # a row of 14 compartments, two rows of two racks' stalls and a bay, three spare bays: five long dividers
    assert sorted(names) == sorted(["floor", "front", "back", "left", "right", "lid", "locator"]
                                   + [f"divider-{r}" for r in range(1, 6)] + [f"cross-1-{k}" for k in range(1, 14)]
                                   + [f"cross-{r}-{k}" for r in (2, 3) for k in (1, 2)])
    for a in sheets:
        layers = rings(folder / a["path"])
        assert list(layers) == [n for n in ("engrave", "score", "inner cuts", "outer cut") if n in layers]
        for poly in layers["outer cut"] + layers.get("inner cuts", []):
            assert inside(box(poly), (5, 5, 595, 395), TOL)
        boxes = [box(p) for p in layers["outer cut"]]
        for i, b in enumerate(boxes):  # parts 3 mm apart: none overlaps another
            for c in boxes[i + 1:]:
                assert b[2] + 3 - TOL <= c[0] or c[2] + 3 - TOL <= b[0] or b[3] + 3 - TOL <= c[1] \
                    or c[3] + 3 - TOL <= b[1]
    assert "board_pieces" not in sheets[0]  # the default bed takes the board whole: it lies flat in the box


def test_every_finger_fills_its_gap_on_the_mating_edge(built):
    folder, manifest = built
    p = parts(folder, manifest)
    floor, front, left = p["floor"][0], p["front"][0], p["left"][0]
    w, d, h = next(a for a in manifest["artifacts"] if a["kind"] == "box")["inner_mm"]
    checked = 0
    # the floor's front and back edges into the front and back walls' bottoms, its sides into the side walls'
    for floor_side, wall, wall_side, length in (("top", front, "bottom", w), ("bottom", p["back"][0], "bottom", w),
                                                ("left", left, "bottom", d), ("right", p["right"][0], "bottom", d)):
        f_tips, f_gaps = runs(floor, floor_side, T)
        w_tips, w_gaps = runs(wall, wall_side, T)
        if floor_side in ("bottom", "right"):  # the floor's far edges, read from its far corner: the same places
            f_tips = sorted((round(length - b, 3), round(length - a, 3)) for a, b in f_tips)
            f_gaps = sorted((round(length - b, 3), round(length - a, 3)) for a, b in f_gaps)
        assert len(f_tips) >= 1 and same(f_tips, w_gaps)  # each floor finger in a gap of the wall, to 0.01 mm
        assert same(interior(f_gaps, length), interior(w_tips, length))
        checked += len(f_tips) + len(interior(w_tips, length))
    # the corners: the front wall's corner fingers into the side wall's gaps, and the side's into the front's
    height = h + T  # the corner edge: from the floor's top to the walls' top
    for a_side, b_side in (("right", "left"), ("left", "right")):
        f_tips, f_gaps = runs(front, a_side, T)
        s_tips, s_gaps = runs(left, b_side, T)
        start = lambda iv: [(round(a + T, 3), round(b + T, 3)) for a, b in iv]  # noqa: E731 - from the top
        assert same(interior(start(f_tips), height), interior(start(s_gaps), height))
        assert same(start(s_tips), interior(start(f_gaps), height)) and s_tips
        checked += len(s_tips)
    # the dividers' tabs through the floor's slots
    x_floor = box(floor)[0] + KERF / 2 + T
    long = [s for s in p["floor"][1] if box(s)[2] - box(s)[0] > box(s)[3] - box(s)[1]]
    first = min(box(s)[1] for s in long)  # the slots of the front long divider, behind the compartments
    slots = sorted(((round(box(s)[0] - KERF / 2 - x_floor, 3), round(box(s)[2] + KERF / 2 - x_floor, 3))
                    for s in long if abs(box(s)[1] - first) <= TOL))
    divider = p["divider-1"][0]
    y_bottom = box(divider)[3]
    x_div = box(divider)[0] + KERF / 2
    tabs = sorted((round(min(ax, bx) + KERF / 2 - x_div, 3), round(max(ax, bx) - KERF / 2 - x_div, 3))
                  for (ax, ay), (bx, by) in zip(divider, divider[1:] + divider[:1]) if abs(ay - y_bottom) <= TOL
                  and abs(by - y_bottom) <= TOL)
    assert len(tabs) >= 3 and same(tabs, slots)
    for s in p["floor"][1]:  # every slot, as cut, the material deep
        bw, bh = box(s)[2] - box(s)[0] + KERF, box(s)[3] - box(s)[1] + KERF
        assert abs(min(bw, bh) - T) <= TOL
    assert checked > 100


def test_the_inside_holds_the_tiles_the_racks_and_the_board(built):
    """Measured from the floor and walls as cut: the inside is 360 × 360 mm (the 358 mm board and 2 mm),
    34.144 mm high (dividers of a rack's 27.144 mm and 2 mm, the board's 3 mm, 2 mm); 14 compartments of
    ten standing tiles for the 130 tiles and 9 spares; four racks of 149 × 23 mm, two a row, behind them."""
    from printkit.config import load_kit
    from printkit.sheets.racks import rack_parts
    from printkit.sheets.tiles import kit_spares, tile_faces

    folder, manifest = built
    a = next(a for a in manifest["artifacts"] if a["kind"] == "box")  # print-all comes first
    p = parts(folder, manifest)
    fx0, fy0, fx1, fy1 = box(p["floor"][0])
    w, d = fx1 - fx0 - KERF - 2 * T, fy1 - fy0 - KERF - 2 * T
    wall = box(p["front"][0])
    h = wall[3] - wall[1] - KERF - 2 * T  # the floor under the inside, the lid's locating plate over it
    assert [round(w, 3), round(d, 3), round(h, 3)] == a["inner_mm"] == [360.0, 360.0, 34.144]
    assert a["outer_mm"] == [366.0, 366.0, 43.144]
    assert a["clearance_mm"] == 2.0
    kit = load_kit("krestoslovitsa")
    tiles = len(tile_faces(kit)) + len(kit_spares(kit))
    assert a["tiles"] == tiles == 139
    rack = {q.name: q.size for q in rack_parts(kit, 1)}
    rl, rd, rh = rack["base"][0] - KERF, rack["end"][0] - KERF, rack["end"][1] - KERF
    assert a["rack_mm"] == [round(rl, 3), round(rd, 3), round(rh, 3)] == [149.0, 23.003, 27.144]
    assert w >= 358.0 + 2.0 - TOL and d >= 358.0 + 2.0 - TOL  # the board, whole
    # the compartments, from the floor's slots: the short dividers' slots stand across the row
    first = min(box(s)[1] for s in p["floor"][1])  # the compartments' row: the front one
    across = sorted({round(box(s)[0], 3) for s in p["floor"][1] if box(s)[3] - box(s)[1] > box(s)[2] - box(s)[0]
                     and box(s)[1] < first + 10 * T})
    cols = len(across) + 1
    pitch = [b - a_ for a_, b in zip(across, across[1:])]
    assert cols * 1 * 10 >= tiles and cols == 14 == ceil(tiles / 10)
    assert all(abs(x - pitch[0]) <= TOL for x in pitch) and pitch[0] - T >= 20.0 + 1.0 - TOL
    divider = box(p["divider-1"][0])
    row = divider[3] - divider[1] - KERF - T  # the divider's height above the floor
    assert row >= max(20.0, rh) - TOL and h >= row + 3.0 + 2.0 - TOL  # tiles and racks under the board
    # the compartments' row and its divider at the front, the racks behind: two of 149 mm a row, two rows
    depth_row = 10 * T + 1.0 + T
    assert 2 * rl + 2.0 <= w + TOL and depth_row + 2 * rd + 2.0 + 2.0 <= d + TOL
    lid = box(p["lid"][0])
    assert (round(lid[2] - lid[0] - KERF, 3), round(lid[3] - lid[1] - KERF, 3)) == (366.0, 366.0)
    loc = box(p["locator"][0])
    assert (round(loc[2] - loc[0] - KERF, 3), round(loc[3] - loc[1] - KERF, 3)) == (359.0, 359.0)


def test_the_lid_is_engraved_with_the_title_and_the_premium_pattern(built):
    folder, manifest = built
    sheet = next(a for a in manifest["artifacts"] if a["kind"] == "box" and any(q[0] == "lid" for q in a["parts"]))
    layers = rings(folder / sheet["path"])
    lid = next(q for q in sheet["parts"] if q[0] == "lid")
    root = ET.parse(folder / sheet["path"]).getroot()
    engrave = next(g for g in root.findall(f"{SVG}g") if g.get(LABEL) == "engrave")
    rects = [e for e in engrave.iter(f"{SVG}rect")]
    # the book's board: 8 × С3 (word ×3) and 12 × Б3 (letter ×3) solid; the double premiums are frames
    sizes = sorted({round(float(r.get("width")), 2) for r in rects})
    assert len(rects) == 8 + 12 and len(sizes) == 2
    for r in rects:
        x, y = float(r.get("x")), float(r.get("y"))
        assert inside((x, y, x + float(r.get("width")), y + float(r.get("height"))), lid[1:5], TOL)
    assert len(layers["engrave"]) >= 1 + 20


def test_the_card_nets_fold_into_the_stated_tray_and_lid(built):
    """From the PDF: each net's dashed folds make the base, its four walls reach from the folds to the cut
    lines parallel to them; they add up to the tray and lid the manifest states, the lid over the tray."""
    import pdfplumber

    folder, manifest = built
    a = next(a for a in manifest["artifacts"] if a["kind"] == "box-paper")
    assert (a["path"], a["paper"], a["pages"]) == ("box-paper-A4.pdf", "A4", 1)
    k = 25.4 / 72
    with pdfplumber.open(folder / a["path"]) as pdf:
        page = pdf.pages[0]
        lines = [(ln["x0"] * k, ln["top"] * k, ln["x1"] * k, ln["bottom"] * k, ln["linewidth"] * k)
                 for ln in page.lines]
    folds = [ln for ln in lines if abs(ln[4] - 0.2) <= TOL]
    cuts = [ln for ln in lines if abs(ln[4] - 0.3) <= TOL]
    measured = []
    for net in a["nets"]:
        (bx, by), (nw, nh), (w, _, h) = net["base_mm"], net["net_mm"], net["inner_mm"]
        x_lo = bx - (nw - w) / 2  # the net's own stretch of the page
        mine = [f for f in folds if x_lo - TOL <= min(f[0], f[2]) and max(f[0], f[2]) <= x_lo + nw + TOL
                and by - h - TOL <= f[1] and f[3] <= by - h + nh + TOL]
        horizontal = [f for f in mine if abs(f[1] - f[3]) < 1e-6]
        ys = sorted({round(f[1], 3) for f in horizontal})
        assert len(ys) == 2
        top, bottom = ys
        xs = sorted({round(f[0], 3) for f in mine if abs(f[0] - f[2]) < 1e-6})
        assert len(xs) == 2
        left, right = xs
        along = [f for f in horizontal if abs(f[1] - top) <= TOL]
        assert abs(min(f[0] for f in along) - left) <= TOL and abs(max(f[2] for f in along) - right) <= TOL
        front = [c for c in cuts if abs(c[1] - c[3]) < 1e-6 and abs(c[0] - left) <= TOL and abs(c[2] - right) <= TOL]
        walls = sorted(round(c[1], 3) for c in front)
        sides = sorted(round(c[0], 3) for c in cuts if abs(c[0] - c[2]) < 1e-6 and abs(c[1] - top) <= TOL
                       and abs(c[3] - bottom) <= TOL)
        assert len(walls) == 2 and len(sides) == 2
        heights = [top - walls[0], walls[1] - bottom, left - sides[0], sides[1] - right]
        assert max(heights) - min(heights) <= TOL
        measured.append((net["net"], [round(right - left, 3), round(bottom - top, 3), round(heights[0], 3)]))
    assert dict(measured) == {"tray": a["tray_mm"], "lid": a["lid_mm"]}
    tray, lid = a["tray_mm"], a["lid_mm"]
    assert lid[0] >= tray[0] + 2 * a["card_mm"] and lid[1] >= tray[1] + 2 * a["card_mm"]  # the lid goes over it
    cols, rows = a["stacks"]
    assert cols * rows * 10 >= 139 and tray[0] >= cols * 20 and tray[1] >= rows * 20 and tray[2] >= 10 * T


def test_verify_re_measures_the_box_and_fails_a_narrowed_finger(built, tmp_path, capsys):
    import shutil

    from printkit.cli import main

    folder = tmp_path / "k"
    shutil.copytree(built[0], folder)
    capsys.readouterr()
    assert main(["verify", str(folder)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"ok  box-1\.svg: 7 parts \(back, cross, divider, floor, front, left, right\) at the sizes of an "
                     r"inside of 360 × 360 × 34\.144 mm; \d+ fingers and \d+ gaps 3 mm deep, \d+ slots, each "
                     r"6\.102/6\.2/(?:[\d.]+/)*[\d.]+ mm wide as cut \(kerf 0\.2 mm\); the inside as cut holds", out)
    assert "ok  box-paper-A4.pdf: the tray 43 × 148 × 31.5 mm and the lid 45 × 150 × 15 mm" in out
    svg = folder / "box-1.svg"
    text = svg.read_text(encoding="utf-8")
    layer = text.index('inkscape:label="inner cuts"')
    d0 = text.index(' d="', layer) + 4
    d1 = text.index('"', d0)
    nums = re.findall(r"-?\d+(?:\.\d+)?", text[d0:d1])
    moved = text[d0:d1].replace(nums[0], f"{float(nums[0]) - 0.5:g}", 1)  # a slot 0.5 mm wider
    svg.write_text(text[:d0] + moved + text[d1:], encoding="utf-8")
    manifest = manifest_of(folder)
    data = svg.read_bytes()
    for a in manifest["artifacts"]:
        if a["path"] == "box-1.svg":
            a["bytes"], a["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    assert main(["verify", str(folder)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"FAIL box-1\.svg: 1 box measurement wrong; the first: a slot in the floor at [\d.]+, [\d.]+ mm",
                     out)


def test_a_small_bed_splits_the_board_into_pieces_that_the_box_holds(run, tmp_path):
    """A bed of 300 × 300 mm: the board in four pieces, stacked flat, each with its splice plates; the
    manifest says so and the inside holds the largest piece with its plates."""
    from printkit.config import load_kit
    from printkit.sheets.laser.board import plan_board

    code, _, err = run("build", "krestoslovitsa", "--only", "box", "--bed", "300x300", "--out", tmp_path / "o")
    assert code == 0, err
    manifest = manifest_of(tmp_path / "o" / "krestoslovitsa")
    sheets = [a for a in manifest["artifacts"] if a["kind"] == "box"]
    kit = load_kit("krestoslovitsa")
    from dataclasses import replace
    split = plan_board(replace(kit, laser=replace(kit.laser, bed_w=300.0, bed_h=300.0)))
    assert all(a["board_pieces"] == len(split.pieces) == 4 for a in sheets)
    a = sheets[0]
    longest = max(max(p.width, p.height) for p in split.pieces)
    assert a["inner_mm"][0] >= longest + 2.0 and a["inner_mm"][1] >= longest + 2.0
    assert a["board_stack_mm"] >= 4 * T
    for s in sheets:
        if s["format"] != "svg":  # its LightBurn project: verify read it back (the err holds no FAIL)
            continue
        layers = rings(tmp_path / "o" / "krestoslovitsa" / s["path"])
        for poly in layers["outer cut"] + layers.get("inner cuts", []):
            assert inside(box(poly), (5, 5, 295, 295), TOL)
    assert "FAIL" not in err


def test_a_bed_smaller_than_the_floor_is_refused_in_one_line(run, tmp_path):
    code, out, err = run("build", "krestoslovitsa", "--only", "box", "--bed", "150x120", "--out", tmp_path / "o")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert re.fullmatch(r"--bed: a bed of 150 × 120 mm with margins of 5 mm is smaller than the box's floor "
                        r"\([\d.]+ × [\d.]+ mm\)\n", err)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("text, problem", [
    ("extends: krestoslovitsa\nphysical:\n  tile_mm: 18\n  thickness_mm: 20\n", "4:17: material 20 mm thick is "
     "thicker than the tile is wide (18 mm)"),
    ("extends: krestoslovitsa\nphysical:\n  thickness_mm: 0.5\n  kerf_mm: 0.6\n", "4:12: a kerf of 0.6 mm is as "
     "wide as the material is thick (0.5 mm) or wider"),
])
def test_material_that_cannot_be_jointed_stops_the_box_in_one_line(write, run, tmp_path, text, problem):
    kit = write("k.yaml", text)
    code, out, err = run("build", kit, "--only", "box", "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith(f"{kit}:{problem}")
    assert not (tmp_path / "out").exists()


def test_the_build_says_what_the_box_holds_and_its_inside(tmp_path, capsys):
    """The build's line of a box sheet names the tiles it holds and the inside, not '139 tiles' as
    if it drew them; the bag's pattern the same."""
    from printkit.cli import main

    assert main(["build", "krestoslovitsa", "--only", "box,bag", "--out", str(tmp_path), "--no-verify"]) == 0
    out = capsys.readouterr().out
    sheets = [line for line in out.splitlines() if "/box-" in line or "/bag-pattern" in line]
    assert len(sheets) == 8, out  # three box sheets, each an SVG and a LightBurn project; two bag pattern pages
    assert all("holds 139 tiles, " in line for line in sheets), sheets
    assert sum("holds 139 tiles, inside 360 × 360 × 34.144 mm, tile 20.00 mm, lightburn for plywood-3mm-co2-40w, "
               "bed 600x400" in line for line in sheets) == 6


@pytest.mark.parametrize("scale", [("--scale-x", "1.01"), ("--scale-y", "1.01"),
                                   ("--scale-x", "0.98", "--scale-y", "1.02")])
def test_the_card_box_of_a_calibrated_printer_is_measured_as_designed(run, tmp_path, scale):
    """The card box's page is drawn larger or smaller for a printer that prints small or large (print.measured):
    verify found no folds on it ('the tray's base has 0 folds across'), exit 1, for any calibration at all."""
    code, out, err = run("build", "krestoslovitsa", "--only", "box", *scale, "--out", tmp_path)
    assert (code, err) == (0, ""), out + err
    manifest = manifest_of(tmp_path / "krestoslovitsa")
    a = next(a for a in manifest["artifacts"] if a["kind"] == "box-paper")
    assert a["scale"] != [1.0, 1.0]
    code, out, _ = run("verify", tmp_path / "krestoslovitsa")
    assert code == 0
    assert "ok  box-paper-A4.pdf: the tray 43 × 148 × 31.5 mm and the lid 45 × 150 × 15 mm" in out
