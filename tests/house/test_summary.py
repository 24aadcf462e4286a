"""One summary of a build's files for every reader (printkit.summary): check's line a product, the build's line a
file, the gallery's laser plan and the page's figures count a laser sheet once, however many formats hold it."""

from __future__ import annotations

import re
from pathlib import Path

from manifestread import manifest_of

from printkit import summary
from printkit.build import build_kit
from printkit.check import check_kit
from printkit.config import load_kit
from printkit.products import plan
from printkit.serve.state import figures

ROOT = Path(__file__).resolve().parents[2]


def both_formats(tmp_path):
    """The lightburn profile writing each sheet as SVG, as a LightBurn project and as DXF."""
    text = (ROOT / "templates" / "machines" / "lightburn.yaml").read_text(encoding="utf-8")
    assert "formats: [svg, lbrn2]" in text
    path = tmp_path / "both.yaml"
    path.write_text(text.replace("formats: [svg, lbrn2]", "formats: [svg, lbrn2, dxf]"), encoding="utf-8")
    return path


def laser_intro(folder) -> str:
    html = (folder / "index.html").read_text(encoding="utf-8")
    return re.search(r'<section id="laser"><h2>[^<]*</h2>\n<p>([^<]*)</p>', html).group(1)


def test_a_sheet_in_three_formats_is_one_sheet_to_cut_in_the_gallery(tmp_path):
    one = build_kit(load_kit("krestoslovitsa", laser="lightburn"), tmp_path / "svg", only=["laser"]).folder
    two = build_kit(load_kit("krestoslovitsa", laser=str(both_formats(tmp_path))), tmp_path / "both",
                    only=["laser"]).folder
    files = manifest_of(two)["artifacts"]
    assert {a["format"] for a in files if a["kind"] == "laser-tiles"} == {"svg", "lbrn2", "dxf"}
    svg_cut = sum(a["cut_mm"] for a in files if a["format"] == "svg" and "cut_mm" in a)
    assert svg_cut > 5000
    # the plan's cut length, travel and time are the sheets', not twice or thrice them (it said 16.28 m and 4.1 h
    # before)
    assert laser_intro(two) == laser_intro(one)
    assert f"{svg_cut / 1000:.2f}".rstrip("0") in laser_intro(two)


def test_check_the_page_and_the_gallery_sum_the_same_jobs(tmp_path):
    kit = load_kit("krestoslovitsa", laser=str(both_formats(tmp_path)))
    docs = plan(kit, ["laser"])
    jobs = summary.Jobs.of(summary.of_document(d) for _, d in docs)
    assert len(jobs) * 3 == len([d for _, d in docs if d.format in ("svg", "lbrn2", "dxf") and "cut_mm" in d.figures])
    assert figures(kit, docs)["cut_m"] == round(jobs.cut_mm / 1000, 2)
    line = next(f.text for f in check_kit(kit, products=["laser"]).findings if f.text.startswith("laser:"))
    tiles = jobs.of_kind("laser-tiles")
    assert f"laser-tiles: {len(tiles)} sheet" in line and f"cut {tiles.cut_mm / 1000:.2f} m" in line


def test_the_racks_and_the_box_laser_jobs_are_in_checks_line():
    kit = load_kit("krestoslovitsa")
    for product, kind in (("racks", "racks"), ("box", "box")):
        docs = [summary.of_document(d) for _, d in plan(kit, [product])]
        jobs = summary.Jobs.of(docs).of_kind(kind)
        assert jobs and jobs.cut_mm > 1000
        line = summary.product_line(product, docs)
        assert f"{kind}: {len(jobs)} sheet" in line and f"cut {jobs.cut_mm / 1000:.2f} m" in line, line


def test_a_file_line_says_what_a_holder_holds():
    box = {"path": "box.svg", "kind": "box", "format": "svg", "tiles": 130, "bytes": 2048}
    tiles = {"path": "tiles-A4.pdf", "kind": "tiles", "format": "pdf", "tiles": 130, "spares": 9, "pages": 2,
             "bytes": 100}
    assert summary.file_line(box) == "holds 130 tiles, 2.0 KB"
    assert summary.file_line(tiles) == "2 pages, 130 tiles + 9 spares, 100 B"
    assert summary.holds({"kind": "bag"}) and summary.holds({"kind": "box-paper"}) and not summary.holds(tiles)


def test_the_laser_plan_says_the_material_thickness_the_files_are_drawn_for(write, tmp_path):
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nphysical: {thickness_mm: 4}\n")))
    folder = build_kit(kit, tmp_path, only=["laser"]).folder
    assert "начерчено для материала толщиной 4 мм (измерьте свой" in laser_intro(folder)


def test_the_gallery_says_what_tiles_a_box_and_a_bag_are_sized_for(tmp_path):
    """A box or a bag holds the tiles of the kit's material (physical.thickness_mm), not 3D-printed ones of
    print3d.thickness_mm: the gallery says which, on each of their files (issue 33: no word was said)."""
    folder = build_kit(load_kit("krestoslovitsa"), tmp_path, only=["box", "bag"]).folder
    html = (folder / "index.html").read_text(encoding="utf-8")
    held = [a for a in manifest_of(folder)["artifacts"] if summary.holds(a)]
    assert {a["kind"] for a in held} == {"box", "box-paper", "bag"}
    assert html.count("вмещает 139 фишек 20 × 20 × 3 мм") == len(held)
