"""PNG previews in preview/: one for every PDF page and SVG sheet, of the pixel size the rule gives,
with ink on them, showing what the file holds; listed in the manifest and owned like every file."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

from manifestread import manifest_of
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.preview import pixels, preview_paths

MM = 25.4 / 72


def manifest(folder: Path) -> dict:
    return manifest_of(folder)


def chunks(data: bytes) -> list[str]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, i = [], 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        out.append(data[i + 4:i + 8].decode("ascii"))
        i += 12 + n
    return out


def ink(image: Image.Image) -> float:
    """The share of pixels of a palette image that are not paper white."""
    palette = image.getpalette()
    white = sum(n for i, n in enumerate(image.histogram()) if palette[3 * i:3 * i + 3] == [255, 255, 255])
    return 1 - white / (image.width * image.height)


# -- the rule -------------------------------------------------------------------------------------

def test_preview_names():
    assert preview_paths("tiles-A4.pdf", "pdf", 2) == [(1, "preview/tiles-A4-1.png"), (2, "preview/tiles-A4-2.png")]
    assert preview_paths("tiles-A4-1.svg", "svg", 1) == [(1, "preview/tiles-A4-1-svg.png")]
    assert preview_paths("sub/x.pdf", "pdf", 1) == [(1, "preview/sub/x-1.png")]
    # a DXF's drawing where ezdxf (the dxf extra) reads it, beside its SVG's
    assert preview_paths("laser-tiles-1.dxf", "dxf", 1) == [(1, "preview/laser-tiles-1-dxf.png")]
    # a PDF page's preview and an SVG's never share a name, whatever the files are called
    names = [p for f, fmt, n in [("a-1.pdf", "pdf", 12), ("a.pdf", "pdf", 12), ("a-1.svg", "svg", 1),
                                 ("a-1-svg.pdf", "pdf", 1), ("a-svg.pdf", "pdf", 1)]
             for _, p in preview_paths(f, fmt, n)]
    assert len(names) == len(set(names)) == 27


def test_pixels():
    assert pixels(210, 297) == (827, 1169)  # A4 at 100 dpi
    assert pixels(215.9, 279.4) == (850, 1100)  # Letter
    assert pixels(365, 405) == (1081, 1200)  # the poster: its longer side 1200 px
    assert pixels(600, 400) == (1200, 800)  # a laser bed
    assert pixels(77.5, 28.085) == (305, 111)


# -- a built kit ----------------------------------------------------------------------------------

def test_every_page_has_a_preview(default):
    m = manifest(default)
    files = [a for a in m["artifacts"] if a["format"] in ("pdf", "svg")]
    shots = [a for a in m["artifacts"] if a["kind"] == "preview"]
    expected = {(a["path"], n) for a in files for n in range(1, (a.get("pages", 1) if a["format"] == "pdf" else 1) + 1)
                if a["kind"] != "print-all"} | {("print-all-A4.pdf", 1)}
    assert {(a["of"], a["page"]) for a in shots} == expected
    assert len(shots) == 27  # 20 PDF pages, 6 SVG sheets, print-all's contents page
    assert sum(a["pages"] for a in files if a["format"] == "pdf" and a["kind"] != "print-all") == 20
    on_disk = {str(p.relative_to(default)) for p in (default / "preview").rglob("*") if p.is_file()}
    assert on_disk == {a["path"] for a in shots}
    for a in shots:
        assert a["product"] == next(f["product"] for f in files if f["path"] == a["of"])
        assert a["format"] == "png" and a["path"] == dict(preview_paths(a["of"], a["of"][-3:], a["page"]))[a["page"]]


def test_previews_are_pngs_of_the_expected_size_with_ink_and_no_metadata(default):
    sizes = {}
    readers: dict[str, PdfReader] = {}
    for a in manifest(default)["artifacts"]:
        if a["kind"] != "preview":
            continue
        data = (default / a["path"]).read_bytes()
        assert chunks(data) == ["IHDR", "PLTE"] + ["IDAT"] * (chunks(data).count("IDAT")) + ["IEND"], a["path"]
        image = Image.open(default / a["path"])
        assert image.format == "PNG" and image.mode == "P" and image.info == {}
        assert list(image.size) == a["px"]
        sizes[a["path"]] = image.size
        assert ink(image) > 0.02, a["path"]  # the emptiest, the last page of the burnt board, has 3.4 %
        if a["of"].endswith(".pdf"):
            reader = readers.setdefault(a["of"], PdfReader(default / a["of"]))
            page = reader.pages[a["page"] - 1]  # the page as trimmed (the poster without its bleed)
            assert image.size == pixels(float(page.trimbox.width) * MM, float(page.trimbox.height) * MM)
    assert sizes["preview/tiles-A4-1.png"] == sizes["preview/tiles-A4-1-svg.png"] == (827, 1169)
    assert sizes["preview/board-poster-1.png"] == sizes["preview/board-svg.png"] == (1081, 1200)
    assert sizes["preview/laser-tiles-1-svg.png"] == (1200, 800)
    assert sizes["preview/laser-coupon-svg.png"] == (305, 111)
    assert "preview/print-all-A4-2.png" not in sizes


def test_a_preview_shows_its_page(default):
    """The PDF page and the SVG sheet of the same geometry, by two renderers, look alike; two
    different pages do not."""
    def grey(name):
        return Image.open(default / "preview" / name).convert("L")

    same = ImageStat.Stat(ImageChops.difference(grey("tiles-A4-1.png"), grey("tiles-A4-1-svg.png"))).mean[0]
    poster = ImageStat.Stat(ImageChops.difference(grey("board-poster-1.png"), grey("board-svg.png"))).mean[0]
    other = ImageStat.Stat(ImageChops.difference(grey("tiles-A4-1.png"), grey("tiles-A4-2.png"))).mean[0]
    assert same < 4 and poster < 4 and other > 12
    # paper white stays white, and the board's colours are there
    board = Image.open(default / "preview" / "board-A4-1.png").convert("RGB")
    top = sorted(board.getcolors(1 << 24), reverse=True)[:2]
    assert top[0][1] == (255, 255, 255) and top[1][1] == (184, 221, 241)


def test_only_keeps_the_previews_of_kept_products_and_renders_missing_ones(tmp_path):
    kit = load_kit("krestoslovitsa")
    folder = build_kit(kit, tmp_path, only=["tiles", "board"]).folder
    board_shot = folder / "preview" / "board-A4-2.png"
    before = board_shot.read_bytes()
    m = manifest(folder)
    # as an older printkit left it: the board's second page without a preview
    m["artifacts"] = [a for a in m["artifacts"] if a["path"] != "preview/board-A4-2.png"]
    (folder / "manifest.json").write_text(json.dumps(m), encoding="utf-8")
    board_shot.unlink()
    poster = (folder / "preview" / "board-poster-1.png").stat().st_mtime_ns
    result = build_kit(kit, tmp_path, only=["tiles"])
    written = {a["path"] for a in result.artifacts if a["kind"] == "preview"}
    assert written == {"preview/tiles-A4-1.png", "preview/tiles-A4-2.png", "preview/tiles-A4-1-svg.png",
                       "preview/tiles-A4-2-svg.png", "preview/print-all-A4-1.png", "preview/board-A4-1.png",
                       "preview/board-A4-2.png", "preview/board-A4-3.png", "preview/board-A4-4.png"}
    assert board_shot.read_bytes() == before
    assert (folder / "preview" / "board-poster-1.png").stat().st_mtime_ns == poster  # kept, not rewritten
    shots = [a["path"] for a in manifest(folder)["artifacts"] if a["kind"] == "preview"]
    assert len(shots) == len(set(shots)) == 5 + 7 and "preview/board-A4-2.png" in shots


def test_previews_of_pages_a_rebuild_no_longer_has_are_removed(write, tmp_path):
    out = tmp_path / "out"
    kit = write("k.yaml", "extends: krestoslovitsa\nname: k\nprint: {backs: plain}\n")
    build_kit(load_kit(str(kit)), out, only=["tiles"])
    assert sorted(p.name for p in (out / "k" / "preview").iterdir() if p.name.startswith("tiles-A4-")) == [
        "tiles-A4-1-svg.png", "tiles-A4-1.png", "tiles-A4-2-svg.png", "tiles-A4-2.png", "tiles-A4-3-svg.png",
        "tiles-A4-3.png", "tiles-A4-4-svg.png", "tiles-A4-4.png"]  # fronts and backs
    kit.write_text("extends: krestoslovitsa\nname: k\n", encoding="utf-8")
    build_kit(load_kit(str(kit)), out, only=["tiles"])
    assert sorted(p.name for p in (out / "k" / "preview").iterdir() if p.name.startswith("tiles-A4-")) == [
        "tiles-A4-1-svg.png", "tiles-A4-1.png", "tiles-A4-2-svg.png", "tiles-A4-2.png"]


def test_a_file_of_the_users_where_a_preview_goes_stops_the_build(tmp_path, run):
    mine = tmp_path / "out" / "krestoslovitsa" / "preview" / "tiles-A4-1.png"
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"my picture")
    code, _, err = run("build", "--out", tmp_path / "out", "--only", "tiles")
    assert code == 2
    assert err.strip() == (f"{mine} is in the way: printkit did not write it (its manifest.json does not list it); "
                           f"move it away or build with another --out; nothing was changed")
    assert mine.read_bytes() == b"my picture"
    assert sorted(p.name for p in mine.parent.parent.rglob("*")) == ["preview", "tiles-A4-1.png"]


BUILD = ("import sys; from printkit.cli import main; "
         "sys.exit(main(['build', '--only', 'tiles', '-q', '--out', sys.argv[1]]))")


def test_previews_gallery_and_print_all_are_the_same_bytes_in_another_process(tmp_path):
    """Two processes with other clocks, zones, hash seeds and folders write the same bytes."""
    folders = []
    for n, (epoch, zone) in enumerate((("1000000000", "Asia/Kolkata"), ("1700000000", "America/St_Johns"))):
        env = {**os.environ, "SOURCE_DATE_EPOCH": epoch, "TZ": zone, "PYTHONHASHSEED": str(n + 1)}
        out = tmp_path / f"run{n}" / ("deeper" if n else "")
        done = subprocess.run([sys.executable, "-c", BUILD, str(out)], env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        folders.append(out / "krestoslovitsa")
    first, second = ({str(p.relative_to(f)): p.read_bytes() for p in f.rglob("*") if p.is_file()} for f in folders)
    assert first == second
    assert {p for p in first if p.endswith((".png", ".html")) or p.startswith("print-all")} == {
        "preview/tiles-A4-1.png", "preview/tiles-A4-2.png", "preview/tiles-A4-1-svg.png", "preview/tiles-A4-2-svg.png",
        "preview/print-all-A4-1.png", "index.html", "print-all-A4.pdf"}
