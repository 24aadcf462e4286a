"""The code is clean under the style checker: ruff, with the rules in pyproject.toml ([tool.ruff]),
over the package, the tests, the benchmarks and the tools; `ruff check --fix` mends most of what
it finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                           "printkit", "tests", "bench", "tools"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert "No module named ruff" not in done.stderr, "ruff is in the test extra: pip install -e '.[test]'"
    assert done.returncode == 0 and done.stdout.strip() == "All checks passed!", done.stdout + done.stderr
