"""Tests of laser: laser and wood-burning files read back in millimetres, and opened in the programs makers use
(Inkscape, LibreCAD, MeerK40t, vpype).

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""
