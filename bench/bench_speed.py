"""Benchmark: what printkit's commands cost, each against a plain reportlab script (issue 21).

    python bench/bench_speed.py [--runs N] [--json FILE]

Measures the CPU time (user + system, of the child process and its children) of each command as a
user runs it, a whole process each: interpreter start, imports, work, exit. CPU time, not wall
time, because the machine is shared (two cores, other work on them): what a command costs does
not depend on who else runs. Each is run ``--runs`` times, in turns (one run of each, then the
next round), and the best run counts: noise only ever adds time.

The yardstick, measured in the same run: ``bench/plain_tiles.py``, plain reportlab drawing the
130 tiles of the default kit in the bundled font on 2 A4 pages. Rows:

- ``build``: ``printkit build`` of the default kit, every product, verified (as a user runs it),
  into a fresh folder each run, with printkit's cache empty (``cold``: the first build on a
  machine, or after a change of printkit or its renderers) and with the cache of an earlier build
  of the same kit (``warm``: the next build, or the web page's);
- ``verify`` of the default kit's folder (a build verifies what it wrote: this is that part of it), and
  the build with ``--no-verify``, warm;
- ``check``, ``list``, ``--help``;
- ``build ×10``: a kit of 10 × the tiles (krestoslovitsa with every count ×10: 1300 tiles), cold,
  as a ratio against the cold 1× build.

Python's bytecode is cached as an installed printkit's is (pip compiles a package's modules when
it installs it): the children write and read it under a folder of the run's own
(``PYTHONPYCACHEPREFIX``), even where ``PYTHONDONTWRITEBYTECODE`` is set, and the first round
(which compiles) is not counted. ``--no-bytecode`` measures with every module of printkit compiled
anew in each process instead, as in a checkout with ``PYTHONDONTWRITEBYTECODE=1``.

Targets (issue 32): the cold build at most ×12 the plain script, the next build (warm) ×6, check ×3, list and
--help ×1.5, the 10× kit at most 4 × the 1× build. Exit 1 if one is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not
sys.path.insert(0, str(ROOT / "bench"))

# (row, against, target): the row's best CPU time over the best of ``against`` at most ``target``
TARGETS = [
    ("build (cold cache)", "plain reportlab", 12.0),
    ("build (warm cache)", "plain reportlab", 6.0),
    ("verify", "plain reportlab", None),
    ("build --no-verify (warm)", "plain reportlab", None),
    ("check", "plain reportlab", 3.0),
    ("list", "plain reportlab", 1.5),
    ("--help", "plain reportlab", 1.5),
    ("build ×10 (cold cache)", "build (cold cache)", 4.0),
]


def cpu_of(cmd: list[str], env: dict) -> float:
    """The CPU seconds (user + system) a command's process and its children took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tiles_json(folder: Path) -> Path:
    """The default kit's tiles as [face, value], one a tile, blanks as ["", 0]."""
    from printkit.config import load_kit

    d = load_kit("krestoslovitsa").distribution
    tiles = [[t.face, t.value] for t in d.tiles for _ in range(t.count)] + [["", 0]] * d.blanks
    path = folder / "tiles.json"
    path.write_text(json.dumps(tiles, ensure_ascii=False), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--no-bytecode", action="store_true", help="compile printkit's modules anew in every process")
    p.add_argument("--json", type=Path, help="also write the best times and ratios to this file")
    args = p.parse_args(argv)

    from bench_build import big_kit

    from printkit.fonts import default_bold

    with tempfile.TemporaryDirectory(prefix="bench-speed-") as tmp:
        tmp = Path(tmp)
        tiles = tiles_json(tmp)
        big = big_kit(tmp)
        base = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
        if not args.no_bytecode:
            base.pop("PYTHONDONTWRITEBYTECODE", None)
            base["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        warm_cache = tmp / "cache-warm"
        py = sys.executable
        printkit = [py, "-m", "printkit"]
        n = [0]

        def fresh(name: str) -> str:
            n[0] += 1
            return str(tmp / f"{name}-{n[0]}")

        def cold() -> dict:
            return dict(base, XDG_CACHE_HOME=fresh("cache"))

        warm = dict(base, XDG_CACHE_HOME=str(warm_cache))
        subprocess.run([*printkit, "build", "-q", "--out", str(tmp / "verified")], cwd=ROOT, env=warm, check=True)

        rows = {
            "plain reportlab": lambda: cpu_of([py, str(ROOT / "bench" / "plain_tiles.py"), str(default_bold()),
                                               str(tiles), fresh("plain") + ".pdf"], base),
            "build (cold cache)": lambda: cpu_of([*printkit, "build", "-q", "--out", fresh("out")], cold()),
            "build (warm cache)": lambda: cpu_of([*printkit, "build", "-q", "--out", fresh("out")], warm),
            "verify": lambda: cpu_of([*printkit, "verify", "-q", str(tmp / "verified" / "krestoslovitsa")],
                                                warm),
            "build --no-verify (warm)": lambda: cpu_of([*printkit, "build", "-q", "--no-verify", "--out",
                                                        fresh("out")], warm),
            "check": lambda: cpu_of([*printkit, "check"], warm),
            "list": lambda: cpu_of([*printkit, "list"], warm),
            "--help": lambda: cpu_of([*printkit, "--help"], warm),
            "build ×10 (cold cache)": lambda: cpu_of([*printkit, "build", str(big), "-q", "--out", fresh("out")],
                                                     cold()),
        }
        times: dict[str, list[float]] = {name: [] for name in rows}
        for round_ in range(args.runs + 1):
            for name, run in rows.items():
                t = run()
                if round_:  # the first round writes the bytecode
                    times[name].append(t)
            for path in tmp.glob("out-*"):  # the folders of this round: the disk is shared too
                shutil.rmtree(path, ignore_errors=True)
    best = {name: min(t) for name, t in times.items()}
    ok = True
    print(f"CPU time (user + system), best of {args.runs}; plain reportlab: {best['plain reportlab']:.3f} s")
    print(f"{'command':<24} {'best s':>8} {'ratio':>8} {'against':<20} {'target':>7}")
    for name, t in best.items():
        target = next(((against, limit) for row, against, limit in TARGETS if row == name), None)
        if target is None:
            print(f"{name:<24} {t:8.3f}")
            continue
        ratio = t / best[target[0]]
        if target[1] is None:  # a figure to read, without a target of its own
            print(f"{name:<24} {t:8.3f} {'×' + format(ratio, '.1f'):>8} {target[0]:<20}")
            continue
        met = ratio <= target[1]
        ok &= met
        print(f"{name:<24} {t:8.3f} {'×' + format(ratio, '.1f'):>8} {target[0]:<20} {'≤ ×' + format(target[1], 'g'):>7}"
              f"{'' if met else '  MISSED'}")
    if args.json:
        args.json.write_text(json.dumps({"runs": times, "best": best}, indent=1) + "\n", encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
