"""Benchmark: reading configs (target, issue: `printkit list` and `printkit check KIT` under 0.15 s).

    python bench/bench_config.py [--runs N]

Times, as whole processes (interpreter start, imports, configs; median of N runs), `printkit list`
and `printkit check krestoslovitsa`, with `python -c pass` as the floor no command can go under;
then, in this process, loading every shipped kit and parsing every shipped YAML file with each
YAML parser PyYAML offers here (libyaml's C parser and the pure-Python one).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from printkit.config import kit_names, load_kit  # noqa: E402
from printkit.config.yamlsrc import PARSERS, _parsed, parse_file  # noqa: E402
from printkit.paths import configs_dir, templates_dir  # noqa: E402

TARGET_S = 0.15


def process(args: list[str], runs: int) -> list[float]:
    """Seconds for each run of ``python ARGS`` from the checkout, output discarded."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def in_process(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def line(label: str, times: list[float], target: float | None = None) -> bool:
    median = statistics.median(times)
    verdict = "" if target is None else f"  target < {target * 1000:.0f} ms: {'ok' if median < target else 'SLOW'}"
    print(f"{label:<42} median {median * 1000:7.1f} ms  best {min(times) * 1000:7.1f} ms{verdict}")
    return target is None or median < target


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=9)
    runs = p.parse_args(argv).runs
    print(f"python {sys.version.split()[0]}, YAML parsers: {', '.join(PARSERS)}; {runs} runs each")
    ok = True
    line("process: python -c pass (the floor)", process(["-c", "pass"], runs))
    ok &= line("process: printkit list", process(["-m", "printkit", "list"], runs), TARGET_S)
    ok &= line("process: printkit check krestoslovitsa",
               process(["-m", "printkit", "check", "krestoslovitsa"], runs), TARGET_S)

    names = kit_names()
    load_kit(names[0])  # imports and lazy tables out of the way
    line(f"in process: load all {len(names)} shipped kits, files parsed anew",
         in_process(lambda: (_parsed.clear(), [load_kit(n) for n in names]), runs))
    line(f"in process: load all {len(names)} shipped kits, parsed files kept",
         in_process(lambda: [load_kit(n) for n in names], runs))
    files = sorted(configs_dir().rglob("*.yaml")) + sorted(templates_dir().rglob("*.yaml"))
    size = sum(f.stat().st_size for f in files)
    for parser in PARSERS:
        line(f"in process: parse {len(files)} files ({size / 1000:.0f} KB), {parser}",
             in_process(lambda: (_parsed.clear(), [parse_file(f, parser=parser) for f in files]), runs))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
