"""Tests of crafts: the craft products: print-and-cut sheets, stickers, racks, the box and the bag.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""
