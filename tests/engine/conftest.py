"""Tests of engine: the game: boards, moves and scores by each rule set, game records (GCG) read, written and replayed,
the word judge, the lexicons, the move generator, self-play and fit.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""
