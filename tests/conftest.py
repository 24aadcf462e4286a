"""Shared helpers: run the command line in-process, write small config files; and the kits that
several test files read, built once for the whole run (``shared``)."""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import signal
import tempfile
import textwrap
from pathlib import Path

import pytest

from printkit.cli import main

DEFAULT_KIT = "krestoslovitsa"

# printkit's cache (previews, fonts, lexicons) of this run, in and out of process: never the user's own
# (~/.cache/printkit), which a run would fill and whose entries could hide a test's first build.
if "PRINTKIT_CACHE" not in os.environ:
    os.environ["PRINTKIT_CACHE"] = tempfile.mkdtemp(prefix="printkit-test-cache-")
    atexit.register(shutil.rmtree, os.environ["PRINTKIT_CACHE"], True)


def _stoppable_children() -> None:
    """The tests stop printkit's processes with Ctrl-C and SIGHUP, which printkit (as a Unix program
    should) leaves ignored when it starts with them ignored. A suite started in the background (a
    script's ``cmd &`` ignores SIGINT) or under ``nohup`` (SIGHUP) would pass that on to every child,
    and a stopped server would run on (seen: ``test_serve_cli`` waiting 90 s). So an ignored one is
    replaced by a handler that does nothing: this process still ignores it, and a child, whose
    handled signals go back to their default when it starts, can be stopped."""
    for s in (signal.SIGINT, getattr(signal, "SIGHUP", None)):
        if s is not None and signal.getsignal(s) == signal.SIG_IGN:
            signal.signal(s, lambda signum, frame: None)


_stoppable_children()


@pytest.fixture
def run(capsys):
    """Run ``printkit ARGS``; return (exit code, stdout, stderr)."""

    def _run(*args: str):
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return _run


@pytest.fixture
def write(tmp_path: Path):
    """Write a dedented text file under tmp_path and return its path."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return _write


# -- kits built once for the whole run -------------------------------------------------------------------

def _stats(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and folder under ``folder``: (size, mtime in ns, inode); a write or a replacement
    changes one of them."""
    return {str(p.relative_to(folder)): (s.st_size, s.st_mtime_ns, s.st_ino)
            for p in sorted(folder.rglob("*")) for s in (p.stat(),)}


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


class Shared:
    """Kits built in this process once for the whole run, each into a folder of its own, for tests
    that only read them. ``build(name, only=None, **options)`` is ``build_kit(load_kit(name,
    **options), ..., only)``'s kit folder, built the first time it is asked for.

    A shared folder must not change: after each test that could reach it, every file's size, time
    and inode are compared with what they were, and at the end of the run every file's SHA-256. A
    test that changes files copies the folder first (``shutil.copytree``)."""

    def __init__(self, root: Path):
        self.root = root
        self.folders: dict[tuple, Path] = {}
        self.stats: dict[Path, dict] = {}
        self.digests: dict[Path, dict] = {}

    def build(self, name: str = DEFAULT_KIT, only: list[str] | tuple[str, ...] | None = None, **options) -> Path:
        from printkit.build import build_kit
        from printkit.config import load_kit

        options = {k: v for k, v in options.items() if v is not None}  # a flag not given: the kit's own value
        key = (name, tuple(only) if only is not None else None, tuple(sorted(options.items())))
        if key not in self.folders:
            out = self.root / f"build-{len(self.folders)}"
            folder = build_kit(load_kit(name, **options), out, only=list(only) if only is not None else None).folder
            self.folders[key] = folder
            self.stats[folder] = _stats(folder)
            self.digests[folder] = _digest(folder)
        return self.folders[key]

    def check(self, when: str) -> None:
        for folder, before in self.stats.items():
            assert _stats(folder) == before, (f"{when} changed the shared build {folder}: copy it "
                                              "(shutil.copytree) before changing its files")

    def check_bytes(self) -> None:
        for folder, before in self.digests.items():
            assert _digest(folder) == before, f"the shared build {folder} was changed during the run"


@pytest.fixture(scope="session")
def shared(tmp_path_factory) -> Shared:
    s = Shared(tmp_path_factory.mktemp("shared"))
    yield s
    s.check_bytes()


@pytest.fixture(autouse=True)
def _shared_builds_stay_unchanged(request):
    """Checks the shared builds after each test that asked for them (directly or through a fixture)."""
    yield
    if "shared" in request.fixturenames:
        request.getfixturevalue("shared").check(request.node.nodeid)


@pytest.fixture(scope="session")
def default_kit(shared) -> Path:
    """The default kit built with every product (``printkit build``'s folder ``out/krestoslovitsa``),
    once for the whole run; read it, never change it."""
    return shared.build(DEFAULT_KIT)


@pytest.fixture(scope="session")
def check_all() -> tuple[int, str, str]:
    """``printkit check --all`` run once for the run: (exit code, stdout, stderr)."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", "--all"])
    return code, out.getvalue(), err.getvalue()
