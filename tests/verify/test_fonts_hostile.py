"""Any font file a user names either works or stops the build with one line (exit 2) that says where
it was named and what is wrong with it, before anything is written.

Every font here is made in the test from the bundled PT Sans (or from nothing), so no test depends on
the fonts of the machine it runs on.
"""

from __future__ import annotations

import io
import random
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

from printkit import fonts
from printkit.fonts import default_bold, default_regular, load

KIT = "scrabble-en"  # Latin letters A–Z and digits: small fonts made here cover it


def pt_sans() -> TTFont:
    return TTFont(str(default_bold()))


def save(tt: TTFont, path: Path, **options) -> Path:
    for key, value in options.items():
        setattr(tt, key, value)
    tt.save(str(path))
    return path


def glyph_of(tt: TTFont, ch: str) -> str:
    return tt.getBestCmap()[ord(ch)]


# -- fonts that are not fonts -------------------------------------------------------------------------

def truncated(path: Path) -> Path:
    data = default_bold().read_bytes()
    path.write_bytes(data[:len(data) // 2])
    return path


def cut_in_directory(path: Path) -> Path:
    path.write_bytes(default_bold().read_bytes()[:40])
    return path


def woff(path: Path) -> Path:
    return save(pt_sans(), path, flavor="woff")


def woff2(path: Path) -> Path:
    # the header of a WOFF2 file (brotli, which real WOFF2 needs, is not a dependency here)
    path.write_bytes(b"wOF2\x00\x01\x00\x00" + bytes(40) + bytes(random.Random(2).randbytes(2000)))
    return path


def collection(path: Path) -> Path:
    ttc = TTCollection()
    ttc.fonts = [pt_sans(), TTFont(str(default_regular()))]
    ttc.save(str(path))
    return path


def empty(path: Path) -> Path:
    path.write_bytes(b"")
    return path


def noise(path: Path) -> Path:
    path.write_bytes(random.Random(1).randbytes(4096))
    return path


def noise_behind_a_header(path: Path) -> Path:
    path.write_bytes(b"\x00\x01\x00\x00\x00\x0b" + random.Random(3).randbytes(4090))
    return path


def folder(path: Path) -> Path:
    path.mkdir()
    return path


# -- TrueType files with something wrong inside -----------------------------------------------------

def no_unicode_cmap(path: Path) -> Path:
    tt = pt_sans()
    mac = CmapSubtable.newSubtable(6)
    mac.platformID, mac.platEncID, mac.language = 1, 0, 0
    mac.cmap = {code: name for code, name in tt.getBestCmap().items() if code < 128}
    tt["cmap"].tables = [mac]
    return save(tt, path)


def empty_letters(path: Path) -> Path:
    tt = pt_sans()
    for ch in "QZ":
        tt["glyf"][glyph_of(tt, ch)] = Glyph()
    return save(tt, path)


def composite_cycle(path: Path) -> Path:
    tt = pt_sans()
    name = glyph_of(tt, "K")
    ref = GlyphComponent()
    ref.glyphName, ref.x, ref.y, ref.flags = name, 0, 0, 0
    glyph = Glyph()
    glyph.numberOfContours, glyph.components = -1, [ref]
    glyph.xMin = glyph.yMin = 0
    glyph.xMax = glyph.yMax = 500
    tt["glyf"][name] = glyph
    return save(tt, path, recalcBBoxes=False)


def bad_head_magic(path: Path) -> Path:
    tt = pt_sans()
    tt["head"].magicNumber = 0x12345678
    return save(tt, path)


def restricted_licence(path: Path) -> Path:
    tt = pt_sans()
    tt["OS/2"].fsType = 0x0002
    return save(tt, path)


def no_subsetting_licence(path: Path) -> Path:
    tt = pt_sans()
    tt["OS/2"].fsType = 0x0100
    return save(tt, path)


def zero_units_per_em(path: Path) -> Path:
    tt = pt_sans()
    tt["head"].unitsPerEm = 0
    return save(tt, path)


def no_post_table(path: Path) -> Path:
    tt = pt_sans()
    del tt["post"]
    return save(tt, path)


def damaged_cmap(path: Path) -> Path:
    data = bytearray(default_bold().read_bytes())
    tt = TTFont(io.BytesIO(bytes(data)))
    offset, length = tt.reader.tables["cmap"].offset, tt.reader.tables["cmap"].length
    data[offset:offset + length] = b"\xff" * length
    path.write_bytes(bytes(data))
    return path


CASES = [
    (truncated, "is not a font file that can be read (its 'glyf' table runs past the end of the file at "
                "235120 bytes: cut short or damaged)"),
    (cut_in_directory, "is not a font file that can be read (cut short in its table directory)"),
    (woff, "is a WOFF web font, not a TrueType file: use the font's .ttf file"),
    (woff2, "is a WOFF2 web font, not a TrueType file: use the font's .ttf file"),
    (collection, "is a font collection (.ttc, 2 fonts in one file): printkit takes a single TrueType font (.ttf)"),
    (empty, "is empty (0 bytes), not a font file"),
    (noise, "is not a font file that can be read (it does not start like a TrueType font)"),
    (noise_behind_a_header, "is not a font file that can be read (its table directory is damaged)"),
    (no_unicode_cmap, "has no Unicode character map (cmap), so no letter can be found in it"),
    (composite_cycle, "is not a font file that can be read (damaged glyphs or tables: TTLibError: glyph 'K' "
                     "contains a recursive component reference)"),
    (bad_head_magic, "cannot be embedded in a PDF (reportlab: TTFError: Invalid head table magic 12345678)"),
    (restricted_licence, "does not allow embedding: its licence flags (OS/2 fsType 0x0002) forbid putting it "
                         "in a PDF"),
    (no_subsetting_licence, "does not allow subsetting (OS/2 fsType 0x0100), which PDF embedding here needs"),
    (zero_units_per_em, "is not a font file that can be read (its 'head' table gives 0 units per em)"),
    (no_post_table, "is not a font file that can be read (it has no 'post' table, which every TrueType font "
                    "has)"),
]


@pytest.fixture
def out(tmp_path) -> Path:
    return tmp_path / "out"


def assert_nothing_written(out: Path):
    assert not out.exists() or list(out.iterdir()) == []


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.strip()


@pytest.mark.parametrize("maker, message", CASES, ids=[m.__name__ for m, _ in CASES])
def test_a_hostile_font_is_one_line(run, tmp_path, out, maker, message):
    font = maker(tmp_path / "font.ttf")
    code, stdout, err = run("build", KIT, "--out", out, "--font", font)
    assert (code, stdout) == (2, "")
    assert one_line(err) == f"--font: 'font.ttf' {message}"
    assert_nothing_written(out)


def test_a_damaged_table_is_named(run, tmp_path, out):
    font = damaged_cmap(tmp_path / "font.ttf")
    code, _, err = run("build", KIT, "--out", out, "--font", font)
    assert code == 2
    line = one_line(err)
    # the rest is fontTools' own words for what it met
    assert line.startswith("--font: 'font.ttf' is not a font file that can be read (its 'cmap' table is damaged: ")
    assert line.endswith(")")
    assert_nothing_written(out)


def test_letters_whose_glyphs_draw_nothing_are_named(run, tmp_path, out):
    font = empty_letters(tmp_path / "font.ttf")
    code, _, err = run("build", KIT, "--out", out, "--font", font)
    assert code == 2
    assert one_line(err) == ("--font: font 'font.ttf' has an empty glyph (no outline) for Q Z "
                             "(2 letters the kit scrabble-en needs)")
    assert_nothing_written(out)


def test_empty_letters_in_a_kit_file_name_the_font_line(write, run, tmp_path, out):
    empty_letters(tmp_path / "Hollow.ttf")
    kit = write("k.yaml", f"extends: {KIT}\nstyle:\n  tile: {{font: Hollow.ttf}}\n")
    code, _, err = run("build", kit, "--out", out)
    assert code == 2
    assert one_line(err) == (f"{kit}:3:16: font 'Hollow.ttf' has an empty glyph (no outline) for Q Z "
                             f"(2 letters the kit k needs)")
    assert_nothing_written(out)


def test_a_broken_font_in_a_kit_file_names_the_font_line(write, run, tmp_path, out):
    woff(tmp_path / "Web.ttf")
    kit = write("k.yaml", f"extends: {KIT}\nstyle:\n  tile: {{font: Web.ttf}}\n")
    code, _, err = run("build", kit, "--out", out)
    assert code == 2
    assert one_line(err) == f"{kit}:3:16: 'Web.ttf' is a WOFF web font, not a TrueType file: use the font's .ttf file"
    assert_nothing_written(out)


def test_a_folder_and_an_unreadable_file(run, tmp_path, out, monkeypatch):
    code, _, err = run("build", KIT, "--out", out, "--font", folder(tmp_path / "fonts.ttf"))
    assert code == 2
    assert one_line(err) == f"--font: font file '{tmp_path}/fonts.ttf' is a folder, not a file"

    locked = tmp_path / "locked.ttf"
    locked.write_bytes(default_bold().read_bytes())
    locked.chmod(0)
    real = fonts.read_bounded  # the reader of every user's file (printkit.inputs)

    def read_bounded(path, *args, **kwargs):  # root reads a mode-0 file all the same: refuse it as the system would
        if Path(path).name == "locked.ttf" and not Path(path).stat().st_mode & stat.S_IRUSR:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(fonts, "read_bounded", read_bounded)
    code, _, err = run("build", KIT, "--out", out, "--font", locked)
    assert code == 2
    assert one_line(err) == f"--font: cannot read font file '{locked}' (Permission denied)"
    assert_nothing_written(out)


def test_check_reports_a_font_that_cannot_be_read(write, run, tmp_path):
    truncated(tmp_path / "Half.ttf")
    kit = write("k.yaml", f"extends: {KIT}\nstyle:\n  tile: {{font: Half.ttf}}\n")
    code, stdout, _ = run("check", kit)
    assert code == 1
    assert (f"    FAIL {kit}:3:16: 'Half.ttf' is not a font file that can be read (its 'glyf' table runs past "
            f"the end of the file at 235120 bytes: cut short or damaged)") in stdout.splitlines()


# -- fonts that must work ---------------------------------------------------------------------------

def measured_cap_font(path: Path, os2: str = "v1", keep: str | None = None) -> Path:
    """PT Sans Bold with twice the units per em (glyphs unscaled: its capitals are 700 of 2000 units
    high, and 0.7 em would be 1400) and no usable cap height in OS/2: ``os2`` is "v1" (no sCapHeight
    field), "none" (no OS/2 table) or "junk" (sCapHeight 5)."""
    tt = pt_sans()
    if keep is not None:
        opts = subset.Options()
        opts.notdef_outline = True
        sub = subset.Subsetter(opts)
        sub.populate(text=keep)
        sub.subset(tt)
    tt["head"].unitsPerEm = 2000
    if os2 == "v1":
        tt["OS/2"].version = 1
    elif os2 == "none":
        del tt["OS/2"]
    else:
        tt["OS/2"].sCapHeight = 5
    return save(tt, path)


def tile_svgs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("tiles-*.svg"))}


@pytest.fixture(scope="module")
def default_tiles(shared) -> dict[str, dict[str, bytes]]:
    return {name: tile_svgs(shared.build(name, only=["tiles"])) for name in (KIT, "krestoslovitsa")}  # once a run


@pytest.mark.parametrize("os2", ["v1", "none", "junk"])
def test_cap_height_is_measured_from_the_ink_of_h(run, tmp_path, out, default_tiles, os2):
    """DejaVu (OS/2 version 1) and Liberation Sans Narrow have no cap height in OS/2: it is the ink
    top of H, so the letters come out exactly as with the bundled font's own figure."""
    font = measured_cap_font(tmp_path / "font.ttf", os2)
    assert load(str(font)).cap_height == 700
    code, _, err = run("build", KIT, "--out", out, "--font", font, "--only", "tiles", "-q")
    assert (code, err) == (0, "")
    assert tile_svgs(out / KIT) == default_tiles[KIT]


def test_cap_height_of_a_cyrillic_font_is_measured_from_en(run, tmp_path, out, default_tiles):
    letters = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ0123456789"
    font = measured_cap_font(tmp_path / "font.ttf", "v1", keep=letters)
    loaded = load(str(font))
    assert not loaded.has("H") and not loaded.has("I") and loaded.cap_height == 700
    code, _, err = run("build", "--out", out, "--font", font, "--only", "tiles", "-q")
    assert (code, err) == (0, "")
    assert tile_svgs(out / "krestoslovitsa") == default_tiles["krestoslovitsa"]


def test_odd_names_and_tool_tables_are_fine(run, tmp_path, out):
    """A PostScript name with spaces and brackets (reportlab refuses those), no name records for it
    at all, and a table fontTools cannot subset (FontForge's FFTM, in Liberation fonts): it builds,
    the PDF embeds a name reportlab takes, and the embedded copy keeps only the tables a PDF needs."""
    from fontTools.ttLib import newTable

    tt = pt_sans()
    tt["name"].removeNames(nameID=6)
    tt["name"].setName("My Font (Bold)", 4, 3, 1, 0x409)
    fftm = newTable("FFTM")
    fftm.version, fftm.FFTimeStamp, fftm.sourceCreated, fftm.sourceModified = 1, 0, 0, 0
    tt["FFTM"] = fftm
    font = save(tt, tmp_path / "odd.ttf")
    loaded = load(str(font))
    assert loaded.ps_name == "My Font (Bold)"
    assert loaded.embed_name == f"My-Font-Bold-{loaded.digest[:10]}"
    assert sorted(TTFont(io.BytesIO(loaded.embeddable_bytes())).keys()) == [
        "GlyphOrder", "OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"]
    code, _, err = run("build", KIT, "--out", out, "--font", font, "--only", "tiles", "-q")
    assert (code, err) == (0, "")
    pdf = (out / KIT / "tiles-Letter.pdf").read_bytes()
    assert f"/BaseFont /AAAAAA+My-Font-Bold-{loaded.digest[:10]}".encode() in pdf


def test_what_fonttools_mends_is_not_printed(tmp_path, out):
    """fontTools logs what it repairs (here a 'created' date out of range); a build that works prints
    nothing on stderr all the same. In a process of its own: pytest catches log records itself."""
    data = bytearray(default_bold().read_bytes())
    head = TTFont(io.BytesIO(bytes(data))).reader.tables["head"].offset
    data[head + 20:head + 28] = b"\xff" * 8  # head.created
    font = tmp_path / "font.ttf"
    font.write_bytes(bytes(data))
    done = subprocess.run([sys.executable, "-m", "printkit", "build", KIT, "--out", str(out), "--font", str(font),
                           "--only", "tiles", "-q"], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_failures_are_not_remembered(tmp_path):
    """A font file mended on disk loads at the next try (errors are not cached)."""
    path = tmp_path / "font.ttf"
    empty(path)
    with pytest.raises(fonts.FontError):
        load(str(path))
    path.write_bytes(default_bold().read_bytes())
    assert load(str(path)).ps_name == "PTSans-Bold"


def test_a_subset_reportlab_cannot_make_is_refused_before_writing(run, tmp_path, out, monkeypatch):
    """The last check on the letters a kit needs is reportlab making their PDF subset, as the writer
    will; what it raises there becomes the line."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    def refuse(self, codes):
        raise TTFError(f"cannot subset {len(codes)} characters")

    font = tmp_path / "font.ttf"
    TTFont(str(default_bold())).save(str(font))  # other bytes than the bundled file, so checked in full
    monkeypatch.setattr(TTFontFile, "makeSubset", refuse)
    code, _, err = run("build", KIT, "--out", out, "--font", font)
    assert code == 2
    assert one_line(err) == "--font: font 'font.ttf' cannot be embedded in a PDF (reportlab: TTFError: cannot " \
                            "subset 33 characters)"  # A–Z and 0 1 2 3 4 5 8
    assert_nothing_written(out)


def test_letters_far_taller_than_the_capitals_are_one_line(run, tmp_path):
    """An A four times as tall as the font's capitals fits no tile beside its value: one line at
    the font's place, exit 2 (it was an AssertionError)."""
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    tt = TTFont(str(default_bold()))
    glyphs = tt.getGlyphSet()
    name = tt.getBestCmap()[ord("A")]
    pen = TTGlyphPen(glyphs)
    glyphs[name].draw(TransformPen(pen, (1, 0, 0, 4, 0, 0)))
    tt["glyf"][name] = pen.glyph()
    tt.save(str(tmp_path / "tall.ttf"))
    code, _, err = run("build", "scrabble-en", "--font", tmp_path / "tall.ttf", "--out", tmp_path / "out")
    assert code == 2
    assert err.strip() == ("--font: the letters of font 'tall.ttf' do not fit a 19 mm tile clear of the value even "
                           "at 40 % of their size (their ink is much taller than the font's capitals): choose "
                           "another font or a larger tile")
    assert not (tmp_path / "out").exists()


def test_the_bundled_fonts_earn_their_trust(monkeypatch):
    """The bundled fonts skip the slow checks at load (BUNDLED_DIGESTS); checked in full here, they
    pass every one, and reportlab subsets every character any shipped kit or sheet needs."""
    import printkit.fonts as fonts
    from printkit.config import kit_names, load_kit
    from printkit.text import TABLE

    assert {fonts.Font(default_bold()).digest, fonts.Font(default_regular()).digest} == fonts.BUNDLED_DIGESTS
    monkeypatch.setattr(fonts, "BUNDLED_DIGESTS", frozenset())
    needed = "".join(text for entry in TABLE.values() for text in entry.values()) + "0123456789"
    for name in kit_names():
        kit = load_kit(name)
        needed += kit.title + "".join(t.face + str(t.value) for t in kit.distribution.tiles)
        needed += "".join(kit.board_style.labels.values()) + "".join(kit.board_style.legend.values())
    for path in (default_bold(), default_regular()):
        font = fonts.Font(path)
        assert not font.trusted and font.embedding_problem(needed.replace("|", "")) is None
