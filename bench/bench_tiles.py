"""Benchmark: the tile build of the default kit (target: under 1 s; tile PDF under 100 KB).

    python bench/bench_tiles.py [--runs N]

Times a cold build in a fresh process (the command a user runs: interpreter start, imports,
configs, fonts, writing) and warm builds in this process, and prints the PDF's size.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def cold(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printkit", "build", "--only", "tiles", "--out", out, "-q"],
                           check=True)
            times.append(time.perf_counter() - start)
    return times


def warm(runs: int) -> tuple[list[float], int]:
    from printkit.build import build_kit
    from printkit.config import load_kit

    times, size = [], 0
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs + 1):
            start = time.perf_counter()
            result = build_kit(load_kit("krestoslovitsa"), out, only=["tiles"])
            times.append(time.perf_counter() - start)
            size = (result.folder / "tiles-A4.pdf").stat().st_size
    return times[1:], size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    c = cold(args.runs)
    w, size = warm(args.runs)
    print(f"tiles, krestoslovitsa (130 tiles, 2 A4 pages + 2 SVG), {args.runs} runs each")
    print(f"  cold (new process, printkit build --only tiles): median {statistics.median(c) * 1000:.0f} ms, "
          f"best {min(c) * 1000:.0f} ms")
    print(f"  warm (in process, load_kit + build_kit):         median {statistics.median(w) * 1000:.0f} ms, "
          f"best {min(w) * 1000:.0f} ms")
    print(f"  tiles-A4.pdf: {size / 1024:.1f} KB")
    ok = statistics.median(c) < 1.0 and size < 100 * 1024
    print("  target (under 1 s, PDF under 100 KB):", "met" if ok else "NOT met")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
