"""The site's Python, compiled ahead by Pyodide itself (``static/compile.mjs`` under Node.js), so that the browser
loads bytecode instead of compiling some 300 modules on every first visit (measured: ``compile`` was 1.1 s of
the first preview's 3.5 s under Pyodide).

Which modules: those the page's start imports (:func:`exercise`: printkit loaded, the default kit's first
preview), as Python 3.14 writes them, in ``__pycache__`` beside their sources, their invalidation
"unchecked" (valid whatever the files' dates, which unpacking a wheel does not keep). The wheels gain these
files and nothing else changes; a module not compiled here is compiled by the browser as before. Where no
Node.js is found, the site is made without them, and said so.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from .runtime import Runtime
from .wheels import ZIP_TIME, Wheel

SCRIPT = Path(__file__).resolve().parent / "static" / "compile.mjs"
TIMEOUT_S = 300.0


def exercise() -> None:
    """The page's start under Pyodide (run by compile.mjs): printkit loaded and the default kit's first preview.
    What it imports is what gets compiled: the modules that stand between opening the page and its first
    picture. Those a build or a product's view imports later are compiled by the browser then (a build has
    time to spare; their bytecode would add some 3 MB to the first visit)."""
    import json

    from . import browser

    browser.start()
    browser.handle("POST", "/api/preview", "ru", json.dumps({"kit": "krestoslovitsa", "options": {}, "yaml": None,
                                                              "font": None}))


def bytecode(roots: list[str]) -> list[tuple[str, bytes]]:
    """The bytecode of every module imported from under ``roots``: (its __pycache__ file, its bytes)."""
    import importlib.util
    import py_compile
    import sys

    out = []
    for module in sorted(list(sys.modules.values()), key=lambda m: getattr(m, "__name__", "")):
        source = getattr(module, "__file__", None)
        if not source or not source.endswith(".py") or not source.startswith(tuple(r + "/" for r in roots)):
            continue
        target = importlib.util.cache_from_source(source)
        py_compile.compile(source, cfile=target, dfile=source, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        out.append((target, Path(target).read_bytes()))
    return out


def node() -> str | None:
    return shutil.which("node")


def compiled(runtime: Runtime, wheels: list[Wheel]) -> list[Wheel] | None:
    """``wheels`` with the bytecode of the modules the page uses, compiled by ``runtime`` under Node.js; None where
    no Node.js is found or the compilation fails (the site is then made without it)."""
    program = node()
    if program is None:
        return None
    with tempfile.TemporaryDirectory(prefix="printkit-site-compile-") as tmp:
        work = Path(tmp)
        (work / "pyodide").mkdir()
        for name, data in runtime.files.items():
            (work / "pyodide" / name).write_bytes(data)
        (work / "wheels").mkdir()
        for wheel in wheels:
            (work / "wheels" / wheel.file).write_bytes(wheel.data)
        mjs = SCRIPT.read_text(encoding="utf-8").replace("PYODIDE_MJS", (work / "pyodide" / "pyodide.mjs").as_uri())
        (work / "compile.mjs").write_text(mjs, encoding="utf-8")
        try:
            done = subprocess.run([program, str(work / "compile.mjs"), str(work / "pyodide"), str(work / "wheels"),
                                   str(work / "out")], capture_output=True, text=True, timeout=TIMEOUT_S)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if done.returncode != 0:
            return None
        return [_with_bytecode(w, work / "out" / w.file) for w in wheels]


def _with_bytecode(wheel: Wheel, folder: Path) -> Wheel:
    if not folder.is_dir():
        return wheel
    added = sorted((p.relative_to(folder).as_posix(), p.read_bytes()) for p in folder.rglob("*.pyc"))
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as old, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED,
                                                                           compresslevel=9) as new:
        members = sorted([(i.filename, old.read(i)) for i in old.infolist()] + added)
        for name, data in members:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            new.writestr(info, data)
    return Wheel(wheel.file, buf.getvalue())


__all__ = ["bytecode", "compiled", "exercise", "node"]
