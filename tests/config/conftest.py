"""Tests of config: reading the kit files, profiles and templates: every option, flag and limit, hostile YAML and fuzzed
kits, the letter shares, the text table and its plurals.

The shared builds, the run's fixtures and the command line's runner are in tests/conftest.py; the readers of
built files in the helper modules beside it (pdfread, lasersvg, manifestread, pageread, solidbuild)."""

import pytest


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A folder of the test's own as the working folder: the kit files a test writes are read from there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
