"""Reading plays as game records write them: words (tiles, blanks, folds, brackets) and coordinates."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.engine.notation import Coord, Letter, NotationError, parse_coord, parse_word


@pytest.fixture(scope="module")
def dist():
    """The distributions of the shipped kits, by kit name."""
    return lambda name: load_kit(name).distribution


def test_ukrainian_apostrophe_is_a_tile(dist):
    """ʼ (U+02BC) has no case: it is the tile itself, never a blank (it used to be refused)."""
    uk = dist("scrabble-uk")
    assert parse_word("ПʼЯТЬ", uk) == (Letter("П"), Letter("ʼ"), Letter("Я"), Letter("Т"), Letter("Ь"))
    assert parse_word("пʼЯть", uk) == (Letter("П", True), Letter("ʼ"), Letter("Я"), Letter("Т", True),
                                        Letter("Ь", True))
