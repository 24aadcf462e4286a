"""Tile racks for the laser (--only racks), read back from the written SVG in millimetres: one rack per
player on the fewest bed sheets, each ledge holding the rules' rack of the kit's tiles and 3 mm, every
finger of a plate as wide as its slot in the ends once the beam has taken its kerf, every part on the bed;
and verify re-measures them."""

from __future__ import annotations

import hashlib
import json
import re
from math import atan2, degrees, hypot

import pytest
from lasersvg import box, inside, rings
from manifestread import manifest_of

TOL = 0.01


def sides(poly):
    return [hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(poly, poly[1:] + poly[:1])]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("racks")
    assert main(["build", "krestoslovitsa", "--only", "racks", "--out", str(out)]) == 0
    folder = out / "krestoslovitsa"
    return folder, manifest_of(folder)


def test_four_racks_on_one_sheet_of_the_default_bed(built):
    folder, manifest = built
    sheets = [a for a in manifest["artifacts"] if a["kind"] == "racks"]
    assert [(a["path"], a["product"], a["racks"], a["bed_mm"]) for a in sheets] == \
        [("racks.svg", "racks", 4, [600.0, 400.0]), ("racks.lbrn2", "racks", 4, [600.0, 400.0])]
    layers = rings(folder / "racks.svg")
    assert list(layers) == ["engrave", "score", "inner cuts", "outer cut"]  # lightburn's job order
    assert len(layers["outer cut"]) == 4 * 5  # base, lip, back and two ends a rack
    assert len(layers["inner cuts"]) == 4 * 2 * 3  # three slots in each end
    assert len(layers["engrave"]) == 4  # the kit's name on each back
    for poly in layers["outer cut"] + layers["inner cuts"]:  # every part inside the bed's margins of 5 mm
        assert inside(box(poly), (5 - TOL, 5 - TOL, 595 + TOL, 395 + TOL))


def test_each_ledge_holds_seven_tiles_and_3_mm_and_every_finger_fits_its_slot(built):
    folder, manifest = built
    a = next(a for a in manifest["artifacts"] if a["kind"] == "racks")
    t, kerf, tile = 3.0, 0.2, 20.0  # the default kit: 3 mm plywood, a 0.2 mm kerf, 20 mm tiles, racks of 7
    layers = rings(folder / "racks.svg")
    holes = layers["inner cuts"]
    ends = [p for p in layers["outer cut"] if any(inside(box(h), box(p)) for h in holes)]
    plates = [p for p in layers["outer cut"] if p not in ends]
    assert len(ends) == 8 and len(plates) == 12
    fingers = []
    for p in plates:
        xs = sorted({round(x, 4) for x, _ in p})
        assert len(xs) == 4  # the tips, the corners, the corners, the tips
        assert abs((xs[2] - xs[1]) - kerf - (7 * tile + 3)) <= TOL  # the ledge as cut: 7 tiles and 3 mm
        assert abs((xs[3] - xs[2]) - t) <= TOL and abs((xs[1] - xs[0]) - t) <= TOL  # fingers t out
        for (x0, y0), (x1, y1) in zip(p, p[1:] + p[:1]):
            if x0 == x1 and x0 in (xs[0], xs[3]):
                fingers.append(abs(y1 - y0) - kerf)  # as cut: the beam takes half a kerf off each side
    assert len(fingers) == 24
    for end in ends:
        mine = [h for h in holes if inside(box(h), box(end))]
        assert len(mine) == 3
        for h in mine:
            cut = [s + kerf for s in sides(h)]  # a hole widens by the kerf
            assert len(cut) == 4
            deep = [s for s in cut if abs(s - t) <= TOL]
            wide = [s for s in cut if abs(s - t) > TOL] or deep
            assert len(deep) >= 2  # as deep as the material is thick
            assert any(abs(wide[0] - f) <= TOL for f in fingers)  # as wide as a finger: a press fit
        # the back's slot leans 18° from the upright
        leaning = [h for h in mine if abs(h[0][0] - h[1][0]) > TOL and abs(h[0][1] - h[1][1]) > TOL]
        assert len(leaning) == 1
        angles = [degrees(atan2(abs(b[0] - q[0]), abs(b[1] - q[1]))) for q, b in zip(leaning[0], leaning[0][1:])]
        # coordinates written to 0.001 mm over a side of 2.8 mm: the angle to 0.05°
        assert all(min(abs(x - a["lean_deg"]), abs(90 - x - a["lean_deg"])) <= 0.05 for x in angles)
    assert a["lean_deg"] == 18.0 and a["ledge_mm"] == 143.0 and a["groove_mm"] == 4.0


def test_verify_re_measures_the_slots_and_fails_a_widened_one(built, tmp_path, capsys):
    import shutil

    from printkit.cli import main

    folder = tmp_path / "k"
    shutil.copytree(built[0], folder)
    capsys.readouterr()
    assert main(["verify", str(folder)]) == 0
    assert re.search(r"ok  racks\.svg: 12 plates with a ledge of 143\.00 mm \(7 tiles of 20 mm \+ 3 mm\), 24 fingers "
                     r"3 mm out, 24 slots, each finger and slot 6\.36/6\.4/7\.588 mm wide and the slots 3 mm deep "
                     r"as cut",
                     capsys.readouterr().out)
    svg = folder / "racks.svg"
    text = svg.read_text(encoding="utf-8")
    layer = text.index('inkscape:label="inner cuts"')
    d0 = text.index(' d="', layer) + 4
    d1 = text.index('"', d0)
    nums = re.findall(r"-?\d+(?:\.\d+)?", text[d0:d1])
    # move the slot's first corner 0.5 mm: it is no longer as wide as any finger
    moved = text[d0:d1].replace(nums[0], f"{float(nums[0]) - 0.5:g}", 1)
    text = text[:d0] + moved + text[d1:]
    svg.write_text(text, encoding="utf-8")
    manifest = manifest_of(folder)
    data = svg.read_bytes()
    for a in manifest["artifacts"]:
        if a["path"] == "racks.svg":
            a["bytes"], a["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    assert main(["verify", str(folder)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"FAIL racks\.svg: \d+ rack measurements? wrong; the first: a slot at [\d.]+, [\d.]+ mm is", out)
    assert len([ln for ln in out.splitlines() if ln.startswith("FAIL")]) == 1


def test_a_bed_smaller_than_a_rack_part_is_refused_in_one_line(run, tmp_path):
    code, out, err = run("build", "krestoslovitsa", "--only", "racks", "--bed", "120x100", "--out", tmp_path / "o")
    assert (code, out) == (2, "")
    assert err.splitlines() == ["--bed: a bed of 120 × 100 mm with margins of 5 mm is smaller than the rack's base "
                                "(149.2 × 10.6 mm)"]
    assert not (tmp_path / "o").exists()


def test_a_small_bed_takes_more_sheets_each_saying_its_racks(run, tmp_path):
    code, _, err = run("build", "krestoslovitsa", "--only", "racks", "--bed", "160x100", "--out", tmp_path / "o")
    assert code == 0, err
    manifest = manifest_of(tmp_path / "o" / "krestoslovitsa")
    sheets = [a for a in manifest["artifacts"] if a["kind"] == "racks"]
    assert [a["path"] for a in sheets] == [f"racks-{n}.{fmt}" for n in (1, 2, 3) for fmt in ("svg", "lbrn2")]
    sheets = [a for a in sheets if a["format"] == "svg"]
    assert all(a["bed_mm"] == [160.0, 100.0] and 1 <= a["racks"] <= 4 for a in sheets)
    assert sum(len(a["parts"]) for a in sheets) == 20
    for a in sheets:
        layers = rings(tmp_path / "o" / "krestoslovitsa" / a["path"])
        for poly in layers["outer cut"] + layers.get("inner cuts", []):
            assert inside(box(poly), (5 - TOL, 5 - TOL, 155 + TOL, 95 + TOL))
    # verify passed (the build verifies): fingers and slots on different sheets agree by fingers_mm
    assert "FAIL" not in err


def test_the_card_racks_fold_from_strips_as_long_as_the_ledge(built):
    """Read back from the PDF: a strip per player (3 on the first A4 page, 1 on the second), each 143 mm
    long (7 tiles of 20 mm + 3 mm), cut solid, folded dashed: the lip 6 mm, the shelf the tile's
    thickness + 1 mm, the face 0.9 of the tile's side leaning 18°, the rear closing the triangle."""
    import pdfplumber

    folder, manifest = built
    a = next(a for a in manifest["artifacts"] if a["kind"] == "racks-paper")
    assert (a["path"], a["pages"], a["racks"], a["paper"]) == ("racks-paper-A4.pdf", 2, 4, "A4")
    k = 25.4 / 72
    per_page = []
    with pdfplumber.open(folder / a["path"]) as pdf:
        for page in pdf.pages:
            lines = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 1e-6]
            cuts = [ln for ln in lines if abs(ln["linewidth"] * k - 0.3) <= TOL]
            dashes = [ln for ln in lines if abs(ln["linewidth"] * k - 0.2) <= TOL]
            tops = sorted({round(ln["top"] * k, 3) for ln in cuts if abs((ln["x1"] - ln["x0"]) * k - 143.0) <= TOL})
            per_page.append(len(tops))
            folds = sorted({round(ln["top"] * k, 3) for ln in dashes})
            for top in tops:
                mine = [f - top for f in folds if top < f < top + 100][:5]
                assert abs(mine[0] - 6.0) <= TOL  # the lip
                assert abs(mine[1] - mine[0] - 4.0) <= TOL  # the shelf: 3 mm tiles + 1 mm
                assert abs(mine[2] - mine[1] - 18.0) <= TOL  # the face: 0.9 × 20 mm
                face, rear, base = 18.0, mine[3] - mine[2], mine[4] - mine[3]
                from math import cos, hypot, radians, sin
                top_x, top_y = face * sin(radians(18)), face * cos(radians(18))
                assert abs(rear - hypot(base - top_x, top_y)) <= TOL  # the rear closes the triangle
    assert per_page == [3, 1]


def test_the_sheet_states_the_thickness_and_kerf_it_is_drawn_for_off_every_part(built):
    """Scored in the room the shelves leave (issue 33: nothing on the sheet said the joints were drawn for 3 mm)."""
    import xml.etree.ElementTree as ET

    from lasersvg import LABEL, SVG

    folder, manifest = built
    (a,) = [a for a in manifest["artifacts"] if a["kind"] == "racks" and a["format"] == "svg"]
    assert a["stamp"] == "Крестословица: начерчено для материала толщиной 3 мм, пропил 0.2 мм"
    root = ET.parse(folder / a["path"]).getroot()
    (score,) = [g for g in root.iter(f"{SVG}g") if g.get(LABEL) == "score"]
    nums = [float(v) for e in score.iter(f"{SVG}path") for v in re.findall(r"-?\d+(?:\.\d+)?", e.get("d"))]
    ink = (min(nums[0::2]), min(nums[1::2]), max(nums[0::2]), max(nums[1::2]))
    assert inside(ink, (5, 5, 595, 395)) and 2.0 <= ink[3] - ink[1] <= 4.5
    for poly in rings(folder / a["path"])["outer cut"]:
        b = box(poly)
        assert ink[2] + 3 - TOL <= b[0] or b[2] + 3 - TOL <= ink[0] or ink[3] + 3 - TOL <= b[1] \
            or b[3] + 3 - TOL <= ink[1]
