"""Benchmark: the laser and wood-burning builds of the default kit (target: under 2 s together).

    python bench/bench_laser.py [--runs N]

Times `printkit build --only laser,burn` (and each product alone) as whole processes: interpreter
start, imports, configs, fonts, geometry and every file written; median and best of N runs, for
the default profile (LightBurn, SVG) and for RDWorks (DXF, letters flattened into polylines). Then
the files of one build, with their sizes and the laser job figures.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printkit.manifest import read as read_manifest

TARGET_S = 2.0


def timed(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printkit", "build", *args, "--out", out, "-q"], check=True)
            times.append(time.perf_counter() - start)
    return times


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    runs = p.parse_args(argv).runs
    ok = True
    for profile in ("lightburn", "rdworks"):
        for only in ("laser", "burn", "laser,burn"):
            if only == "burn" and profile != "lightburn":
                continue
            t = timed(["--only", only, "--laser", profile], runs)
            mark = ""
            if only == "laser,burn":
                ok &= statistics.median(t) < TARGET_S
                mark = f"  target < {TARGET_S:g} s: {'ok' if statistics.median(t) < TARGET_S else 'SLOW'}"
            print(f"{profile:<10} --only {only:<11} median {statistics.median(t):6.2f} s  best {min(t):6.2f} s{mark}")
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "printkit", "build", "--only", "laser,burn", "--out", out, "-q"],
                       check=True)
        manifest = read_manifest(Path(out) / "krestoslovitsa", "bench")
        for a in manifest["artifacts"]:
            job = (f"  cut {a['cut_mm'] / 1000:.2f} m, travel {a['travel_mm'] / 1000:.2f} m, about "
                   f"{a['time_s'] / 60:.0f} min" if "cut_mm" in a else "")
            print(f"  {a['path']:<28} {a['bytes'] / 1024:7.1f} KB{job}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
