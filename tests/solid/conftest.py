"""Tests of solid: the 3D-printed tiles, racks and board: meshes read back, plates sliced by PrusaSlicer.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""

from __future__ import annotations

import pytest
from solidbuild import DIST, KIT


@pytest.fixture
def five(write):
    """The five-tile kit's file (and its distribution) in the test's folder."""
    write("d.yaml", DIST)
    return write("k.yaml", KIT)
