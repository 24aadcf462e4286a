"""The site's browser tests (tests/site/): Pyodide from node_modules/pyodide (npm ci), the system's Chromium with
Playwright, and the site made once a module. What is missing skips the test, or fails it under
``PRINTKIT_SITE_REQUIRED=1`` (.ci/run sets it: CI runs these tests, never skips them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYODIDE = REPO / "node_modules" / "pyodide"
REQUIRED = os.environ.get("PRINTKIT_SITE_REQUIRED") == "1"
NO_PYODIDE = "no node_modules/pyodide: npm ci (CI runs it)"


def lacking(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (PRINTKIT_SITE_REQUIRED is set)")
    pytest.skip(reason)


def made_site(tmp_path_factory):
    """``printkit site`` into a new folder, with the repository's Pyodide: the site's result."""
    from printkit.site.make import make_site

    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        lacking(NO_PYODIDE)
    return make_site(tmp_path_factory.mktemp("site") / "site", PYODIDE)
