"""The 3D-printed racks (with the tiles, ``--only 3d``): one per player, each holding 7 tiles of the
kit's size and thickness leaning back 15–20°, one part in one filament (no name: issue 33),
packed on the printer's bed; read back with trimesh from the files a build writes, and a row of 7
tiles set on the ledge against the back found to fit (manifold3d: no overlap with the rack)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from manifestread import manifest_of
from solidbuild import DIST, KIT, TOL, one_line, plate_meshes, rewrite

from printkit.config import load_kit

trimesh = pytest.importorskip("trimesh")
manifold3d = pytest.importorskip("manifold3d")

PLAYERS = KIT + "    play: {players: [Аня, Боря, Вера]}\n"


@pytest.fixture
def three(write):
    write("d.yaml", DIST)
    return write("k.yaml", PLAYERS)


def _manifold(mesh):
    return manifold3d.Manifold(manifold3d.Mesh(vert_properties=np.asarray(mesh.vertices, dtype=np.float32),
                                               tri_verts=np.asarray(mesh.faces, dtype=np.uint32)))


@pytest.mark.parametrize("printer", ["bambu-x1", "bambu-a1-mini"])
def test_a_rack_per_player_holds_seven_tiles_leaning_back(three, tmp_path, run, printer):
    code, out, err = run("build", three, "--only", "3d", "--printer", printer, "--out", tmp_path / "out")
    assert code == 0, out + err
    folder = tmp_path / "out" / "five"
    kit = load_kit(str(three), printer=printer)
    side, t, p3 = kit.physical.tile_mm, kit.print3d.thickness_mm, kit.print3d
    racks = plate_meshes(folder / "3d" / "racks-plate-1.3mf")
    assert [r["name"] for r in racks] == ["rack 1 Аня", "rack 2 Боря", "rack 3 Вера"]
    manifest = manifest_of(folder)
    entry = next(a for a in manifest["artifacts"] if a["path"] == "3d/racks-plate-1.3mf")
    fields = (entry["kind"], entry["product"], entry["item"], entry["racks"], entry["holds"])
    assert fields == ("3d", "3d", "rack", 3, 7)
    assert entry["name"] == kit.title == "Крестословица"
    bed = (p3.printer.bed_w, p3.printer.bed_h)
    for r in racks:
        assert list(r["parts"]) == ["body"]  # one part: no name inset into the upright lip, no tool change
        body, extruder = r["parts"]["body"]
        assert extruder == 1
        assert body.is_watertight and body.is_winding_consistent and body.volume > 0, r["name"]
        lo, hi = body.bounds
        assert np.allclose(hi - lo, entry["rack_mm"], atol=TOL) and lo[2] == pytest.approx(0, abs=TOL)
        x, y, _ = r["at"]  # on the bed inside its margins
        assert p3.margin_mm - TOL <= x and x + hi[0] <= bed[0] - p3.margin_mm + TOL
        assert p3.margin_mm - TOL <= y and y + hi[1] <= bed[1] - p3.margin_mm + TOL
        # the ledge: at least 7 tiles and 3 mm long, the whole rack's length
        assert hi[0] - lo[0] >= 7 * side + 3 and entry["ledge_mm"] == pytest.approx(hi[0] - lo[0], abs=TOL)
        # the back leans 15-20° from upright: its faces look forward and up
        n = body.face_normals
        back = (n[:, 1] < -0.5) & (n[:, 2] > 0.1)
        lean = np.degrees(np.arctan2(n[back, 2], -n[back, 1]))
        assert back.sum() >= 2 and np.allclose(lean, lean[0], atol=1e-3) and 15 <= lean[0] <= 20
        assert lean[0] == pytest.approx(entry["lean_deg"], abs=1e-3)
        assert body.volume == pytest.approx(racks[0]["parts"]["body"][0].volume, abs=0.01)  # the racks alike
        # a row of 7 tiles of the kit's side and thickness, leaning back the stated angle against the
        # back, its foot on the ledge: no overlap with the rack (shrunk 0.01 mm to leave touching out)
        a = math.radians(entry["lean_deg"])
        row = manifold3d.Manifold.cube((7 * side - 0.02, t - 0.02, side - 0.02)).translate((0.01, 0.01, 0.01))
        row = row.rotate((-entry["lean_deg"], 0.0, 0.0))  # the top backwards (+y)
        # the back's foot on the ledge: the lowest point of the back faces
        foot = body.vertices[np.unique(body.faces[back])]
        fy, fz = foot[np.argmin(foot[:, 2]), 1:]
        row = row.translate(((hi[0] - 7 * side) / 2, fy - t * math.cos(a), fz + t * math.sin(a)))
        overlap = (_manifold(body) ^ row).volume()
        assert overlap < 1e-3, overlap
        # and it stands on the ledge, not in the air: lowered 0.1 mm, it would run into the rack
        assert (_manifold(body) ^ row.translate((0.0, 0.0, -0.1))).volume() > 0.01
    stls = [a["path"] for a in manifest["artifacts"] if a["path"].startswith("3d/racks")]
    assert stls == ["3d/racks-plate-1.3mf", "3d/racks-plate-1-body.stl"]
    assert trimesh.load(folder / "3d" / "racks-plate-1-body.stl").is_watertight


def test_verify_re_measures_the_racks_and_fails_a_broken_one(three, tmp_path, run):
    from printkit.verify import verify

    assert run("build", three, "--only", "3d", "--out", tmp_path)[0] == 0
    folder = tmp_path / "five"
    lines = [c.line() for c in verify(folder).checks]
    assert "ok  3d/racks-plate-1.3mf: 3 racks, each one part, its body" in lines
    assert any(line.startswith("ok  3d/racks-plate-1.3mf: every part closed, of positive volume, on the bed of "
                               "256 × 256 mm; racks 149 × ") for line in lines), lines
    plate = folder / "3d" / "racks-plate-1.3mf"
    rewrite(plate, "3D/3dmodel.model", lambda text: text.replace('x="149"', 'x="150"'))  # a rack 1 mm longer
    fails = [c.line() for c in verify(folder).failures]
    assert any("rack 1 Аня: its body measures 150.00 × " in f for f in fails), fails


def test_a_rack_longer_than_the_bed_is_one_line(write, tmp_path, run):
    write("d.yaml", DIST)
    out = tmp_path / "out"
    kit = write("k.yaml", KIT + "    physical: {tile_mm: 30, cell_mm: 30}\n")
    line = one_line(run, "build", kit, "--only", "3d", "--printer", "bambu-a1-mini", "--out", out)
    assert line.endswith("k.yaml:6:21: a rack of 219 × 20.8695 mm (7 tiles of 30 mm) does not fit the bed of "
                         "Bambu Lab A1 mini (180 × 180) with margins of 5 mm: leave the racks out (print3d: {parts: "
                         "[tiles, board]}) or choose a larger printer"), line
    assert not out.exists() or not any(out.rglob("*.3mf"))
    # as the line says: the tiles and the board without the racks, named in the manifest and verified
    kit = write("k.yaml", KIT + "    physical: {tile_mm: 30, cell_mm: 30}\n    print3d: {parts: [tiles, board]}\n")
    code, said, err = run("build", kit, "--only", "3d", "--printer", "bambu-a1-mini", "--out", out)
    assert code == 0, said + err
    made = sorted(p.name for p in (out / "five" / "3d").iterdir())
    assert made and not [n for n in made if n.startswith("racks")], made
    assert any(n.startswith("tiles-plate-1") for n in made) and any(n.startswith("board-piece-1") for n in made)
    assert "all " in said and "checks passed" in said


@pytest.mark.parametrize("kit_name", ["krestoslovitsa", "krestoslovitsa-mini"])
def test_a_player_at_the_table_sees_every_letter_and_value_over_the_lip(tmp_path, run, kit_name):
    """Looking down at 45°, a seated player's view of a tile leaning on the rack passes over the lip's top back
    edge: the face below that line is hidden. Measured from the rack's mesh (the lip's top and back, the ledge)
    with the tile's foot against the lip (where the lip hides most), against the lowest ink of the kit's faces.
    The 5 mm lip hid 3.2 mm of a 20 mm tile's face: most of the value in its corner."""
    from printkit.sheets.common import lettering
    from printkit.sheets.tiles import draw_face, face_style, tile_faces

    code, out, err = run("build", kit_name, "--only", "3d", "--out", tmp_path)
    assert code == 0, out + err
    folder = tmp_path / kit_name
    entry = next(a for a in manifest_of(folder)["artifacts"] if a["path"] == "3d/racks-plate-1.3mf")
    body, _ = plate_meshes(folder / entry["path"])[0]["parts"]["body"]
    v = body.vertices - body.bounds[0]  # the rack from its own corner: y from the front face, z from the bed
    ledge_z = min(z for z in v[:, 2] if z > 0.5)  # the ledge: the lowest level above the bed
    lip_top = max(z for y, z in v[:, 1:] if y < 6.0 + 1e-6)
    lip = lip_top - ledge_z
    assert lip == pytest.approx(entry["lip_mm"], abs=1e-3)
    lean, view = math.radians(entry["lean_deg"]), math.radians(45.0)
    hidden = lip / (math.cos(lean) + math.sin(lean) * math.tan(view))  # along the face, from its foot
    kit = load_kit(kit_name)
    font = lettering(kit).letters
    style = face_style(kit, font)
    lowest = max(box[3] for f in tile_faces(kit) for it in draw_face(f, 0.0, 0.0, style, kit, font)
                 if hasattr(it, "ink") and (box := it.ink()) is not None)
    assert hidden <= kit.physical.tile_mm - lowest + 1e-6, (hidden, kit.physical.tile_mm - lowest)
    assert lip >= 1.0  # still a lip: it stops a tile's foot sliding off the ledge
