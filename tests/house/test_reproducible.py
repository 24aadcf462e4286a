"""The bytes of every file depend only on the kit, its files and the printkit version: never on the
clock, SOURCE_DATE_EPOCH, the time zone, the folders, hash seeds, or what the process built before.

Builds that must agree run in separate processes (the test run's own, and two by ``python -c``), more
than a second apart (fontTools stamps fonts to the second), with different environments, working
folders and output folders, and kits built in different orders; every file of every kit built whole
(tests/kits.py: all shipped kits but the editions that differ from those only in their tables) and of
every product is compared.
"""

from __future__ import annotations

import gc
import io
import os
import subprocess
import sys
import time
import weakref
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from kits import whole
from manifestread import manifest_in
from reportlab.pdfbase import pdfmetrics

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.fonts import default_bold, default_regular, load
from printkit.products import REGISTRY as PRODUCTS
from printkit.writers.pdf import _register, write_pdf
from printkit.writers.svg import write_svg

CLASH_KIT = "scrabble-en"  # built with the clashing font

DXF_KIT, DXF_PROFILE = "krestoslovitsa", "rdworks"  # no shipped kit writes DXF: its laser files with a DXF profile

# Build each kit named on the command line (all shipped kits if none), in that order, into OUT;
# "clash" builds the Latin kit with the clashing font (into OUT-clash) where it stands; "dxf" the laser
# files of the default kit for the rdworks profile (into OUT-dxf).
SCRIPT = """
import sys
from printkit.build import build_kit
from printkit.config import kit_names, load_kit
from printkit.products import REGISTRY as PRODUCTS
out, clash, names = sys.argv[1], sys.argv[2], sys.argv[3:] or kit_names()
for name in names:
    if name == "clash":
        build_kit(load_kit("%s", font=clash), out + "-clash")
    elif name == "dxf":
        build_kit(load_kit("%s", laser="%s"), out + "-dxf", only=["laser"])
    else:
        build_kit(load_kit(name), out)
""" % (CLASH_KIT, DXF_KIT, DXF_PROFILE)


def clashing_font(path: Path) -> Path:
    """PT Sans Regular under the bundled Bold's PostScript name: two files, one name."""
    tt = TTFont(str(default_regular()))
    for record in tt["name"].names:
        if record.nameID == 6:
            record.string = "PTSans-Bold"
    tt.save(str(path))
    return path


def build_in_process(cwd: Path, out: str, clash: Path, names: list[str], **env: str) -> None:
    cwd.mkdir(parents=True, exist_ok=True)
    environ = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    environ.update(env)
    done = subprocess.run([sys.executable, "-c", SCRIPT, out, str(clash), *names], cwd=cwd, env=environ,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")  # made once, even where other modules' tests run between this one's
def builds(shared, tmp_path_factory) -> dict:
    """Three processes' builds. First, this one's: every kit and the DXF laser files as the other test
    files read them (tests/conftest.py), built in-process after whatever the run built before, with
    the run's own hash seed and zone. Second, a second and more later, in a process of its own with
    another clock base, zone, hash seed (4) and folders: the clashing kit first, the DXF files, then
    every kit in reverse order. Third: the default kit alone in a fresh process, then the clashing
    kit, then the DXF files, under hash seed 0 (seeds 0 and 4 wrote different DXF files)."""
    root = tmp_path_factory.mktemp("reproducible")
    clash = clashing_font(root / "Clash.ttf")
    names = whole()
    first = {name: shared.build(name) for name in names}
    dxf_first = shared.build(DXF_KIT, only=["laser"], laser=DXF_PROFILE)
    time.sleep(1.1)  # more than a second after the first builds: fontTools stamps fonts to the second
    build_in_process(root / "b" / "deeper", str(root / "elsewhere" / "out"), clash,
                     ["clash", "dxf", *reversed(names)], TZ="Asia/Kolkata", PYTHONHASHSEED="4",
                     SOURCE_DATE_EPOCH="1000000000")
    build_in_process(root / "c", "out", clash, ["krestoslovitsa", "clash", "dxf"], TZ="America/St_Johns",
                     PYTHONHASHSEED="0", SOURCE_DATE_EPOCH="1700000000")
    return {"root": root, "first": first, "second": root / "elsewhere" / "out",
            "clash first": root / "elsewhere" / "out-clash", "alone": root / "c" / "out",
            "clash after": root / "c" / "out-clash", "dxf first": dxf_first,
            "dxf second": root / "elsewhere" / "out-dxf" / DXF_KIT, "dxf alone": root / "c" / "out-dxf" / DXF_KIT}


@pytest.mark.xdist_group("reproducible")  # one worker makes the three processes' builds, once
@pytest.mark.parametrize("name", whole())
def test_every_file_of_every_kit_is_the_same_in_another_process(builds, name):
    first, second = files(builds["first"][name]), files(builds["second"] / name)
    artifacts = manifest_in(first["manifest.json"])["artifacts"]
    # a file of every product a build makes by default (tiles, board, ...; the cutter's and the stickers' are
    # made on request: tests/crafts/test_cutter.py builds them twice)
    assert {n for n, p in PRODUCTS.items() if p.by_default} <= {a["product"] for a in artifacts}
    assert sorted(first) == sorted([a["path"] for a in artifacts] + ["manifest.json"])
    assert sorted(first) == sorted(second)
    for file in first:
        assert first[file] == second[file], f"{name}/{file}"


@pytest.mark.xdist_group("reproducible")
def test_every_dxf_file_is_the_same_under_another_hash_seed(builds):
    """The laser files for a DXF profile, built under hash seeds 0, 4 and 3 (ezdxf wrote the CLASS
    entries of the entity types in use in the order of a set)."""
    first, second, alone = (files(builds[k]) for k in ("dxf first", "dxf second", "dxf alone"))
    artifacts = manifest_in(first["manifest.json"])["artifacts"]
    dxf = sorted(a["path"] for a in artifacts if a["format"] == "dxf")
    assert dxf == ["laser-board-1.dxf", "laser-coupon.dxf", "laser-tiles-1.dxf"]
    listed = sorted([a["path"] for a in artifacts] + ["manifest.json"])
    assert sorted(first) == sorted(second) == sorted(alone) == listed
    for file in first:
        assert first[file] == second[file] == alone[file], f"{DXF_KIT} ({DXF_PROFILE})/{file}"


def test_the_order_of_builds_in_a_process_does_not_matter(builds):
    """The default kit built alone, and after a kit whose font shares the bundled font's PostScript
    name; that kit built first, and after the bundled font was used."""
    assert files(builds["alone"] / "krestoslovitsa") == files(builds["second"] / "krestoslovitsa")
    assert files(builds["clash after"] / CLASH_KIT) == files(builds["clash first"] / CLASH_KIT)


def test_embedded_font_names_come_from_the_font_files(builds):
    def base_fonts(pdf: bytes) -> set[str]:
        return {part.split(b"\n")[0].split(b" ")[0].decode() for part in pdf.split(b"/BaseFont /")[1:]}

    bold, regular, clash = load(None), load(str(default_regular())), load(str(builds["root"] / "Clash.ttf"))
    assert clash.ps_name == bold.ps_name == "PTSans-Bold"
    assert clash.embed_name == f"PTSans-Bold-{clash.digest[:10]}" != bold.embed_name
    assert base_fonts(files(builds["alone"] / "krestoslovitsa")["tiles-A4.pdf"]) == {
        f"AAAAAA+{bold.embed_name}", f"AAAAAA+{regular.embed_name}"}
    assert base_fonts(files(builds["clash after"] / CLASH_KIT)["tiles-Letter.pdf"]) == {
        f"AAAAAA+{clash.embed_name}", f"AAAAAA+{regular.embed_name}"}


# -- in one process ----------------------------------------------------------------------------------

def test_a_font_file_changed_on_disk_is_read_again(tmp_path):
    font = tmp_path / "Letters.ttf"
    font.write_bytes(default_bold().read_bytes())
    before = files(build_kit(load_kit("krestoslovitsa", font=str(font)), tmp_path / "1", only=["tiles"]).folder)
    font.write_bytes(default_regular().read_bytes())
    after = files(build_kit(load_kit("krestoslovitsa", font=str(font)), tmp_path / "2", only=["tiles"]).folder)
    other = tmp_path / "Other.ttf"
    other.write_bytes(default_regular().read_bytes())
    fresh = files(build_kit(load_kit("krestoslovitsa", font=str(other)), tmp_path / "3", only=["tiles"]).folder)
    assert after == fresh != before


def tiny_font(path: Path, n: int) -> Path:
    """A font with one glyph, a square n units wide: distinct bytes for each n."""
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0)), pen.lineTo((0, 700)), pen.lineTo((100 + n, 700)), pen.lineTo((100 + n, 0)), pen.closePath()
    square = pen.glyph()
    fb.setupGlyf({".notdef": square, "A": square})
    fb.setupHorizontalMetrics({".notdef": (600, 0), "A": (600, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Regular", "psName": "Tiny-Regular"})
    fb.setupOS2(sCapHeight=700)
    fb.setupPost()
    fb.save(str(path))
    return path


def test_loaded_fonts_are_bounded(tmp_path):
    first = load(str(tiny_font(tmp_path / "0.ttf", 0)))
    alive = weakref.ref(first)
    del first
    for n in range(1, 40):
        load(str(tiny_font(tmp_path / f"{n}.ttf", n)))
    gc.collect()
    assert alive() is None  # let go: the cache holds the most recent fonts only


def test_reportlab_registry_is_bounded(tmp_path):
    registered = set(pdfmetrics.getRegisteredFontNames())
    faces = len(pdfmetrics._dynFaceNames)
    for n in range(50):
        _register(load(str(tiny_font(tmp_path / f"{n}.ttf", n))))
    assert len(set(pdfmetrics.getRegisteredFontNames()) - registered) <= 32
    assert len(pdfmetrics._dynFaceNames) - faces <= 32
    # a font let go is registered again when wanted, under the same key and with its own glyphs
    font = load(str(tiny_font(tmp_path / "0.ttf", 0)))
    assert pdfmetrics.getFont(_register(font)).face.name == font.embed_name.encode()


def test_writers_write_the_same_bytes_to_a_stream(tmp_path):
    from printkit.sheets.tiles import tile_documents

    docs = tile_documents(load_kit("krestoslovitsa-mini"))
    pdf = next(d for d in docs if d.format == "pdf")
    svg = next(d for d in docs if d.format == "svg")
    for doc, write in ((pdf, write_pdf), (svg, write_svg)):
        path = tmp_path / doc.path
        write(doc, path)
        stream = io.BytesIO()
        write(doc, stream)
        assert stream.getvalue() == path.read_bytes()
        assert len(stream.getvalue()) > 1000
