"""Benchmark: the page in the browser (printkit site) against issue 36's targets, on this machine, with nothing
else running: the page ready (its first preview shown) within 10 s of opening, a preview after a change within
2 s, the whole default kit's zip within 15 s, at most 20 MB sent for the first visit; and the same build under
CPython for the factor the browser costs.

    python bench/bench_site.py [--runs N]

Each run is the browser test (tests/site/test_site_browser.py) in a fresh process, with a cold browser (a new
profile, no cache, no service worker) against a plain static server; its times come from out/site-times.json,
which the test writes. Needs node_modules/pyodide (npm ci) and the system's Chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"ready_s": 10.0, "preview_after_change_s": 2.0, "default_kit_zip_s": 15.0, "first_visit_mb": 20.0}


def browser_run() -> dict[str, float]:
    times = ROOT / "out" / "site-times.json"
    times.unlink(missing_ok=True)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/site/test_site_browser.py"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0 or not times.is_file():
        sys.exit(f"the browser test failed:\n{done.stdout[-3000:]}")
    return json.loads(times.read_text(encoding="utf-8"))


def native_build() -> float:
    """The same build under CPython, in a fresh process, as the page makes it (no previews, no verify)."""
    with tempfile.TemporaryDirectory() as out:
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printkit", "build", "--no-previews", "--no-verify", "-q", "--out", out],
                       check=True, env={"PRINTKIT_CACHE": "off", "PATH": "/usr/bin:/bin"})
        return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = [browser_run() for _ in range(args.runs)]
    native = min(native_build() for _ in range(args.runs))
    print(f"{'measure':28s} {'best':>8s} {'median':>8s} {'target':>8s}")
    for key in sorted({k for r in runs for k in r}):
        values = [r[key] for r in runs if key in r]
        target = TARGETS.get(key)
        mark = "" if target is None else ("  ok" if max(values) < target else "  MISSED")
        print(f"{key:28s} {min(values):8.2f} {statistics.median(values):8.2f} "
              f"{'' if target is None else f'{target:8.1f}'}{mark}")
    best_zip = min(r["default_kit_zip_s"] for r in runs)
    print(f"the default kit under CPython (a fresh process, no previews): {native:.2f} s; "
          f"in the browser ×{best_zip / native:.1f}")


if __name__ == "__main__":
    main()
