"""Tests of paper: what prints on paper, read back in millimetres: tiles, board, play sheets, calibration, print-all,
the print shop's pages, the previews and the gallery.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def default(default_kit) -> Path:
    """The default kit built with every product, once for the run (tests/conftest.py): read it, never change it."""
    return default_kit
