"""Tiles for a printer of one filament (issue 33): the colours lie apart by height. The letters stand on the face
(print3d.letters: auto gives raised), each tile is one part, and the 3MF tells PrusaSlicer and Bambu Studio where to
stop for the colour change, so that slicing inserts it with nothing set by hand: PrusaSlicer's command line is run
on the plate and the M600 found at the first layer of the letters. Or the letters are pockets, left to fill."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
import zipfile

import numpy as np
import pytest
from manifestread import manifest_of
from solidbuild import five_built, plate_meshes, relisted_failures, rewrite, sliced_one_filament

pytest.importorskip("manifold3d")
PRUSA = shutil.which("prusa-slicer")
PRUSA_CHANGES = "Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"
BAMBU_CHANGES = "Metadata/custom_gcode_per_layer.xml"


def tiles_plate(folder):
    return next(a for a in manifest_of(folder)["artifacts"]
                if a["format"] == "3mf" and a.get("item") is None and a["kind"] == "3d")


def test_a_tile_of_one_filament_is_one_part_with_its_letters_on_it(shared):
    folder = five_built(shared, "ender-3")
    a = tiles_plate(folder)
    assert (a["letters"], a["face"], a["colour_change_mm"]) == ("raised", "up", 4.2)  # 4 mm and a layer of 0.2
    assert list(a["filaments"]) == ["tile"] and a["filaments"]["tile"]["extruder"] == 1
    tiles = plate_meshes(folder / a["path"])
    assert len(tiles) == 5 and all(list(t["parts"]) == ["tile"] for t in tiles)  # 4 lettered and a blank
    for t in tiles:
        mesh, extruder = t["parts"]["tile"]
        assert extruder == 1 and mesh.is_watertight
        top = 4.0 if t["name"].endswith("blank") else 4.6  # raised 3 layers of 0.2 mm, a blank flat
        assert mesh.bounds[0][2] == pytest.approx(0, abs=1e-6) and mesh.bounds[1][2] == pytest.approx(top, abs=1e-6)
        assert mesh.bounds[1][0] - mesh.bounds[0][0] == pytest.approx(20, abs=0.05)
    with zipfile.ZipFile(folder / a["path"]) as z:
        prusa = ET.fromstring(z.read(PRUSA_CHANGES))
        bambu = ET.fromstring(z.read(BAMBU_CHANGES))
    assert [(c.get("print_z"), c.get("type"), c.get("gcode")) for c in prusa.iter("code")] == [("4.2", "0", "M600")]
    assert [(c.get("top_z"), c.get("type"), c.get("gcode")) for c in bambu.iter("layer")] == [("4.2", "0", "M600")]
    assert prusa.find("mode").get("value") == bambu.find("plate/mode").get("value") == "SingleExtruder"
    # the STL of a plate of one filament: one file, the whole tiles
    stls = sorted(x["path"] for x in manifest_of(folder)["artifacts"] if x["path"].startswith("3d/tiles-plate-1")
                  and x["format"] == "stl")
    assert stls == ["3d/tiles-plate-1-tile.stl"]


def test_the_racks_are_one_part_in_one_filament(shared):
    folder = five_built(shared, "ender-3")
    racks = next(a for a in manifest_of(folder)["artifacts"] if a.get("item") == "rack" and a["format"] == "3mf")
    assert list(racks["filaments"]) == ["body"]
    assert all(list(t["parts"]) == ["body"] for t in plate_meshes(folder / racks["path"]))


def test_two_filaments_get_no_colour_change(shared):
    folder = five_built(shared, "bambu-x1")
    a = tiles_plate(folder)
    assert a["letters"] == "inset" and "colour_change_mm" not in a and list(a["filaments"]) == ["body", "letters"]
    with zipfile.ZipFile(folder / a["path"]) as z:
        assert not {PRUSA_CHANGES, BAMBU_CHANGES} & set(z.namelist())


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
def test_prusaslicer_stops_for_the_colour_change_where_the_letters_start(shared, tmp_path):
    folder = five_built(shared, "ender-3")
    plate = folder / tiles_plate(folder)["path"]
    changes, below, above, tools = sliced_one_filament(PRUSA, plate, "0x0,220x0,220x220,0x220", tmp_path)
    assert changes == [(4.2, False)]  # once, at the first layer of the letters, before a line of it is printed
    assert max(below) == pytest.approx(4.0) and min(below) == pytest.approx(0.2)  # the bodies in the first colour
    assert sorted(above) == [4.2, 4.4, 4.6]  # the letters, and nothing else, in the second
    assert tools <= {"T0"}  # one extruder


def test_verify_finds_a_colour_change_moved_or_gone(shared, tmp_path):
    copy = tmp_path / "five"
    shutil.copytree(five_built(shared, "ender-3"), copy)
    a = tiles_plate(copy)
    plate = copy / a["path"]
    original = plate.read_bytes()

    def failures():
        return relisted_failures(copy, a["path"])

    rewrite(plate, PRUSA_CHANGES, lambda text: text.replace('print_z="4.2"', 'print_z="4.4"'))
    assert any("PrusaSlicer is told to change colour at 4.4 mm (type 0), not once at 4.2 mm" in f for f in failures())
    plate.write_bytes(original)
    rewrite(plate, BAMBU_CHANGES, lambda text: re.sub(r"<layer [^>]*/>\n", "", text))
    assert any("Bambu Studio is told of no colour change" in f for f in failures())
    plate.write_bytes(original)
    # changed by hand into what no slicer writes: a failed check naming the member, never a crash
    rewrite(plate, PRUSA_CHANGES, lambda text: text.replace('print_z="4.2"', 'print_z="high"'))
    assert any("Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml cannot be read: could not convert string to "
               "float: 'high'" in f for f in failures())
    plate.write_bytes(original)
    rewrite(plate, BAMBU_CHANGES, lambda text: text[: len(text) // 2])
    assert any("Metadata/custom_gcode_per_layer.xml cannot be read:" in f for f in failures())
    plate.write_bytes(original)
    assert failures() == []


def test_letters_as_pockets_are_the_inset_letters_left_empty(five, tmp_path, run):
    kit = five.read_text(encoding="utf-8")
    pockets = five.with_name("p.yaml")
    pockets.write_text(kit + "print3d: {letters: pockets, parts: [tiles]}\n", encoding="utf-8")
    inset = five.with_name("i.yaml")
    inset.write_text(kit + "print3d: {letters: inset, parts: [tiles]}\n", encoding="utf-8")
    code, out, err = run("build", inset, "--only", "3d", "--printer", "prusa-mk4-mmu3", "--out", tmp_path / "i")
    assert code == 0, err
    code, out, err = run("build", pockets, "--only", "3d", "--printer", "ender-3", "--out", tmp_path / "p")
    assert code == 0, err  # built and verified
    a = tiles_plate(tmp_path / "p" / "five")
    assert (a["letters"], a["face"], list(a["filaments"]), a.get("colour_change_mm")) == (
        "pockets", "down", ["body"], None)
    with_letters = {t["name"]: t for t in plate_meshes(tmp_path / "i" / "five" / "3d" / "tiles-plate-1.3mf")}
    for t in plate_meshes(tmp_path / "p" / "five" / a["path"]):
        assert list(t["parts"]) == ["body"]
        body = t["parts"]["body"][0]
        inset_body = with_letters[t["name"]]["parts"]["body"][0]
        assert body.volume == pytest.approx(inset_body.volume, abs=1e-3)  # the pockets are the letters' room
        if not t["name"].endswith("blank"):
            letters = with_letters[t["name"]]["parts"]["letters"][0]
            assert letters.volume > 5  # mm³ of paint or wax
            assert letters.bounds[1][2] == pytest.approx(0.6, abs=1e-6)  # the pockets' floor: 3 layers deep
            full = 20 * 20 * 4
            assert body.volume + letters.volume < full  # corners and chamfer aside: the pockets are empty
            assert np.isclose(body.bounds[1][2], 4.0)


def test_check_warns_of_inset_letters_on_one_filament(five, run):
    kit = five.with_name("inset1.yaml")
    kit.write_text(five.read_text(encoding="utf-8") + "print3d: {printer: ender-3, letters: inset}\n",
                   encoding="utf-8")
    code, out, err = run("check", kit)
    warned = [line for line in out.splitlines() if "warn" in line and "one filament" in line]
    assert len(warned) == 1 and "inset1.yaml:" in warned[0] and "raised" in warned[0] and "pockets" in warned[0]
    code, out, err = run("check", five)
    assert "one filament" not in out
