"""The thickness gauge and the kerf coupon come with the box and the racks (issue 33): their joints are drawn for
the kit's thickness and kerf, and "3 mm" plywood runs 2.7 to 3.2 mm. The gauge's slots, read back from the SVG as
the beam cuts them, are as wide as their engraved labels; a file two products make is written and listed once,
whichever products a build makes and in whatever order the folder was built before."""

from __future__ import annotations

from collections import Counter

import pytest
from lasersvg import rings
from manifestread import manifest_of

TOL = 0.005
KERF, T = 0.2, 3.0


def slots_as_cut(path, kerf: float = KERF) -> list[float]:
    """The comb's slots, left to right: the cut outline's runs along the slots' floor (the lowest of the top
    edge's turns), each widened by the beam by the kerf."""
    (poly,) = rings(path)["outer cut"]
    top = min(y for _, y in poly)
    floors = sorted({round(y, 4) for _, y in poly if y > top + 1})
    floor = floors[0]  # the slots' floor; below it only the comb's bottom edge
    segs = list(zip(poly, poly[1:] + poly[:1]))
    runs = sorted((min(a[0], b[0]), max(a[0], b[0])) for a, b in segs
                  if abs(a[1] - floor) < 1e-6 and abs(b[1] - floor) < 1e-6)
    return [round(x1 - x0 + kerf, 3) for x0, x1 in runs]


@pytest.mark.parametrize("product", ["box", "racks"])
def test_the_box_and_the_racks_come_with_the_coupon_and_a_gauge_of_slots_as_labelled(run, tmp_path, product):
    code, _, err = run("build", "krestoslovitsa", "--only", product, "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "krestoslovitsa"
    listed = {a["path"]: a for a in manifest_of(folder)["artifacts"]}
    assert listed["laser-coupon.svg"]["product"] == listed["laser-gauge.svg"]["product"] == product
    gauge = listed["laser-gauge.svg"]
    assert gauge["slots_mm"] == [2.7, 2.8, 2.9, 3.0, 3.1, 3.2, 3.3] and gauge["thickness_mm"] == T
    assert slots_as_cut(folder / "laser-gauge.svg") == pytest.approx(gauge["slots_mm"], abs=TOL)
    # the widths engraved under the slots (and the heading, which names the thickness the files are drawn for)
    assert len(rings(folder / "laser-gauge.svg")["engrave"]) >= len(gauge["slots_mm"])
    assert "FAIL" not in err


def test_a_thinner_sheet_gets_slots_round_its_own_thickness(write, run, tmp_path):
    kit = write("k.yaml", "extends: krestoslovitsa\nphysical:\n  thickness_mm: 2.5\n  kerf_mm: 0.15\n")
    code, _, err = run("build", kit, "--only", "racks", "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "k"
    gauge = next(a for a in manifest_of(folder)["artifacts"] if a["path"] == "laser-gauge.svg")
    assert gauge["slots_mm"] == [2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8]
    assert slots_as_cut(folder / "laser-gauge.svg", 0.15) == pytest.approx(gauge["slots_mm"], abs=TOL)


def test_a_file_two_products_make_is_listed_once(run, tmp_path):
    """The laser, the racks and the box all make the kerf coupon: one file, listed under the first of them;
    rebuilding only the box takes it over, and rebuilding the laser takes it back, never two entries."""
    code, _, err = run("build", "krestoslovitsa", "--only", "laser,racks,box", "--out", tmp_path, "--no-verify")
    assert code == 0, err
    folder = tmp_path / "krestoslovitsa"

    def owners():
        artifacts = manifest_of(folder)["artifacts"]
        counts = Counter(a["path"] for a in artifacts)
        assert max(counts.values()) == 1, [p for p, n in counts.items() if n > 1]
        return {a["path"]: a["product"] for a in artifacts if a["path"].startswith(("laser-coupon", "laser-gauge"))}

    def both(owner):  # each sheet as an SVG and as a LightBurn project (the default profile's)
        return {f"{name}.{fmt}": product for name, product in owner.items() for fmt in ("svg", "lbrn2")}

    assert owners() == both({"laser-coupon": "laser", "laser-gauge": "racks"})
    code, _, err = run("build", "krestoslovitsa", "--only", "box", "--out", tmp_path)
    assert code == 0 and "FAIL" not in err, err
    assert owners() == both({"laser-coupon": "box", "laser-gauge": "box"})
    code, _, err = run("build", "krestoslovitsa", "--only", "laser", "--out", tmp_path)
    assert code == 0 and "FAIL" not in err, err
    assert owners() == both({"laser-coupon": "laser", "laser-gauge": "box"})
    code, out, _ = run("verify", folder)
    assert code == 0, out


def test_the_gallery_gives_the_steps_at_the_machine_and_the_bench(run, tmp_path):
    """Under the racks' and the box's files: the coupon and the gauge first with the kerf and thickness the files
    are drawn for, the layers' order, then dry-fit and glue (there was no glue step)."""
    import re

    code, _, err = run("build", "krestoslovitsa", "--only", "box,racks", "--out", tmp_path, "--no-verify")
    assert code == 0, err
    html = (tmp_path / "krestoslovitsa" / "index.html").read_text(encoding="utf-8")
    lists = re.findall(r'<ol class="steps">(.*?)</ol>', html, re.S)
    assert len(lists) == 2
    for steps in lists:
        items = re.findall(r"<li>(.*?)</li>", steps, re.S)
        assert len(items) == 3
        assert "laser-coupon" in items[0] and "начерчены для 0.2 мм и 3 мм" in items[0]
        assert "клей (ПВА)" in items[2] or "(ПВА)" in items[2]
    assert "Каждая подставка" in lists[0] and "Коробка:" in lists[1]
