"""Tests of house: the house: the architecture, the style, the registries, the command line's plumbing, safe writing
into a user's folder, stops, reproducible bytes, speed and packaging.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""
