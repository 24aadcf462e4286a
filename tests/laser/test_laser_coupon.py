"""The kerf test coupon, read back in millimetres: squares cut with their line kerf / 2 outside a
10 mm square for each kerf tried, each engraved with its value, on a page just large enough."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lasersvg import SVG, commands, ink, polylines, read_svg, write

from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.fonts import load
from printkit.geometry import Role, Text, outline
from printkit.sheets.laser.coupon import coupon_documents as all_coupon_documents


def coupon_documents(kit):
    """The sheets but their LightBurn projects, which the default profile writes beside each SVG with the
    same geometry (tests/laser/test_lbrn2.py checks them)."""
    return [d for d in all_coupon_documents(kit) if d.format != "lbrn2"]


TOL = 0.01
KERFS = [0.10, 0.15, 0.20, 0.25, 0.30]


def squares(sheet) -> list[tuple[float, float, float, float]]:
    """Each cut square as (x0, y0, x1, y1), in the file's order; each is one closed stroke."""
    out = []
    for e in sheet.layer("outer cut"):
        (line,) = polylines(e)
        assert line[0] == line[-1] and len(line) == 5
        xs, ys = [p[0] for p in line], [p[1] for p in line]
        out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


@pytest.fixture(scope="module")
def coupon(tmp_path_factory):
    kit = load_kit("krestoslovitsa")
    docs = coupon_documents(kit)
    return kit, docs, read_svg(write(docs, tmp_path_factory.mktemp("coupon"))["laser-coupon.svg"])


def test_one_small_page_in_the_profiles_formats(coupon):
    kit, docs, sheet = coupon
    (d,) = docs
    assert (d.path, d.kind, d.format) == ("laser-coupon.svg", "laser-coupon", "svg")
    f = d.figures
    assert (f["kerfs_mm"], f["square_mm"], f["profile"], f["bed"]) == (KERFS, 10.0, "lightburn", "600x400")
    assert f["cut_mm"] == pytest.approx(sum(4 * (10 + k) for k in KERFS), abs=0.05)
    assert f["time_s"] > 0 and f["engrave_mm2"] > 0
    w, h = f["page_mm"]
    assert (sheet.width, sheet.height, sheet.view_box) == (f"{w:g}mm", f"{h:g}mm", f"0 0 {w:g} {h:g}")
    assert w < 100 and h < 40  # the coupon and its margins, not the bed
    rd = coupon_documents(load_kit("krestoslovitsa", laser="rdworks"))
    assert [(x.path, x.format) for x in rd] == [("laser-coupon.dxf", "dxf")]


def test_each_square_is_cut_kerf_over_two_outside_its_nominal_10_mm(coupon):
    kit, docs, sheet = coupon
    found = squares(sheet)
    assert len(found) == 5
    for (x0, y0, x1, y1), k in zip(found, KERFS):  # left to right, in the order of the kerfs
        assert x1 - x0 == pytest.approx(10 + k, abs=TOL) and y1 - y0 == pytest.approx(10 + k, abs=TOL)
    centres = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in found]
    assert len({round(cy, 3) for _, cy in centres}) == 1
    assert all(b[0] > a[2] + 3 for a, b in zip(found, found[1:]))  # apart: the heat of one leaves the next alone
    assert all(a < b for a, b in zip([c[0] for c in centres], [c[0] for c in centres][1:]))
    margin = kit.laser.margin_mm
    w, h = docs[0].figures["page_mm"]
    assert margin - TOL <= found[0][0] and found[-1][2] <= w - margin + TOL
    assert max(y1 for *_, y1 in found) <= h - margin + TOL


def test_each_square_carries_its_kerf_engraved_in_its_middle(coupon):
    kit, docs, sheet = coupon
    engraved = sheet.layer("engrave")
    assert engraved and all(e.tag == f"{SVG}path" and e.get("fill") == "#000000" for e in engraved)
    font = load(None)
    shapes = {k: [c[0] for c in outline(Text(0, 0, f"{k:.2f}", font, 10, role=Role.ENGRAVE)).commands]
              for k in KERFS}
    assert len({tuple(s) for s in shapes.values()}) == 5  # the five values draw differently
    for (x0, y0, x1, y1), k in zip(squares(sheet), KERFS):
        inside = [e for e in engraved if x0 < ink(e)[0] and ink(e)[2] < x1 and y0 < ink(e)[1] and ink(e)[3] < y1]
        (label,) = inside
        assert [op for op, _ in commands(label.get("d"))] == shapes[k]  # "0.15" on the square cut for 0.15
        lx0, ly0, lx1, ly1 = ink(label)
        assert (lx0 + lx1) / 2 == pytest.approx((x0 + x1) / 2, abs=TOL)
        assert (ly0 + ly1) / 2 == pytest.approx((y0 + y1) / 2, abs=TOL)
        assert lx1 - lx0 <= 7.0 + TOL and 2 <= ly1 - ly0 <= 3  # legible, and clear of the cut
    above = [e for e in engraved if ink(e)[3] < min(y0 for _, y0, _, _ in squares(sheet))]
    assert above  # the heading, engraved on the stock above the squares


@pytest.mark.parametrize("profile, width", [("lightburn", "0.01"), ("k40-whisperer", "0.01"),
                                            ("epilog-trotec", "0.01")])
def test_layers_in_job_order_in_the_profiles_look(tmp_path, profile, width):
    kit = load_kit("krestoslovitsa", laser=profile)
    ops = kit.laser.machine.operations
    sheet = read_svg(write(coupon_documents(kit), tmp_path)["laser-coupon.svg"])
    assert [label for label, _ in sheet.layers] == ["engrave", "outer cut"]
    for e in sheet.layer("outer cut"):
        assert (e.get("stroke"), e.get("stroke-width"), e.get("fill")) == (ops["cut"].colour, width, "none")
    assert all(e.get("fill") == ops["engrave"].colour and e.get("stroke") is None for e in sheet.layer("engrave"))


def test_the_heading_is_in_the_kits_language(tmp_path):
    (tmp_path / "ru").mkdir(), (tmp_path / "en").mkdir()
    ru = read_svg(write(coupon_documents(load_kit("krestoslovitsa")), tmp_path / "ru")["laser-coupon.svg"])
    en = read_svg(write(coupon_documents(load_kit("scrabble-en")), tmp_path / "en")["laser-coupon.svg"])
    def shape(sheet):  # where the squares are across the page, and their sizes
        return [(round(x0, 3), round(x1, 3), round(y1 - y0, 3)) for x0, y0, x1, y1 in squares(sheet)]

    assert shape(ru) == shape(en)
    heading = [[e.get("d") for e in sheet.layer("engrave") if ink(e)[3] < squares(sheet)[0][1]] for sheet in (ru, en)]
    assert heading[0] and heading[1] and heading[0] != heading[1]


def test_rdworks_gets_the_coupon_as_dxf_in_mm(tmp_path):
    import ezdxf

    kit = load_kit("krestoslovitsa", laser="rdworks")
    (d,) = coupon_documents(kit)
    dxf = ezdxf.readfile(str(write([d], tmp_path)["laser-coupon.dxf"]))
    assert dxf.header["$INSUNITS"] == 4
    cuts = [e for e in dxf.modelspace() if e.dxf.layer == "2-outer-cut"]
    assert {(e.dxf.layer, e.dxf.color) for e in dxf.modelspace()} == {("1-engrave", 7), ("2-outer-cut", 1)}
    assert (len(cuts), tuple(dxf.header["$LIMMAX"])) == (len(KERFS), (600.0, 400.0))  # the bed, not the coupon's page
    sides = []
    for e in cuts:
        pts = [tuple(p[:2]) for p in e.get_points()]
        assert e.closed and len(pts) == 4
        sides.append((max(p[0] for p in pts) - min(p[0] for p in pts), max(p[1] for p in pts) - min(p[1] for p in pts)))
    assert [v for side in sides for v in side] == pytest.approx([10 + k for k in KERFS for _ in "xy"], abs=TOL)


def test_a_small_bed_takes_the_squares_in_rows_and_a_tiny_one_is_an_error(tmp_path):
    kit = load_kit("krestoslovitsa")
    narrow = replace(kit, laser=replace(kit.laser, bed_w=50.0, bed_h=100.0))  # 40 mm across: three a row
    (d,) = coupon_documents(narrow)
    w, h = d.figures["page_mm"]
    assert w <= 50 and h <= 100
    sheet = read_svg(write([d], tmp_path)["laser-coupon.svg"])
    found = squares(sheet)
    assert [x1 - x0 for x0, _, x1, _ in found] == pytest.approx([10 + k for k in KERFS], abs=TOL)
    rows = sorted({round(y0 + (y1 - y0) / 2, 3) for _, y0, _, y1 in found})
    assert len(rows) == 2 and all(5 - TOL <= x0 and x1 <= w - 5 + TOL for x0, _, x1, _ in found)
    assert max(y1 for *_, y1 in found) <= h - 5 + TOL
    with pytest.raises(PrintkitError, match="no room for the kerf test"):
        coupon_documents(replace(kit, laser=replace(kit.laser, bed_w=20.0, bed_h=20.0)))


def test_the_same_kit_gives_the_same_bytes(tmp_path):
    (a := tmp_path / "a").mkdir()
    (b := tmp_path / "b").mkdir()
    for profile in ("lightburn", "rdworks"):
        x = write(coupon_documents(load_kit("krestoslovitsa", laser=profile)), a)
        y = write(coupon_documents(load_kit("krestoslovitsa", laser=profile)), b)
        for name in x:
            assert x[name].read_bytes() == y[name].read_bytes()
