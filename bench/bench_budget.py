"""Benchmark: the work budget (issue 20, "Bounded work"): time and peak memory grow linearly with the kit.

    python bench/bench_budget.py [--only PRODUCTS] [--sizes 250,500,1000,2000] [--board]

Builds kits of 1×, 2×, 4× and 8× the work, each as a whole process (`printkit build KIT --out TMP`,
with its verify), in a process of its own so that its peak memory is that process's children's
(``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``) and its processor time their user + system
time. The kits: krestoslovitsa's letters scaled to 250, 500, 1000 and 2000 tiles of 45 mm in cells
of 45 mm on A5, which `check` passes; the 8× kit (1797 pages: 334 pages of tiles, their SVGs, the
burning templates and print-all) is the largest of them under the budget. ``--board`` adds the kit
with the most items under the budget: a 25 × 25 board of 100 mm cells on A5 (1152 pages, 0.9
million items). Then the refusal: `check` and `build` of 2000 tiles of 100 mm on A5 (10 561 pages),
which must answer at once, exit 2, and write nothing.

Prints, for each kit, the estimate (pages, preview pixels, items), the wall and processor seconds,
the processor milliseconds a page, and the peak memory; then the cost of each added page between
sizes (it stays the same when time grows linearly). Targets: every kit under the budget peaks under
1 GB; the cost of a page from 4× to 8× within 1.5 times that from 1× to 2×; the refusal in under
2 s of processor time and under 200 MB. Wall times depend on the machine's load; processor times much less.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

TARGET_MB = 1024.0
TARGET_GROWTH = 1.5
TARGET_REFUSAL_CPU_S = 2.0
TARGET_REFUSAL_MB = 200.0

# Run in a process of its own: one printkit command; then its wall time, processor time, peak memory.
RUNNER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run([sys.executable, "-m", "printkit", *sys.argv[1:]], capture_output=True, text=True)
wall = time.perf_counter() - start
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"code": done.returncode, "wall": wall, "cpu": r.ru_utime + r.ru_stime, "maxrss_kb": r.ru_maxrss,
                  "stderr": done.stderr[-2000:]}))
"""


def scaled_kit(folder: Path, tiles: int, tile_mm: float, paper: str) -> Path:
    """krestoslovitsa's letters scaled to ``tiles`` tiles (each letter at least one, the rest blanks),
    of ``tile_mm`` in cells as large, on ``paper``."""
    from printkit.config import load_kit

    d = load_kit("krestoslovitsa").distribution
    k = tiles / d.total
    counts = [max(1, int(t.count * k)) for t in d.tiles]
    blanks = tiles - sum(counts)
    name = f"bench-{tiles}-{tile_mm:g}-{paper}"
    lines = ["extends: krestoslovitsa", f"name: {name}-letters", f"blanks: {blanks}", "tiles:"]
    lines += [f"  - [{t.face}, {c}, {t.value}]" for t, c in zip(d.tiles, counts)]
    (folder / f"{name}-letters.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    kit = folder / f"{name}.yaml"
    kit.write_text(f"extends: krestoslovitsa\nname: {name}\ndistribution: {name}-letters.yaml\n"
                   f"expect: {{tiles: {tiles}, blanks: {blanks}}}\n"
                   f"physical: {{tile_mm: {tile_mm:g}, cell_mm: {tile_mm:g}}}\nprint: {{paper: {paper}}}\n",
                   encoding="utf-8")
    return kit


def board_kit(folder: Path) -> Path:
    """A 25 × 25 board (premiums scattered, the start in the centre) of 100 mm cells on A5."""
    import random

    r = random.Random(1)
    rows = []
    for i in range(25):
        row = [r.choice(("DL", "TL", "DW", "TW")) if r.random() < 0.4 else ".." for _ in range(25)]
        if i == 12:
            row[12] = "*"
        rows.append("  " + "  ".join(f"{c:<2}" for c in row).rstrip())
    (folder / "bench-25.yaml").write_text("name: bench-25\ntitle: 25 × 25\nrows: |\n" + "\n".join(rows) + "\n",
                                          encoding="utf-8")
    kit = folder / "bench-board-25-100-A5.yaml"
    kit.write_text("extends: krestoslovitsa\nname: bench-board-25-100-A5\nlayout: bench-25.yaml\n"
                   "physical: {tile_mm: 20, cell_mm: 100}\nprint: {paper: A5}\n", encoding="utf-8")
    return kit


def run(*args: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SOURCE_DATE_EPOCH="1700000000")
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


def work_of(kit: Path, only: list[str] | None):
    from printkit.config import load_kit
    from printkit.products import estimate

    return estimate(load_kit(str(kit)), only)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="build only these products (as printkit build --only)")
    ap.add_argument("--sizes", default="250,500,1000,2000", help="tiles of the 1×, 2×, 4×, 8× kits")
    ap.add_argument("--board", action="store_true", help="also the kit with the most items under the budget")
    args = ap.parse_args()
    only = args.only.split(",") if args.only else None
    failed = []
    with tempfile.TemporaryDirectory(prefix="printkit-bench-budget-") as tmp:
        folder = Path(tmp)
        kits = [scaled_kit(folder, int(n), 45, "A5") for n in args.sizes.split(",")]
        if args.board:
            kits.append(board_kit(folder))
        print(f"{'kit':28} {'pages':>6} {'px (M)':>7} {'items':>8} {'wall s':>7} {'cpu s':>6} {'ms/page':>8} "
              f"{'peak MB':>8}")
        rows = []
        for kit in kits:
            work = work_of(kit, only)
            problems = work.problems()
            if problems:
                print(f"{kit.stem}: over the budget: {problems[0]}")
                failed.append(kit.stem)
                continue
            cmd = ["build", str(kit), "--out", str(folder / "out"), "-q"] + (["--only", args.only] if only else [])
            r = run(*cmd)
            if r["code"] != 0:
                print(f"{kit.stem}: exit {r['code']}: {r['stderr']}")
                failed.append(kit.stem)
                continue
            mb = r["maxrss_kb"] / 1024
            rows.append((kit.stem, work.pages, r["cpu"]))
            print(f"{kit.stem:28} {work.pages:6d} {work.preview_px / 1e6:7.0f} {work.items:8d} {r['wall']:7.1f} "
                  f"{r['cpu']:6.1f} {1000 * r['cpu'] / work.pages:8.1f} {mb:8.0f}")
            if mb > TARGET_MB:
                failed.append(f"{kit.stem} peak {mb:.0f} MB")
        scaled = [row for row in rows if not row[0].startswith("bench-board")]
        if len(scaled) >= 2:
            print("\nprocessor time of each added page, between sizes:")
            costs = []
            for (a, pa, ta), (b, pb, tb) in zip(scaled, scaled[1:]):
                cost = 1000 * (tb - ta) / (pb - pa)
                costs.append(cost)
                print(f"  {pa:5d} → {pb:5d} pages: {cost:.1f} ms a page")
            if costs[-1] > TARGET_GROWTH * costs[0]:
                failed.append(f"a page costs {costs[-1]:.1f} ms at the largest size, {costs[0]:.1f} at the smallest")
        heavy = scaled_kit(folder, 2000, 100, "A5")
        print(f"\nrefusal: 2000 tiles of 100 mm on A5 ({work_of(heavy, None).pages} pages)")
        for cmd in (["check", str(heavy)], ["build", str(heavy), "--out", str(folder / "refused")]):
            r = run(*cmd)
            mb = r["maxrss_kb"] / 1024
            print(f"  printkit {cmd[0]}: exit {r['code']} in {r['wall']:.2f} s ({r['cpu']:.2f} s of processor), "
                  f"{mb:.0f} MB: {r['stderr'].strip()}")
            if r["code"] != 2 or r["cpu"] > TARGET_REFUSAL_CPU_S or mb > TARGET_REFUSAL_MB:
                failed.append(f"refusal by {cmd[0]}")
        if (folder / "refused").exists():
            failed.append("the refused build wrote a folder")
    print("\n" + ("all targets met" if not failed else "MISSED: " + "; ".join(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"({time.perf_counter() - started:.0f} s)")
    sys.exit(code)
