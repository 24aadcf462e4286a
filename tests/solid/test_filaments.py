"""No plate asks for more filaments than its printer has (issue 33): for every printer profile shipped in
templates/printers/, every plate of the default kit's ``--only 3d`` (tiles, racks, the board's pieces) read back from
its 3MF as PrusaSlicer and Bambu Studio read it (each part's extruder, and every extruder the two configs name) stays
within the profile's ``filaments``; a board piece with more parts than that gives a premium's family one filament (the
letter premiums first, then the word premiums), never the labels' one; the manifest says which filament each part
takes. PrusaSlicer slices a piece for the MK4 with its MMU3 (five filaments) with tools T0 to T4 only, each premium
filament as much as the parts the manifest puts on it: an extruder past the fifth PrusaSlicer prints with the first,
the body's (measured on PrusaSlicer 2.5: the triple word pockets came out in the body's colour)."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import yaml
from manifestread import manifest_of
from solidbuild import plate_meshes

pytest.importorskip("manifold3d")
PRUSA = shutil.which("prusa-slicer")
PRINTERS = Path(__file__).resolve().parents[2] / "templates" / "printers"
PROFILES = sorted(p.stem for p in PRINTERS.glob("*.yaml"))
PREMIUMS = ("DL", "TL", "DW", "TW")


def _filaments(printer: str) -> int:
    return int(yaml.safe_load((PRINTERS / f"{printer}.yaml").read_text(encoding="utf-8"))["filaments"])


def _plates(folder) -> list[dict]:
    return [a for a in manifest_of(folder)["artifacts"] if a["kind"] == "3d" and a["format"] == "3mf"]


def _named(path) -> list[int]:
    """Every extruder either slicer's config of the 3MF names (objects' and parts')."""
    with zipfile.ZipFile(path) as z:
        text = z.read("Metadata/Slic3r_PE_model.config").decode() + z.read("Metadata/model_settings.config").decode()
    return [int(n) for n in re.findall(r'key="extruder" value="(\d+)"', text)]


def test_the_profiles_are_all_here():
    assert {"bambu-a1-mini", "bambu-x1", "ender-3", "prusa-mk4", "prusa-mk4-mmu3"} <= set(PROFILES)


@pytest.mark.parametrize("printer", PROFILES)
def test_every_plate_keeps_to_the_printer_s_filaments(shared, printer):
    filaments = _filaments(printer)
    folder = shared.build("krestoslovitsa", only=["3d"], printer=printer)
    plates = _plates(folder)
    assert {a.get("item", "tiles") for a in plates} == {"tiles", "rack", "board"}
    for a in plates:
        named = _named(folder / a["path"])
        assert named and 1 <= min(named) and max(named) <= filaments, (a["path"], sorted(set(named)))
        for obj in plate_meshes(folder / a["path"]):
            used = {name: extruder for name, (_, extruder) in obj["parts"].items()}
            assert max(used.values()) <= filaments, (a["path"], obj["name"], used)
            # the manifest says which filament each part takes, as the 3MF does
            assert {n: f["extruder"] for n, f in a["filaments"].items() if n in used} == used, (a["path"], used)
        if a.get("item") != "board" or filaments == 1:
            continue
        told = {n: f["extruder"] for n, f in a["filaments"].items()}
        assert (told["body"], told["letters"]) == (1, 2)  # as on the tiles' plates
        # the labels are inset in the premiums' floor: never in a premium's filament
        assert told["letters"] not in {told[c] for c in PREMIUMS if c in told}, (a["path"], told)


@pytest.mark.parametrize("printer, want", [
    # five filaments (the MMU3): the letter premiums share one, the word premiums one each
    ("prusa-mk4-mmu3", {"body": 1, "letters": 2, "DL": 3, "TL": 3, "DW": 4, "TW": 5}),
    # four (the AMS): the letter premiums one, the word premiums one
    ("bambu-x1", {"body": 1, "letters": 2, "DL": 3, "TL": 3, "DW": 4, "TW": 4}),
    ("bambu-a1-mini", {"body": 1, "letters": 2, "DL": 3, "TL": 3, "DW": 4, "TW": 4})])
def test_a_board_of_more_parts_than_filaments_shares_them_by_family(shared, printer, want):
    folder = shared.build("krestoslovitsa", only=["3d"], printer=printer)
    pieces = [a for a in _plates(folder) if a.get("item") == "board"]
    seen: dict[str, int] = {}
    for a in pieces:
        (obj,) = plate_meshes(folder / a["path"])
        for name, (mesh, extruder) in obj["parts"].items():
            assert mesh.is_watertight and mesh.volume > 0
            seen.setdefault(name, extruder)
            assert seen[name] == extruder, (a["path"], name)  # the same filament on every piece
    assert seen == want
    # a wipe tower's room as deep as the filament changes of a layer: one fewer than the filaments used
    depth = {"prusa-mk4-mmu3": 20, "bambu-x1": 16, "bambu-a1-mini": 16}[printer]
    for a in pieces:
        x0, y0, x1, y1 = a["tower_mm"]
        assert y1 - y0 == pytest.approx(depth * (len(set(want.values())) - 1))


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
def test_prusaslicer_slices_an_mmu3_board_piece_with_its_five_filaments(shared, tmp_path):
    folder = shared.build("krestoslovitsa", only=["3d"], printer="prusa-mk4-mmu3")
    a = next(a for a in _plates(folder) if a.get("item") == "board"
             and set(PREMIUMS) <= set(a["filaments"]))  # a piece with every premium kind
    n = 5
    gcode = tmp_path / "piece.gcode"
    done = subprocess.run(
        [PRUSA, "--datadir", str(tmp_path / "prusa"), "--export-gcode", "--dont-arrange",
         "--bed-shape", "0x0,250x0,250x210,0x210", "--nozzle-diameter", ",".join(["0.4"] * n),
         "--extruder-offset", ",".join(["0x0"] * n), "--layer-height", "0.2", "--first-layer-height", "0.2",
         "--output", str(gcode), str(folder / a["path"])], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    text = gcode.read_text(encoding="utf-8", errors="replace")
    tools = set(re.findall(r"^T(\d+)\s*$", text, re.M))
    assert tools == {"0", "1", "2", "3", "4"}  # T0 to T4: five filaments, each used
    # and every filament the manifest names is one of them: no part left to a tool PrusaSlicer does not have
    assert {f"{f['extruder'] - 1}" for f in a["filaments"].values()} == tools, a["filaments"]
    (used,) = re.findall(r"^; filament used \[mm\] = (.+)$", text, re.M)
    mm = [float(x) for x in used.split(",")]
    assert len(mm) == n
    # each filament past the body's lays down what the manifest puts on it: the parts' volume (the pockets and
    # labels are solid layers), PrusaSlicer's 1.75 mm filament, within its flow of some 10 % more
    area = math.pi * (1.75 / 2) ** 2
    for extruder in range(2, n + 1):
        cm3 = sum(f["grams"] for f in a["filaments"].values() if f["extruder"] == extruder) / a["density"]
        assert cm3 > 0, extruder
        assert 0.95 <= mm[extruder - 1] * area / 1000 / cm3 <= 1.3, (extruder, mm, a["filaments"])
