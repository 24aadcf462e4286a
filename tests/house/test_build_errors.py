"""printkit build with bad input: one clear line, exit code 2, nothing half-written in the output."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._f_v_a_r import Axis

from printkit.fonts import default_bold, default_regular, load


def latin_only_font(path: Path) -> Path:
    tt = TTFont(str(default_bold()))
    opts = subset.Options()
    sub = subset.Subsetter(opts)
    sub.populate(text="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    sub.subset(tt)
    tt.save(str(path))
    return path


def variable_font(path: Path) -> Path:
    tt = TTFont(str(default_bold()))
    fvar = newTable("fvar")
    axis = Axis()
    axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue, axis.axisNameID = "wght", 400, 700, 900, 256
    fvar.axes, fvar.instances = [axis], []
    tt["fvar"] = fvar
    tt.save(str(path))
    return path


def cff_font(path: Path) -> Path:
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0)), pen.lineTo((500, 0)), pen.lineTo((250, 700)), pen.closePath()
    cs = pen.getCharString()
    fb.setupCFF("Test-CFF", {"FullName": "Test CFF"}, {".notdef": cs, "A": cs}, {})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Test", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.save(str(path))
    return path


@pytest.fixture
def out(tmp_path) -> Path:
    return tmp_path / "out"


def assert_nothing_written(out: Path):
    leftovers = [p.name for p in out.iterdir()] if out.exists() else []
    assert leftovers == [], leftovers


def test_font_missing_letters_is_named(run, tmp_path, out):
    font = latin_only_font(tmp_path / "Latin.ttf")
    code, stdout, err = run("build", "--out", out, "--font", font)
    assert code == 2
    line = err.strip()
    assert "\n" not in line
    assert line.startswith("--font: font 'Latin.ttf' has no glyph for А Б В Г Д")
    assert line.endswith("(32 letters the kit krestoslovitsa needs)")
    assert_nothing_written(out)


def test_latin_font_is_fine_for_a_latin_kit(run, tmp_path, out):
    font = latin_only_font(tmp_path / "Latin.ttf")
    code, _, err = run("build", "scrabble-en", "--out", out, "--font", font, "-q")
    assert code == 0, err


def test_font_from_kit_file_names_the_line(write, run, tmp_path, out):
    latin_only_font(tmp_path / "Latin.ttf")
    kit = write("k.yaml", "extends: krestoslovitsa\nstyle:\n  tile: {font: Latin.ttf}\n")
    code, _, err = run("build", kit, "--out", out)
    assert code == 2
    assert err.strip().startswith(f"{kit}:3:16: font 'Latin.ttf' has no glyph for А")


@pytest.mark.parametrize("maker, message", [
    (variable_font, "is a variable font, which would be drawn in its default instance only: use a static "
                    "instance (e.g. the Bold .ttf)"),
    (cff_font, "has PostScript (CFF) outlines, which PDF embedding here does not take: use the TrueType "
               "(.ttf) version of the font"),
])
def test_unusable_fonts_are_refused(run, tmp_path, out, maker, message):
    font = maker(tmp_path / "font.ttf")
    code, _, err = run("build", "--out", out, "--font", font)
    assert code == 2
    assert err.strip() == f"--font: 'font.ttf' {message}"
    assert_nothing_written(out)


def test_not_a_font_and_missing_file(run, tmp_path, out):
    junk = tmp_path / "junk.ttf"
    junk.write_text("not a font")
    code, _, err = run("build", "--out", out, "--font", junk)
    assert code == 2 and err.startswith("--font: 'junk.ttf' is not a font file that can be read")
    code, _, err = run("build", "--out", out, "--font", tmp_path / "nope.ttf")
    assert code == 2 and err.startswith("--font: font file") and "not found" in err


def test_fonts_sharing_a_postscript_name_are_kept_apart(tmp_path):
    """reportlab merges fonts with the same PostScript name; ours are keyed by file contents and a
    clashing second file is registered under another name."""
    clash = tmp_path / "clash.ttf"
    tt = TTFont(str(default_regular()))
    for record in tt["name"].names:
        if record.nameID == 6:
            record.string = "PTSans-Bold"
    tt.save(str(clash))
    a, b = load(None), load(str(clash))
    assert a.ps_name == b.ps_name == "PTSans-Bold" and a.key != b.key
    from reportlab.pdfbase import pdfmetrics

    from printkit.writers.pdf import _register
    ra, rb = pdfmetrics.getFont(_register(a)), pdfmetrics.getFont(_register(b))
    assert ra is not rb
    assert ra.face.getCharWidth(ord("H")) != rb.face.getCharWidth(ord("H"))  # Bold 651, Regular 672
    assert TTFont(io.BytesIO(b.embeddable_bytes("PTSans-Bold-x")))["name"].getDebugName(6) == "PTSans-Bold-x"


def test_unknown_product_and_paper(run, out):
    code, _, err = run("build", "--out", out, "--only", "tile")
    assert code == 2
    assert err.strip() == ("--only: unknown product 'tile' (did you mean 'tiles'?) "
                           "(products: tiles, board, laser, burn, play, calibration, print-all, 3d, cutter, "
                           "stickers, racks, box, bag)")
    code, _, err = run("build", "--out", out, "--paper", "B5")
    assert code == 2
    assert err.strip().startswith("--paper: paper 'B5' is neither a size name")
    assert_nothing_written(out)


def test_tile_that_does_not_fit_the_paper(write, run, out):
    kit = write("k.yaml", "extends: krestoslovitsa\nphysical: {tile_mm: 90, cell_mm: 95}\nprint: {paper: 100x100}\n")
    code, _, err = run("build", kit, "--out", out, "--only", "tiles")
    assert code == 2
    assert "a tile of 90 mm does not fit on 100x100 paper (100 × 100 mm) with margins of 10 mm" in err
    assert_nothing_written(out)


def test_failed_build_leaves_previous_output_untouched(run, tmp_path, out):
    code, _, _ = run("build", "--out", out, "--only", "tiles", "-q")
    assert code == 0
    before = {p: p.read_bytes() for p in (out / "krestoslovitsa").rglob("*") if p.is_file()}
    font = latin_only_font(tmp_path / "Latin.ttf")
    code, _, _ = run("build", "--out", out, "--only", "tiles", "--font", font)
    assert code == 2
    after = {p: p.read_bytes() for p in (out / "krestoslovitsa").rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in out.iterdir()) == ["krestoslovitsa"]


def test_a_write_error_mid_build_leaves_nothing(run, monkeypatch, out):
    from dataclasses import replace

    from printkit.formats import FORMATS

    def broken(doc, path):
        path.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setitem(FORMATS, "svg", replace(FORMATS["svg"], write=broken))
    code, _, err = run("build", "--out", out, "--only", "tiles")
    assert code == 2
    assert err.strip() == f"{out}: cannot write the kit (No space left on device); nothing was changed"
    assert_nothing_written(out)


def test_build_prints_one_line_per_file(run, out):
    code, stdout, _ = run("build", "--out", out, "--only", "tiles")
    assert code == 0
    lines = stdout.strip().splitlines()
    assert lines[0] == f"{out}/krestoslovitsa/tiles-A4.pdf  (2 pages, A4, 130 tiles + 9 spares, tile 20.00 mm, " \
                       f"{lines[0].rsplit(', ', 1)[1]}"
    assert lines[-5:-1] == [f"{out}/krestoslovitsa/index.html  (gallery, {lines[-5].rsplit(', ', 1)[1]}",
                            f"{out}/krestoslovitsa/preview/  (5 previews, {lines[-4].rsplit(', ', 1)[1]}",
                            f"{out}/krestoslovitsa/manifest.json",
                            # what to do next: --only tiles remade print-all, not the calibration sheet
                            f"Open {out}/krestoslovitsa/index.html; print print-all-A4.pdf (at 100 %)."]
    # previews: 2 PDF pages, 2 SVGs, print-all's contents
    assert lines[-1].startswith(f"verify {out}/krestoslovitsa: all ")  # what it wrote, measured again
    assert len(lines) == 9


def test_only_with_nothing(run, out):
    code, _, err = run("build", "--out", out, "--only", ",")
    assert code == 2 and err.strip() == (
        "--only: name at least one product (tiles, board, laser, burn, play, calibration, print-all, 3d, cutter, "
        "stickers, racks, box, bag)")
    assert_nothing_written(out)


def test_check_reports_a_font_without_the_letters(write, run, tmp_path):
    latin_only_font(tmp_path / "Latin.ttf")
    kit = write("k.yaml", "extends: krestoslovitsa\nstyle:\n  tile: {font: Latin.ttf}\n")
    code, out, _ = run("check", kit)
    assert code == 1
    assert ("    FAIL font 'Latin.ttf' has no glyph for "
            "А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я") in out


def test_build_reports_each_laser_sheets_job(run, out):
    """The plan of a laser job in the command's output: tiles per sheet, bed, cut, travel and time."""
    code, stdout, _ = run("build", "--out", out, "--only", "laser", "--bed", "300x200")
    assert code == 0
    lines = stdout.strip().splitlines()
    assert lines[0].startswith(f"{out}/krestoslovitsa/laser-tiles-1.svg  (126 tiles, tile 20.00 mm, lightburn for "
                               f"plywood-3mm-co2-40w, bed 300x200, cut 5.55 m, travel 0.72 m, about 54 min, ")
    assert lines[1].startswith(f"{out}/krestoslovitsa/laser-tiles-1.lbrn2  (126 tiles, tile 20.00 mm, lightburn for "
                               f"plywood-3mm-co2-40w, bed 300x200, cut 5.55 m, travel 0.72 m, about 54 min, ")
    assert lines[2].startswith(f"{out}/krestoslovitsa/laser-tiles-2.svg  (4 tiles + 9 spares, tile 20.00 mm, ")


@pytest.mark.parametrize("side, fits", [("3", "5"), ("4", "5")])
def test_a_tile_too_small_for_its_letters_is_named_at_the_tile_size(write, run, tmp_path, side, fits):
    """At 3 mm no font's letters fit beside their values (the least gaps take most of the tile): the
    line names the tile's size the user wrote, and the least tried that fits, not the shipped
    template's font line with a reason about the font's capitals (as it did)."""
    kit = write("k.yaml", f"extends: krestoslovitsa\nname: tiny\nphysical: {{tile_mm: {side}}}\n")
    code, out, err = run("build", kit, "--out", tmp_path / "out", "--only", "tiles")
    assert (code, out) == (2, "")
    assert err == (f"{kit}:3:21: a tile of {side} mm is too small for the letters of font 'PT_Sans-Web-Bold.ttf' "
                   f"beside its value, even at 40 % of their size: they fit a tile of {fits} mm; choose a larger "
                   f"tile\n")
    assert not (tmp_path / "out").exists()
    code, out, _ = run("check", kit)
    assert code == 1 and f"FAIL tiles: {kit}:3:21: a tile of {side} mm is too small" in out
    small = write("ok.yaml", f"extends: krestoslovitsa\nname: small\nphysical: {{tile_mm: {fits}}}\n")
    assert run("build", small, "--out", tmp_path / "out", "--only", "tiles", "-q")[0] == 0  # as the line says
