"""Benchmark: the whole build, as a user runs it (issue "Whole-kit build").

    python bench/bench_build.py [--runs N] [--profile]

Times `printkit build --out TMP` (every product) as whole processes (interpreter start, imports,
configs, fonts, geometry, every file written and moved into place), each run into a fresh folder;
median and best of N runs, for the default kit and for a kit ten times larger: krestoslovitsa with
every count ×10 (1300 tiles, 20 blanks, the same board), written to a temporary folder. Each kit's
runs go through a process of their own, so its peak memory is that process's children's
(``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``: the largest build). Then the size of every PDF
of the last run, and whether it embeds images.

Targets (2-core machine): the default build under 3 s, the 10× kit under 4 times that, peak memory
under 300 MB, every PDF under 200 KB unless it embeds images. ``--profile`` prints where the time of
one build of each kit goes (cProfile, in this process, the 15 costliest functions).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

TARGET_S = 3.0  # the default kit, every product
TARGET_FACTOR = 4.0  # the 10× kit, against the default
TARGET_MB = 300.0
TARGET_PDF_KB = 200.0
SCALE = 10

# Run in a process of its own: N builds of one kit, each timed, then the peak memory of them all.
RUNNER = r"""
import json, os, resource, subprocess, sys, time
kit, out, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
times = []
for i in range(runs):
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "build", kit, "--out", os.path.join(out, f"run{i}"), "-q"],
                   check=True)
    times.append(time.perf_counter() - start)
print(json.dumps({"times": times, "maxrss_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def big_kit(folder: Path) -> Path:
    """A kit extending krestoslovitsa with every count ×10 (the letters, their values, the blanks)."""
    from printkit.config import load_kit

    d = load_kit("krestoslovitsa").distribution
    lines = ["extends: krestoslovitsa", "name: krestoslovitsa-x10", f"blanks: {d.blanks * SCALE}", "tiles:"]
    lines += [f"  - [{t.face}, {t.count * SCALE}, {t.value}]" for t in d.tiles]
    (folder / "x10-letters.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    kit = folder / "krestoslovitsa-x10.yaml"
    kit.write_text(f"extends: krestoslovitsa\nname: krestoslovitsa-x10\ndistribution: x10-letters.yaml\n"
                   f"expect: {{tiles: {d.total * SCALE}, blanks: {d.blanks * SCALE}}}\n", encoding="utf-8")
    return kit


def series(kit: str, out: Path, runs: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", RUNNER, kit, str(out), str(runs)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


def pdfs(folder: Path) -> list[tuple[str, int, bool]]:
    """(name, bytes, embeds an image) of every PDF in the folder."""
    out = []
    for p in sorted(folder.glob("*.pdf")):
        data = p.read_bytes()
        out.append((p.name, len(data), b"/Subtype /Image" in data))
    return out


def profile(kit: str, out: Path) -> None:
    import cProfile
    import pstats

    from printkit.build import build_kit
    from printkit.config import load_kit

    prof = cProfile.Profile()
    prof.enable()
    build_kit(load_kit(kit), out)
    prof.disable()
    print(f"\nprofile: one build of {Path(kit).stem}, in process")
    pstats.Stats(prof).sort_stats("cumulative").print_stats(15)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--profile", action="store_true")
    args = p.parse_args(argv)
    ok = True
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        tmp = Path(tmp)
        big = big_kit(tmp)
        results = {}
        for label, kit in (("krestoslovitsa", "krestoslovitsa"), ("krestoslovitsa-x10", str(big))):
            r = series(kit, tmp / label, args.runs)
            median = statistics.median(r["times"])
            results[label] = median
            runs = ", ".join(f"{t:.2f}" for t in r["times"])
            print(f"{label:<20} median {median:6.2f} s  best {min(r['times']):6.2f} s  ({runs})  "
                  f"peak memory {r['maxrss_kb'] / 1024:6.1f} MB")
            mb_ok = r["maxrss_kb"] / 1024 < TARGET_MB
            ok &= mb_ok
            if not mb_ok:
                print(f"  peak memory over {TARGET_MB:.0f} MB: SLOW")
            for name, size, image in pdfs(tmp / label / "run0" / label):
                over = size / 1024 >= TARGET_PDF_KB and not image
                ok &= not over
                note = " (images)" if image else ""
                over_text = f"  over {int(TARGET_PDF_KB)} KB" if over else ""
                print(f"  {name:<34} {size / 1024:8.1f} KB{note}{over_text}")
        base, big_s = results["krestoslovitsa"], results["krestoslovitsa-x10"]
        print(f"default build: {base:.2f} s, target < {TARGET_S:.0f} s: {'ok' if base < TARGET_S else 'SLOW'}")
        print(f"10× kit: {big_s:.2f} s = {big_s / base:.2f} × the default, target < {TARGET_FACTOR:g} ×: "
              f"{'ok' if big_s < TARGET_FACTOR * base else 'SLOW'}")
        ok &= base < TARGET_S and big_s < TARGET_FACTOR * base
        if args.profile:
            profile("krestoslovitsa", tmp / "profile")
            profile(str(big), tmp / "profile")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
