"""Tests of verify: verify: every check, the manifest, and hostile files and figures (exit 1 or 2, never a fault).

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""
