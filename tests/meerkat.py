"""MeerK40t (open laser software, in the test extra on Python 3.11 and later) run without its window, in a child
process with its own empty home, so that nothing of it stays in the test's process and no setting of the
machine's user is read or written: :func:`run_meerk40t` runs a script after :data:`KERNEL` has started its
kernel, and returns the JSON the script prints last. Written from reading MeerK40t's source."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Starts MeerK40t's kernel as its console does with no window and no plug-ins of the user's; the script after it
# has ``kernel``, ``sys.argv`` (the files given) and ``UNITS_PER_MM``.
KERNEL = r"""
import argparse, json, sys
from meerk40t.kernel import Kernel
from meerk40t.internal_plugins import plugin as internal_plugins
from meerk40t.core.units import UNITS_PER_MM

kernel = Kernel("MeerK40t", "0.9", "MeerK40t", ansi=False, ignore_settings=True)
kernel.args = argparse.Namespace(no_gui=True, gui_suppress=True, execute=None, console=False, auto=False,
                                 daemon=False, nuke_settings=True, verbose=False, quit=False, input=None,
                                 output=None, batch=None, simpleui=False, disable_ansi=True, set=None, profile=0,
                                 no_plugins=True, lock_device_config=False, lock_general_config=False,
                                 minimized=False, maximized=False, language=None, profiler=None)
kernel.add_plugin(internal_plugins)
kernel(partial=True)
"""


def run_meerk40t(script: str, files: list, home: Path, timeout: float = 600):
    """The JSON the script (run after :data:`KERNEL`, with ``files`` as its arguments) prints on its last line."""
    home.mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "PATH": "/usr/bin:/bin",
           "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", KERNEL + script, *map(str, files)], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=home)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
