"""Time the board build of the default kit: every board product, written to a temporary folder.

    python bench/bench_board.py [RUNS]

Prints each run, then the median and the best in milliseconds. Target (issue 4): under 1 s.
The first run also loads the fonts and registers the PDF font subsets, so it is reported but left
out of the median only if there are more than three runs.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from printkit.build import build_kit  # noqa: E402
from printkit.config import load_kit  # noqa: E402

TARGET_MS = 1000.0


def one_run(out: Path) -> float:
    start = time.perf_counter()
    kit = load_kit("krestoslovitsa")
    build_kit(kit, out, only=["board"])
    return (time.perf_counter() - start) * 1000.0


def main(argv: list[str]) -> int:
    runs = int(argv[1]) if len(argv) > 1 else 7
    times = []
    with tempfile.TemporaryDirectory(prefix="bench-board-") as tmp:
        for i in range(runs):
            ms = one_run(Path(tmp) / f"run{i}")
            times.append(ms)
            print(f"run {i + 1}: {ms:7.1f} ms")
    steady = times[1:] if len(times) > 3 else times
    median, best = statistics.median(steady), min(times)
    print(f"board build (krestoslovitsa, {runs} runs): median {median:.1f} ms, best {best:.1f} ms, "
          f"first {times[0]:.1f} ms; target < {TARGET_MS:.0f} ms: {'ok' if median < TARGET_MS else 'SLOW'}")
    return 0 if median < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
