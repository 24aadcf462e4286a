"""Raised letters on the 3D-printed tiles (``print3d.letters: raised``): the letters and values stand
on the face by the stated whole layers, the tile is printed face up (the manifest says so), the
body keeps its chamfer on the bed side; read back with trimesh from the files a build writes, the
3MF's parts and extruders as the slicers read them, and ``printkit verify`` re-measuring them."""

from __future__ import annotations

import numpy as np
import pytest
from manifestread import manifest_of
from solidbuild import DIST, KIT, TOL, one_line, plate_meshes, rewrite

from printkit.config import load_kit

pytest.importorskip("trimesh")

RAISED = KIT + "    print3d: {letters: raised}\n"


@pytest.fixture
def raised(write):
    write("d.yaml", DIST)
    return write("k.yaml", RAISED)


@pytest.mark.parametrize("printer", ["bambu-x1", "prusa-mk4-mmu3"])
def test_raised_letters_stand_on_the_face_by_the_stated_layers(raised, tmp_path, run, printer):
    code, out, err = run("build", raised, "--only", "3d", "--printer", printer, "--out", tmp_path / "out")
    assert code == 0, out + err
    folder = tmp_path / "out" / "five"
    p3 = load_kit(str(raised), printer=printer).print3d
    side, thick, height = 20.0, p3.thickness_mm, 3 * p3.printer.layer_mm
    assert (p3.letters, p3.face, thick, height) == ("raised", "up", 4.0, pytest.approx(0.6))
    objects = plate_meshes(folder / "3d" / "tiles-plate-1.3mf")
    assert [o["name"] for o in objects] == ["001 А 1", "002 А 1", "003 Ж 5", "004 Ё 10", "005 blank"]
    blank = objects[-1]["parts"]["body"][0]
    for o in objects:
        body, extruder = o["parts"]["body"]
        assert extruder == 1 and body.is_watertight and body.is_winding_consistent and body.volume > 0
        # the body is whole (nothing cut from it): every tile's body is the blank's
        assert body.volume == pytest.approx(blank.volume, abs=1e-3)
        lo, hi = body.bounds
        assert np.allclose(lo, [0, 0, 0], atol=TOL) and np.allclose(hi, [side, side, thick], atol=TOL)
        # the chamfer on the bed side (z = 0): the section there is the side less 2 × 0.6 mm; the face is whole
        bed = body.section(plane_origin=[0, 0, 0.001], plane_normal=[0, 0, 1])
        top = body.section(plane_origin=[0, 0, thick - 0.001], plane_normal=[0, 0, 1])
        assert bed.bounds[1][0] - bed.bounds[0][0] == pytest.approx(side - 2 * p3.chamfer_mm, abs=TOL)
        assert top.bounds[1][0] - top.bounds[0][0] == pytest.approx(side, abs=TOL)
        if o["name"] == "005 blank":
            assert set(o["parts"]) == {"body"}
            continue
        letters, extruder = o["parts"]["letters"]
        assert extruder == 2 and letters.is_watertight and letters.is_winding_consistent and letters.volume > 1.0
        # standing on the face: from its top to 3 layers of 0.2 mm above it, inside the tile's square
        assert letters.bounds[0][2] == pytest.approx(thick, abs=1e-4)
        assert letters.bounds[1][2] == pytest.approx(thick + height, abs=1e-4)
        assert (letters.bounds[0][:2] >= 0).all() and (letters.bounds[1][:2] <= side).all()
        # an upright prism: its volume is its footprint times the height
        up = (letters.face_normals[:, 2] > 0.999) & (np.abs(letters.triangles_center[:, 2] - thick - height) < 1e-4)
        assert letters.volume == pytest.approx(letters.area_faces[up].sum() * height, rel=1e-3)
    manifest = manifest_of(folder)
    for a in (a for a in manifest["artifacts"] if a["path"].startswith("3d/tiles")):
        assert (a["letters"], a["face"], a["letter_mm"]) == ("raised", "up", pytest.approx(0.6)), a["path"]
    letters_stl = pytest.importorskip("trimesh").load(folder / "3d" / "tiles-plate-1-letters.stl")
    assert letters_stl.is_watertight and letters_stl.bounds[0][2] == pytest.approx(thick, abs=1e-3)
    assert letters_stl.bounds[1][2] == pytest.approx(thick + height, abs=1e-3)


def test_raised_letters_read_from_above_as_on_the_sheets(raised):
    """Face up, the letter's ink seen from above is the sheet's, not mirrored: x as on the sheet,
    y turned (the sheet's y runs down), and the tiles in reading order from left to right."""
    from printkit.sheets.common import lettering
    from printkit.sheets.threed import threed_documents
    from printkit.sheets.tiles import Face, draw_face, face_style

    kit = load_kit(str(raised))
    lt = lettering(kit)
    style = face_style(kit, lt.letters)
    (doc, *_) = threed_documents(kit)
    assert doc.figures["face"] == "up"
    zhe = next(o for o in doc.objects if o.name == "003 Ж 5")
    letter = next(p for p in zhe.parts if p.name == "letters").mesh
    inks = [t.ink() for t in draw_face(Face("Ж", 5), 0, 0, style, kit, lt.letters)]
    x0, x1 = min(i[0] for i in inks), max(i[2] for i in inks)
    y0, y1 = min(i[1] for i in inks), max(i[3] for i in inks)
    (lo, hi) = letter.bounds
    assert lo[0] == pytest.approx(x0, abs=0.02) and hi[0] == pytest.approx(x1, abs=0.02)
    assert lo[1] == pytest.approx(20 - y1, abs=0.02) and hi[1] == pytest.approx(20 - y0, abs=0.02)
    xs = [o.x for o in doc.objects]
    assert xs == sorted(xs) and len(set(o.y for o in doc.objects)) == 1


def test_verify_re_measures_raised_letters_and_fails_a_wrong_height(raised, tmp_path, run):
    from printkit.verify import verify

    assert run("build", raised, "--only", "3d", "--out", tmp_path)[0] == 0
    folder = tmp_path / "five"
    lines = [c.line() for c in verify(folder).checks]
    assert ("ok  3d/tiles-plate-1.3mf: every part closed, of positive volume, on the bed of 256 × 256 mm; bodies "
            "20 × 20 × 4 mm, letters raised 0.6 mm") in lines
    plate = folder / "3d" / "tiles-plate-1.3mf"
    # the letters sunk back into the face by 0.1 mm: they no longer stand on it
    rewrite(plate, "3D/3dmodel.model", lambda t: t.replace('z="4.6"', 'z="4.5"'))
    fails = [c.line() for c in verify(folder).failures]
    assert any("001 А 1: its letters reach 4.000 to 4.500 mm, not 4 to 4.6 (raised)" in f for f in fails), fails


def test_raised_letters_bad_input_is_one_line(write, tmp_path, run):
    write("d.yaml", DIST)
    out = tmp_path / "out"
    line = one_line(run, "build", write("k.yaml", KIT + "    print3d: {letters: embossed}\n"), "--only", "3d",
                     "--out", out)
    assert "k.yaml:6:" in line and "embossed" in line and "inset" in line and "raised" in line, line
    # raised by as many layers as the tile is thick is not refused as an inset would be: nothing is cut
    code, _, err = run("build", write("k2.yaml", KIT + "    print3d: {letters: raised, letter_layers: 20}\n"),
                       "--only", "3d", "--out", out)
    assert code == 0, err
    assert not any(out.rglob("k.yaml"))
