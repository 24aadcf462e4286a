"""Tests of serve: the web page: its handlers one by one, its server, and the page in Chromium.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""

import pytest


@pytest.fixture(scope="module")
def browser():
    """One Chromium for a browser test file's tests (each test opens its own page or context); starting it was
    about a second of each test. Skipped where no Chromium or no Playwright is installed (CI installs both)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from pageserver import ARGS, CHROMIUM, NO_CHROMIUM

    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()
