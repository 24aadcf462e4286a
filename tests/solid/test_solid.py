"""The 3D-printed tiles (``--only 3d``): printer profiles, the solids read back with trimesh from the
files a build writes (watertight, positive volume, nominal size within 0.05 mm, letters inset by
the stated depth, every tile inside its bed), the 3MF's parts and extruders as PrusaSlicer and
Bambu Studio read them, reproducible bytes, and the bad inputs: one line each, exit 2."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import numpy as np
import pytest
from manifestread import manifest_of
from solidbuild import CORE, DIST, KIT, TOL, five_built, one_line, plate_meshes, rewrite

from printkit.config import load_kit
from printkit.install import install_line

trimesh = pytest.importorskip("trimesh")


# a set of five tiles (a letter of each width, a two-digit value, a blank) on the default kit


@pytest.mark.parametrize("printer", ["bambu-x1", "prusa-mk4-mmu3"])
def test_the_tiles_are_watertight_solids_of_their_nominal_size_with_the_letters_inset(five, shared, printer):
    folder = five_built(shared, printer)
    kit = load_kit(str(five), printer=printer)
    p3 = kit.print3d
    side, depth = kit.physical.tile_mm, p3.letter_layers * p3.printer.layer_mm
    assert (side, p3.thickness_mm, depth) == (20.0, 4.0, pytest.approx(0.6))
    objects = plate_meshes(folder / "3d" / "tiles-plate-1.3mf")
    assert [o["name"] for o in objects] == ["001 А 1", "002 А 1", "003 Ж 5", "004 Ё 10", "005 blank"]
    # Bambu Studio's layout for the Bambu printer (parts as components), PrusaSlicer's own for the MK4
    assert {o["components"] for o in objects} == {printer == "bambu-x1"}
    blank = objects[-1]["parts"]["body"][0]
    for o in objects:
        body, extruder = o["parts"]["body"]
        assert extruder == 1
        for mesh in [body] + ([o["parts"]["letters"][0]] if "letters" in o["parts"] else []):
            assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0, o["name"]
        lo, hi = body.bounds
        assert np.allclose(lo, [0, 0, 0], atol=TOL) and np.allclose(hi, [side, side, p3.thickness_mm], atol=TOL)
        # the chamfer: the face on the bed is the side less 2 × 0.6 mm across
        face = body.section(plane_origin=[0, 0, 0.001], plane_normal=[0, 0, 1])
        assert face.bounds[1][0] - face.bounds[0][0] == pytest.approx(side - 2 * p3.chamfer_mm, abs=TOL)
        if o["name"] == "005 blank":
            assert set(o["parts"]) == {"body"}
            continue
        letters, extruder = o["parts"]["letters"]
        assert extruder == 2
        assert letters.bounds[0][2] == pytest.approx(0.0, abs=1e-4)  # on the bed: the face down...
        assert letters.bounds[1][2] == pytest.approx(depth, abs=1e-4)  # ...inset by 3 layers of 0.2 mm
        # the letters fill their pockets: body and letters are the blank tile's volume
        assert body.volume + letters.volume == pytest.approx(blank.volume, abs=0.01)
        assert letters.volume > 1.0  # mm³: a letter, not a speck
    bed = (p3.printer.bed_w, p3.printer.bed_h)
    for o in objects:  # every tile on the bed, inside its margins
        x, y, _ = o["at"]
        assert p3.margin_mm - TOL <= x and x + side <= bed[0] - p3.margin_mm + TOL
        assert p3.margin_mm - TOL <= y and y + side <= bed[1] - p3.margin_mm + TOL
    # the STL pair: the same bodies and letters, on the bed where the 3MF places them
    bodies = trimesh.load(folder / "3d" / "tiles-plate-1-body.stl")
    letters = trimesh.load(folder / "3d" / "tiles-plate-1-letters.stl")
    assert bodies.is_watertight and letters.is_watertight
    assert bodies.volume == pytest.approx(sum(o["parts"]["body"][0].volume for o in objects), rel=1e-4)
    assert len(bodies.split(only_watertight=False)) == 5 and len(letters.split(only_watertight=False)) >= 4
    manifest = manifest_of(folder)
    plate = next(a for a in manifest["artifacts"] if a["path"] == "3d/tiles-plate-1.3mf")
    assert (plate["kind"], plate["product"], plate["format"], plate["plate"], plate["plates"], plate["tiles"]) == (
        "3d", "3d", "3mf", 1, 1, 5)
    # 10 × 10 tiles of 20 mm, 3 mm apart, on 256 × 256 mm less 5 mm margins; on the MK4's 250 × 210, 10 × 8; the
    # places in the wipe tower's room, or within the gap of it, left empty (tests/solid/test_tower.py)
    assert plate["tiles_per_plate"] == {"bambu-x1": 98, "prusa-mk4-mmu3": 77}[printer]
    assert plate["slicer"] == {"bambu-x1": "bambu", "prusa-mk4-mmu3": "prusa"}[printer]
    grams = {n: round(sum(o["parts"][n][0].volume for o in objects if n in o["parts"]) / 1000 * 1.24, 2)
             for n in ("body", "letters")}
    assert {n: f["grams"] for n, f in plate["filaments"].items()} == pytest.approx(grams, abs=0.01)
    assert {n: f["extruder"] for n, f in plate["filaments"].items()} == {"body": 1, "letters": 2}
    stls = [a for a in manifest["artifacts"] if a["format"] == "stl" and a["path"].startswith("3d/tiles")]
    assert [(a["path"], a["part"]) for a in stls] == [("3d/tiles-plate-1-body.stl", "body"),
                                                     ("3d/tiles-plate-1-letters.stl", "letters")]


def test_bambu_studio_finds_each_part_and_its_filament(shared):
    """Bambu Studio and OrcaSlicer read an object's parts from its components, each part's settings
    (model_settings.config) by the id of the mesh object it is."""
    with zipfile.ZipFile(five_built(shared, "bambu-x1") / "3d" / "tiles-plate-1.3mf") as z:
        config = ET.fromstring(z.read("Metadata/model_settings.config"))
        model = ET.fromstring(z.read("3D/3dmodel.model"))
        names = sorted(z.namelist())
        dates = {i.date_time for i in z.infolist()}
    assert names == ["3D/3dmodel.model", "Metadata/Prusa_Slicer_wipe_tower_information.xml",
                     "Metadata/Slic3r_PE_model.config", "Metadata/model_settings.config", "[Content_Types].xml",
                     "_rels/.rels"]
    assert dates == {(1980, 1, 1, 0, 0, 0)}  # no clock in the bytes
    meshes = {o.get("id"): o.get("name") for o in model.iter(f"{CORE}object") if o.find(f"{CORE}mesh") is not None}
    components = {o.get("id"): [c.get("objectid") for c in o.iter(f"{CORE}component")]
                  for o in model.iter(f"{CORE}object") if o.find(f"{CORE}components") is not None}
    placed = [i.get("objectid") for i in model.iter(f"{CORE}item")]
    assert sorted(placed) == sorted(components)  # the build places the tiles, each an object of components
    objects = config.findall("object")
    assert [o.get("id") for o in objects] == placed
    for obj in objects:
        parts = {p.get("id"): {m.get("key"): m.get("value") for m in p.findall("metadata")}
                 for p in obj.findall("part")}
        assert list(parts) == components[obj.get("id")]
        for mid, meta in parts.items():
            assert meshes[mid].endswith(" " + meta["name"])
            assert meta["extruder"] == {"body": "1", "letters": "2"}[meta["name"]]


def test_a_plate_of_blanks_alone_has_no_letters_stl(write, tmp_path, run):
    """36 tiles of 33 mm fill the X1's plate of 35 (6 × 6, one place left to the wipe tower) and put the blank
    alone on a second: that plate's letters part is nothing, so it has no letters STL (an empty mesh failed
    verify, exit 1)."""
    write("d.yaml", DIST.replace("[А, 2, 1]", "[А, 33, 1]"))
    kit = write("k.yaml", KIT + "    physical: {tile_mm: 33}\n")
    code, out, err = run("build", kit, "--only", "3d", "--out", tmp_path)
    assert code == 0, out + err
    manifest = manifest_of(tmp_path / "five")
    tiles = {a["path"]: a for a in manifest["artifacts"] if a["path"].startswith("3d/tiles-")}
    assert sorted(tiles) == ["3d/tiles-plate-1-body.stl", "3d/tiles-plate-1-letters.stl", "3d/tiles-plate-1.3mf",
                             "3d/tiles-plate-2-body.stl", "3d/tiles-plate-2.3mf"]
    assert (tiles["3d/tiles-plate-1.3mf"]["tiles"], tiles["3d/tiles-plate-2.3mf"]["tiles"]) == (35, 1)
    assert tiles["3d/tiles-plate-2.3mf"]["filaments"]["letters"]["grams"] == 0
    assert out.splitlines()[-1].startswith("verify ") and "all" in out.splitlines()[-1]


def test_the_letters_are_the_sheets_letters_turned_over(five):
    """The letter's ink seen from above the bed is the printed sheet's, mirrored left to right (the
    face is down): its box lies at (side - x1 .. side - x0) across."""
    from printkit.sheets.common import lettering
    from printkit.sheets.threed import threed_documents
    from printkit.sheets.tiles import Face, draw_face, face_style

    kit = load_kit(str(five))
    lt = lettering(kit)
    style = face_style(kit, lt.letters)
    (doc, *_) = threed_documents(kit)
    zhe = next(o for o in doc.objects if o.name == "003 Ж 5")
    letter = next(p for p in zhe.parts if p.name == "letters").mesh
    inks = [t.ink() for t in draw_face(Face("Ж", 5), 0, 0, style, kit, lt.letters)]
    x0, x1 = min(i[0] for i in inks), max(i[2] for i in inks)
    y0, y1 = min(i[1] for i in inks), max(i[3] for i in inks)
    (lo, hi) = letter.bounds
    side = kit.physical.tile_mm
    assert lo[0] == pytest.approx(side - x1, abs=0.02) and hi[0] == pytest.approx(side - x0, abs=0.02)
    assert lo[1] == pytest.approx(side - y1, abs=0.02) and hi[1] == pytest.approx(side - y0, abs=0.02)


def _three_mf_digest(kit_file: Path, seed: str) -> str:
    code = ("import hashlib,sys; from printkit.config import load_kit; from printkit.sheets.threed import "
            "threed_documents; from printkit.writers.threemf import three_mf_bytes; "
            "print(hashlib.sha256(three_mf_bytes(threed_documents(load_kit(sys.argv[1]))[0])).hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": seed, "PRINTKIT_CACHE": "off"}
    return subprocess.run([sys.executable, "-c", code, str(kit_file)], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_same_kit_gives_the_same_3mf_bytes_in_any_process(five):
    digests = {_three_mf_digest(five, seed) for seed in ("0", "12345")}
    from printkit.sheets.threed import threed_documents
    from printkit.writers.threemf import three_mf_bytes

    digests.add(hashlib.sha256(three_mf_bytes(threed_documents(load_kit(str(five)))[0])).hexdigest())
    assert len(digests) == 1


def test_the_default_kit_fills_two_plates_of_the_x1_and_four_of_the_a1_mini():
    from printkit.solid.plates import plate_grid, plates

    kit = load_kit("krestoslovitsa")  # 130 tiles and 9 spares of 20 mm; 2 and 2 places left to the wipe tower
    assert [len(p) for p in plates(kit, 139)] == [98, 41]
    mini = load_kit("krestoslovitsa", printer="bambu-a1-mini")
    grid = plate_grid(mini)
    assert (grid.cols, grid.rows) == (7, 7)  # 7 × 20 + 6 × 3 = 158 mm of 170
    assert [len(p) for p in plates(mini, 139)] == [47, 47, 45]
    for p in plates(mini, 139):
        for _, slot in p:
            assert 5 - 1e-9 <= slot.x and slot.x + 20 <= 175 + 1e-9 and 5 - 1e-9 <= slot.y <= 155 + 1e-9


# -- printer profiles ----------------------------------------------------------------------------------

def test_the_shipped_printer_profiles():
    from printkit.config.printer import printer_names

    assert printer_names() == ["bambu-a1-mini", "bambu-x1", "ender-3", "prusa-mk4", "prusa-mk4-mmu3"]
    beds = {n: (load_kit("krestoslovitsa", printer=n).print3d.printer) for n in printer_names()}
    assert {n: (p.bed_w, p.bed_h, p.layer_mm, p.nozzle_mm, p.filaments) for n, p in beds.items()} == {
        "bambu-a1-mini": (180, 180, 0.2, 0.4, 4), "bambu-x1": (256, 256, 0.2, 0.4, 4),
        "ender-3": (220, 220, 0.2, 0.4, 1), "prusa-mk4": (250, 210, 0.2, 0.4, 1),
        "prusa-mk4-mmu3": (250, 210, 0.2, 0.4, 5)}
    # letters by the filaments: inset in a second one, raised where one filament changes colour by height
    assert {n: load_kit("krestoslovitsa", printer=n).print3d.letters for n in printer_names()} == {
        "bambu-a1-mini": "inset", "bambu-x1": "inset", "ender-3": "raised", "prusa-mk4": "raised",
        "prusa-mk4-mmu3": "inset"}
    assert all(p.source.strip() for p in beds.values())


def test_a_printer_profile_of_ones_own(write, tmp_path, run):
    write("d.yaml", DIST)
    write("mine.yaml", """
        title: My Voron
        bed: 300x300
        layer_mm: 0.25
        source: "measured"
    """)
    kit_file = write("k.yaml", KIT + "    print3d: {printer: mine.yaml, letter_layers: 2}\n")
    kit = load_kit(str(kit_file))
    assert (kit.print3d.printer.title, kit.print3d.printer.bed_w, kit.print3d.letter_mm) == ("My Voron", 300, 0.5)
    code, out, err = run("build", kit_file, "--only", "3d", "--out", tmp_path / "out")
    assert code == 0, err
    manifest = manifest_of(tmp_path / "out" / "five")
    plate = next(a for a in manifest["artifacts"] if a["format"] == "3mf")
    assert (plate["printer"], plate["bed_mm"], plate["letter_mm"], plate["tiles_per_plate"]) == (
        "mine", [300, 300], 0.5, 12 * 12)  # (290 - 20) / 23 + 1 = 12 a side


def test_bad_3d_input_is_one_line_each(write, tmp_path, run):
    write("d.yaml", DIST)
    out = tmp_path / "out"

    def kit(extra: str, name: str = "k.yaml") -> Path:
        return write(name, KIT + extra)

    line = one_line(run, "build", kit("    print3d: {letter_layers: 20}\n"), "--only", "3d", "--out", out)
    assert line.endswith("k.yaml:6:26: letters inset by 20 layers of 0.2 mm (4 mm, bambu-x1) are as deep as the "
                         "tile is thick (4 mm) or deeper: choose fewer layers or a thicker tile")
    line = one_line(run, "build", kit("    physical: {tile_mm: 9, cell_mm: 10}\n    print3d: {chamfer_mm: 5}\n"),
                     "--only", "3d", "--out", out)
    assert line.endswith("k.yaml:7:23: a chamfer of 5 mm does not fit a tile of 9 × 9 × 4 mm: keep it under half "
                         "the side and under the thickness")
    line = one_line(run, "build", kit(""), "--only", "3d", "--printer", "bambu-x2", "--out", out)
    assert line == "--printer: no 3D printer profile named 'bambu-x2' (did you mean 'bambu-x1'?)"
    write("small.yaml", "bed: 60x60\nlayer_mm: 0.2\nsource: a test\n")
    line = one_line(run, "build", kit("    physical: {tile_mm: 60, cell_mm: 60}\n"
                                       "    print3d: {printer: small.yaml}\n"), "--only", "3d", "--out", out)
    assert line.endswith("k.yaml:6:21: a tile of 60 mm does not fit the bed of small (60 × 60 mm) with margins of "
                         "5 mm")
    write("broken.yaml", "bed: 60x60\nlayer_mm: 2\nsource: a test\n")
    line = one_line(run, "build", kit("    print3d: {printer: broken.yaml}\n"), "--only", "3d", "--out", out)
    assert line.endswith("broken.yaml:2:11: 'layer_mm' is 2 mm: the limit is 1 mm")
    assert not out.exists() or not any(out.rglob("*.3mf"))  # nothing half-written


def test_without_the_extra_the_build_names_its_pip_line(five, tmp_path, run, monkeypatch):
    monkeypatch.setitem(sys.modules, "manifold3d", None)  # import manifold3d now fails
    line = one_line(run, "build", five, "--only", "3d", "--out", tmp_path / "out")
    assert line.endswith(f"the 3D-printed tiles need the optional extra (manifold3d): {install_line('3d')}")
    assert not (tmp_path / "out" / "five").exists()
    code, out, err = run("build", five, "--only", "tiles", "--out", tmp_path / "out")  # the rest builds without it
    assert code == 0, err


# -- printkit verify ---------------------------------------------------------------------------------


def test_verify_re_measures_the_3d_files_and_fails_a_broken_one(shared, tmp_path):
    from printkit.verify import verify

    folder = Path(shutil.copytree(five_built(shared, "bambu-x1"), tmp_path / "five"))
    lines = [c.line() for c in verify(folder).checks]
    assert ("ok  3d/tiles-plate-1.3mf: every part closed, of positive volume, on the bed of 256 × 256 mm; bodies "
            "20 × 20 × 4 mm, letters inset 0.6 mm") in lines
    assert "ok  3d/tiles-plate-1.3mf: 5 tiles, each a body and its letters on extruders 1 and 2" in lines
    assert any(line.startswith("ok  3d/tiles-plate-1.3mf: filaments body ") for line in lines)
    assert ("ok  3d/tiles-plate-1-letters.stl: every part closed, of positive volume, on the bed of 256 × 256 "
            "mm") in lines
    plate = folder / "3d" / "tiles-plate-1.3mf"
    original = plate.read_bytes()
    rewrite(plate, "3D/3dmodel.model", lambda t: t.replace("<triangle ", "<ignored ", 1))  # a hole in a body
    fails = [c.line() for c in verify(folder).failures]
    assert any(f.startswith("FAIL 3d/tiles-plate-1.3mf: 001 А 1: its body is not a closed surface (an edge is not "
                            "shared by two triangles)") for f in fails), fails
    plate.write_bytes(original)
    rewrite(plate, "Metadata/Slic3r_PE_model.config",
             lambda t: t.replace('key="extruder" value="2"', 'key="extruder" value="1"'))
    fails = [c.line() for c in verify(folder).failures]
    assert any(f.startswith("FAIL 3d/tiles-plate-1.3mf: 001 А 1: PrusaSlicer is told extruder 1 for its part "
                            "'letters', not 2") for f in fails), fails
    plate.write_bytes(original)
    rewrite(plate, "3D/3dmodel.model", lambda t: t.replace('transform="1 0 0 0 1 0 0 0 1 175.5 ', 'transform="1 0 0 '
                                                              '0 1 0 0 0 1 250 ', 1))
    fails = [c.line() for c in verify(folder).failures]
    assert "FAIL 3d/tiles-plate-1.3mf: 001 А 1: its body runs off the bed of 256 × 256 mm" in " ".join(fails), fails


def test_a_plate_rendered_from_its_meshes_shows_the_letters_in_their_filament(five):
    from printkit.sheets.threed import threed_documents
    from printkit.solid.render import COLOURS, render

    (plate, *_) = threed_documents(load_kit(str(five)))
    image = np.asarray(render(plate, px_per_mm=4.0)).astype(int)
    # five tiles of 20 mm, 3 mm apart, and 3 mm round them, across; tilted 35°, 20 mm and the edges down
    assert image.shape[1] == pytest.approx((5 * 20 + 4 * 3 + 6) * 4, abs=2)
    dark = (np.abs(image - COLOURS["letters"]).sum(axis=2) < 60)
    light = image.min(axis=2) > 120
    white = image.min(axis=2) == 255
    assert 0.01 < dark.mean() < 0.2 and light.mean() > 0.3 and white.mean() > 0.05
    # the blank, last on the plate, lies leftmost seen from above: seen from below (the faces) rightmost,
    # with no letter on it; the first tile (А) is leftmost and has one
    columns = dark.any(axis=0)
    width = image.shape[1]
    assert not columns[int(width * 0.84):].any() and columns[:int(width * 0.18)].any()


def test_verifys_fast_readers_read_what_the_plain_ones_read(shared):
    """verify reads a 3MF's model with expat's handlers and welds an STL's points by a lexsort (both for
    speed): they give what ElementTree and ``numpy.unique(axis=0)`` give, on a built plate (both slicer
    layouts) and on points with -0.0, negatives and repeats; a model written another way (attributes in
    another order, a prefix for the namespace, comments) reads the same."""
    from printkit.verify.solid import _Model, _welded

    folder = five_built(shared, "bambu-x1")
    plates = sorted((folder / "3d").glob("*.3mf"))
    assert plates

    def plain(xml: bytes):
        root = ET.fromstring(xml)
        objects = {o.get("id"): (o.get("name"), [float(e.get(k)) for e in o.iter(f"{CORE}vertex") for k in "xyz"],
                                 [int(e.get(k)) for e in o.iter(f"{CORE}triangle") for k in ("v1", "v2", "v3")],
                                 [c.get("objectid") for c in o.iter(f"{CORE}component")])
                   for o in root.iter(f"{CORE}object")}
        return root.get("unit"), objects, [dict(i.attrib) for i in root.iter(f"{CORE}item")]

    def fast(xml: bytes):
        m = _Model(xml)
        return m.unit, {k: (o.name, o.vertices, o.triangles, o.components) for k, o in m.objects.items()}, m.items

    for plate in plates:
        with zipfile.ZipFile(plate) as z:
            xml = z.read("3D/3dmodel.model")
        assert fast(xml) == plain(xml)
        assert len(fast(xml)[1]) >= 5
    other = xml.decode().replace('<model unit="millimeter"', '<!-- another writer --><m:model unit="millimeter"')
    other = other.replace(f'xmlns="{CORE[1:-1]}"', f'xmlns:m="{CORE[1:-1]}"').replace("</model>", "</m:model>")
    for tag in ("resources", "object", "mesh", "vertices", "vertex", "triangles", "triangle", "build", "item",
                "metadata", "components", "component"):
        other = other.replace(f"<{tag} ", f"<m:{tag} ").replace(f"<{tag}>", f"<m:{tag}>").replace(f"</{tag}>",
                                                                                               f"</m:{tag}>")
    import re

    other = re.sub(r'<m:vertex x="([^"]*)" y="([^"]*)" z="([^"]*)"/>', r'<m:vertex z="\3" x="\1" y="\2" />', other)
    assert fast(other.encode()) == fast(xml)

    rng = np.random.default_rng(7)
    points = rng.integers(-3, 3, size=(400, 3)).astype(np.float64) / 2
    points[::7] *= -1.0  # 0.0 and -0.0 both
    for stl in sorted((folder / "3d").glob("*.stl"))[:2]:
        data = stl.read_bytes()
        n = int.from_bytes(data[80:84], "little")
        rows = np.frombuffer(data, dtype=[("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")], count=n, offset=84)
        points = np.concatenate([points, rows["v"].reshape(-1, 3).astype(np.float64)])
    unique, index = np.unique(points, axis=0, return_inverse=True)
    welded, at = _welded(points)
    assert np.array_equal(welded, unique) and np.array_equal(at, index.ravel())
    assert np.array_equal(welded[at], points)
    assert len(welded) < len(points)


@pytest.mark.parametrize("parts, message", [
    ("[]", "'parts' lists nothing: list at least one of tiles, racks, board"),
    ("[tiles, tiles]", "'parts' lists 'tiles' twice"),
    ("[tile]", "'parts' lists tile: it may list tiles, racks, board (did you mean 'tiles'?)"),
    ("board", "'parts' is a list of tiles, racks, board, not board"),
    ("[tiles, null]", "'parts' lists an empty item: it may list tiles, racks, board"),
    ("[../../etc/passwd]", "'parts' lists ../../etc/passwd: it may list tiles, racks, board"),
])
def test_the_3d_parts_listed_wrongly_are_one_line(five, write, tmp_path, run, parts, message):
    kit = write("p.yaml", f"extends: k.yaml\nname: parts\nprint3d: {{parts: {parts}}}\n")
    code, out, err = run("build", kit, "--only", "3d", "--out", tmp_path / "out")
    assert (code, out) == (2, "") and err.count("\n") == 1 and err.split(": ", 1)[1] == message + "\n", err
    assert err.startswith(f"{kit}:3:")
    assert not (tmp_path / "out").exists()


def test_only_the_3d_parts_listed_are_made_and_counted(five, write, tmp_path, run):
    from printkit.products import estimate

    kit = write("p.yaml", "extends: k.yaml\nname: parts\nprint3d: {parts: [board]}\n")
    assert run("build", kit, "--only", "3d", "--out", tmp_path, "-q")[0] == 0
    made = sorted(str(p.relative_to(tmp_path / "parts")) for p in (tmp_path / "parts" / "3d").iterdir())
    assert made and all(m.startswith("3d/board-piece-") for m in made), made
    assert sorted(f.path for f in estimate(load_kit(str(kit)), ["3d"]).files) == made
    kit = write("q.yaml", "extends: k.yaml\nname: tiles-only\nprint3d: {parts: [tiles]}\n")
    assert run("build", kit, "--only", "3d", "--out", tmp_path, "-q")[0] == 0
    made = sorted(p.name for p in (tmp_path / "tiles-only" / "3d").iterdir())
    assert made == ["tiles-plate-1-body.stl", "tiles-plate-1-letters.stl", "tiles-plate-1.3mf"], made
