"""A plate of 3D-printed tiles sliced by a real slicer: PrusaSlicer's command line (Debian's
``prusa-slicer``, installed by .ci/run) opens the 3MF printkit wrote, with nothing assigned by
hand, and with two extruders the G-code prints the letters with the second: it changes tools in
the layers of the letters' depth, and only there, and both filaments are used."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile

import pytest
from solidbuild import CORE, DIST, KIT, five_built

pytest.importorskip("manifold3d")
PRUSA = shutil.which("prusa-slicer")


def _sliced(plate, tmp_path, bed: tuple[int, int], extruders: int = 2, timeout: int = 300):
    """PrusaSlicer's G-code of ``plate`` on a bed of ``bed`` mm with ``extruders`` 0.4 mm nozzles and
    0.2 mm layers, placed where printkit put it (no arranging): the path of the G-code."""
    w, h = bed
    gcode = tmp_path / f"{plate.stem}.gcode"
    done = subprocess.run(
        [PRUSA, "--datadir", str(tmp_path / "prusa"), "--export-gcode", "--dont-arrange",
         "--bed-shape", f"0x0,{w}x0,{w}x{h},0x{h}", "--nozzle-diameter", ",".join(["0.4"] * extruders),
         "--layer-height", "0.2", "--first-layer-height", "0.2", "--output", str(gcode), str(plate)],
        capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return gcode


def _layers_by_tool(gcode) -> dict[int, set[float]]:
    """The heights (mm) at which each tool extrudes a move."""
    z, tool, extruded = 0.0, None, {}
    for line in gcode.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(";Z:"):
            z = float(line[3:])
        elif re.fullmatch(r"T\d", line):
            tool = int(line[1:])
        elif tool is not None and line.startswith("G1") and re.search(r" E[0-9.]+", line) and " X" in line:
            extruded.setdefault(tool, set()).add(round(z, 2))
    return extruded


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
# Bambu Studio's layout of the 3MF, and PrusaSlicer's
@pytest.mark.parametrize("printer", ["bambu-x1", "prusa-mk4-mmu3"])
def test_prusaslicer_slices_a_plate_with_the_letters_in_the_second_filament(shared, tmp_path, printer):
    plate = five_built(shared, printer) / "3d" / "tiles-plate-1.3mf"  # read: the G-code goes to tmp_path
    with zipfile.ZipFile(plate) as z:
        model = ET.fromstring(z.read("3D/3dmodel.model"))
    at = [[float(x) for x in i.get("transform").split()][9:11] for i in model.iter(f"{CORE}item")]
    (w, h) = {"bambu-x1": (256, 256), "prusa-mk4-mmu3": (250, 210)}[printer]
    gcode = _sliced(plate, tmp_path, (w, h))
    z, tools, extruded = 0.0, {}, {}
    tool = None
    letters_x, letters_y = [], []
    for line in gcode.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(";Z:"):
            z = float(line[3:])
        elif re.fullmatch(r"T\d", line):
            tool = int(line[1:])
            tools.setdefault(tool, set()).add(round(z, 2))
        elif tool is not None and line.startswith("G1") and re.search(r" E[0-9.]+", line) and " X" in line:
            extruded.setdefault(tool, set()).add(round(z, 2))
            xy = re.search(r" X([0-9.]+) Y([0-9.]+)", line)
            if tool == 1 and xy:
                letters_x.append(float(xy.group(1)))
                letters_y.append(float(xy.group(2)))
    assert set(extruded) == {0, 1}  # both filaments print
    # the letters (extruder 2, T1) are printed in the first three layers only: inset 0.6 mm, face down
    assert max(extruded[1]) == pytest.approx(0.6) and min(extruded[1]) == pytest.approx(0.2)
    assert max(extruded[0]) == pytest.approx(4.0)  # the bodies to the top
    used = re.search(r"; filament used \[mm\] = ([0-9.]+), ([0-9.]+)", gcode.read_text(encoding="utf-8"))
    assert used and float(used.group(1)) > 0 and float(used.group(2)) > 0
    # the letters where printkit put the tiles (no arranging): inside the tiles' squares of 20 mm
    assert min(letters_x) >= min(x for x, _ in at) and max(letters_x) <= max(x for x, _ in at) + 20
    assert min(letters_y) >= min(y for _, y in at) and max(letters_y) <= max(y for _, y in at) + 20


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
def test_prusaslicer_slices_a_raised_plate_with_the_letters_on_top_in_the_second_filament(write, tmp_path, run):
    """Raised letters, face up: the bodies print with the first filament from the bed to the face,
    the letters with the second in the three layers above it, and only there."""
    write("d.yaml", DIST)
    kit = write("k.yaml", KIT + "    print3d: {letters: raised}\n")
    assert run("build", kit, "--only", "3d", "--printer", "prusa-mk4-mmu3", "--out", tmp_path / "out")[0] == 0
    plate = tmp_path / "out" / "five" / "3d" / "tiles-plate-1.3mf"
    extruded = _layers_by_tool(_sliced(plate, tmp_path, (250, 210)))
    assert set(extruded) == {0, 1}
    assert min(extruded[0]) == pytest.approx(0.2) and max(extruded[0]) == pytest.approx(4.0)  # the bodies
    assert min(extruded[1]) == pytest.approx(4.2) and max(extruded[1]) == pytest.approx(4.6)  # raised 3 × 0.2 mm


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
def test_prusaslicer_slices_the_racks_in_one_filament_with_no_tool_change(shared, tmp_path):
    """The racks are one part: with two extruders set up, PrusaSlicer prints them with the first alone (their name,
    inset into the upright lip in the second, was laid down a fifth, for 14 tool changes a plate: left off)."""
    plate = five_built(shared, "prusa-mk4-mmu3") / "3d" / "racks-plate-1.3mf"
    gcode = _sliced(plate, tmp_path, (250, 210)).read_text(encoding="utf-8", errors="replace")
    assert not re.search(r"^T1$", gcode, re.M)  # the second extruder never taken up
    z, heights = 0.0, set()
    for line in gcode.splitlines():
        if line.startswith(";Z:"):
            z = float(line[3:])
        elif line.startswith("G1") and re.search(r" E[0-9.]+", line) and " X" in line:
            heights.add(round(z, 2))
    assert min(heights) == pytest.approx(0.2) and max(heights) == pytest.approx(15.0)  # the backs, 15 mm high
    used = re.search(r"^; filament used \[mm\] = ([0-9., ]+)$", gcode, re.M)
    assert used and [float(x) > 0 for x in used.group(1).split(",")] == [True]  # one filament used


@pytest.mark.skipif(PRUSA is None, reason="no PrusaSlicer on this machine (CI installs Debian's prusa-slicer)")
def test_prusaslicer_slices_a_board_piece_with_a_filament_per_premium(write, tmp_path, run):
    """One small piece of the 3D board (cells of 11 mm on a bed of 180 × 180 mm: four pieces), six
    extruders: the body to the top with the first, the labels and each premium kind's pockets with
    their own, in the layers of the pockets under the recessed cells' floor (2.8 to 3.4 mm), and only there."""
    write("d.yaml", DIST)
    # PrusaSlicer's own layout of the 3MF (each part a range of the piece's one mesh) on the A1 mini's bed
    write("mini.yaml", "bed: 180x180\nlayer_mm: 0.2\nslicer: prusa\nfilaments: 6\nsource: the A1 mini's bed, a test\n")
    kit = write("k.yaml", KIT + "    physical: {tile_mm: 10, cell_mm: 11}\n")
    assert run("build", kit, "--only", "3d", "--printer", tmp_path / "mini.yaml", "--out", tmp_path / "out")[0] == 0
    piece = tmp_path / "out" / "five" / "3d" / "board-piece-4.3mf"
    extruded = _layers_by_tool(_sliced(piece, tmp_path, (180, 180), 6, timeout=120))
    assert set(extruded) == {0, 1, 2, 3, 4, 5}  # body, letters, DL, TL, DW, TW
    assert min(extruded[0]) == pytest.approx(0.2) and max(extruded[0]) == pytest.approx(4.0)
    for tool in range(1, 6):
        assert extruded[tool] == {3.0, 3.2, 3.4}, tool  # the three layers of the pockets
