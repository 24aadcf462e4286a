"""What makes a build cheaper must never change what it writes (issue 21, the speed).

- printkit's cache (printkit/cache.py): previews and the embeddable copy of a font come back byte for
  byte as made afresh, and never for another file, font, renderer or recipe; a damaged entry is
  dropped, not served; ``PRINTKIT_CACHE=off`` writes nothing.
- reportlab's embedding check is the PDF writer's preflight: a build that writes no PDF does not
  run it (nor import reportlab), one that writes a PDF still stops before any file is written.
- the commands that write nothing load none of the writers' and renderers' libraries.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import cache, fonts, preview
from printkit.build import build_kit
from printkit.config import load_kit

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("reportlab", "PIL", "pypdf", "pypdfium2", "resvg_py", "svgwrite", "ezdxf", "fontTools.subset")


@pytest.fixture
def cached(tmp_path, monkeypatch) -> Path:
    """printkit's cache in a folder of the test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(folder))
    return folder


def _files(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _entries(folder: Path, kind: str) -> list[Path]:
    return sorted(p for p in (folder / kind).rglob("*") if p.is_file()) if (folder / kind).is_dir() else []


@pytest.fixture(scope="module")
def tiles_files(tmp_path_factory) -> Path:
    """The tile sheets of the default kit (a PDF of 2 pages and 2 SVGs), built with the cache off."""
    out = tmp_path_factory.mktemp("tiles")
    old = os.environ.get(cache.ENV)
    os.environ[cache.ENV] = "off"
    try:
        build_kit(load_kit("krestoslovitsa"), out, only=["tiles"])
    finally:
        if old is None:
            del os.environ[cache.ENV]
        else:
            os.environ[cache.ENV] = old
    return out / "krestoslovitsa"


def _sources(folder: Path) -> list[tuple[Path, str, int]]:
    return [(folder / "tiles-A4.pdf", "pdf", 2), (folder / "tiles-A4-1.svg", "svg", 1),
            (folder / "tiles-A4-2.svg", "svg", 1)]


class Renders:
    """Counts the pages the renderers draw (the cache's misses)."""

    def __init__(self, monkeypatch):
        self.pages = 0
        pdf, svg = preview._pdf_images, preview._svg_image

        def counted_pdf(*args, **kw):
            for page in pdf(*args, **kw):
                self.pages += 1
                yield page

        def counted_svg(*args, **kw):
            self.pages += 1
            return svg(*args, **kw)

        monkeypatch.setattr(preview, "_pdf_images", counted_pdf)
        monkeypatch.setattr(preview, "_svg_image", counted_svg)


def test_the_previews_of_a_file_come_from_the_cache_byte_for_byte(cached, monkeypatch, tiles_files):
    """The previews of the same files again are read, not rendered (the renderers are not called),
    and are the bytes the renderers make: with the cache off, on, and from it. Before the cache,
    every call rendered every page."""
    monkeypatch.setenv(cache.ENV, "off")
    fresh = preview.render(_sources(tiles_files))
    monkeypatch.setenv(cache.ENV, str(cached))
    renders = Renders(monkeypatch)
    first = preview.render(_sources(tiles_files))
    assert renders.pages == 4 and first == fresh
    assert len(_entries(cached, preview.CACHED)) == 4
    second = preview.render(_sources(tiles_files))
    assert renders.pages == 4, "the second time, no page is rendered"
    assert second == fresh
    assert [size for pages in second for _, size in pages] == [(827, 1169)] * 4  # A4 at 100 dpi


def test_a_whole_build_from_the_cache_writes_the_same_bytes(cached, tmp_path, monkeypatch):
    """Two builds of a kit, the second with every preview from the cache: every file the same."""
    kit = load_kit("krestoslovitsa")
    build_kit(kit, tmp_path / "a", only=["tiles", "calibration"])
    renders = Renders(monkeypatch)
    build_kit(kit, tmp_path / "b", only=["tiles", "calibration"])
    assert renders.pages == 0
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert a == b and any(p.endswith(".png") for p in a)


def test_another_renderer_or_recipe_never_meets_an_old_preview(cached, monkeypatch, tiles_files):
    """A new version of a renderer (the identity of its installed files) or of preview.py is
    another key: the pages are rendered afresh, and the old entries are left alone."""
    Renders(monkeypatch)
    preview.render(_sources(tiles_files)[:1])
    old = preview.cache_key(preview._file_digest(tiles_files / "tiles-A4.pdf"), "pdf", 1)
    renders = Renders(monkeypatch)
    monkeypatch.setattr(preview, "_renderers", [preview.renderers().replace("pypdfium2/", "pypdfium2 5.99/", 1)])
    assert preview.cache_key(preview._file_digest(tiles_files / "tiles-A4.pdf"), "pdf", 1) != old
    preview.render(_sources(tiles_files)[:1])
    assert renders.pages == 2
    monkeypatch.setattr(preview, "_RECIPE", ["another preview.py"])
    preview.render(_sources(tiles_files)[:1])
    assert renders.pages == 4
    assert len(_entries(cached, preview.CACHED)) == 6  # 2 pages × 3 keys


def test_a_changed_file_gets_its_own_previews(cached, monkeypatch, tiles_files, tmp_path):
    """The key is the file's bytes, not its name: the same name with other bytes is rendered."""
    svg = tmp_path / "tiles-A4-1.svg"
    svg.write_bytes((tiles_files / "tiles-A4-1.svg").read_bytes())
    renders = Renders(monkeypatch)
    (before,), = preview.render([(svg, "svg", 1)])
    svg.write_text(svg.read_text(encoding="utf-8").replace("</svg>", '<rect x="10" y="10" width="50" height="50" '
                                                            'fill="#ff0000"/></svg>'), encoding="utf-8")
    (after,), = preview.render([(svg, "svg", 1)])
    assert renders.pages == 2 and before[0] != after[0]


def test_a_damaged_entry_is_dropped_and_made_anew(cached, monkeypatch, tiles_files):
    """An entry cut short or changed on disk fails its own digest: never served, removed, rendered again."""
    fresh = preview.render(_sources(tiles_files)[1:2])
    (entry,) = _entries(cached, preview.CACHED)
    data = entry.read_bytes()
    entry.write_bytes(data[:-100])  # cut short
    renders = Renders(monkeypatch)
    assert preview.render(_sources(tiles_files)[1:2]) == fresh
    assert renders.pages == 1
    data = bytearray(entry.read_bytes())
    data[-50] ^= 0xFF  # one byte changed
    entry.write_bytes(bytes(data))
    assert cache.get(preview.CACHED, entry.name) is None
    assert not entry.exists()


def test_the_cache_turned_off_writes_nothing(tmp_path, monkeypatch, tiles_files):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv(cache.ENV, "off")
    assert cache.folder() is None
    preview.render(_sources(tiles_files)[1:2])
    cache.put("fonts", "0" * 64, b"x")
    assert not (tmp_path / "xdg").exists()
    monkeypatch.delenv(cache.ENV)
    assert cache.folder() == tmp_path / "xdg" / "printkit"


def test_the_cache_keeps_to_its_limit(cached):
    """Past the limit, the entries used longest ago go first."""
    for n in range(5):
        cache.put("previews", f"{n:064x}", bytes(1000))
        path = cached / "previews" / "00" / f"{n:064x}"
        os.utime(path, (1000 + n, 1000 + n))
    cache.prune(limit=3 * 1100)
    left = sorted(p.name for p in _entries(cached, "previews"))
    assert left == [f"{n:064x}" for n in (2, 3, 4)]


def test_the_embeddable_font_follows_the_font_bytes_and_fonttools(cached, tmp_path, monkeypatch):
    """The embeddable copy of a font is kept by the font's sha256, fontTools' version and the
    recipe: the same font is read from the cache and is the bytes made afresh; a font of other bytes,
    or another fontTools, gets its own."""
    made = []
    real = fonts.Font._embeddable_bytes

    def counted(self, ps_name):
        made.append(self.digest)
        return real(self, ps_name)

    monkeypatch.setattr(fonts.Font, "_embeddable_bytes", counted)
    a = tmp_path / "a.ttf"
    a.write_bytes(fonts.default_bold().read_bytes())
    first = fonts.Font(a).embeddable_bytes()
    again = fonts.Font(a).embeddable_bytes()
    assert len(made) == 1 and again == first
    assert first == real(fonts.Font(a), fonts.Font(a).embed_name)  # what the cache holds is what is made
    b = tmp_path / "b.ttf"
    tt = fonts.TTFont(str(a))
    tt["head"].fontRevision = 9.5  # other bytes, the same glyphs
    tt.save(str(b))
    other = fonts.Font(b).embeddable_bytes()
    assert len(made) == 2 and other != first
    monkeypatch.setattr(fonts, "_fonttools_version", lambda: "99.0")
    assert fonts.Font(a).embeddable_bytes() == first
    assert len(made) == 3, "another fontTools makes the copy afresh"


def python(script: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


_WATCH = f"""
import sys
from printkit.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print("LOADED", sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)
sys.exit(code)
"""


# Modules that list and check have no use for, each a few milliseconds of every start: imported where
# they are used (a cache entry written, an SVG read, a misspelt word, the schema, a laser bed filled)
UNUSED_AT_START = ("tempfile", "difflib", "json", "fractions", "statistics", "xml.etree.ElementTree")


@pytest.mark.parametrize("args", [["list"], ["check"]])
def test_list_and_check_load_no_module_they_do_not_use(args):
    p = python(_WATCH.replace(repr(HEAVY), repr(UNUSED_AT_START)), *args)
    assert p.returncode == 0, p.stderr
    assert p.stderr.strip().splitlines()[-1] == "LOADED []"


@pytest.mark.parametrize("args", [["list"], ["--help"], ["check"], ["build", "--help"]])
def test_commands_that_write_nothing_load_no_writer_or_renderer(args):
    """``list``, ``--help`` and ``check`` import none of reportlab, Pillow, pypdf, the renderers,
    svgwrite, ezdxf or fontTools' subsetter: their cost is what they do."""
    p = python(_WATCH, *args)
    assert p.returncode == 0, p.stderr
    assert p.stderr.strip().splitlines()[-1] == "LOADED []"


def test_a_build_without_a_pdf_never_runs_reportlab(tmp_path):
    """A font reportlab refuses (a damaged head table: fontTools reads it) stops a build that writes a
    PDF, before any file, as before; a laser-only build does not need reportlab and writes its SVGs
    (before the preflight moved to the PDF writer, it stopped with the PDF's error)."""
    tt = fonts.TTFont(str(fonts.default_bold()))
    tt["head"].magicNumber = 0x12345678
    tt.save(str(tmp_path / "font.ttf"))
    out = tmp_path / "out"
    p = python(_WATCH, "build", "scrabble-en", "--out", str(out), "--font", str(tmp_path / "font.ttf"), "-q",
                "--only", "tiles")
    assert p.returncode == 2
    assert p.stderr.splitlines()[0] == ("--font: 'font.ttf' cannot be embedded in a PDF (reportlab: TTFError: "
                                        "Invalid head table magic 12345678)")
    assert not out.exists() or not any(out.rglob("*.pdf"))
    p = python(_WATCH, "build", "scrabble-en", "--out", str(out), "--font", str(tmp_path / "font.ttf"), "-q",
                "--only", "laser", "--no-verify")
    assert p.returncode == 0, p.stderr
    assert "reportlab" not in p.stderr.strip().splitlines()[-1]
    assert sorted(p.name for p in (out / "scrabble-en").glob("*.svg")) == ["laser-board-1.svg", "laser-coupon.svg",
                                                                             "laser-tiles-1.svg"]


_SVG = """
import io, sys
from printkit.geometry import Document, Page, Rect, Role
from printkit.writers.svg import write_svg
buf = io.BytesIO()
page = Page(50, 40, [Rect(5, 5, 10, 10, stroke="#000000", role=Role.CUT)])
write_svg(Document(path="a.svg", kind="test", format="svg", pages=[page]), buf)
print("GRAMMAR", "svgwrite.data.svgparser" in sys.modules)
import svgwrite
d = svgwrite.Drawing(debug=True)
try:
    d.add(d.rect(insert=(0, 0), size=(1, 1), transform="rotate(oops"))
except TypeError:
    print("VALIDATED")
print("GRAMMAR", type(sys.modules["svgwrite.data.svgparser"]).__name__)
"""


def test_svgwrite_is_imported_without_its_validation_grammar():
    """Writing an SVG does not build svgwrite's validation grammar (0.15 s of regular expressions
    it uses only with debug=True); whoever validates later in the process gets the real one."""
    p = python(_SVG)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[:3] == ["GRAMMAR False", "VALIDATED", "GRAMMAR module"]
