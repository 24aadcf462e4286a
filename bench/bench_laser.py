"""Benchmark: the laser tiles (and the kerf coupon) of the default kit, built and written.

    python bench/bench_laser.py [--runs N]

The issue's target is the laser and burn builds together under 2 s; this times the laser tiles'
part: ``laser_tile_documents`` + ``coupon_documents`` and writing their files, for the default
profile (LightBurn, SVG) and for RDWorks (DXF), cold in a fresh process (interpreter start,
imports, configs, fonts) and warm in this one, and prints each file's size and the job figures.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROFILES = ("lightburn", "rdworks")


def build(profile: str, out: Path) -> list:
    from printkit.config import load_kit
    from printkit.sheets.laser.coupon import coupon_documents
    from printkit.sheets.laser.tiles import laser_tile_documents
    from printkit.writers import WRITERS

    kit = load_kit("krestoslovitsa", laser=profile)
    docs = laser_tile_documents(kit) + coupon_documents(kit)
    for d in docs:
        WRITERS[d.format](d, out / d.path)
    return docs


def cold(profile: str, runs: int) -> list[float]:
    code = ("import sys, tempfile, pathlib; sys.path.insert(0, sys.argv[1]); from bench_laser import build\n"
            "with tempfile.TemporaryDirectory() as d: build(sys.argv[2], pathlib.Path(d))")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code, str(ROOT / "bench"), profile], check=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return times


def warm(profile: str, runs: int) -> tuple[list[float], list, dict[str, int]]:
    times, docs = [], []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for _ in range(runs + 1):  # the first run loads fonts and configs: not counted
            start = time.perf_counter()
            docs = build(profile, out)
            times.append(time.perf_counter() - start)
        sizes = {d.path: (out / d.path).stat().st_size for d in docs}
    return times[1:], docs, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"laser tiles + kerf coupon, krestoslovitsa (130 tiles + spares), {args.runs} runs each")
    for profile in PROFILES:
        c = cold(profile, args.runs)
        w, docs, sizes = warm(profile, args.runs)
        print(f"  {profile}: cold (new process) median {statistics.median(c) * 1000:.0f} ms, "
              f"best {min(c) * 1000:.0f} ms; warm (in process) median {statistics.median(w) * 1000:.0f} ms, "
              f"best {min(w) * 1000:.0f} ms")
        for d in docs:
            f = d.figures
            print(f"    {d.path}: {sizes[d.path] / 1024:.0f} KB, cut {f['cut_mm'] / 1000:.2f} m, "
                  f"travel {f['travel_mm'] / 1000:.2f} m, about {f['time_s'] / 60:.0f} min")
        ok = statistics.median(c) < 2.0
        print("    target (laser and burn together under 2 s; this part alone):", "met" if ok else "NOT met")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
