"""Shared helpers: run the command line in-process, write small config files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from printkit.cli import main


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
