"""Running the command line in a process of its own, with the word judge's optional libraries hidden."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pymorphy3", "wordfreq", "pymorphy3_dicts_ru", "pymorphy3_dicts_uk"):
            raise ImportError(f"No module named {name!r} (hidden by the test)")
        return None
sys.meta_path.insert(0, Block())
from printkit.cli import main
sys.exit(main(sys.argv[1:]))
"""


def python(script: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)
