"""printkit verify: every shipped kit passes, and each kind of damage to a built file fails with its
own line (and only the lines it should)."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import sys
from pathlib import Path

import pypdf
import pytest
from manifestread import manifest_of
from pypdf.generic import DecodedStreamObject

from printkit.build import build_kit
from printkit.config import kit_names, load_kit
from printkit.install import install_line
from printkit.verify import _operations, _slow_operations, verify

KIT = "krestoslovitsa"
PT = 72 / 25.4


@pytest.fixture(scope="session")
def built(default_kit) -> Path:
    """The default kit's folder, built once for the run with all products (tests/conftest.py)."""
    return default_kit


@pytest.fixture(scope="session")
def dxf_built(shared) -> Path:
    """The default kit's laser files for a DXF profile (rdworks)."""
    return shared.build(KIT, only=["laser"], laser="rdworks")


@pytest.fixture(scope="session")
def shipped(shared):
    """A shipped kit's folder, built once for the run with all products (tests/house/test_reproducible.py
    compares the same folders with other processes' builds)."""
    return shared.build


@pytest.fixture
def kit_dir(built, tmp_path) -> Path:
    """A copy of the default kit's folder, to damage."""
    return Path(shutil.copytree(built, tmp_path / KIT))


@pytest.fixture
def dxf_dir(dxf_built, tmp_path) -> Path:
    return Path(shutil.copytree(dxf_built, tmp_path / "dxf" / KIT))


def lines(folder: Path, **kw) -> list[str]:
    return [c.line() for c in verify(folder, **kw).checks]


def failures(folder: Path, **kw) -> list[str]:
    return [c.line() for c in verify(folder, **kw).failures]


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace the first ``count`` times ``old`` occurs in a text file (which must hold it)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def narrow(folder: Path, *paths: str) -> Path:
    """Make the manifest list only ``paths`` (a damaged file is checked alone, and quickly)."""
    manifest = manifest_of(folder)
    manifest["artifacts"] = [a for a in manifest["artifacts"] if a["path"] in paths]
    assert len(manifest["artifacts"]) == len(paths)
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    return folder


def relist(folder: Path, rel: str) -> None:
    """Make the manifest list the file's present bytes and sha256 again (to test one check alone)."""
    manifest = manifest_of(folder)
    data = (folder / rel).read_bytes()
    for a in manifest["artifacts"]:
        if a["path"] == rel:
            a["bytes"], a["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")


def rewrite_pdf(path: Path, change) -> None:
    """Rewrite a PDF with pypdf after ``change(writer)`` (another producer's file, as a user's tool makes)."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(path)))
    change(writer)
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())


def resize_first(side_mm: float, w_mm: float, h_mm: float):
    """A content change: the first square of ``side_mm`` drawn with ``re`` gets sides ``w_mm`` × ``h_mm``."""
    def change(text):
        done = []

        def one(m):
            x, y, w, h = (float(v) for v in m.groups())
            if done or abs(w - side_mm * PT) > 0.01 or abs(h - side_mm * PT) > 0.01:
                return m.group(0)
            done.append(1)
            return f"{x} {y} {w_mm * PT:.5f} {h_mm * PT:.5f} re"

        return re.sub(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re", one, text), len(done)

    return change


def replace_once(old: str, new: str):
    """A content change: the first ``old`` becomes ``new``."""
    return lambda text: (text.replace(old, new, 1), int(old in text))


def edit_content(page, change) -> int:
    """Replace the page's content stream by ``change(text)``; returns how much changed (its second value)."""
    text, n = change(page["/Contents"].get_object().get_data().decode("latin-1"))
    stream = DecodedStreamObject()
    stream.set_data(text.encode("latin-1"))
    page.replace_contents(stream)
    return n


# -- every shipped kit ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", kit_names())
def test_every_shipped_kit_verifies(shipped, name):
    report = verify(shipped(name))
    assert [c.line() for c in report.failures] == []
    assert report.passed
    assert report.summary() == f"verify {shipped(name)}: all {len(report.checks)} checks passed"


def test_the_default_kit_is_measured_file_by_file(built):
    got = lines(built)
    for line in [
        "ok  manifest.json: kit krestoslovitsa (configs/kits/krestoslovitsa.yaml): 130 tiles (2 blanks) of 20 mm, "
        "15 × 15 cells of 22 mm, as the manifest says",
        "ok  tiles-A4.pdf: 2 pages of 210 × 297 mm",
        "ok  tiles-A4.pdf: 2 fonts, each embedded (FontFile2) and subset",
        "ok  tiles-A4.pdf: 139 tiles of 20.00 mm (130 + 9 spares)",
        "ok  tiles-A4.pdf: letters: each of the 32 letters as often as the set has it, 2 blanks + 9 spares "
        "(А Е И К Н О П Р С); each with its value",
        "ok  tiles-A4-1.svg: 210 × 297 mm, viewBox in millimetres",
        "ok  tiles-A4-1.svg: letters are paths (no <text>)",
        "ok  tiles-A4-1.svg: 108 tiles of 20.00 mm",
        "ok  tiles-A4-2.svg: 31 tiles of 20.00 mm (22 + 9 spares)",
        "ok  board-poster.pdf: 1 page of 371 × 411 mm",
        "ok  board-poster.pdf: 225 cells of 22.00 mm (15 × 15)",
        "ok  board.svg: 225 cells of 22.00 mm (15 × 15)",
        "ok  board-A4.pdf: 225 cells of 22.00 mm (15 × 15) on each of 4 pages",
        "ok  laser-tiles-1.svg: 600 × 400 mm, viewBox in millimetres",
        "ok  laser-tiles-1.svg: layers in the job order of lightburn: engrave, inner cuts, outer cut",
        "ok  laser-tiles-1.svg: colours and widths per lightburn (engrave #000000 filled, score #0000ff 0.01 mm, "
        "inner_cut #00e000 0.01 mm, cut #ff0000 0.01 mm): 357 elements",
        "ok  laser-tiles-1.svg: everything inside the bed of 600 × 400 mm",
        "ok  laser-tiles-1.svg: each cut once (90 cut segments, none overlapping)",
        "ok  laser-tiles-1.svg: 139 tiles of 20.00 mm cut free (130 + 9 spares) in 2 blocks, on a grid of 20.2 mm "
        "(tile 20 + kerf 0.2)",
        "ok  laser-tiles-1.svg: inner cuts: each of 80 starts inside the closed outline it is cut before",
        "ok  laser-tiles-1.svg: letters: the set's 130 tiles in a block of their own; 9 spares (А Е И К Н О П Р С) "
        "apart, below a label, as the manifest says; each with its value",
        "ok  laser-tiles-1.svg: letters over 1 laser tile sheet: the set of 130 once and 9 spares apart, as the paper "
        "sheets have them",
        "ok  laser-coupon.svg: 77.5 × 28.085 mm, viewBox in millimetres",
        "ok  burn-tiles-A4.pdf: 139 tiles of 20.00 mm (130 + 9 spares)",
        "ok  burn-board-A4.pdf: 4 pages of 210 × 297 mm",
        "ok  burn-board-A4.pdf: 1 font, each embedded (FontFile2) and subset",
        "ok  scoresheet.pdf: 1 page of 210 × 297 mm",
        "ok  reference.pdf: 2 fonts, each embedded (FontFile2) and subset",
    ]:
        assert line in got
    manifest = manifest_of(built)
    for a in manifest["artifacts"]:
        assert f"ok  {a['path']}: {a['bytes']} bytes, sha256 as the manifest says" in got


def test_a_dxf_laser_kit_verifies(dxf_built):
    got = lines(dxf_built)
    assert [g for g in got if g.startswith("FAIL")] == []
    assert "ok  laser-coupon.dxf: units are millimetres ($INSUNITS 4)" in got
    assert ("ok  laser-tiles-1.dxf: colours per rdworks (engrave #000000, score #0000ff, inner_cut #00ff00, "
            "cut #ff0000): 525 elements") in got
    assert "ok  laser-tiles-1.dxf: inner cuts: each of 80 starts inside the closed outline it is cut before" in got
    assert "ok  laser-tiles-1.dxf: everything inside the bed of 600 × 400 mm" in got
    assert "ok  laser-tiles-1.dxf: layers numbered in job order: 1-engrave, 2-inner-cuts, 3-outer-cut" in got
    assert "ok  laser-tiles-1.dxf: layers in the job order of rdworks: engrave, inner cuts, outer cut" in got
    assert ("ok  laser-board-1.dxf: colour numbers (ACI) on every layer and entity: engrave 7, score 5, "
            "outer cut 1") in got
    assert ("ok  laser-board-1.dxf: extents are the drawing's (5,36.8 to 363.2,395 mm), "
            "limits the bed (600 × 400 mm)") in got
    assert ("ok  laser-coupon.dxf: extents are the drawing's (5.1,5 to 72.5,22.455 mm), limits the bed "
            "(600 × 400 mm)") in got


def test_backs_tiles_apart_spares_by_letter_and_a_small_laser_verify(tmp_path, write, run):
    kit = write("odd.yaml", """
        extends: krestoslovitsa
        name: odd-set
        print: {paper: A4, spares: {blanks: 1, letters: {О: 2, А: 1}}, cut: gap, backs: pattern, outline: true}
        style: {labels: book-ru, tile: {back_pattern: dots}}
        laser: {profile: k40-whisperer, tabs_mm: 0.5}
        """)
    code, out, _ = run("build", kit, "--out", tmp_path / "out", "--only", "tiles,laser", "-q")
    assert (code, out) == (0, "")
    folder = tmp_path / "out" / "odd-set"
    got = lines(folder, kit_file=str(kit))
    assert [g for g in got if g.startswith("FAIL")] == []
    assert "ok  tiles-A4.pdf: 134 tiles of 20.00 mm (130 + 4 spares), a back behind each" in got
    assert ("ok  tiles-A4.pdf: letters: each of the 32 letters as often as the set has it, 2 blanks + 4 spares "
            "(А О×2 blank); each with its value") in got
    assert "ok  tiles-A4-2.svg: 77 tile backs of 23.00 mm" in got
    assert "ok  laser-board-plates.svg: everything inside the bed of 325 × 220 mm" in got
    assert ("ok  laser-tiles-1.svg: 134 tiles of 20.00 mm cut free (130 + 4 spares) in 2 blocks, on a grid of "
            "20.2 mm (tile 20 + kerf 0.2)") in got  # with hold tabs of 0.5 mm
    assert ("ok  laser-tiles-1.svg: inner cuts: hold tabs of 0.5 mm keep every tile in the sheet, "
            "whatever the order") in got
    # without the kit file, the manifest alone
    alone = verify(folder)
    assert alone.checks[0].line() == ("note manifest.json: kit 'odd-set' is not a shipped kit and no --kit FILE was "
                                      "given: the files are checked against the manifest alone")
    assert alone.passed


# -- the command ---------------------------------------------------------------------------------------

def test_verify_command_prints_a_line_per_check_and_exits_0(built, run):
    code, out, err = run("verify", built)
    report = verify(built)
    assert (code, err) == (0, "")
    assert out.splitlines() == [c.line() for c in report.checks] + [report.summary()]


def test_verify_quiet_prints_the_failures_and_the_summary(kit_dir, run):
    (kit_dir / "board.svg").unlink()
    code, out, _ = run("verify", "-q", kit_dir)
    n = len(verify(kit_dir).checks)
    assert code == 1
    assert out.splitlines() == ["FAIL board.svg: missing: the manifest lists it, the folder does not have it",
                                f"verify {kit_dir}: 1 of {n} checks FAILED"]


def test_unreadable_folder_or_manifest_is_one_line_and_exit_2(tmp_path, run):
    assert run("verify", tmp_path / "nowhere") == (
        2, "", f"printkit verify: {tmp_path / 'nowhere'} does not exist (give a built kit's folder, "
               f"e.g. out/krestoslovitsa)\n")
    assert run("verify", tmp_path) == (
        2, "", f"printkit verify: {tmp_path} has no manifest.json (give a built kit's folder, e.g. "
               f"out/krestoslovitsa)\n")
    (tmp_path / "manifest.json").write_text("{not json", encoding="utf-8")
    code, out, err = run("verify", tmp_path)
    assert (code, out) == (2, "")
    assert err.startswith(f"printkit verify: {tmp_path / 'manifest.json'} cannot be read: ")
    assert err.count("\n") == 1
    (tmp_path / "manifest.json").write_text('{"kit": "x", "artifacts": [{"path": 3}]}', encoding="utf-8")
    assert run("verify", tmp_path) == (
        2, "", f"printkit verify: {tmp_path / 'manifest.json'} is not a printkit manifest (it needs 'kit' and "
               f"'artifacts', each with 'path' and 'format')\n")


def test_build_verifies_and_prints_one_summary_line(tmp_path, run):
    code, out, _ = run("build", "--out", tmp_path, "--only", "tiles")
    n = len(verify(tmp_path / KIT).checks)
    assert code == 0
    assert out.splitlines()[-1] == f"verify {tmp_path / KIT}: all {n} checks passed"
    assert not any(line.startswith(("ok ", "FAIL ")) for line in out.splitlines())
    code, out, _ = run("build", "--out", tmp_path, "--only", "tiles", "-q")
    assert (code, out) == (0, "")
    code, out, _ = run("build", "--out", tmp_path, "--only", "tiles", "--no-verify")
    assert code == 0
    assert "verify" not in out


def test_build_exits_1_when_what_it_wrote_fails(tmp_path, run, monkeypatch):
    from dataclasses import replace

    from printkit.formats import FORMATS

    write_svg = FORMATS["svg"].write

    def svg_with_text(doc, path):  # a writer gone wrong: a <text> element in every SVG
        write_svg(doc, path)
        Path(path).write_text(Path(path).read_text(encoding="utf-8").replace(
            "</svg>", '<text x="10" y="10">A</text></svg>'), encoding="utf-8")

    monkeypatch.setitem(FORMATS, "svg", replace(FORMATS["svg"], write=svg_with_text))
    code, out, _ = run("build", "--out", tmp_path, "--only", "tiles", "-q")
    n = len(verify(tmp_path / KIT).checks)
    assert code == 1
    assert out.splitlines() == [
        "FAIL tiles-A4-1.svg: 1 <text> element (letters must be paths: the opening machine's fonts would change them)",
        "FAIL tiles-A4-2.svg: 1 <text> element (letters must be paths: the opening machine's fonts would change them)",
        f"verify {tmp_path / KIT}: 2 of {n} checks FAILED"]


# -- damage, one kind at a time --------------------------------------------------------------------------

def test_a_missing_file(kit_dir):
    (kit_dir / "tracking.pdf").unlink()
    assert failures(kit_dir) == ["FAIL tracking.pdf: missing: the manifest lists it, the folder does not have it"]


def test_a_changed_byte(kit_dir):
    path = kit_dir / "scoresheet.pdf"
    listed = hashlib.sha256(path.read_bytes()).hexdigest()
    data = path.read_bytes().replace(b"(printkit)", b"(printkiT)", 1)
    path.write_bytes(data)
    assert failures(kit_dir) == [f"FAIL scoresheet.pdf: sha256 {hashlib.sha256(data).hexdigest()[:12]}…, the "
                                 f"manifest says {listed[:12]}… (changed after the build)"]


def test_a_file_of_another_length(kit_dir):
    narrow(kit_dir, "reference.pdf")
    path = kit_dir / "reference.pdf"
    n = path.stat().st_size
    path.write_bytes(path.read_bytes() + b"\n")
    assert failures(kit_dir) == [f"FAIL reference.pdf: {n + 1} bytes, the manifest says {n} (changed after the build)"]


def test_a_path_that_leaves_the_folder_is_not_read(kit_dir):
    narrow(kit_dir, "tiles-A4.pdf")
    manifest = manifest_of(kit_dir)
    manifest["artifacts"][0]["path"] = "../elsewhere.pdf"
    (kit_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert failures(kit_dir) == ["FAIL ../elsewhere.pdf: the path leaves the kit's folder; not read"]


def test_a_resized_tile_in_an_svg(kit_dir):
    narrow(kit_dir, "tiles-A4-1.svg")
    edit(kit_dir / "tiles-A4-1.svg", 'height="20" width="20"', 'height="20.5" width="20.5"')
    relist(kit_dir, "tiles-A4-1.svg")
    assert failures(kit_dir) == ["FAIL tiles-A4-1.svg: 107 tiles of 20.00 mm, expected 108; 1 square of another "
                                 "size (20.5 × 20.5 mm)"]


def test_a_tile_a_hundredth_off_is_still_found(kit_dir):
    narrow(kit_dir, "tiles-A4-1.svg")
    edit(kit_dir / "tiles-A4-1.svg", 'height="20" width="20"', 'height="20.011" width="20"')
    relist(kit_dir, "tiles-A4-1.svg")
    assert failures(kit_dir) == ["FAIL tiles-A4-1.svg: 107 tiles of 20.00 mm, expected 108; 1 square of another "
                                 "size (20 × 20.011 mm)"]
    edit(kit_dir / "tiles-A4-1.svg", 'height="20.011"', 'height="20.009"')
    relist(kit_dir, "tiles-A4-1.svg")
    assert failures(kit_dir) == []


def test_one_larger_tile_in_a_pdf(kit_dir):
    narrow(kit_dir, "tiles-A4.pdf")
    def one_larger(writer):
        assert edit_content(writer.pages[0], resize_first(20, 20.5, 20.5)) == 1

    rewrite_pdf(kit_dir / "tiles-A4.pdf", one_larger)
    relist(kit_dir, "tiles-A4.pdf")
    assert failures(kit_dir) == ["FAIL tiles-A4.pdf: 138 tiles of 20.00 mm, expected 139; 1 square of another size "
                                 "(20.5 × 20.5 mm)"]


def test_tiles_drawn_larger_across_for_a_printer_that_prints_small(kit_dir):
    """A page compensated for a printer's scale: the manifest gives the tiles' drawn size beside the nominal."""
    narrow(kit_dir, "tiles-A4-1.svg")
    edit(kit_dir / "tiles-A4-1.svg", 'inkscape:label="print">',
         'inkscape:label="print"><g transform="scale(1.01 0.99)">')
    edit(kit_dir / "tiles-A4-1.svg", "</g></svg>", "</g></g></svg>")
    relist(kit_dir, "tiles-A4-1.svg")
    assert failures(kit_dir) == ["FAIL tiles-A4-1.svg: 0 tiles of 20.00 mm, expected 108; 108 squares of another size "
                                 "(20.2 × 19.8 mm)"]
    manifest = manifest_of(kit_dir)
    manifest["artifacts"][0]["drawn_tile_mm"] = [20.2, 19.8]
    (kit_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert failures(kit_dir) == []
    assert "ok  tiles-A4-1.svg: 108 tiles of 20.00 mm, drawn 20.2 × 19.8 mm for the printer" in lines(kit_dir)


def test_a_build_compensated_for_the_printer_verifies(tmp_path, run):
    code, out, _ = run("build", "--out", tmp_path, "--only", "tiles,board", "--scale-x", "1.004", "--scale-y", "0.997")
    assert code == 0
    got = lines(tmp_path / KIT)
    assert [g for g in got if g.startswith("FAIL")] == []
    assert ("ok  tiles-A4.pdf: 138 tiles of 20.00 mm, drawn 20.08 × 19.94 mm for the printer (130 + 8 spares)"
            in got)
    assert "ok  tiles-A4-1.svg: 96 tiles of 20.00 mm" in got  # SVG is never compensated
    assert ("ok  board-A4.pdf: 225 cells of 22.00 mm, drawn 22.088 × 21.934 mm for the printer (15 × 15) on each of "
            "4 pages") in got


def test_other_files_are_checked_for_their_bytes(kit_dir):
    (kit_dir / "index.html").write_text("<!doctype html>", encoding="utf-8")
    manifest = manifest_of(kit_dir)
    manifest["artifacts"] = [{"path": "index.html", "kind": "gallery", "format": "html", "bytes": 15,
                              "sha256": hashlib.sha256(b"<!doctype html>").hexdigest()}]
    (kit_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert lines(kit_dir)[1:] == ["ok  index.html: 15 bytes, sha256 as the manifest says"]


def test_a_pdf_of_another_tile_size_swapped_in(kit_dir, tmp_path, write):
    narrow(kit_dir, "tiles-A4.pdf")
    kit = write("big.yaml", """
        extends: krestoslovitsa
        name: big
        physical: {tile_mm: 21, cell_mm: 22}
        """)
    build_kit(load_kit(str(kit)), tmp_path / "big", only=["tiles"])
    shutil.copy(tmp_path / "big" / "big" / "tiles-A4.pdf", kit_dir / "tiles-A4.pdf")
    relist(kit_dir, "tiles-A4.pdf")
    assert failures(kit_dir) == [  # a page of 21 mm tiles has room for 8 spares, not 9
        "FAIL tiles-A4.pdf: 0 tiles of 20.00 mm, expected 139; 138 squares of another size (21 × 21 mm)",
        "FAIL tiles-A4.pdf: letters: 8 more than the set, the manifest says 9 spares"]


def test_rectangles_drawn_as_paths_are_tiles_too(kit_dir):
    """Another producer may draw a square as four lines: verify reads the shape, not the operator."""
    narrow(kit_dir, "tiles-A4.pdf")
    def as_paths(text):
        def path(m):
            x, y, w, h = (float(v) for v in m.groups())
            return f"{x} {y} m {x + w} {y} l {x + w} {y + h} l {x} {y + h} l h"
        return re.subn(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re", path, text)

    rewrite_pdf(kit_dir / "tiles-A4.pdf", lambda w: [edit_content(p, as_paths) for p in w.pages])
    relist(kit_dir, "tiles-A4.pdf")
    assert failures(kit_dir) == []
    assert "ok  tiles-A4.pdf: 139 tiles of 20.00 mm (130 + 9 spares)" in lines(kit_dir)


def letter_changed(kit_dir: Path, old: int, new: int) -> None:
    """The first tile printed with code ``old`` of the letters' subset font printed with ``new``
    (the subset numbers letters in the order first drawn: А 1, Б 2, … Ж 7)."""
    def change(writer):
        assert edit_content(writer.pages[0], replace_once(f"(\\{old:03o}) Tj", f"(\\{new:03o}) Tj")) == 1

    rewrite_pdf(narrow(kit_dir, "tiles-A4.pdf") / "tiles-A4.pdf", change)
    relist(kit_dir, "tiles-A4.pdf")


def test_a_letter_changed_in_the_tiles_pdf(kit_dir):
    letter_changed(kit_dir, 7, 2)  # a Ж printed as Б (with Ж's value, 5)
    assert failures(kit_dir) == ["FAIL tiles-A4.pdf: letters: too few: Ж 1 of 2; 10 more than the set, the manifest "
                                 "says 9 spares; wrong values: Б 5 (not 3)"]


def test_a_spare_of_a_rare_letter_where_the_kit_fills_with_common_ones(kit_dir):
    letter_changed(kit_dir, 1, 2)  # an А printed as Б: the set still has its 10 А, and a spare Б instead of А
    assert failures(kit_dir) == ["FAIL tiles-A4.pdf: letters: spares Б Е И К Н О П Р С are not one each of the "
                                 "commonest letters of the set (the kit's spares: fill); wrong values: Б 1 (not 3)"]


def test_an_svg_with_a_text_element(kit_dir):
    narrow(kit_dir, "board.svg")
    edit(kit_dir / "board.svg", "</svg>", '<text x="10" y="10">Б2</text></svg>')
    relist(kit_dir, "board.svg")
    assert failures(kit_dir) == ["FAIL board.svg: 1 <text> element (letters must be paths: the opening machine's "
                                 "fonts would change them)"]


def test_an_svg_without_millimetres(kit_dir):
    narrow(kit_dir, "board.svg")
    edit(kit_dir / "board.svg", 'height="405mm"', 'height="405"')
    relist(kit_dir, "board.svg")
    assert failures(kit_dir) == ['FAIL board.svg: the root is width="365mm" height="405" viewBox="0 0 365 405": it '
                                 'needs millimetres and a viewBox, so that one unit is one millimetre']
    edit(kit_dir / "board.svg", 'height="405"', 'height="405mm"')
    edit(kit_dir / "board.svg", 'viewBox="0 0 365 405"', 'viewBox="0 0 1034.6 1148"')
    relist(kit_dir, "board.svg")
    assert failures(kit_dir) == ['FAIL board.svg: viewBox="0 0 1034.6 1148" is not "0 0 365 405": one unit would '
                                 'not be one millimetre']


def test_a_page_size_changed(kit_dir):
    narrow(kit_dir, "tiles-A4.pdf")
    def taller(writer):
        for box in ("mediabox", "trimbox", "bleedbox"):  # the page and its boxes, so only the size is wrong
            getattr(writer.pages[1], box).upper_right = (210 * PT, 300 * PT)

    rewrite_pdf(kit_dir / "tiles-A4.pdf", taller)
    relist(kit_dir, "tiles-A4.pdf")
    assert failures(kit_dir) == ["FAIL tiles-A4.pdf: page 2 is 210 × 300 mm, the manifest says 210 × 297 mm"]


def test_a_page_missing(kit_dir):
    narrow(kit_dir, "board-A4.pdf")
    rewrite_pdf(kit_dir / "board-A4.pdf", lambda w: w.remove_page(3))
    relist(kit_dir, "board-A4.pdf")
    assert failures(kit_dir) == ["FAIL board-A4.pdf: 3 pages, the manifest says 4"]


def test_a_cell_resized_on_one_page_of_the_board(kit_dir):
    narrow(kit_dir, "board-A4.pdf")
    def change(writer):
        assert edit_content(writer.pages[2], resize_first(22, 22, 22.3)) == 1

    rewrite_pdf(kit_dir / "board-A4.pdf", change)
    relist(kit_dir, "board-A4.pdf")
    assert failures(kit_dir) == ["FAIL board-A4.pdf: 224 cells of 22.00 mm on page 3, expected 225; 1 square of "
                                 "another size (22 × 22.3 mm)"]


def test_a_font_not_embedded(kit_dir):
    narrow(kit_dir, "tracking.pdf")  # (a reference card of one word would also lack its word rule)
    from reportlab.pdfgen.canvas import Canvas

    path = kit_dir / "tracking.pdf"
    canvas = Canvas(str(path), pagesize=(210 * PT, 297 * PT))
    canvas.setTrimBox((0, 0, 210 * PT, 297 * PT))  # as printkit states them: only the font is wrong
    canvas.setBleedBox((0, 0, 210 * PT, 297 * PT))
    canvas.setFont("Helvetica", 12)
    canvas.drawString(100, 100, "Tiles played")
    canvas.save()
    relist(kit_dir, "tracking.pdf")
    assert failures(kit_dir) == ["FAIL tracking.pdf: font Helvetica is not embedded and is not a subset "
                                 "(no ABCDEF+ prefix)"]


def test_only_a_pdf_gathering_others_pages_may_turn_them(kit_dir):
    writer = pypdf.PdfWriter()
    writer.add_blank_page(210 * PT, 297 * PT)
    writer.add_blank_page(297 * PT, 210 * PT)  # a landscape score sheet among portrait pages
    for page in writer.pages:  # the boxes stated, as printkit states them
        page.trimbox = page.bleedbox = page.mediabox
    writer.write(kit_dir / "tracking.pdf")
    narrow(kit_dir, "tracking.pdf")
    manifest = manifest_of(kit_dir)
    manifest["artifacts"][0]["pages"] = 2
    (kit_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    relist(kit_dir, "tracking.pdf")
    assert failures(kit_dir) == ["FAIL tracking.pdf: page 2 is 297 × 210 mm, the manifest says 210 × 297 mm"]
    manifest["artifacts"][0]["kind"] = "print-all"
    (kit_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    relist(kit_dir, "tracking.pdf")
    assert lines(kit_dir)[3:] == ["ok  tracking.pdf: 2 pages of 210 × 297 mm",
                                  "ok  tracking.pdf: TrimBox = BleedBox = MediaBox on each of 2 pages "
                                  "(trimmed nowhere)",
                                  "ok  tracking.pdf: no fonts (no text)"]


def test_a_file_that_is_no_pdf(kit_dir):
    narrow(kit_dir, "tracking.pdf")
    (kit_dir / "tracking.pdf").write_bytes(b"%PDF-1.4\nnothing here\n")
    relist(kit_dir, "tracking.pdf")
    got = failures(kit_dir)
    assert len(got) == 1
    assert got[0].startswith("FAIL tracking.pdf: cannot be read as PDF: ")


def test_pypdf_warnings_are_held_back(kit_dir, caplog):
    """A file pypdf reads with a complaint (a wrong startxref pointer, which it repairs): the
    complaint does not reach the output; what verify measures does."""
    narrow(kit_dir, "tracking.pdf")
    path = kit_dir / "tracking.pdf"
    data = path.read_bytes()
    at = data.rindex(b"startxref")
    path.write_bytes(data[:at] + re.sub(rb"startxref\s+(\d+)", lambda m: b"startxref\n%d" % (int(m.group(1)) + 7),
                                         data[at:]))
    relist(kit_dir, "tracking.pdf")
    assert failures(kit_dir) == []
    assert [r.getMessage() for r in caplog.records if r.name.startswith("pypdf")] == []


# -- laser files ------------------------------------------------------------------------------------------

CUT_LINE = '<line fill="none" stroke="#00e000" stroke-width="0.01" x1="6" x2="590.8" y1="25.2" y2="25.2" />'


def test_a_cut_line_in_the_wrong_colour(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE.replace("#00e000", "#0000ff"))
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: 1 element in 'inner cuts' stroked #0000ff 0.01 mm (the "
                                 "profile lightburn: engrave #000000 filled, score #0000ff 0.01 mm, inner_cut #00e000 "
                                 "0.01 mm, cut #ff0000 0.01 mm)"]


def test_a_cut_line_too_thick_for_a_hairline(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE.replace('stroke-width="0.01"', 'stroke-width="0.1"'))
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: 1 element in 'inner cuts' stroked #00e000 0.1 mm (the "
                                 "profile lightburn: engrave #000000 filled, score #0000ff 0.01 mm, inner_cut #00e000 "
                                 "0.01 mm, cut #ff0000 0.01 mm)"]


def test_a_cut_line_duplicated(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE + CUT_LINE)
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: 1 cut segment cut twice (the first at 6,25.2 → 590.8,25.2 "
                                 "mm): the beam would burn the edge again"]


def test_a_cut_overlapping_another_along_the_same_line(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    part = CUT_LINE.replace('x1="6" x2="590.8"', 'x1="300" x2="100"')  # reversed, inside the first
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE + part)
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: 1 cut segment cut twice (the first at 300,25.2 → 100,25.2 "
                                 "mm): the beam would burn the edge again"]


SCORE_LINE = '<line fill="none" stroke="#0000ff" stroke-width="0.01" x1="19.1" x2="349.1" y1="19.1" y2="19.1" />'


def test_a_score_line_drawn_twice(kit_dir):
    """A grid line scored twice burns a groove twice as deep: verify finds it on the score layer too."""
    narrow(kit_dir, "laser-board-1.svg")
    assert "ok  laser-board-1.svg: each score line once (" in "\n".join(lines(kit_dir))
    part = SCORE_LINE.replace('x1="19.1" x2="349.1"', 'x1="200" x2="100"')  # reversed, inside the first
    edit(kit_dir / "laser-board-1.svg", SCORE_LINE, SCORE_LINE + part)
    relist(kit_dir, "laser-board-1.svg")
    assert failures(kit_dir) == ["FAIL laser-board-1.svg: 1 score segment scored twice (the first at 200,19.1 → "
                                 "100,19.1 mm): the beam would burn that line twice as deep"]


def test_cuts_that_only_meet_end_to_end_are_fine(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE.replace('x2="590.8"', 'x2="300"')
         + CUT_LINE.replace('x1="6"', 'x1="300"'))
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == []


def test_a_cut_moved_off_the_tile_grid(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE.replace('y1="25.2" y2="25.2"', 'y1="25.5" y2="25.5"'))
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: 1 cut off a grid of 20.2 mm (tile 20 + kerf 0.2); 81 tiles "
                                 "of 20.00 mm cut free on a grid of 20.2 mm (tile 20 + kerf 0.2), expected 139"]


def test_a_cut_too_short_to_free_its_tiles(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", CUT_LINE, CUT_LINE.replace('x2="590.8"', 'x2="580"'))
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: 137 tiles of 20.00 mm cut free on a grid of 20.2 mm (tile 20 "
                                 "+ kerf 0.2), expected 139"]


def test_a_laser_part_outside_the_bed(kit_dir):
    narrow(kit_dir, "laser-board-1.svg")
    edit(kit_dir / "laser-board-1.svg", 'height="358.2" stroke="#ff0000" stroke-width="0.01" width="358.2" x="5"',
         'height="358.2" stroke="#ff0000" stroke-width="0.01" width="358.2" x="300"')
    relist(kit_dir, "laser-board-1.svg")
    assert failures(kit_dir) == ["FAIL laser-board-1.svg: 1 element outside the bed of 600 × 400 mm (the first spans "
                                 "300–658.2 × 5–363.2 mm)"]


def test_an_engraving_moved_off_the_bed_by_a_transform(kit_dir):
    narrow(kit_dir, "laser-coupon.svg")
    edit(kit_dir / "laser-coupon.svg", 'inkscape:label="engrave">',
         'inkscape:label="engrave"><g transform="translate(0 395)">')
    edit(kit_dir / "laser-coupon.svg", '</g><g id="layer-outer-cut"', '</g></g><g id="layer-outer-cut"')
    relist(kit_dir, "laser-coupon.svg")
    got = failures(kit_dir)
    assert len(got) == 1
    assert re.fullmatch(r"FAIL laser-coupon\.svg: 7 elements outside the bed of 600 × 400 mm \(the first spans "
                        r"[\d.]+–[\d.]+ × [\d.]+–[\d.]+ mm\)", got[0])


def test_a_curve_inside_the_bed_whose_control_points_are_not(kit_dir):
    narrow(kit_dir, "laser-coupon.svg")
    inside = '<path d="M10 10C10 -2 20 -2 20 10Z" fill="#000000" />'  # dips to y = 1, its handles to -2
    edit(kit_dir / "laser-coupon.svg", 'inkscape:label="engrave">', 'inkscape:label="engrave">' + inside)
    relist(kit_dir, "laser-coupon.svg")
    assert failures(kit_dir) == []
    edit(kit_dir / "laser-coupon.svg", inside, inside.replace("-2", "-5"))  # now it dips to y = -1.25
    relist(kit_dir, "laser-coupon.svg")
    assert failures(kit_dir) == ["FAIL laser-coupon.svg: 1 element outside the bed of 600 × 400 mm (the first spans "
                                 "10–20 × -1.25–10 mm)"]


def test_a_layer_out_of_job_order(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    path = kit_dir / "laser-tiles-1.svg"
    text = path.read_text(encoding="utf-8")
    inner = text.index('<g id="layer-inner-cuts"')
    outer = text.index('<g id="layer-outer-cut"')
    end = text.index("</svg>")
    path.write_text(text[:inner] + text[outer:end] + text[inner:outer] + text[end:], encoding="utf-8")
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: layers in the order engrave, outer cut, inner cuts; the job "
                                 "order of lightburn is engrave, inner cuts, outer cut"]


def test_a_dxf_in_other_units(dxf_dir):
    narrow(dxf_dir, "laser-coupon.dxf")
    edit(dxf_dir / "laser-coupon.dxf", "$INSUNITS\n 70\n4\n", "$INSUNITS\n 70\n1\n")
    relist(dxf_dir, "laser-coupon.dxf")
    assert failures(dxf_dir) == ["FAIL laser-coupon.dxf: $INSUNITS is 1 (inches), not 4 (millimetres): laser "
                                 "software would import it at another size"]


def test_a_dxf_without_ezdxf_says_so_and_fails(dxf_dir, monkeypatch):
    monkeypatch.setitem(sys.modules, "ezdxf", None)  # import ezdxf now raises ImportError
    got = failures(dxf_dir)
    assert got == [f"FAIL {name}: ezdxf is not installed, so the DXF cannot be checked: {install_line('dxf')}"
                   for name in ("laser-tiles-1.dxf", "laser-coupon.dxf", "laser-board-1.dxf")]


def test_a_dxf_cut_in_the_wrong_colour(dxf_dir):
    narrow(dxf_dir, "laser-coupon.dxf")
    import ezdxf

    path = dxf_dir / "laser-coupon.dxf"
    doc = ezdxf.readfile(str(path))
    cut = next(e for e in doc.modelspace() if e.dxf.layer == "2-outer-cut")
    cut.dxf.true_color = ezdxf.rgb2int((0, 0, 255))
    doc.saveas(str(path))
    relist(dxf_dir, "laser-coupon.dxf")
    assert failures(dxf_dir) == [
        "FAIL laser-coupon.dxf: 1 element in 'outer cut' in #0000ff (the profile rdworks: engrave #000000, score "
        "#0000ff, inner_cut #00ff00, cut #ff0000)",
        "FAIL laser-coupon.dxf: 1 entity in '2-outer-cut' of colour number 1 for #0000ff, whose number is 5"]


def damage_dxf(folder: Path, rel: str, change) -> list[str]:
    """``change(doc)`` to a DXF (saved again by ezdxf, as another program would), then its failures."""
    import ezdxf

    narrow(folder, rel)
    doc = ezdxf.readfile(str(folder / rel))
    change(doc)
    doc.saveas(str(folder / rel))
    relist(folder, rel)
    return failures(folder)


def test_dxf_entities_by_layer_or_of_another_colour_number(dxf_dir):
    """ACI 256 (BYLAYER) was every entity's: Inkscape's importer and software that ignores the
    layer's colour saw them all as 7; an entity whose number is not its colour's."""
    def change(doc):
        cuts = [e for e in doc.modelspace() if e.dxf.layer == "2-outer-cut"]
        for e in cuts[:2]:
            e.dxf.color = 256
        cuts[2].dxf.color = 5

    assert damage_dxf(dxf_dir, "laser-coupon.dxf", change) == [
        "FAIL laser-coupon.dxf: 2 entities in '2-outer-cut' of colour number 256 (by layer); 1 entity in "
        "'2-outer-cut' of colour number 5 for #ff0000, whose number is 1"]


def test_dxf_layers_of_colour_number_7(dxf_dir):
    """Before: every layer was ACI 7, so software that maps layers by colour saw one operation."""
    def change(doc):
        for layer in doc.layers:
            layer.dxf.color = 7

    assert damage_dxf(dxf_dir, "laser-board-1.dxf", change) == [
        "FAIL laser-board-1.dxf: layer '2-score' is colour number 7, its entities 5; layer '3-outer-cut' is "
        "colour number 7, its entities 1"]


def test_dxf_operations_that_share_a_colour_number(dxf_dir):
    """Scoring in ACI 1 (its true colour still blue): RDWorks would score at cutting power."""
    def change(doc):
        doc.layers.get("2-score").dxf.color = 1
        for e in doc.modelspace():
            if e.dxf.layer == "2-score":
                e.dxf.color = 1

    got = damage_dxf(dxf_dir, "laser-board-1.dxf", change)
    assert got == ["FAIL laser-board-1.dxf: 32 entities in '2-score' of colour number 1 for #0000ff, whose number is 5"]


def test_dxf_extents_and_limits_left_at_ezdxfs_defaults(dxf_dir):
    """ezdxf's defaults: ±1e20 (Inkscape's automatic scaling put the drawing at x = -1e20 mm) and A3."""
    def change(doc):
        doc.modelspace().reset_extents()
        doc.modelspace().reset_limits((0, 0), (420, 297))

    assert damage_dxf(dxf_dir, "laser-tiles-1.dxf", change) == [
        "FAIL laser-tiles-1.dxf: $EXTMIN/$EXTMAX are 1e+20,1e+20 to -1e+20,-1e+20 mm, but the drawing spans "
        "5,266.8 to 590.8,395 mm: a reader that places or scales the drawing by them puts it elsewhere; the limits "
        "are 0,0 to 420,297 mm, not the bed 0,0 to 600,400 mm"]


def test_dxf_extents_that_miss_part_of_the_drawing(dxf_dir):
    def change(doc):
        doc.modelspace().reset_extents((5, 266.8, 0), (500, 395, 0))

    assert damage_dxf(dxf_dir, "laser-tiles-1.dxf", change) == [
        "FAIL laser-tiles-1.dxf: $EXTMIN/$EXTMAX are 5,266.8 to 500,395 mm, but the drawing spans 5,266.8 to "
        "590.8,395 mm: a reader that places or scales the drawing by them puts it elsewhere"]


def test_dxf_layers_named_without_their_number_or_out_of_order(dxf_dir):
    """The names before (engrave, inner cuts, outer cut): a program that lists layers by name put the
    outer cut before the inner cuts. And numbered layers whose entities run in another order."""
    def unnumbered(doc):
        for old, new in (("1-engrave", "engrave"), ("2-inner-cuts", "inner cuts"), ("3-outer-cut", "outer cut")):
            doc.layers.get(old).rename(new)

    got = damage_dxf(dxf_dir, "laser-tiles-1.dxf", unnumbered)
    assert got[0] == ("FAIL laser-tiles-1.dxf: layer 1 is named 'engrave', not 1-OPERATION; layer 2 is named "
                      "'inner cuts', not 2-OPERATION; layer 3 is named 'outer cut', not 3-OPERATION")


def test_dxf_entities_out_of_the_layers_order(dxf_dir):
    def outer_first(doc):
        msp = doc.modelspace()
        outer = [e for e in msp if e.dxf.layer == "3-outer-cut"]
        for e in outer:  # move the perimeter ahead of everything: the block falls free before its inner cuts
            msp.unlink_entity(e)
        entities = list(msp)
        for e in entities:
            msp.unlink_entity(e)
        for e in outer + entities:
            msp.add_entity(e)

    got = damage_dxf(dxf_dir, "laser-tiles-1.dxf", outer_first)
    assert got == ["FAIL laser-tiles-1.dxf: the entities run through the layers as 3-outer-cut > 1-engrave > "
                   "2-inner-cuts, not once each in the order 1-engrave, 2-inner-cuts, 3-outer-cut"]


# -- the kit ---------------------------------------------------------------------------------------------

def test_the_manifest_against_another_kit_file(built, write):
    other = write("other.yaml", """
        extends: krestoslovitsa
        distribution: {extends: krestoslovitsa, blanks: 4}
        """)
    got = failures(built, kit_file=str(other))
    assert got[0] == (f"FAIL manifest.json: the manifest does not match the kit other ({other}): kit 'krestoslovitsa', "
                      f"not 'other'; 130 tiles with 2 blanks, the kit has 132 with 4")


def test_a_kit_file_that_took_a_shipped_kits_name(tmp_path, write):
    kit = write("same-name.yaml", """
        extends: krestoslovitsa
        name: krestoslovitsa
        distribution: {extends: krestoslovitsa, blanks: 4}
        """)
    build_kit(load_kit(str(kit)), tmp_path / "out", only=["play"])
    folder = tmp_path / "out" / KIT
    assert failures(folder) == ["FAIL manifest.json: the manifest does not match the kit krestoslovitsa "
                                "(configs/kits/krestoslovitsa.yaml): 132 tiles with 4 blanks, the kit has 130 with 2 "
                                "(built from another kit file? give it with --kit FILE)"]
    assert failures(folder, kit_file=str(kit)) == []


def test_content_streams_read_alike_fast_and_token_by_token():
    stream = (b"q 1 0 0 1 10 20 cm 0 0 56.69 56.69 re f Q BT /F1+0 12 Tf 1 0 0 1 5 5 Tm (a\\(b\\)) Tj "
              b"[(x) -250 <0041>] TJ ET % a comment\n/P <</MCID 0>> BDC EMC")
    assert _operations(stream) == _slow_operations(stream) == [
        ("q", []), ("cm", [1.0, 0.0, 0.0, 1.0, 10.0, 20.0]), ("re", [0.0, 0.0, 56.69, 56.69]), ("f", []), ("Q", []),
        ("BT", []), ("Tf", ["/F1+0", 12.0]), ("Tm", [1.0, 0.0, 0.0, 1.0, 5.0, 5.0]), ("Tj", [b"a(b)"]),
        ("TJ", [[b"x", -250.0, b"\x00A"]]), ("ET", []), ("BDC", ["/P", "/MCID", 0.0]), ("EMC", [])]
    nested = b"BT (a(b)c) Tj ET"
    assert _operations(nested) == [("BT", []), ("Tj", [b"a(b)c"]), ("ET", [])]


# -- the set and its spares on a laser sheet ------------------------------------------------------------

def test_a_laser_sheet_with_the_set_mixed_with_unlabelled_spares(tmp_path, monkeypatch):
    """A sheet laid out as before issue 18: every free place of the bed's grid a spare (29 on the
    default bed, Ф Щ Ш among them but no Ъ Э Ю), in the set's own block, no label; its manifest
    saying 130 tiles and 29 spares, nothing by letter."""
    from printkit.sheets.laser import tiles as laser_tiles
    from printkit.sheets.tiles import spare_faces, tile_faces

    def as_before(kit, bed, grid):
        faces = tile_faces(kit)
        spares = spare_faces(kit, min(grid.cols, -len(faces) % grid.count))
        return [laser_tiles.Block(0, grid, tuple(laser_tiles.Cell(f, 0, *divmod(i, grid.cols), spare=i >= len(faces))
                                                 for i, f in enumerate(faces + spares)), False)]

    monkeypatch.setattr(laser_tiles, "place", as_before)
    build_kit(load_kit(KIT), tmp_path, only=["tiles", "laser"])
    folder = tmp_path / KIT
    manifest = manifest_of(folder)
    for a in manifest["artifacts"]:
        if a["path"] == "laser-tiles-1.svg":
            a["tiles"], a["spares"] = 130, 29
            del a["set_tiles"], a["spare_tiles"]
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    assert failures(folder) == [
        "FAIL laser-tiles-1.svg: letters: 159 tiles cut as one block: the 29 spares (А Б В Г Д Е Ж З И Й К Л М Н О П "
        "Р С Т У Ф Х Ц Ч Ш Щ Ы Ь Я) are mixed into the set of 130, with no block of their own and no label (bagged, "
        "it is a wrong set)",
        "FAIL laser-tiles-1.svg: letters over the laser tile sheets: the set: too many: "
        "А 11 of 10, Б 4 of 3, В 6 of 5, Г 4 of 3, Д 6 of 5, Е 10 of 9, Ж 3 of 2, З 3 of 2, "
        "И 9 of 8, Й 5 of 4, К 7 of 6, Л 5 of 4, М 6 of 5, Н 9 of 8, О 11 of 10, П 7 of 6, "
        "Р 7 of 6, С 7 of 6, Т 6 of 5, У 4 of 3, Ф 2 of 1, Х 3 of 2, Ц 2 of 1, Ч 3 of 2, Ш 2 of 1, "
        "Щ 2 of 1, Ы 3 of 2, Ь 3 of 2, Я 4 of 3; spares none, the paper sheets' are А Е И К Н О П Р С"]


def test_the_label_between_the_set_and_its_spares_removed(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    path = kit_dir / "laser-tiles-1.svg"
    text = path.read_text(encoding="utf-8")
    paths = re.findall(r'<path d="[^"]*" fill="#000000" />', text)
    label = [d for d in paths if all(106 <= float(y) <= 113 for y in re.findall(r"[ML][\d.]+ ([\d.]+)", d))]
    assert len(label) == 1
    edit(path, label[0], "")
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == ["FAIL laser-tiles-1.svg: letters: no engraved label between the set and its 9 spares "
                                 "(between 106 and 113 mm down the bed)"]


def test_a_letter_gone_from_a_tile_of_the_laser_set(kit_dir):
    """The first tile's А and its value removed: read by their outlines, the set's block has an А
    too few and a bare tile, a blank, too many."""
    narrow(kit_dir, "laser-tiles-1.svg", "tiles-A4.pdf")
    path = kit_dir / "laser-tiles-1.svg"
    text = path.read_text(encoding="utf-8")
    first, value = re.findall(r'<path d="[^"]*" fill="#000000" />', text)[:2]
    edit(path, first + value, "")
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == [
        "FAIL laser-tiles-1.svg: letters: the set's block: too few: А 9 of 10; too many: blank 3 of 2",
        "FAIL laser-tiles-1.svg: letters over the laser tile sheets: the set: too few: А 9 of 10; "
        "too many: blank 3 of 2"]


def test_an_inner_cut_that_starts_on_the_outline(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    short = '<line fill="none" stroke="#00e000" stroke-width="0.01" x1="6" x2="5" y1="25.2" y2="25.2" />'
    edit(kit_dir / "laser-tiles-1.svg", short, short.replace('x1="6" x2="5"', 'x1="5" x2="6"'))
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == [
        "FAIL laser-tiles-1.svg: 1 inner cut of 80 start on or outside the outlines (the first at 5,25.2 mm): software "
        "that finds inner cuts by where they start (K40 Whisperer's Cut Inside First) may cut the outline first and "
        "free the block"]


def test_inner_cuts_in_the_outer_cuts_colour_where_the_profile_gives_them_their_own(kit_dir):
    narrow(kit_dir, "laser-tiles-1.svg")
    edit(kit_dir / "laser-tiles-1.svg", 'stroke="#00e000"', 'stroke="#ff0000"', count=80)
    relist(kit_dir, "laser-tiles-1.svg")
    assert failures(kit_dir) == [
        "FAIL laser-tiles-1.svg: 80 elements in 'inner cuts' stroked #ff0000 0.01 mm (the profile lightburn: engrave "
        "#000000 filled, score #0000ff 0.01 mm, inner_cut #00e000 0.01 mm, cut #ff0000 0.01 mm)"]


def test_what_a_damaged_file_makes_of_its_letters_is_escaped_in_the_report(kit_dir):
    """A tile sheet whose letters' ToUnicode map cannot be read (one byte of it changed) is read as the
    codes themselves, control characters among them (ESC, BEL): the report writes them as escapes, so a
    damaged or hostile file cannot send the terminal a control sequence."""
    narrow(kit_dir, "tiles-A4.pdf")
    path = kit_dir / "tiles-A4.pdf"
    reader = pypdf.PdfReader(str(path))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    raws = [fonts[name].get_object()["/ToUnicode"].get_object()._data for name in fonts
            if "/ToUnicode" in fonts[name].get_object()]
    data = path.read_bytes()
    for raw in raws:  # a "~" early in each map's ASCII85: the map ends there, and cannot be inflated
        at = data.index(raw) + 40
        data = data[:at] + b"~" + data[at + 1:]
    path.write_bytes(data)
    relist(kit_dir, "tiles-A4.pdf")
    lines = failures(kit_dir)
    assert lines and lines[0].startswith("FAIL tiles-A4.pdf: letters: too few: А 0 of 10")
    assert all(line.isprintable() for line in lines), lines
    assert "\\u001b ×" in lines[0] and "\\u0007 ×" in lines[0]
