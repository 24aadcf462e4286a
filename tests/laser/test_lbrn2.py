"""LightBurn projects (.lbrn2): the writer's geometry and settings read back exactly, the default kit's projects
built and verified, and a project changed after the build caught by verify."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

import pytest

from printkit.config import load_kit
from printkit.geometry import Circle, Document, Layer, Line, Page, Path, Rect, Role, Text
from printkit.model import Operation
from printkit.sheets.laser.common import OPERATION_OF
from printkit.sheets.laser.tiles import laser_tile_documents
from printkit.verify.lbrn2 import read_project
from printkit.writers.lbrn2 import lbrn2_bytes

CUT = Operation(colour="#ff0000", width_mm=0.01, fill=False, speed_mm_s=12.5, power_pct=90, min_power_pct=80,
                passes=2)
INNER = Operation(colour="#ff0000", width_mm=0.01, fill=False, speed_mm_s=11, power_pct=85, passes=1)
ENGRAVE = Operation(colour="#000000", width_mm=0, fill=True, speed_mm_s=175, power_pct=20, min_power_pct=20,
                    interval_mm=0.08)


def _doc(items_by_layer: dict, settings: dict, height: float = 100.0, notes: str = "") -> Document:
    layers = tuple(Layer(tuple(items), name=name, tag=name) for name, items in items_by_layer.items())
    return Document("x.lbrn2", "laser-coupon", "lbrn2", (Page(200.0, height, layers),), settings=settings,
                    notes=notes)


def test_shapes_come_back_at_their_place_on_the_page_in_millimetres():
    """Lines, rectangles, circles and paths, moved by their groups, are read back where the page has them (the
    project's y up, turned back about the page's height), to the writer's 0.1 µm."""
    quad = Path((("M", 10.0, 10.0), ("Q", 20.0, 0.0, 30.0, 10.0), ("L", 30.0, 20.0), ("Z",)), role=Role.CUT)
    items = [Line(1.0, 2.0, 3.5, 4.25, role=Role.CUT), Rect(5.0, 6.0, 7.0, 8.0, role=Role.CUT),
             Circle(50.0, 60.0, 4.5, role=Role.CUT), quad]
    data = lbrn2_bytes(_doc({"outer cut": items}, {"outer cut": CUT}))
    settings, shapes, _ = read_project(data, 100.0)
    assert [s["name"] for s in settings] == ["outer cut"]
    line, rect, circle, path = shapes
    assert line.lines == [((1.0, 2.0), (3.5, 4.25))]
    assert rect.lines == [((5, 6), (12, 6)), ((12, 6), (12, 14)), ((12, 14), (5, 14)), ((5, 14), (5, 6))]
    assert circle.curves == [("ellipse", 50.0, 60.0, 4.5, 4.5)]
    # the quadratic curve as the cubic of the same points: controls 2/3 of the way to its one control point
    (curve,) = path.curves
    assert curve[0] == "cubic"
    p0, c0, c1, p1 = (curve[1:3], curve[3:5], curve[5:7], curve[7:9])
    assert p0 == (10, 10) and p1 == (30, 10)
    assert c0 == pytest.approx((10 + 2 * 10 / 3, 10 - 2 * 10 / 3), abs=1e-3)
    assert c1 == pytest.approx((30 - 2 * 10 / 3, 10 - 2 * 10 / 3), abs=1e-3)
    # the cubic's middle is the quadratic's: (20, 5)
    mid = [(p0[i] + 3 * c0[i] + 3 * c1[i] + p1[i]) / 8 for i in (0, 1)]
    assert mid == pytest.approx([20.0, 5.0], abs=1e-3)
    # closed: the line down and the line back to the start
    assert path.lines == [((30, 10), (30, 20)), ((30, 20), (10, 10))]


def test_a_closed_contour_whose_last_point_is_its_start_has_that_vertex_once():
    square = Path((("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0), ("L", 0.0, 10.0), ("L", 0.0, 0.0),
                   ("Z",)), role=Role.CUT)
    data = lbrn2_bytes(_doc({"outer cut": [square]}, {"outer cut": CUT}))
    shape = ET.fromstring(data).find("Shape")
    assert shape.findtext("VertList").count("V") == 4
    assert shape.findtext("PrimList") == "L0 1L1 2L2 3L3 0"


def test_each_layer_is_a_cut_setting_in_the_pages_order_with_its_own_index_and_settings():
    """The job's order is the priority; two layers of one colour stay two layers (indexes apart); the palette's
    colours keep LightBurn's own layer (black C00, red C02)."""
    doc = _doc({"engrave": [Rect(0, 0, 5, 5, role=Role.ENGRAVE)], "inner cuts": [Line(0, 0, 1, 1, role=Role.CUT)],
                "outer cut": [Line(2, 2, 3, 3, role=Role.CUT)]},
               {"engrave": ENGRAVE, "inner cuts": INNER, "outer cut": CUT})
    root = ET.fromstring(lbrn2_bytes(doc))
    got = [(cs.get("type"), {c.tag: c.get("Value") for c in cs}) for cs in root.findall("CutSetting")]
    assert [g[1]["name"] for g in got] == ["engrave", "inner cuts", "outer cut"]
    assert [g[1]["priority"] for g in got] == ["0", "1", "2"]
    assert [g[0] for g in got] == ["Scan", "Cut", "Cut"]
    assert [g[1]["index"] for g in got] == ["0", "2", "4"]  # C00 black; red C02 once; the second red its own
    assert got[0][1]["interval"] == "0.08" and got[0][1]["maxPower"] == got[0][1]["minPower"] == "20"
    assert (got[1][1]["speed"], got[1][1]["maxPower"], got[1][1]["minPower"], got[1][1]["numPasses"]) == \
        ("11", "85", "85", "1")  # no min power: the power
    assert (got[2][1]["speed"], got[2][1]["maxPower"], got[2][1]["minPower"], got[2][1]["numPasses"]) == \
        ("12.5", "90", "80", "2")
    assert "interval" not in got[1][1]
    assert [s.get("CutIndex") for s in root.findall("Shape")] == ["0", "2", "4"]


def test_notes_keep_quotes_breaks_and_markup():
    notes = 'Эрудит "мой" <набор> & co\nline two\ttab'
    data = lbrn2_bytes(_doc({"outer cut": [Line(0, 0, 1, 1, role=Role.CUT)]}, {"outer cut": CUT}, notes=notes))
    assert read_project(data, 100.0)[2] == notes
    assert b"\n" not in re.search(rb"<Notes[^>]*>", data).group(0)  # escaped, not a raw break


def test_text_is_written_as_its_outline_no_font():
    kit = load_kit("krestoslovitsa")
    from printkit.fonts import load

    font = load(None)
    text = Text(10.0, 20.0, "НЖ", font, 10.0, role=Role.ENGRAVE)  # Н of straight lines only
    doc = _doc({"engrave": [text]}, {"engrave": ENGRAVE})
    data = lbrn2_bytes(doc)
    assert b'Type="Text"' not in data and b"Font=" not in data
    _, shapes, _ = read_project(data, 100.0)
    assert len(shapes) >= 2 and all(s.tag == "Path" for s in shapes)
    first = Text(10.0, 20.0, "Н", font, 10.0, role=Role.ENGRAVE).ink()
    assert shapes[0].box == pytest.approx(first, abs=1e-3)  # Н's one contour, where its ink is
    assert not shapes[0].curves
    ink = text.ink()
    assert (min(s.box[1] for s in shapes), max(s.box[3] for s in shapes)) == pytest.approx((ink[1], ink[3]), abs=0.05)
    assert kit.laser.machine.name == "lightburn"


def test_the_same_document_gives_the_same_bytes():
    kit = load_kit("krestoslovitsa")
    first = [d for d in laser_tile_documents(kit) if d.format == "lbrn2"]
    second = [d for d in laser_tile_documents(load_kit("krestoslovitsa")) if d.format == "lbrn2"]
    assert len(first) == 1 and lbrn2_bytes(first[0]) == lbrn2_bytes(second[0])


def test_a_layer_without_power_is_refused_by_the_writer():
    from printkit.writers.errors import WriterError

    bare = Operation(colour="#ff0000", width_mm=0.01, fill=False, speed_mm_s=10)
    with pytest.raises(WriterError, match="'outer cut' has no power"):
        lbrn2_bytes(_doc({"outer cut": [Line(0, 0, 1, 1, role=Role.CUT)]}, {"outer cut": bare}))


# -- the default kit's projects --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def laser_build(tmp_path_factory):
    from printkit.cli import main

    out = tmp_path_factory.mktemp("lbrn2")
    assert main(["build", "--only", "laser,racks,box", "--out", str(out), "-q"]) == 0
    return out / "krestoslovitsa"


def test_lightburn_writes_a_project_beside_each_laser_svg(laser_build):
    manifest = json.loads((laser_build / "manifest.json").read_text(encoding="utf-8"))
    svgs = sorted(a["path"][:-4] for a in manifest["artifacts"] if a["format"] == "svg"
                  and a["figures"].get("profile") == "lightburn")
    projects = sorted(a["path"][:-6] for a in manifest["artifacts"] if a["format"] == "lbrn2")
    assert svgs and projects == svgs
    assert {"laser-tiles-1", "laser-coupon", "laser-gauge", "laser-board-1", "box-1"} <= set(projects), projects
    assert any(p.startswith("racks") for p in projects), projects
    for a in manifest["artifacts"]:
        if a["format"] == "lbrn2":
            assert a["figures"]["material"] == "plywood-3mm-co2-40w"


def test_each_project_holds_the_svgs_layers_with_the_materials_settings(laser_build):
    """Read back from the file: the layers of the SVG in its order, each with the speed and powers of 3 mm
    plywood on a 40 W CO2 laser (templates/materials/plywood-3mm-co2-40w.yaml): speed, powers, passes and the
    fill's line interval (a Scan layer's only), and every shape inside the
    SVG's drawing, to 0.01 mm."""
    for project in sorted(laser_build.glob("*.lbrn2")):
        svg = project.with_suffix(".svg")
        root = ET.parse(project).getroot()
        settings = {cs.find("name").get("Value"): {c.tag: c.get("Value") for c in cs} | {"type": cs.get("type")}
                    for cs in root.findall("CutSetting")}
        assert list(settings) == _layer_labels(svg), project.name
        for name, s in settings.items():
            want = {"engrave": ("Scan", "175", "20", "20", "1", "0.1"), "score": ("Cut", "175", "20", "20", "1", None),
                    "inner cuts": ("Cut", "12.5", "90", "80", "1", None),
                    "outer cut": ("Cut", "12.5", "90", "80", "1", None)}[name]
            assert (s["type"], s["speed"], s["maxPower"], s["minPower"], s["numPasses"], s.get("interval")) == want, \
                (project.name, name)


def _layer_labels(svg) -> list[str]:
    label = "{http://www.inkscape.org/namespaces/inkscape}label"
    return [g.get(label) for g in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}g")
            if g.get("{http://www.inkscape.org/namespaces/inkscape}groupmode") == "layer"]


def test_verify_passes_the_built_projects_and_catches_one_changed(laser_build, tmp_path, run):
    code, out, _ = run("verify", laser_build)
    assert code == 0, out
    assert "ok  laser-tiles-1.lbrn2: 139 tiles of 20.00 mm cut free" in out
    assert "ok  laser-tiles-1.lbrn2: settings of lightburn and plywood-3mm-co2-40w: engrave Scan 175 mm/s" in out

    changed = tmp_path / "kit"
    shutil.copytree(laser_build, changed)
    tiles = changed / "laser-tiles-1.lbrn2"
    text = tiles.read_text(encoding="utf-8")
    text = text.replace('<name Value="outer cut"/><minPower Value="80"/><maxPower Value="90"/>',
                        '<name Value="outer cut"/><minPower Value="80"/><maxPower Value="100"/>', 1)
    first = re.search(r'<Shape Type="Path" CutIndex="2">.*?</Shape>\n', text).group(0)
    text = text.replace(first, first + first, 1)  # the outline twice
    tiles.write_text(text, encoding="utf-8")
    code, out, _ = run("verify", changed)
    assert code == 1
    assert "FAIL laser-tiles-1.lbrn2: outer cut: maxPower 100, the profile says 90.0" in out
    assert re.search(r"FAIL laser-tiles-1\.lbrn2: \d+ cut segments cut twice", out), out


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("<LightBurnProject", "<!DOCTYPE x [<!ENTITY a 'b'>]><LightBurnProject", 1),
     "cannot be read as a LightBurn project: it declares a document type or entities"),
    (lambda t: t.replace('FormatVersion="1"', 'FormatVersion="0"', 1),
     "cannot be read as a LightBurn project: FormatVersion is '0', not '1'"),
    (lambda t: t[: len(t) // 2], "cannot be read as a LightBurn project:"),
    (lambda t: t.replace('<priority Value="1"/>', '<priority Value="5"/>', 1), "priorities 0, 5, 2, not 0 to 2"),
    (lambda t: re.sub(r'<Shape Type="Path" CutIndex="3">', '<Shape Type="Path" CutIndex="9">', t, count=1),
     "1 shape on no layer of the project (the first: CutIndex 9)"),
])
def test_a_damaged_project_fails_its_check_in_one_line(laser_build, tmp_path, run, change, message):
    changed = tmp_path / "kit"
    shutil.copytree(laser_build, changed)
    tiles = changed / "laser-tiles-1.lbrn2"
    tiles.write_text(change(tiles.read_text(encoding="utf-8")), encoding="utf-8")
    code, out, _ = run("verify", changed)
    assert code == 1
    assert any(line.startswith("FAIL laser-tiles-1.lbrn2: ") and message in line for line in out.splitlines()), out


def test_the_settings_layers_match_the_job_layers_of_the_sheet():
    kit = load_kit("krestoslovitsa")
    (doc,) = [d for d in laser_tile_documents(kit) if d.format == "lbrn2"]
    assert set(doc.settings) == set(OPERATION_OF)
    assert doc.settings["outer cut"] is kit.laser.machine.operations["cut"]


def test_the_notes_say_the_kit_the_material_and_the_kerf_in_the_kits_language():
    from printkit import __version__

    def notes(name):
        (doc,) = [d for d in laser_tile_documents(load_kit(name)) if d.format == "lbrn2"]
        return doc.notes.splitlines()

    ru = notes("krestoslovitsa")
    assert ru[0] == f"Крестословица (krestoslovitsa): printkit {__version__}, профиль лазера lightburn."
    assert ru[1].startswith("Скорость и мощность: фанера 3 мм, CO2 40 Вт (plywood-3mm-co2-40w) — отправная точка")
    assert "hflaser.com" in ru[1]
    assert ru[2] == "Начерчено для пропила 0,2 мм и материала толщиной 3 мм."
    en = notes("scrabble-en")
    assert en[0] == f"Scrabble (English) (scrabble-en): printkit {__version__}, laser profile lightburn."
    assert en[2] == "Drawn for a kerf of 0.2 mm and material 3 mm thick."


def test_a_box_project_missing_a_part_fails_its_parts_check(laser_build, tmp_path, run):
    """verify measures a box's project for its parts as it does its SVG: one part's outline taken out of the
    project is caught by the box's own check, not only by the file's changed size."""
    changed = tmp_path / "kit"
    shutil.copytree(laser_build, changed)
    target = changed / "box-1.lbrn2"
    text = target.read_text(encoding="utf-8")
    outer = re.search(r'<CutSetting type="Cut"><index Value="(\d+)"/><name Value="outer cut"/>', text).group(1)
    shapes = re.findall(rf'<Shape Type="Path" CutIndex="{outer}">.*?</Shape>\n', text)
    assert len(shapes) >= 2
    target.write_text(text.replace(shapes[-1], "", 1), encoding="utf-8")
    code, out, _ = run("verify", changed)
    assert code == 1
    assert re.search(r"^FAIL box-1\.lbrn2: 1 box measurement wrong; the first: the \S+ listed at [\d.]+, [\d.]+ mm "
                     r"is not cut there$", out, re.M), out


def test_a_racks_project_is_measured_against_the_material(laser_build, tmp_path, run):
    """The racks' project is measured as their SVG is: with the manifest saying 4 mm material where the project
    was cut for 3 mm, every finger of it is found standing 3.00 mm out, and the project's line says so."""
    changed = tmp_path / "kit"
    shutil.copytree(laser_build, changed)
    manifest = json.loads((changed / "manifest.json").read_text(encoding="utf-8"))
    entry = next(a for a in manifest["artifacts"] if a["path"] == "racks.lbrn2")
    assert entry["figures"]["thickness_mm"] == 3
    entry["figures"]["thickness_mm"] = 4
    (changed / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    code, out, _ = run("verify", changed)
    assert code == 1
    assert re.search(r"^FAIL racks\.lbrn2: \d+ rack measurements wrong; the first: .* not the material's 4 mm", out,
                     re.M), out
    assert not re.search(r"^FAIL racks\.svg", out, re.M)


def test_a_profile_of_its_own_powers_fills_at_the_machines_line_interval(write, run, tmp_path):
    """A profile that names no material and gives no fill interval: the project's Scan layer takes the machine's
    line_mm (0.1 mm, as the time estimate and verify take it), where the writer once stopped with a TypeError."""
    profile = write("p.yaml", "bed: 300x200\nformats: [svg, lbrn2]\noperations:\n  engrave: {power_pct: 20}\n"
                              "  score: {power_pct: 15}\n  inner_cut: {power_pct: 60}\n  cut: {power_pct: 60}\n")
    code, out, err = run("build", "--laser", profile, "--only", "laser", "--out", tmp_path / "out", "-q")
    assert code == 0, err
    text = (tmp_path / "out" / "krestoslovitsa" / "laser-tiles-1.lbrn2").read_text(encoding="utf-8")
    scan = re.search(r'<CutSetting type="Scan">.*?</CutSetting>', text).group(0)
    assert '<name Value="engrave"/>' in scan and '<interval Value="0.1"/>' in scan, scan
    assert '<maxPower Value="20"/>' in scan
