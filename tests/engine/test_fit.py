"""``printkit fit``: letter shares from wordfreq or a list, counts and values flagged, the chart read
back from its SVG, and ``--derive``: a new set that check passes and build builds."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("wordfreq")

from manifestread import manifest_of

from printkit.config import load_kit  # noqa: E402
from printkit.engine import fit as F  # noqa: E402
from printkit.sheets.fitchart import LANGUAGE, TILES  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def _table(out: str) -> dict[str, list[str]]:
    """The table's rows by face: tiles, tiles%, text%, lexicon%, language%, ratio, value, suggested, flags…"""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("face "))
    rows = {}
    for line in lines[start + 1:]:
        if line.startswith("chart: "):
            break
        cells = line.split()
        rows[cells[0]] = cells[1:]
    return rows


def test_fit_of_the_english_set_flags_nothing(run, tmp_path):
    code, out, err = run("fit", "scrabble-en", "--out", tmp_path)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "flagged: none"
    rows = _table(out)
    assert len(rows) == 26
    assert rows["E"][:1] == ["12"] and rows["Q"][6:8] == ["10", "10"]  # Q: value 10, suggested 10
    assert 11.0 < float(rows["E"][4]) < 13.5  # E's language share, per cent
    assert float(rows["E"][4]) > float(rows["T"][4]) > float(rows["Q"][4])
    assert "value = round(1 + (V - 1) * ((s - s_min) / (s_max - s_min)) ** 1.5)" in out.splitlines()[3]


def test_a_set_with_one_e_and_twelve_z_is_flagged(run, write, tmp_path):
    dist = write("skewed.yaml", """
        extends: scrabble-en
        name: skewed
        tiles:
          - [A, 9, 1]
          - [B, 2, 3]
          - [C, 2, 3]
          - [D, 4, 2]
          - [E, 1, 1]
          - [F, 2, 4]
          - [G, 3, 2]
          - [H, 2, 4]
          - [I, 9, 1]
          - [J, 1, 8]
          - [K, 1, 5]
          - [L, 4, 1]
          - [M, 2, 3]
          - ["N", 6, 1]
          - [O, 8, 1]
          - [P, 2, 3]
          - [Q, 1, 10]
          - [R, 6, 1]
          - [S, 4, 1]
          - [T, 6, 1]
          - [U, 4, 1]
          - [V, 2, 4]
          - [W, 2, 4]
          - [X, 1, 8]
          - ["Y", 2, 4]
          - [Z, 12, 10]
    """)
    kit = write("skewed-kit.yaml", f"""
        extends: scrabble-en
        name: skewed-kit
        distribution: {dist.name}
        expect: {{tiles: 111, blanks: 2}}
    """)
    code, out, err = run("fit", kit, "--out", tmp_path)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "flagged: E Z"
    rows = _table(out)
    assert "count: 1 tile, the language asks" in " ".join(rows["E"])
    assert "count: 12 tiles, the language asks" in " ".join(rows["Z"])


def _bars(svg: Path, colour: str) -> list[float]:
    """Heights of the bars of one colour, in the chart's order."""
    root = ET.parse(svg).getroot()
    return [float(r.get("height")) for r in root.iter(f"{SVG}rect") if r.get("fill") == colour]


def test_fit_of_the_book_prints_its_table_and_draws_its_chart(run, tmp_path):
    code, out, err = run("fit", "krestoslovitsa", "--out", tmp_path / "chart")
    assert (code, err) == (0, "")
    rows = _table(out)
    kit = load_kit("krestoslovitsa")
    assert list(rows) == list(kit.distribution.faces())
    assert out.splitlines()[-2] == f"chart: {tmp_path / 'chart' / 'fit.svg'}, {tmp_path / 'chart' / 'fit.png'}"
    svg = tmp_path / "chart" / "fit.svg"
    tiles, language = _bars(svg, TILES), _bars(svg, LANGUAGE)
    # one bar of each kind a letter (and one in the legend), heights in proportion to the shares
    assert len(tiles) == len(language) == len(rows) + 1
    tiles, language = tiles[1:], language[1:]
    counts = kit.distribution.counts()
    faces = list(rows)
    o = faces.index("О")
    for i, face in enumerate(faces):
        assert tiles[i] / tiles[o] == pytest.approx(counts[face] / counts["О"], abs=2e-3)
        assert language[i] / language[o] == pytest.approx(float(rows[face][4]) / float(rows["О"][4]), abs=5e-3)
    root = ET.parse(svg).getroot()
    assert root.get("viewBox").startswith("0 0 ") and root.get("width").endswith("mm")
    assert not list(root.iter(f"{SVG}text"))  # letters as outlines
    # the chart speaks the kit's language: its title (the document's <title>) is Russian
    assert root.find(f"{SVG}title").text == "Крестословица: фишки и язык (ru)"
    from PIL import Image

    with Image.open(tmp_path / "chart" / "fit.png") as image:
        assert image.size[0] == 1200 and image.size[1] > 300
    assert (tmp_path / "chart" / "fit.txt").read_text(encoding="utf-8").splitlines()[-1] == out.splitlines()[-1]


def test_fit_json_is_the_whole_table(run, tmp_path):
    code, out, _ = run("fit", "scrabble-en", "--json", "--out", tmp_path)
    assert code == 0
    doc = json.loads(out)
    assert doc["kit"] == "scrabble-en" and doc["language"] == "en" and doc["flagged"] == []
    assert [x["face"] for x in doc["letters"]] == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert sum(x["tile_share"] for x in doc["letters"]) == pytest.approx(1, abs=1e-4)
    assert sum(x["language_share"] for x in doc["letters"]) == pytest.approx(1, abs=1e-4)
    e = doc["letters"][4]
    assert e["tiles"] == 12 and e["value"] == 1 and e["suggested"] == 1 and e["flags"] == []


def test_fit_by_a_word_list(run, write, tmp_path):
    words = write("list.txt", "ABBA\nBABA\nCAB\n")
    kit = write("abc.yaml", """
        extends: scrabble-en
        name: abc
        distribution:
          extends: scrabble-en
          name: abc
          alphabet: A B C
          vowels: A
          tiles: [[A, 5, 1], [B, 4, 2], [C, 1, 5]]
        expect: {tiles: 12, blanks: 2}
    """)
    code, out, err = run("fit", kit, "--words", words, "--out", tmp_path / "o")
    assert (code, err) == (0, "")
    rows = _table(out)
    # letters in the list: A 5, B 5, C 1 of 11
    assert [rows[f][3] for f in "ABC"] == ["45.45", "45.45", "9.09"]
    assert f"letters by the word list {words}: 3 words" in out


def test_shares_spell_words_in_the_sets_tiles():
    es = load_kit("scrabble-es").distribution
    speller = F.Speller(es.faces(), dict(es.folds))
    assert speller.spell("perro") == ("P", "E", "RR", "O")
    assert speller.spell("canción") == ("C", "A", "N", "C", "I", "O", "N")
    assert speller.spell("chico") == ("CH", "I", "C", "O")
    assert speller.spell("kiwi") is None  # the Spanish set has no K or W
    ru = load_kit("erudit").distribution
    assert F.Speller(ru.faces(), dict(ru.folds)).spell("ёлка") == ("Е", "Л", "К", "А")


def test_apportion_sums_exactly_with_one_each():
    shares = {"A": 0.5, "B": 0.3, "C": 0.15, "D": 0.04, "E": 0.01}
    counts = F.apportion(shares, 20)
    assert sum(counts.values()) == 20 and min(counts.values()) == 1
    assert counts["A"] > counts["B"] > counts["C"]
    assert F.apportion(shares, 5) == dict.fromkeys(shares, 1)
    with pytest.raises(ValueError):
        F.apportion(shares, 4)


def test_derived_bulgarian_checks_and_builds(run, tmp_path):
    code, out, err = run("fit", "--derive", "--language", "bg", "--tiles", "100", "--blanks", "2",
                         "--out", tmp_path / "bg")
    assert (code, err) == (0, "")
    kit_path = out.splitlines()[-1]
    assert kit_path == str(tmp_path / "bg" / "derived-bg.yaml")
    letters = (tmp_path / "bg" / "derived-bg-letters.yaml").read_text(encoding="utf-8")
    assert letters.startswith("# Derived by printkit fit --derive --language bg --tiles 100 --blanks 2\n")
    assert "wordfreq" in letters  # the source named
    kit = load_kit(kit_path)
    dist = kit.distribution
    assert dist.total == 100 and dist.blanks == 2 and len(dist.tiles) == 30
    assert min(t.count for t in dist.tiles) == 1
    assert dist.tile("А").count > dist.tile("Ф").count and dist.tile("А").value < dist.tile("Ф").value
    assert (kit.layout.name, kit.rules.name) == ("standard-15", "scrabble")
    from printkit.fonts import load

    assert load().missing("".join(dist.faces())) == []  # PT Sans draws every Bulgarian letter
    code, out, err = run("check", kit_path)
    assert (code, err) == (0, ""), out
    code, out, err = run("build", kit_path, "--out", tmp_path / "built", "--only", "tiles", "-q")
    assert (code, err) == (0, "")
    manifest = manifest_of(tmp_path / "built" / "derived-bg")
    assert manifest["tiles"]["total"] == 100 and manifest["tiles"]["letters"]["Ъ"] == dist.tile("Ъ").count


def test_derive_replaces_its_own_files_only(run, tmp_path):
    args = ("fit", "--derive", "--language", "bg", "--tiles", "110", "--out", tmp_path)
    assert run(*args)[0] == 0
    assert run(*args)[0] == 0  # its own files: replaced
    (tmp_path / "derived-bg.yaml").write_text("mine\n", encoding="utf-8")
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert err == f"{tmp_path / 'derived-bg.yaml'} is in the way: printkit fit --derive did not write it (or it was " \
                  f"changed since); move it away, give another --out, or --force to replace it; nothing was written\n"
    assert (tmp_path / "derived-bg.yaml").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize("args, message", [
    (("--derive", "--language", "xx"), "--language xx: wordfreq has no word frequencies for it (it has "),
    (("--derive", "--language", "ja"), "--language ja: printkit knows no alphabet for it (it knows "),
    (("--derive", "--language", "bg", "--tiles", "20"), "--tiles 20 with --blanks 2 leaves 18 lettered tiles for "
                                                         "the 30 letters of 'bg': give at least 32"),
    (("--derive", "--language", "bg", "--tiles", "5000"), "--tiles 5000: a set has 1 to 2000 tiles"),
    (("--derive", "--language", "bg", "--blanks", "-1"), "--blanks -1: a set has 0 to 100 blanks"),
    (("--derive",), "--derive needs --language CODE"),
    (("krestoslovitsa", "--derive", "--language", "bg"), "--derive makes a new set from --language"),
    (("krestoslovitsa", "--tiles", "100"), "--tiles and --blanks are for --derive"),
    (("krestoslovitsa", "--language", "xx"), "wordfreq has no word frequencies for the language 'xx'"),
    (("krestoslovitsa", "--language", "../x"), "--language ../x: a language code is a few letters"),
])
def test_bad_fit_input(run, tmp_path, args, message):
    code, out, err = run("fit", *args, "--out", tmp_path / "o")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and message in err
    assert not (tmp_path / "o").exists()  # nothing written


@pytest.mark.parametrize("content, message", [
    (b"", "the word list is empty"),
    (b"\xff\xfeA\x00B\x00", ":1: not UTF-8 text"),
    (b"QQQ\nXYZZY\n", "no word can be written with the set's tiles"),
])
def test_bad_fit_lists(run, tmp_path, content, message):
    words = tmp_path / "list.txt"
    words.write_bytes(content)
    code, out, err = run("fit", "krestoslovitsa", "--words", words, "--out", tmp_path / "o")
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and message in err and str(words) in err
    assert not (tmp_path / "o").exists()


def test_an_output_folder_in_the_way(run, tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    code, out, err = run("fit", "scrabble-en", "--out", tmp_path / "file")
    assert (code, out) == (2, "")
    assert err == f"{tmp_path / 'file'}: a file is in the way of the output folder; nothing was written\n"


def test_without_the_extra_fit_says_how_to_install_it(tmp_path, monkeypatch):
    from judgerun import BLOCK, ROOT, python

    from printkit.install import install_line

    monkeypatch.chdir(ROOT)  # the process's folder: the pip line is said relative to it

    for args in (("fit", "scrabble-en", "--out", str(tmp_path / "o")),
                 ("fit", "--derive", "--language", "bg", "--out", str(tmp_path / "o"))):
        p = python(BLOCK, *args)
        assert (p.returncode, p.stdout) == (2, "")
        assert p.stderr == ("printkit: fitting a set to its language needs the optional extra: "
                            f"{install_line('words')}\n")
        assert not (tmp_path / "o").exists()


def test_the_ukrainian_apostrophe_is_counted_as_its_tile(run, tmp_path):
    code, out, _ = run("fit", "scrabble-uk", "--out", tmp_path)
    assert code == 0
    rows = _table(out)
    assert 0.05 < float(rows["ʼ"][4]) < 0.5  # сім'я, м'ята…: written with ' in wordfreq's words


def test_the_books_set_flags_the_letters_it_overvalues(run, tmp_path):
    code, out, _ = run("fit", "krestoslovitsa", "--out", tmp_path)
    assert code == 0
    rows = _table(out)
    assert "count: 4 tiles, the language asks" in " ".join(rows["Й"])  # Эрудит's 4 Й for 1.3 % of letters
    assert rows["Ф"][6] == "10" and int(rows["Ф"][7]) <= 7 and "value: 10, suggested" in " ".join(rows["Ф"])
    assert rows["А"][6:8] == ["1", "1"] and rows["О"][6:8] == ["1", "1"]


@pytest.mark.parametrize("language, tiles, faces", [("uk", 104, 34), ("es", 100, 28), ("it", 120, 21)])
def test_derived_sets_of_other_alphabets_check(run, tmp_path, language, tiles, faces):
    """The shipped sets' alphabets (the Ukrainian apostrophe tile, Spanish CH LL RR) and printkit's table."""
    code, out, err = run("fit", "--derive", "--language", language, "--tiles", tiles, "--out", tmp_path)
    assert (code, err) == (0, "")
    kit = load_kit(out.splitlines()[-1])
    assert kit.distribution.total == tiles and len(kit.distribution.tiles) == faces
    code, out, err = run("check", out.splitlines()[-1])
    assert (code, err) == (0, ""), out


def test_fit_replaces_only_the_chart_files_it_wrote(run, tmp_path):
    """A user's own fit.txt in the output folder survives (it used to be overwritten); the files fit
    wrote are replaced by the next run; one edited since is left alone, and nothing is written."""
    out = tmp_path / "chart"
    out.mkdir()
    (out / "fit.txt").write_text("my notes\n", encoding="utf-8")
    (out / "photo.jpg").write_bytes(b"\xff\xd8 mine")
    code, stdout, err = run("fit", "krestoslovitsa", "--out", out)
    assert (code, stdout) == (2, "")
    assert err == (f"{out / 'fit.txt'} is in the way: printkit fit did not write it (or it was changed since); "
                   f"move it away, give another --out, or --force to replace it; nothing was written\n")
    assert sorted(p.name for p in out.iterdir()) == ["fit.txt", "photo.jpg"]
    assert (out / "fit.txt").read_text(encoding="utf-8") == "my notes\n"
    (out / "fit.txt").unlink()
    assert run("fit", "krestoslovitsa", "--out", out)[0] == 0
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    assert run("fit", "krestoslovitsa", "--out", out)[0] == 0  # its own files: replaced, the same bytes
    assert {p.name: p.read_bytes() for p in out.iterdir()} == first
    assert sorted(first) == [".printkit-fit.json", "fit.png", "fit.svg", "fit.txt", "photo.jpg"]
    (out / "fit.svg").write_text("<svg/>", encoding="utf-8")  # edited since
    code, _, err = run("fit", "krestoslovitsa", "--out", out)
    assert code == 2 and err.startswith(f"{out / 'fit.svg'} is in the way")
    assert (out / "fit.svg").read_text(encoding="utf-8") == "<svg/>"
    assert (out / "fit.txt").read_bytes() == first["fit.txt"]
