"""Benchmark: the word judge and printkit fit (targets: 10 000 words judged in under 1 s after the
judge is loaded; a fit, chart included, in under 5 s).

    python bench/bench_words.py [--words N]

Loads the Russian judge of the default kit (pymorphy3 and its dictionary) and measures the load's
time and memory (tracemalloc's peak, and the growth of the process's maximum resident set); then
judges N words (the commonest Russian words of wordfreq, in capitals: nouns, verbs, forms of every
kind), then judges them again by a word list of the same words; then runs the fit of the default kit
(wordfreq's shares, the table, the chart as SVG and PNG) in a temporary folder. Needs
``.venv/bin/pip install -e '.[words]'``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.config import load_kit  # noqa: E402

JUDGE_TARGET = 1.0
FIT_TARGET = 5.0


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--words", type=int, default=10_000)
    n = p.parse_args(argv).words
    kit = load_kit("krestoslovitsa")
    import wordfreq

    from printkit.engine.judge import ListJudge, letters_problem, normalise

    words = []
    for w in wordfreq.top_n_list("ru", n * 3):
        word = normalise(w, kit.distribution)
        if not letters_problem(word, kit.distribution):
            words.append(word)
        if len(words) == n:
            break

    rss = _rss_mb()
    tracemalloc.start()
    start = time.perf_counter()
    from printkit.engine.judge import judge_for

    judge = judge_for(kit)
    judge.judge("ЩУКА")
    load = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"judge load (pymorphy3 + ru dictionary): {load:.3f} s, {peak / 2**20:.1f} MB allocated at peak "
          f"(tracemalloc), max RSS +{_rss_mb() - rss:.1f} MB")

    start = time.perf_counter()
    allowed = sum(judge.judge(w).allowed for w in words)
    took = time.perf_counter() - start
    print(f"judged {len(words):,} words by the analyser in {took:.3f} s ({len(words) / took:,.0f} a second; "
          f"target {n:,} in {JUDGE_TARGET:g} s: {'ok' if took < JUDGE_TARGET * len(words) / n else 'SLOW'}); "
          f"{allowed:,} allowed")
    ok = took < JUDGE_TARGET * len(words) / n

    listed = ListJudge(words, "bench")
    start = time.perf_counter()
    listed_allowed = sum(listed.judge(w).allowed for w in words)
    took = time.perf_counter() - start
    print(f"judged {len(words):,} words by a list in {took:.3f} s; {listed_allowed:,} allowed")
    ok = ok and took < JUDGE_TARGET

    from printkit.fitreport import fit_kit

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        report = fit_kit(kit, out=tmp)
        took = time.perf_counter() - start
    print(f"fit {kit.name} (wordfreq shares, table, chart SVG + PNG): {took:.2f} s (target {FIT_TARGET:g} s: "
          f"{'ok' if took < FIT_TARGET else 'SLOW'}); flagged: {' '.join(report.fit.flagged) or 'none'}")
    ok = ok and took < FIT_TARGET
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
