"""The Scrabble editions' tables, cross-checked with the tables of independent programs and pages kept in
tests/data/editions/ (issue 39): each shipped ``scrabble-*`` distribution is compared with at least two of
them, letter by letter (count and value) and in its blanks; it agrees with every one in full, or departs from
one only where written below, with the reason, and its distribution's ``sources:`` names that source.

The tables are facts (letters, counts, values) taken from the programs' files by tools/edition_sources.py, or
copied by hand from a page (gtoal/, wikipedia/); each file's first line names where it came from and its
licence. A kept table is never corrected: a source's mistake stays in it, and is written here.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from printkit.config import kit_names, load_kit
from printkit.config.sources import available
from printkit.fonts import fallback_bold, letters_font, load, tile_text

DATA = Path(__file__).resolve().parents[1] / "data" / "editions"
NAMES = {"xanado": "Xanado", "quackle": "Quackle", "macondo": "Macondo", "wolges": "wolges",
         "scrabble3d": "Scrabble3D", "gtoal": "gtoal.com", "wikipedia": "Wikipedia"}
# Where a shipped table departs from a kept one: (language, source) → the faces that differ, and why. The
# distribution follows the other sources there (its sources: says so).
DEPARTS = {
    ("ca", "xanado"): ({"C", "V", "Z"}, "Xanado's C 2×3, V 1 and Z 10 against C 3×2, V 4 and Z 8 in Macondo, wolges "
                                        "and Scrabble3D; Xanado's set is 99 tiles, one C short of the edition's 100"),
    ("af", "xanado"): ({"?"}, "Xanado has one blank; the edition has two (Wikipedia: 102 tiles), as every other"),
    ("ru", "quackle"): ({"Ё", "Й", "Х"}, "Quackle's Russian alphabet has Ё, Й and Х commented out (101 tiles)"),
    ("fi", "scrabble3d"): ({"Y", "Z"}, "Scrabble3D lists Y twice (2×4 and 1×8; read here as its last, 1×8) and adds "
                                       "Z 2×4: 103 lettered tiles, where Xanado's and Wikipedia's set has 98"),
}
# A character a kept table writes for a letter in another script's look-alike (the same letter, the wrong code
# point): read as the letter it stands for, and said in the distribution's sources.
LOOKALIKE = {("ru", "xanado"): {"Ë": "Ё"},  # U+00CB LATIN E WITH DIAERESIS for U+0401 CYRILLIC IO
             ("uk", "xanado"): {"'": "ʼ"}}  # U+0027 APOSTROPHE for U+02BC MODIFIER LETTER APOSTROPHE
# Shipped editions kept with one table only, and why (the next session's work: a second independent table).
ONE_SOURCE = {"uk": "the Ukrainian table is found in copies of one public table only (configs/distributions/"
                    "scrabble-uk.yaml says so); Xanado's is kept",
              "hr": "no second table of the Croatian letters was found (Quackle, Macondo, wolges and Scrabble3D have "
                    "none; the Wikipedia copies found give the set's size, 103 tiles, not its letters); Xanado's is "
                    "kept"}


def read_table(path: Path, language: str = "") -> dict[str, tuple[int, int]]:
    """face → (count, value): a multi-letter tile's brackets ([CH], Macondo's and wolges' way) dropped, a
    letter of count 0 (a source's place for a letter with no tile) left out, the blank as ``?``."""
    out: dict[str, tuple[int, int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        face, count, value = line.rsplit(",", 2)
        face = unicodedata.normalize("NFC", face.strip("[]"))
        face = LOOKALIKE.get((language, path.parent.name), {}).get(face, face)
        if int(count):
            out[face] = (int(count), int(value))
    return out


def kept(language: str) -> dict[str, dict[str, tuple[int, int]]]:
    return {p.parent.name: read_table(p, language) for p in sorted(DATA.glob(f"*/{language}.csv"))}


def editions() -> list[str]:
    return [n for n in available("distribution") if n.startswith("scrabble-")]


def shipped(name: str):
    """The distribution as its kit of the same name loads it, and its table as the kept ones are read."""
    dist = load_kit(name).distribution
    table = {t.face: (t.count, t.value) for t in dist.tiles}
    table["?"] = (dist.blanks, 0)
    return dist, table


def test_every_kept_table_names_where_it_came_from_and_its_licence():
    files = sorted(DATA.glob("*/*.csv"))
    assert len(files) >= 70
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# ") and ("(" in first and ")" in first), path
        assert any(word in first for word in ("MIT", "GPL-3.0", "CC BY-SA", "facts")), path


@pytest.mark.parametrize("name", editions())
def test_every_edition_agrees_with_two_kept_tables_and_departs_only_as_written(name):
    dist, ours = shipped(name)
    tables = kept(dist.language)
    assert tables, f"{name}: no kept table of '{dist.language}'"
    agreeing = []
    for source, theirs in tables.items():
        differ = {face for face in set(ours) | set(theirs) if ours.get(face) != theirs.get(face)}
        expected, why = DEPARTS.get((dist.language, source), (set(), ""))
        assert differ == expected, (f"{name} and {source}: {sorted(differ)} differ", why)
        if differ:
            assert NAMES[source] in dist.sources, f"{name}: its sources do not say where it departs from {source}"
        else:
            agreeing.append(source)
    # two tables at least (one where ONE_SOURCE says why), one of them alike in every letter, and the others
    # departing only where written: the "agrees with both, or says letter by letter which it follows"
    assert len(tables) >= (1 if dist.language in ONE_SOURCE else 2), f"{name}: kept tables {sorted(tables)}"
    assert agreeing, f"{name}: no kept table agrees with it"
    named = [s for s in tables if NAMES[s] in dist.sources]
    assert len(named) >= min(2, len(tables)), f"{name}: its sources name {named} of {sorted(tables)}"


def test_every_departure_written_here_is_still_one():
    """A departure that no longer happens (a source corrected, a table changed) is taken out of DEPARTS."""
    for (language, source), (faces, _) in DEPARTS.items():
        name = next(n for n in editions() if shipped(n)[0].language == language)
        ours, theirs = shipped(name)[1], kept(language)[source]
        assert {f for f in set(ours) | set(theirs) if ours.get(f) != theirs.get(f)} == faces


# the tables' figures of the new editions, read from the kits as users load them: (tiles, blanks, points)
FIGURES = {
    "scrabble-af": (102, 2, 179), "scrabble-ca": (100, 2, 189), "scrabble-cs": (100, 2, 205),
    "scrabble-hu": (100, 2, 235), "scrabble-it": (120, 2, 293), "scrabble-nb": (100, 2, 202),
    "scrabble-pt": (120, 3, 204), "scrabble-ro": (100, 2, 211), "scrabble-sk": (100, 2, 267),
    "scrabble-sl": (100, 2, 180), "scrabble-sv": (100, 2, 194), "scrabble-tr": (100, 2, 201),
    "scrabble-el": (104, 2, 206), "scrabble-cy": (105, 2, 194), "scrabble-fi": (100, 2, 210),
    "scrabble-hr": (103, 2, 182),
}


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_each_new_edition_is_a_kit_with_its_figures(name):
    assert name in kit_names()
    kit = load_kit(name)
    d = kit.distribution
    assert (d.total, d.blanks, d.points) == FIGURES[name]
    assert kit.language == d.language == name.split("-")[1]
    assert kit.title.startswith("Scrabble (") and kit.title != "Scrabble"


def test_multi_letter_tiles_are_one_tile_each():
    hu = load_kit("scrabble-hu").distribution
    assert [t.face for t in hu.tiles if len(t.face) > 1] == ["CS", "GY", "LY", "NY", "SZ", "TY", "ZS"]
    ca = load_kit("scrabble-ca").distribution
    assert {t.face: (t.count, t.value) for t in ca.tiles if len(t.face) > 1} == {
        "L·L": (1, 10), "NY": (1, 10), "QU": (1, 8)}
    cy = load_kit("scrabble-cy").distribution
    assert {t.face: (t.count, t.value) for t in cy.tiles if len(t.face) > 1} == {
        "CH": (1, 5), "DD": (4, 1), "FF": (2, 4), "NG": (1, 10), "LL": (1, 5), "RH": (1, 10), "TH": (2, 4)}
    hr = load_kit("scrabble-hr").distribution
    assert {t.face: (t.count, t.value) for t in hr.tiles if len(t.face) > 1} == {
        "DŽ": (1, 10), "LJ": (1, 4), "NJ": (1, 4)}
    # Welsh order: NG after G, and no PH tile (the sources' set: PH is almost only in mutated words)
    assert cy.alphabet[cy.alphabet.index("G") + 1] == "NG" and "PH" not in cy.alphabet


@pytest.mark.parametrize("own, said", [
    ("tiles:\n  - [A, 6, 1]\n  - [DZSA, 1, 8]\n", "d.yaml:5:6: a tile's face has 1 to 3 letters, not 4"),
    ("tile_changes:\n  Ж: {count: 1, value: 10}\n",
     "d.yaml:4:3: 'Ж' is not a Latin letter: it contains U+0416 CYRILLIC CAPITAL LETTER ZHE"),
    ("tile_changes:\n  E: {count: 999}\n  A: {count: 999}\n", "d.yaml:3:1: the set has 2073 tiles: the limit is 2000"),
    ("tile_changes:\n  \"·L\": {count: 1, value: 10}\n",
     "d.yaml:4:3: '·L' is not a letter (U+00B7 MIDDLE DOT); list it under 'symbols' if the set really has such a tile"),
])
def test_a_hostile_edition_is_refused_at_its_line_and_writes_nothing(run, write, tmp_path, own, said):
    """A set that extends an edition (Catalan here) with a tile of four letters, a letter of another script,
    counts past the budget of 2000 tiles, or the Catalan dot where it joins nothing: exit 2, one line naming the
    own file's line, and no folder in out/."""
    d = write("d.yaml", "extends: scrabble-ca\nname: bad\n" + own)
    kit = write("k.yaml", "extends: scrabble-ca\nname: bad-kit\ndistribution: d.yaml\n")
    code, out, err = run("build", kit, "--out", tmp_path / "out")
    assert code == 2 and out == ""
    assert err.strip() == f"{d.parent / said}", err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("name", kit_names())
def test_every_letter_and_digit_of_every_kit_is_in_its_face(name):
    """The face is chosen by coverage (printkit.fonts.bold_for): PT Sans Bold where it has every letter and digit
    of the kit's tiles, else the bundled Fira Sans Bold (Greek); either way the face has them all."""
    kit = load_kit(name)
    path = Path(letters_font(kit))
    assert load(str(path)).missing(tile_text(kit)) == []
    assert path.name == ("FiraSans-Bold.ttf" if kit.distribution.script == "Greek" else "PT_Sans-Web-Bold.ttf")


def test_the_fallback_face_is_fira_sans_bold_with_its_licence_and_in_the_wheel():
    from fontTools.ttLib import TTFont

    path = fallback_bold()
    names = TTFont(str(path), lazy=True)["name"]
    assert (names.getDebugName(4), names.getDebugName(5)) == ("Fira Sans Bold", "Version 4.203")
    licence = (path.parent / "FiraSans-OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License, Version 1.1" in licence and "Mozilla Foundation" in licence
    assert load(str(path)).missing("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ0123456789") == []
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"printkit.faces" = ["*.ttf", "*.txt"]' in pyproject and '"printkit.faces",' in pyproject
