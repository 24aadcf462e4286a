"""Benchmark: the default kit's 3D-printed tiles against its paper tiles (target: under 10 × their
time), every plate re-measured, sliced by PrusaSlicer when it is installed, and rendered.

    python bench/bench_3d.py [--runs N] [--kit NAME] [--printer NAME] [--no-slice] [--png DIR]

Times cold builds in a fresh process (``printkit build --only 3d`` and ``--only tiles``, with
verify, as a user runs them), then slices every plate's 3MF with two extruders and counts the
tool changes, and writes a PNG of each plate rendered from its meshes (``--png``).
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printkit.manifest import read as read_manifest


def cold(kit: str, product: str, runs: int, extra: list[str]) -> tuple[list[float], Path]:
    times = []
    keep = Path(tempfile.mkdtemp())
    for i in range(runs):
        out = keep / str(i)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printkit", "build", kit, "--only", product, "--out", str(out), "-q",
                        *extra], check=True)
        times.append(time.perf_counter() - start)
    return times, keep / "0"


def slice_plate(plate: Path, bed: list[float], gcode: Path, extruders: int = 2) -> tuple[float, dict[str, int]]:
    prusa = shutil.which("prusa-slicer")
    w, h = bed
    start = time.perf_counter()
    subprocess.run([prusa, "--datadir", str(gcode.parent / "prusa"), "--export-gcode", "--dont-arrange",
                    "--bed-shape", f"0x0,{w:g}x0,{w:g}x{h:g},0x{h:g}",
                    "--nozzle-diameter", ",".join(["0.4"] * extruders),
                    "--layer-height", "0.2", "--first-layer-height", "0.2", "--output", str(gcode), str(plate)],
                   check=True, capture_output=True)
    took = time.perf_counter() - start
    tools: dict[str, int] = {}
    for line in gcode.read_text(encoding="utf-8", errors="replace").splitlines():
        if re.fullmatch(r"T\d", line):
            tools[line] = tools.get(line, 0) + 1
    return took, tools


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kit", default="krestoslovitsa")
    parser.add_argument("--printer", default=None)
    parser.add_argument("--no-slice", action="store_true")
    parser.add_argument("--png", default=None, help="write a PNG of each plate here")
    args = parser.parse_args()
    extra = ["--printer", args.printer] if args.printer else []
    solid, folder = cold(args.kit, "3d", args.runs, extra)
    paper, _ = cold(args.kit, "tiles", args.runs, [])
    kit_folder = folder / args.kit
    manifest = read_manifest(kit_folder, "bench")
    plates = [a for a in manifest["artifacts"] if a.get("format") == "3mf"]
    tiles = [a for a in plates if "tiles" in a]
    board = [a for a in plates if a.get("item") == "board"]
    print(f"3D tiles, {args.kit} ({sum(a['tiles'] for a in tiles)} tiles on {len(tiles)} plates of "
          f"{plates[0]['printer']}, the racks, the board in {len(board)} pieces), {args.runs} runs each, cold, "
          f"with verify")
    print(f"  printkit build --only 3d:    median {statistics.median(solid):.2f} s, best {min(solid):.2f} s")
    print(f"  printkit build --only tiles: median {statistics.median(paper):.2f} s, best {min(paper):.2f} s")
    ratio = statistics.median(solid) / statistics.median(paper)
    print(f"  3D / paper: {ratio:.1f} × (target under 10 ×: {'met' if ratio < 10 else 'NOT met'})")
    for a in plates:
        grams = ", ".join(f"{n} {f['grams']:g} g" for n, f in a["filaments"].items())
        what = (f"{a['tiles']} tiles" if "tiles" in a else f"{a['racks']} racks" if "racks" in a
                else f"board piece {a['piece']} of {a['pieces']}, {' × '.join(f'{x:g}' for x in a['piece_mm'])} mm")
        print(f"  {a['path']}: {what}, {a['bytes'] / 1024:.0f} KB, {grams}")
    if not args.no_slice and shutil.which("prusa-slicer"):
        for a in plates:
            extruders = max(f["extruder"] for f in a["filaments"].values())
            took, tools = slice_plate(kit_folder / a["path"], a["bed_mm"], folder / (Path(a["path"]).stem + ".gcode"),
                                      max(2, extruders))
            print(f"  sliced {a['path']} by PrusaSlicer in {took:.1f} s: tool changes {tools}")
    if args.png:
        from printkit.config import load_kit
        from printkit.sheets.threed import threed_documents
        from printkit.solid.render import render

        kit = load_kit(args.kit, printer=args.printer) if args.printer else load_kit(args.kit)
        Path(args.png).mkdir(parents=True, exist_ok=True)
        for doc in (d for d in threed_documents(kit) if d.format == "3mf"):
            start = time.perf_counter()
            target = Path(args.png) / (Path(doc.path).stem + ".png")
            render(doc).save(target)
            print(f"  rendered {target} in {time.perf_counter() - start:.1f} s")
    shutil.rmtree(folder.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
