"""The wipe (prime) tower's room (issue 33): on every plate of two filaments or more a rectangle is left free for the
slicer's tower, from the printer's profile (67 mm wide, 20 mm deep a filament change of a layer for PrusaSlicer;
42 and 16 for Bambu Studio), in the bed's back right corner inside its margins; the manifest states it
(``tower_mm``) and the 3MF tells PrusaSlicer (2.9 and later, ``Metadata/Prusa_Slicer_wipe_tower_information.xml``)
to put the tower there. Read back: no part reaches into the room, and PrusaSlicer's tower lies inside it and off
every part (PrusaSlicer 2.5, installed here, reads the place only from a print config, so the test hands it the
place the 3MF states, as 2.9 reads it). A printer of one filament, and the racks (one part), have no tower."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from manifestread import manifest_of
from solidbuild import five_built, plate_meshes

pytest.importorskip("manifold3d")
PRUSA = shutil.which("prusa-slicer")
TOWER = "Metadata/Prusa_Slicer_wipe_tower_information.xml"


def plates_3mf(folder) -> list[dict]:
    return [a for a in manifest_of(folder)["artifacts"] if a["kind"] == "3d" and a["format"] == "3mf"]


def footprints(path) -> list[tuple[str, float, float, float, float]]:
    """Each part of a 3MF as it lies on the bed, seen from above: (object, x0, y0, x1, y1)."""
    out = []
    for obj in plate_meshes(path):
        x, y, _ = obj["at"]
        for mesh, _ in obj["parts"].values():
            (x0, y0, _), (x1, y1, _) = mesh.bounds
            out.append((obj["name"], x + x0, y + y0, x + x1, y + y1))
    return out


def told(path) -> tuple[float, float]:
    with zipfile.ZipFile(path) as z:
        (tower,) = ET.fromstring(z.read(TOWER)).iter("wipe_tower_information")
    assert (tower.get("bed_idx"), tower.get("rotation_deg")) == ("0", "0")
    return float(tower.get("position_x")), float(tower.get("position_y"))


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("printer, tiles, board", [("prusa-mk4-mmu3", [178, 185, 245, 205], [178, 125, 245, 205]),
                                                   ("bambu-x1", [209, 235, 251, 251], [209, 203, 251, 251])])
def test_every_plate_of_two_filaments_keeps_the_tower_s_room_free(shared, printer, tiles, board):
    """The default kit's full plates of tiles and the board's pieces: the room in the back right corner (one
    change a layer on the tiles' plates; on the pieces one fewer than the filaments their parts take: four of
    the MMU3's five, three of the AMS's four), no part in it."""
    folder = shared.build("krestoslovitsa", only=["3d"], printer=printer)
    entries = plates_3mf(folder)
    assert {a.get("item") for a in entries if "tower_mm" not in a} == {"rack"}  # the racks are one part: no tower
    tile_plates = [a for a in entries if a.get("item") is None]
    pieces = [a for a in entries if a.get("item") == "board"]
    assert all(a["tower_mm"] == tiles for a in tile_plates) and all(a["tower_mm"] == board for a in pieces)
    full = tile_plates[0]
    per = {"prusa-mk4-mmu3": 77, "bambu-x1": 98}[printer]  # 80 and 100 places, those in (or within 3 mm of) it left
    assert full["tiles"] == full["tiles_per_plate"] == per
    for a in tile_plates + pieces:
        room = a["tower_mm"]
        x, y = told(folder / a["path"])
        assert (x, y) == (room[0] + 3.5, room[1] + 3.5)  # the tower's corner, inside its brim
        with zipfile.ZipFile(folder / a["path"]) as z:  # no print config: PrusaSlicer's window would lay it over
            assert "Metadata/Slic3r_PE.config" not in z.namelist()  # its defaults, every other setting reset
        parts = footprints(folder / a["path"])
        assert parts and not [p for p in parts if overlaps(p[1:], room)], a["path"]
        # the tiles and pieces keep the plate's gap from it
        assert min(max(room[0] - p[3], room[1] - p[4], p[1] - room[2], p[2] - room[3]) for p in parts) >= 3 - 0.05
        margin = a.get("margin_mm", 5.0)
        assert room[2] == a["bed_mm"][0] - margin and room[3] == a["bed_mm"][1] - margin
    # the pieces moved aside for it: a board of 3 × 2 pieces on the MK4's bed, of 2 × 2 on the X1's, as before
    assert pieces[0]["split"] == {"prusa-mk4-mmu3": [3, 2], "bambu-x1": [2, 2]}[printer]


def test_one_filament_has_no_tower(shared):
    folder = five_built(shared, "prusa-mk4")
    for a in plates_3mf(folder):
        assert "tower_mm" not in a
        with zipfile.ZipFile(folder / a["path"]) as z:
            assert TOWER not in z.namelist()


def _tower_moves(gcode) -> list[tuple[float, float, float, float]]:
    """Each extruding move PrusaSlicer marks ``;TYPE:Wipe tower``, as (x0, y0, x1, y1) on the bed."""
    x = y = None
    kind, out = None, []
    for line in gcode.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(";TYPE:"):
            kind = line[6:]
        elif line.startswith(("G1 ", "G0 ")):
            mx, my, me = (re.search(rf" {k}(-?[0-9.]+)", line) for k in "XYE")
            nx = float(mx.group(1)) if mx else x
            ny = float(my.group(1)) if my else y
            if kind == "Wipe tower" and me and float(me.group(1)) > 0 and (mx or my) and x is not None:
                out.append((min(x, nx), min(y, ny), max(x, nx), max(y, ny)))
            x, y = nx, ny
    return out


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
@pytest.mark.parametrize("what", ["tiles", "board"])
def test_prusaslicer_prints_its_tower_in_the_room_and_off_every_part(shared, tmp_path, what):
    """A full plate of the default kit's tiles (77 tiles, two extruders) and a piece of its board (five extruders),
    sliced for the MK4 with its MMU3 with a wipe tower of PrusaSlicer's defaults and its brim of 3 mm: every
    extrusion of the tower lies in the stated room, and outside every part's footprint."""
    folder = shared.build("krestoslovitsa", only=["3d"], printer="prusa-mk4-mmu3")
    a = next(p for p in plates_3mf(folder) if (p.get("item") == "board") == (what == "board"))
    plate = folder / a["path"]
    n = max(f["extruder"] for f in a["filaments"].values())  # the filaments the plate's parts take
    x, y = told(plate)
    gcode = tmp_path / "plate.gcode"
    done = subprocess.run(
        [PRUSA, "--datadir", str(tmp_path / "prusa"), "--export-gcode", "--dont-arrange",
         "--bed-shape", "0x0,250x0,250x210,0x210", "--nozzle-diameter", ",".join(["0.4"] * n),
         "--extruder-offset", ",".join(["0x0"] * n),  # PrusaSlicer 2.5 moved its T4 and T5 by garbage without them
         "--layer-height", "0.2", "--first-layer-height", "0.2", "--wipe-tower", "--use-relative-e-distances",
         "--single-extruder-multi-material-priming=0", "--wipe-tower-brim-width", "3",
         "--wiping-volumes-matrix", ",".join("0" if i // n == i % n else "140" for i in range(n * n)),
         "--wiping-volumes-extruders", ",".join(["70"] * 2 * n),
         "--wipe-tower-x", f"{x:g}", "--wipe-tower-y", f"{y:g}", "--output", str(gcode), str(plate)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    moves = _tower_moves(gcode)
    assert len(moves) > 100
    x0, y0, x1, y1 = a["tower_mm"]
    lo = (min(m[0] for m in moves), min(m[1] for m in moves))
    hi = (max(m[2] for m in moves), max(m[3] for m in moves))
    assert x0 <= lo[0] and lo[1] >= y0 and hi[0] <= x1 and hi[1] <= y1, (lo, hi, a["tower_mm"])
    assert hi[0] - lo[0] > 60  # PrusaSlicer's tower of 60 mm and its brim
    parts = footprints(plate)
    assert not [p for p in parts for m in moves if overlaps(m, p[1:])]


def test_verify_fails_a_part_in_the_tower_s_room_or_a_tower_placed_elsewhere(shared, tmp_path):
    from solidbuild import rewrite

    from printkit.verify import verify

    folder = Path(shutil.copytree(shared.build("krestoslovitsa", only=["3d"], printer="bambu-x1"), tmp_path / "k"))
    lines = [c.line() for c in verify(folder).checks]
    assert ("ok  3d/tiles-plate-1.3mf: the wipe tower's room 42 × 16 mm at 209, 235 mm clear of every part, "
            "PrusaSlicer told to put the tower there") in lines
    manifest = (folder / "manifest.json").read_text(encoding="utf-8")
    # the manifest's room moved over the tiles' back row: verify finds the tiles in it
    moved = json.loads(manifest)
    entry = next(e for e in moved["artifacts"] if e["path"] == "3d/tiles-plate-1.3mf")
    assert entry["figures"]["tower_mm"] == [209.0, 235.0, 251.0, 251.0]
    entry["figures"]["tower_mm"] = [150.0, 235.0, 192.0, 251.0]
    (folder / "manifest.json").write_text(json.dumps(moved, ensure_ascii=False), encoding="utf-8")
    fails = [c.line() for c in verify(folder).failures]
    assert any("3d/tiles-plate-1.3mf" in f and "reaches into the wipe tower's room" in f for f in fails), fails
    (folder / "manifest.json").write_text(manifest, encoding="utf-8")
    plate = folder / "3d" / "tiles-plate-1.3mf"
    original = plate.read_bytes()
    rewrite(plate, TOWER, lambda text: text.replace('position_x="212.5"', 'position_x="20"'))
    entries = json.loads(manifest)
    for e in entries["artifacts"]:
        if e["path"] == "3d/tiles-plate-1.3mf":
            e["bytes"], e["sha256"] = plate.stat().st_size, hashlib.sha256(plate.read_bytes()).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    fails = [c.line() for c in verify(folder).failures]
    assert any("PrusaSlicer is told to put the wipe tower at [(20.0, 238.5)], not in its room" in f
               for f in fails), fails
    plate.write_bytes(original)
