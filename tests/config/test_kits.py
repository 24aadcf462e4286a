"""The shipped configs: totals, values and layouts read from the real files, and check passing."""

from __future__ import annotations

import pytest

from printkit.check import FAIL, check_kit
from printkit.config import kit_names, load_kit
from printkit.model import Premium

SETS = {  # kit: (tiles, blanks, lettered points)
    "krestoslovitsa": (130, 2, 315),
    "krestoslovitsa-mini": (130, 2, 315),
    "erudit": (131, 3, 315),
    "scrabble-ru": (104, 2, 224),
    "scrabble-uk": (104, 2, 234),
    "scrabble-en": (100, 2, 187),
    "scrabble-de": (102, 2, 202),
    "scrabble-fr": (102, 2, 197),
    "scrabble-es": (100, 2, 192),
    "scrabble-pl": (100, 2, 190),
    "scrabble-nl": (102, 2, 230),
    # the editions of issue 39 (tests/config/test_editions.py cross-checks their tables)
    "scrabble-af": (102, 2, 179), "scrabble-ca": (100, 2, 189), "scrabble-cs": (100, 2, 205),
    "scrabble-hu": (100, 2, 235), "scrabble-it": (120, 2, 293), "scrabble-nb": (100, 2, 202),
    "scrabble-pt": (120, 3, 204), "scrabble-ro": (100, 2, 211), "scrabble-sk": (100, 2, 267),
    "scrabble-sl": (100, 2, 180), "scrabble-sv": (100, 2, 194), "scrabble-tr": (100, 2, 201),
    "scrabble-el": (104, 2, 206), "scrabble-cy": (105, 2, 194), "scrabble-fi": (100, 2, 210),
    "scrabble-hr": (103, 2, 182),
}


def test_every_kit_is_shipped():
    assert sorted(kit_names()) == sorted(SETS)


@pytest.mark.parametrize("name", sorted(SETS))
def test_totals(name):
    kit = load_kit(name)
    tiles, blanks, points = SETS[name]
    assert kit.distribution.total == tiles
    assert kit.distribution.blanks == blanks
    assert kit.distribution.points == points


@pytest.mark.parametrize("name", sorted(SETS))
def test_check_passes(name):
    report = check_kit(load_kit(name))
    assert [f.text for f in report.findings if f.status == FAIL] == []


def test_krestoslovitsa_is_the_erudit_letters_with_two_blanks():
    k, e = load_kit("krestoslovitsa"), load_kit("erudit")
    assert k.distribution.tiles == e.distribution.tiles
    assert k.distribution.letter_tiles == 128
    d = k.distribution
    assert [(t.face, t.count, t.value) for t in d.tiles[:6]] == [
        ("А", 10, 1), ("Б", 3, 3), ("В", 5, 2), ("Г", 3, 3), ("Д", 5, 2), ("Е", 9, 1)]
    assert (d.value("Ф"), d.value("Щ"), d.value("М"), d.value("Ё")) == (10, 10, 2, 1)
    assert k.physical.tile_mm == 20.0 and k.physical.cell_mm == 22.0
    assert (k.layout.rows, k.layout.cols) == (15, 15)


def test_mini_kit_has_9_mm_tiles_and_inherits_the_rest():
    mini = load_kit("krestoslovitsa-mini")
    assert mini.physical.tile_mm == 9.0
    assert mini.distribution == load_kit("krestoslovitsa").distribution
    assert mini.rules.name == "krestoslovitsa"


def test_spanish_two_letter_tiles_and_ukrainian_apostrophe():
    es = load_kit("scrabble-es").distribution
    assert {"CH": 5, "LL": 8, "RR": 8} == {f: es.value(f) for f in ("CH", "LL", "RR")}
    uk = load_kit("scrabble-uk").distribution
    assert uk.tile("ʼ").count == 1 and uk.value("ʼ") == 10
    assert {"Ґ", "Є", "І", "Ї"} <= set(uk.faces())


def test_russian_scrabble_has_cyrillic_yo():
    d = load_kit("scrabble-ru").distribution
    assert "\u0401" in d.faces()  # Ё, not the Latin Ë


@pytest.mark.parametrize("layout_kit, counts", [
    ("krestoslovitsa", {"TW": 8, "DW": 17, "TL": 12, "DL": 24}),
    ("erudit", {"TW": 8, "DW": 16, "TL": 8, "DL": 24}),
])
def test_layout_premium_counts(layout_kit, counts):
    assert load_kit(layout_kit).layout.counts() == counts


def test_erudit_start_has_no_premium_and_standard_start_is_dw():
    assert load_kit("erudit").layout.at(7, 7) is Premium.NONE
    std = load_kit("krestoslovitsa").layout
    assert std.start == (7, 7) and std.at(7, 7) is Premium.DW
    assert std.at(0, 0) is Premium.TW and std.at(0, 3) is Premium.DL and std.at(1, 5) is Premium.TL


def test_erudit_12tl_variant_layout(write):
    kit = write("k.yaml", """
        extends: erudit
        layout: erudit-15-12tl
    """)
    lay = load_kit(str(kit)).layout
    assert lay.counts() == {"TW": 8, "DW": 16, "TL": 12, "DL": 24}
    assert lay.at(7, 7) is Premium.NONE and lay.start == (7, 7)
