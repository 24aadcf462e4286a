"""The site's browser tests (test_site_browser.py, test_keeper_site.py): one Chromium a module (the helpers:
tests/sitebrowser.py)."""

from __future__ import annotations

import sys

import pytest
from sitebrowser import REPO, lacking


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium (the system's) for a module's tests."""
    try:
        from playwright import sync_api
    except ImportError:
        lacking("no Playwright: pip install -e '.[test]'")
    sys.path.insert(0, str(REPO / "tests"))
    from pageserver import ARGS, CHROMIUM, NO_CHROMIUM

    if CHROMIUM is None:
        lacking(NO_CHROMIUM)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()
