"""Tests of serve: the web page: its handlers one by one, its server, and the page in Chromium.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""
