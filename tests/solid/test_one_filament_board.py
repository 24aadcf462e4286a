"""The 3D board for a printer of one filament (issue 33): its colours lie apart by height. Each piece is one object of
one part, printed face up; under the premium pockets' bottom (2.8 mm) the first colour shows as the plain cells' floor
and the labels sunk to it, from the layer above (3.0 mm) the second as the premiums' floor, the ridges and the rim;
the 3MF tells PrusaSlicer and Bambu Studio to stop there, so slicing inserts the M600 with nothing set by hand. The
pieces are compared with the same board for a printer of six filaments on the same bed (the MK4's: the same
pieces), read back from the files."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
import zipfile

import numpy as np
import pytest
from manifestread import manifest_of
from solidbuild import five_built, plate_meshes, relisted_failures, rewrite, sliced_one_filament

from printkit.verify import verify

pytest.importorskip("manifold3d")
shapely = pytest.importorskip("shapely")
PRUSA = shutil.which("prusa-slicer")
PRUSA_CHANGES = "Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"
BAMBU_CHANGES = "Metadata/custom_gcode_per_layer.xml"
PREMIUMS = ("DL", "TL", "DW", "TW")


def pieces(folder) -> list[dict]:
    return [a for a in manifest_of(folder)["artifacts"] if a.get("item") == "board" and a["format"] == "3mf"]


def tops(mesh, z: float):
    """What of ``mesh`` shows from above at height ``z``: its faces turned up there, as one shapely shape."""
    from shapely.geometry import Polygon

    keep = (mesh.face_normals[:, 2] > 0.999) & (np.abs(mesh.triangles_center[:, 2] - z) < 1e-4)
    return shapely.union_all([Polygon(t[:, :2]) for t in mesh.triangles[keep]]).buffer(0)


def five_filaments(shared):
    """The five-tile kit's 3D folder for the MK4's bed with six filaments and a wipe tower's room narrow enough
    (10 mm) that the board splits as on one filament: the same pieces, each in a part a filament."""
    profile = shared.root / "mk4-six.yaml"
    if not profile.exists():
        profile.write_text("bed: 250x210\nlayer_mm: 0.2\nslicer: prusa\nfilaments: 6\ntower_width_mm: 10\n"
                           "tower_depth_mm: 5\nsource: the MK4's bed, a test\n", encoding="utf-8")
    return five_built(shared, str(profile))


def test_a_board_piece_of_one_filament_is_one_part_its_colours_apart_by_height(shared):
    one, five = five_built(shared, "prusa-mk4"), five_filaments(shared)
    ones, fives = pieces(one), pieces(five)
    assert [a["piece_mm"] for a in ones] == [a["piece_mm"] for a in fives] and len(ones) == 4
    for a, b in zip(ones, fives):
        pocket, floor, change = a["pocket_z_mm"], a["floor_z_mm"], a["colour_change_mm"]
        assert (pocket, floor, change) == (2.8, 3.4, 3.0)  # the first layer above the pockets' bottom, 0.2 mm layers
        assert "colour_change_mm" not in b  # six filaments: each premium its own, no change by hand
        assert list(a["filaments"]) == ["body"] and a["filaments"]["body"]["extruder"] == 1
        (obj,) = plate_meshes(one / a["path"])
        assert list(obj["parts"]) == ["body"]
        body, extruder = obj["parts"]["body"]
        assert extruder == 1 and body.is_watertight and body.volume > 0
        assert np.allclose(body.extents, a["piece_mm"], atol=0.05)
        up = body.face_normals[:, 2] > 0.999
        assert sorted(set(np.round(body.triangles_center[up, 2], 4))) == [pocket, floor, 4.0]
        first, second = tops(body, pocket), tops(body, floor)  # the first colour's top below the change, the second's
        assert pocket < change - 0.2 + 1e-9 and floor >= change
        (obj5,) = plate_meshes(five / b["path"])
        parts = {n: m for n, (m, _) in obj5["parts"].items()}
        premiums = shapely.union_all([tops(parts[n], floor) for n in PREMIUMS if n in parts])
        marks = tops(parts["letters"], floor)
        plain = tops(parts["body"], floor)  # the plain cells' floor of the board of six filaments
        assert premiums.area > 5000 and marks.area > 200
        # every premium's floor in the second colour, nothing else in it but marks (a star on a plain cell)
        assert (premiums - second).area < 1e-3 and (second - premiums.union(marks)).area < 1e-3
        # the plain floors in the first colour, and the labels: sunk through the premiums' floor, they show in it
        assert (plain - marks - first).area < 1e-3 and (first - plain.union(marks)).area < 1e-3
        assert (first & marks).area == pytest.approx(marks.area, abs=1e-2)
        # the pieces the same: the same cells' floor in all, the same outline near the bed
        assert first.union(second).area == pytest.approx(plain.union(premiums).union(marks).area, abs=1e-2)
        # the one part is the board of six filaments, the first colour's floors sunk by the pockets' 0.6 mm
        assert body.volume == pytest.approx(sum(m.volume for m in parts.values()) - first.area * (floor - pocket),
                                            rel=1e-5)
        with zipfile.ZipFile(one / a["path"]) as z:
            prusa = ET.fromstring(z.read(PRUSA_CHANGES))
            bambu = ET.fromstring(z.read(BAMBU_CHANGES))
        assert [(c.get("print_z"), c.get("type"), c.get("gcode")) for c in prusa.iter("code")] == [("3", "0", "M600")]
        assert [(c.get("top_z"), c.get("type"), c.get("gcode")) for c in bambu.iter("layer")] == [("3", "0", "M600")]
        with zipfile.ZipFile(five / b["path"]) as z:
            assert not {PRUSA_CHANGES, BAMBU_CHANGES} & set(z.namelist())
    stls = sorted(x["path"] for x in manifest_of(one)["artifacts"] if x.get("item") == "board" and x["format"] == "stl")
    assert stls == [f"3d/board-piece-{n}-body.stl" for n in range(1, 5)]


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
def test_prusaslicer_stops_once_for_the_board_s_second_colour_where_the_manifest_says(shared, tmp_path):
    folder = five_built(shared, "prusa-mk4")
    a = pieces(folder)[-1]
    changes, below, above, tools = sliced_one_filament(PRUSA, folder / a["path"], "0x0,250x0,250x210,0x210", tmp_path)
    assert changes == [(a["colour_change_mm"], False)] == [(3.0, False)]  # once, before a line of the layer
    assert min(below) == pytest.approx(0.2) and max(below) == pytest.approx(2.8)  # the body to the plain floors
    assert sorted(above) == [3.0, 3.2, 3.4, 3.6, 3.8, 4.0]  # the premiums' floors to 3.4 mm, the ridges to the top
    assert tools <= {"T0"}


def test_verify_finds_a_board_colour_change_moved_or_gone(shared, tmp_path):
    copy = tmp_path / "five"
    shutil.copytree(five_built(shared, "prusa-mk4"), copy)
    a = pieces(copy)[0]
    plate = copy / a["path"]
    original = plate.read_bytes()
    manifest = (copy / "manifest.json").read_text(encoding="utf-8")

    def failures():
        return relisted_failures(copy, a["path"])

    assert failures() == []
    rewrite(plate, PRUSA_CHANGES, lambda text: text.replace('print_z="3"', 'print_z="3.4"'))
    assert any("PrusaSlicer is told to change colour at 3.4 mm (type 0), not once at 3 mm" in f for f in failures())
    plate.write_bytes(original)
    rewrite(plate, BAMBU_CHANGES, lambda text: re.sub(r"<layer [^>]*/>\n", "", text))
    assert any("Bambu Studio is told of no colour change" in f for f in failures())
    plate.write_bytes(original)
    # the manifest's change moved to the floor: neither the slicers' lists nor the piece's heights agree
    (copy / "manifest.json").write_text(manifest.replace('"colour_change_mm": 3.0', '"colour_change_mm": 3.4'),
                                        encoding="utf-8")
    fails = [c.line() for c in verify(copy).failures]
    assert any("board-piece-1.3mf" in f and "not once at 3.4 mm" in f for f in fails), fails
    assert any("board-piece-1.3mf" in f and "the first colour's top at 2.8 mm" in f for f in fails), fails
    (copy / "manifest.json").write_text(manifest, encoding="utf-8")
    assert failures() == []
