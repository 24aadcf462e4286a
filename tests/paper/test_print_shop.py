"""Print shops: every PDF page states its TrimBox and BleedBox, read back by the programs a shop and a
user have (poppler's pdfinfo, mutool, qpdf, Ghostscript), in mm to 0.01 mm. The poster is trimmed at
the outer edge of its background, which runs 3 mm into the bleed, so a cut that strays shows no
white edge; every home printer's page keeps TrimBox = BleedBox = MediaBox; and ``printkit verify``
fails a file whose boxes are missing or wrong."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from manifestread import manifest_of
from PIL import Image
from pypdf.generic import ArrayObject, DecodedStreamObject, FloatObject, NameObject

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.geometry import Document, Page, Rect, Role
from printkit.sheets.board import board_layout
from printkit.sheets.common import lettering
from printkit.verify import verify
from printkit.writers.pdf import write_pdf

KIT = "krestoslovitsa"
PT = 72 / 25.4
MM = 25.4 / 72
TOL = 0.01
BACKGROUND = (0xEC, 0xE4, 0xD2)  # classic style: board.poster
TRIM = (365.0, 405.0)  # the default kit's finished poster: sheet 344.4 wide + 2 × 10 mm, rounded up
SHEET = (371.0, 411.0)  # and the page, 3 mm of bleed on every side


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (.ci/run installs it)")
    return found


@pytest.fixture(scope="module")
def built(shared) -> Path:
    return shared.build(KIT)  # built once for the run (tests/conftest.py)


@pytest.fixture(scope="module")
def manifest(built) -> dict:
    return manifest_of(built)


def pdfs(manifest: dict) -> list[dict]:
    return [a for a in manifest["artifacts"] if a["format"] == "pdf"]


# -- the page model and the writer --------------------------------------------------------------------

def test_a_page_is_trimmed_nowhere_unless_it_says_so():
    page = Page(210.0, 297.0, ())
    assert page.trim_box == page.bleed_box == (0.0, 0.0, 210.0, 297.0)
    shop = Page(216.0, 303.0, (), trim=(3.0, 3.0, 210.0, 297.0), bleed=3.0)
    assert shop.bleed_box == (0.0, 0.0, 216.0, 303.0)
    with pytest.raises(ValueError, match="runs off the page"):
        Page(210.0, 297.0, (), bleed=3.0)  # a bleed past the whole page
    with pytest.raises(ValueError, match="runs off the page"):
        Page(216.0, 303.0, (), trim=(3.0, 3.0, 210.0, 297.0), bleed=3.5)
    with pytest.raises(ValueError, match="no less than 0"):
        Page(216.0, 303.0, (), trim=(3.0, 3.0, 210.0, 297.0), bleed=-1.0)


def test_the_writer_writes_each_page_s_own_boxes_exactly(tmp_path):
    """Boxes in points from the bottom left, as the page says in mm from the top left; a page after a
    trimmed one is not trimmed (reportlab keeps a box for the pages after it)."""
    ink = (Rect(0, 0, 10, 10, fill="#000000", role=Role.PRINT),)
    doc = Document("x.pdf", "test", "pdf", (Page(216.0, 310.0, ink, trim=(3.0, 5.0, 200.0, 290.0), bleed=2.5),
                                            Page(210.0, 297.0, ink)))
    write_pdf(doc, tmp_path / "x.pdf")
    first, second = pypdf.PdfReader(tmp_path / "x.pdf").pages

    def mm(box):
        return [float(v) * MM for v in box]

    want = [[3.0, 310 - 5.0 - 290.0, 203.0, 305.0], [0.5, 12.5, 205.5, 307.5], [0, 0, 216.0, 310.0]]
    for got, expected in zip((mm(first["/TrimBox"]), mm(first["/BleedBox"]), mm(first.mediabox)), want):
        assert got == pytest.approx(expected, abs=TOL)
    for box in (second["/TrimBox"], second["/BleedBox"], second.mediabox):
        assert mm(box) == pytest.approx([0, 0, 210.0, 297.0], abs=TOL)


# -- real readers -------------------------------------------------------------------------------------

_BOX = re.compile(r"^Page\s+(\d+)\s+(MediaBox|CropBox|BleedBox|TrimBox|ArtBox):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)"
                  r"\s+([-\d.]+)$")


def pdfinfo_boxes(path: Path, pages: int) -> dict[int, dict[str, list[float]]]:
    """Every page's boxes as poppler reads them, (left, bottom, right, top) in mm."""
    out = subprocess.run([tool("pdfinfo"), "-box", "-f", "1", "-l", str(pages), str(path)], capture_output=True,
                         text=True, check=True).stdout
    boxes: dict[int, dict[str, list[float]]] = {}
    for line in out.splitlines():
        m = _BOX.match(line.strip())
        if m:
            boxes.setdefault(int(m.group(1)), {})[m.group(2)] = [float(v) * MM for v in m.groups()[2:]]
    assert len(boxes) == pages, out
    return boxes


def stated_boxes(path: Path) -> list[set[str]]:
    """The boxes each page states itself, as mutool lists them (pdfinfo shows a missing TrimBox as the
    MediaBox it falls back to, so it cannot tell)."""
    out = subprocess.run([tool("mutool"), "pages", str(path)], capture_output=True, text=True, check=True).stdout
    pages = re.findall(r"<page pagenum=\"\d+\">(.*?)</page>", out, re.S)
    return [set(re.findall(r"<(\w+Box) ", page)) for page in pages]


def test_every_pdf_states_its_boxes_as_poppler_mutool_and_qpdf_read_them(built, manifest):
    """Each page of each PDF: TrimBox and BleedBox stated; the poster trimmed to 365 × 405 mm 3 mm inside a
    page of 371 × 411 mm, BleedBox = MediaBox; every other page TrimBox = BleedBox = MediaBox = its paper."""
    files = pdfs(manifest)
    assert len(files) == 12
    for a in files:
        path = built / a["path"]
        check = subprocess.run([tool("qpdf"), "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors found" in check.stdout, (a["path"],
                                                                                                       check.stdout)
        assert stated_boxes(path) == [{"MediaBox", "TrimBox", "BleedBox"}] * a["pages"], a["path"]
        for n, boxes in pdfinfo_boxes(path, a["pages"]).items():
            media = boxes["MediaBox"]
            w, h = a["paper_mm"]
            if a["kind"] == "print-all" and (media[2] > media[3]) != (w > h):
                w, h = h, w  # a page turned to landscape
            assert media == pytest.approx([0, 0, w, h], abs=TOL), (a["path"], n)
            if a["path"] == "board-poster.pdf":
                assert (w, h) == SHEET and a["trim_mm"] == list(TRIM) and a["bleed_mm"] == 3.0
                assert boxes["TrimBox"] == pytest.approx([3.0, 3.0, 368.0, 408.0], abs=TOL)
                assert boxes["BleedBox"] == pytest.approx(media, abs=TOL)
            else:
                assert "trim_mm" not in a and "bleed_mm" not in a
                assert boxes["TrimBox"] == pytest.approx(media, abs=TOL), (a["path"], n)
                assert boxes["BleedBox"] == pytest.approx(media, abs=TOL), (a["path"], n)


def ghostscript(path: Path, box: str, dpi: int) -> Image.Image:
    png = subprocess.run([tool("gs"), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", f"-dUse{box}", "-sDEVICE=png16m",
                          f"-r{dpi}", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", "-sOutputFile=-", str(path)],
                         capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def ring(img: Image.Image, inset: int = 0) -> set[tuple[int, int, int]]:
    """The colours of the ring of pixels ``inset`` pixels inside the image's edge."""
    w, h = img.size
    px = img.load()
    edge = [(x, inset) for x in range(w)] + [(x, h - 1 - inset) for x in range(w)]
    edge += [(inset, y) for y in range(h)] + [(w - 1 - inset, y) for y in range(h)]
    return {px[p] for p in edge}


def near(colour, want, tol: int = 3) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour, want))


def test_ghostscript_cuts_the_poster_at_its_trim_box_with_the_background_to_the_edge(built):
    """Rendered at its TrimBox, the poster is 365 × 405 mm and every pixel of its edge (and of the
    bleed's edge) is the poster's background, none white; the board lies where the layout puts it
    inside the trim (the top-left cell, red, centred 10 mm + strip + 11 mm from the trimmed edge)."""
    dpi = 50
    path = built / "board-poster.pdf"
    trimmed = ghostscript(path, "TrimBox", dpi)
    assert trimmed.size == tuple(round(v / 25.4 * dpi) for v in TRIM)
    for inset in (0, 1, 2):
        colours = ring(trimmed, inset)
        assert all(near(c, BACKGROUND) for c in colours), (inset, sorted(colours)[:5])
    bled = ghostscript(path, "BleedBox", dpi)
    assert bled.size == tuple(round(v / 25.4 * dpi) for v in SHEET)
    assert all(near(c, BACKGROUND) for c in ring(bled))
    sheet, _ = board_layout(load_kit(KIT))
    cx = (10.0 + sheet.grid_x + sheet.cell / 2) / 25.4 * dpi
    cy = (10.0 + sheet.grid_y + sheet.cell / 4) / 25.4 * dpi  # above the label
    assert near(trimmed.getpixel((round(cx), round(cy))), (0xCF, 0x2F, 0x2B), 4)
    assert not near(trimmed.getpixel((round(cx), round(cy))), (255, 255, 255), 40)


def test_only_the_background_runs_into_the_bleed_and_the_words_keep_clear_of_the_cut(built):
    """Every letter on the poster (title, coordinates, legend, scale bar, "print at 100 %", footer) lies at
    least 3 mm inside the trim; the one thing past it is the background, to the page's edge."""
    with pdfplumber.open(built / "board-poster.pdf") as pdf:
        page = pdf.pages[0]
        assert (page.width * MM, page.height * MM) == pytest.approx(SHEET, abs=TOL)
        x0, top, x1, bottom = (v * PT for v in (3.0, 3.0, 368.0, 408.0))
        chars = page.chars
        assert len(chars) > 300
        safe = 3.0 * PT
        for c in chars:
            assert c["x0"] >= x0 + safe and c["x1"] <= x1 - safe and c["top"] >= top + safe \
                and c["bottom"] <= bottom - safe, c["text"]
        text = page.extract_text()
        for words in ("Крестословица", "100 %", "50 мм", "слово ×3"):
            assert words in text
        past = [r for r in page.rects if r["x0"] < x0 - 0.01 or r["top"] < top - 0.01 or r["x1"] > x1 + 0.01
                or r["bottom"] > bottom + 0.01]
        assert len(past) == 1
        r = past[0]
        assert (r["x0"], r["top"], r["x1"] * MM, r["bottom"] * MM) == pytest.approx((0, 0, *SHEET), abs=TOL)
        assert r["non_stroking_color"] == pytest.approx([v / 255 for v in BACKGROUND], abs=0.002)
        assert not page.lines or all(ln["x0"] >= x0 and ln["x1"] <= x1 for ln in page.lines)


def test_the_svg_is_the_finished_poster_and_the_preview_shows_the_trim(built, manifest):
    """board.svg has no trim box to say where to cut: it is the poster as trimmed, 365 × 405 mm, its
    background to its edge; the poster's preview shows its TrimBox, so the two look alike."""
    svg = (built / "board.svg").read_text(encoding="utf-8")
    assert 'height="405mm"' in svg and 'width="365mm"' in svg and 'viewBox="0 0 365 405"' in svg
    assert '<rect fill="#ece4d2" height="405" width="365" x="0" y="0" />' in svg
    arts = {a["path"]: a for a in manifest["artifacts"]}
    assert arts["board.svg"]["paper_mm"] == list(TRIM) and "trim_mm" not in arts["board.svg"]
    for name in ("board-poster-1.png", "board-svg.png"):
        img = Image.open(built / "preview" / name).convert("RGB")
        assert img.size == (1081, 1200)
        assert all(near(c, BACKGROUND, 4) for c in ring(img)), name
    home = Image.open(built / "preview" / "board-A4-1.png").convert("RGB")
    assert home.size == (827, 1169) and home.getpixel((0, 0)) == (255, 255, 255)


def test_a_compensated_home_page_keeps_its_boxes_the_page(tmp_path):
    """Scaled for a printer, a page's content moves; its boxes stay the paper. The poster is never scaled."""
    kit = load_kit(KIT, scale_x="1.004", scale_y="0.997")
    build_kit(kit, tmp_path, only=["tiles", "board"])
    folder = tmp_path / KIT
    for name, pages in (("tiles-A4.pdf", 2), ("board-A4.pdf", 4)):
        for boxes in pdfinfo_boxes(folder / name, pages).values():
            assert boxes["TrimBox"] == pytest.approx([0, 0, 210.0, 297.0], abs=TOL)
            assert boxes["BleedBox"] == pytest.approx([0, 0, 210.0, 297.0], abs=TOL)
    poster = next(a for a in manifest_of(folder)["artifacts"]
                  if a["path"] == "board-poster.pdf")
    assert "scale" not in poster
    tw, th = poster["trim_mm"]  # the kit laid out with margins widened for the enlargement: a little larger
    boxes = pdfinfo_boxes(folder / "board-poster.pdf", 1)[1]
    assert boxes["TrimBox"] == pytest.approx([3.0, 3.0, 3.0 + tw, 3.0 + th], abs=TOL)
    assert boxes["BleedBox"] == pytest.approx([0, 0, 6.0 + tw, 6.0 + th], abs=TOL)


def test_a_white_poster_and_a_kit_without_margins(tmp_path):
    """A style's own poster colour is printed into the bleed; a kit with no margin still keeps 3 mm
    between the trim and the board (a cut drifts)."""
    from dataclasses import replace

    from printkit.sheets.board.documents import POSTER_BLEED, POSTER_SAFE, poster_page

    assert POSTER_BLEED == POSTER_SAFE == 3.0
    kit = load_kit(KIT)

    kit = replace(kit, board_style=replace(kit.board_style, poster="#123456"),
                  print=replace(kit.print, margin_mm=0.0))
    lt = lettering(kit)
    sheet, _ = board_layout(kit, lt)
    page = poster_page(kit, lt, sheet)
    assert page.trim_box[:2] == (3.0, 3.0) and page.bleed_box == (0.0, 0.0, page.width, page.height)
    assert page.items[0].fill == "#123456" and (page.items[0].w, page.items[0].h) == (page.width, page.height)
    board = page.items[1]
    assert (board.dx, board.dy) == (6.0, 6.0)  # bleed 3 + the least margin 3


# -- verify -------------------------------------------------------------------------------------------

@pytest.fixture
def kit_dir(built, tmp_path) -> Path:
    return Path(shutil.copytree(built, tmp_path / KIT))


def only(folder: Path, *paths: str) -> Path:
    data = manifest_of(folder)
    data["artifacts"] = [a for a in data["artifacts"] if a["path"] in paths]
    (folder / "manifest.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder


def relist(folder: Path, rel: str, **figures) -> None:
    data = manifest_of(folder)
    raw = (folder / rel).read_bytes()
    for a in data["artifacts"]:
        if a["path"] == rel:
            a.update(bytes=len(raw), sha256=hashlib.sha256(raw).hexdigest(), **figures)
    (folder / "manifest.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def rewrite(folder: Path, rel: str, change) -> None:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(folder / rel)))
    for page in writer.pages:
        change(page)
    buffer = io.BytesIO()
    writer.write(buffer)
    (folder / rel).write_bytes(buffer.getvalue())
    relist(folder, rel)


def box(*mm: float) -> ArrayObject:
    return ArrayObject(FloatObject(v * PT) for v in mm)


def box_lines(folder: Path, rel: str) -> list[str]:
    """What verify says of the file, but for the checks of its bytes, pages, fonts and cells (which these
    damages leave as they were)."""
    return [c.line() for c in verify(folder).checks
            if c.path == rel
            and not re.search(r"bytes, sha256|^\d+ pages? of|fonts?, each|cells of|cut by a page's edge", c.text)]


def test_verify_passes_the_boxes_of_every_pdf(built):
    got = [c.line() for c in verify(built).checks if "TrimBox" in c.text]
    assert got == [
        "ok  tiles-A4.pdf: TrimBox = BleedBox = MediaBox on each of 2 pages (trimmed nowhere)",
        "ok  board-poster.pdf: TrimBox 365 × 405 mm, BleedBox 3 mm past it on every side, painted to its edge; "
        "136 text runs inside the trim",
        "ok  board-A4.pdf: TrimBox = BleedBox = MediaBox on each of 4 pages (trimmed nowhere)",
        "ok  board-A4-assembly.pdf: TrimBox = BleedBox = MediaBox (trimmed nowhere)",
        "ok  burn-tiles-A4.pdf: TrimBox = BleedBox = MediaBox on each of 2 pages (trimmed nowhere)",
        "ok  burn-tiles-mirrored-A4.pdf: TrimBox = BleedBox = MediaBox on each of 2 pages (trimmed nowhere)",
        "ok  burn-board-A4.pdf: TrimBox = BleedBox = MediaBox on each of 4 pages (trimmed nowhere)",
        "ok  scoresheet.pdf: TrimBox = BleedBox = MediaBox (trimmed nowhere)",
        "ok  tracking.pdf: TrimBox = BleedBox = MediaBox (trimmed nowhere)",
        "ok  reference.pdf: TrimBox = BleedBox = MediaBox (trimmed nowhere)",
        "ok  calibration.pdf: TrimBox = BleedBox = MediaBox (trimmed nowhere)",
        "ok  print-all-A4.pdf: TrimBox = BleedBox = MediaBox on each of 12 pages (trimmed nowhere)",
    ]


def test_verify_fails_a_page_without_boxes(kit_dir):
    only(kit_dir, "tiles-A4.pdf", "board-poster.pdf")

    def drop(page):
        del page[NameObject("/TrimBox")]
        del page[NameObject("/BleedBox")]

    rewrite(kit_dir, "tiles-A4.pdf", drop)
    rewrite(kit_dir, "board-poster.pdf", lambda page: page.__delitem__(NameObject("/BleedBox")))
    fails = [c.line() for c in verify(kit_dir).failures]
    assert fails == [
        "FAIL tiles-A4.pdf: page 1: no TrimBox and no BleedBox (a print shop's software then guesses where to cut)",
        "FAIL board-poster.pdf: no BleedBox (a print shop's software then guesses where to cut)",
    ]


def test_verify_fails_a_home_page_trimmed_somewhere(kit_dir):
    only(kit_dir, "board-A4.pdf")
    rewrite(kit_dir, "board-A4.pdf", lambda page: page.__setitem__(NameObject("/TrimBox"), box(3, 3, 207, 294)))
    assert box_lines(kit_dir, "board-A4.pdf") == [
        "FAIL board-A4.pdf: page 1: TrimBox 204 × 291 mm at (3, 3) and BleedBox 210 × 297 mm at (0, 0), but a page "
        "for a home printer is trimmed nowhere: both should be the MediaBox 210 × 297 mm at (0, 0)"]


def test_verify_fails_a_poster_trimmed_to_the_wrong_size_or_bleed(kit_dir):
    only(kit_dir, "board-poster.pdf")
    rewrite(kit_dir, "board-poster.pdf", lambda page: page.__setitem__(NameObject("/TrimBox"), box(0, 0, 371, 411)))
    assert box_lines(kit_dir, "board-poster.pdf") == [
        "FAIL board-poster.pdf: TrimBox 371 × 411 mm at (0, 0), the manifest says 365 × 405 mm"]
    rewrite(kit_dir, "board-poster.pdf", lambda page: page.__setitem__(NameObject("/TrimBox"), box(3, 3, 368, 408)))
    rewrite(kit_dir, "board-poster.pdf", lambda page: page.__setitem__(NameObject("/BleedBox"), box(2, 2, 369, 409)))
    assert box_lines(kit_dir, "board-poster.pdf") == [
        "FAIL board-poster.pdf: BleedBox 367 × 407 mm at (2, 2) is not the TrimBox and 3 mm on every side "
        "(371 × 411 mm at (0, 0)), as the manifest says"]


def test_verify_fails_a_manifest_that_forgets_the_trim(kit_dir):
    only(kit_dir, "board-poster.pdf")
    data = manifest_of(kit_dir)
    del data["artifacts"][0]["trim_mm"]
    (kit_dir / "manifest.json").write_text(json.dumps(data), encoding="utf-8")
    assert box_lines(kit_dir, "board-poster.pdf") == [
        "FAIL board-poster.pdf: the manifest's trim_mm None and bleed_mm 3.0 are not a size and a length"]


def edit_stream(page, old: bytes, new: bytes) -> None:
    data = page["/Contents"].get_object().get_data()
    assert data.count(old) >= 1, old
    stream = DecodedStreamObject()
    stream.set_data(data.replace(old, new, 1))
    page.replace_contents(stream)


def test_verify_fails_a_poster_whose_background_stops_at_the_trim(kit_dir):
    """The background drawn to the trim only (a white edge wherever the cut strays), then a word moved
    into the bleed."""
    only(kit_dir, "board-poster.pdf")
    w, h = (round(v * PT, 3) for v in SHEET)
    page = pypdf.PdfReader(kit_dir / "board-poster.pdf").pages[0]
    stream = page["/Contents"].get_object().get_data()
    background = re.search(rb"0 0 ([\d.]+) ([\d.]+) re f", stream)
    assert background and abs(float(background.group(1)) - w) < 0.01 and abs(float(background.group(2)) - h) < 0.01
    t = 3 * PT
    inner = f"{t:.4f} {t:.4f} {365 * PT:.4f} {405 * PT:.4f} re f".encode()
    rewrite(kit_dir, "board-poster.pdf", lambda p: edit_stream(p, background.group(0), inner))
    assert box_lines(kit_dir, "board-poster.pdf") == [
        "FAIL board-poster.pdf: nothing is painted to the edge of the bleed 371 × 411 mm at (0, 0): the cut shows a "
        "white edge wherever it strays"]


def test_verify_fails_a_poster_with_words_in_the_bleed(kit_dir):
    only(kit_dir, "board-poster.pdf")
    stream = pypdf.PdfReader(kit_dir / "board-poster.pdf").pages[0]["/Contents"].get_object().get_data()
    first = re.search(rb"BT 1 0 0 1 ([\d.]+) ([\d.]+) Tm", stream)
    assert first, stream[:400]
    rewrite(kit_dir, "board-poster.pdf",
            lambda p: edit_stream(p, first.group(0), b"BT 1 0 0 1 -60 " + first.group(2) + b" Tm"))
    got = box_lines(kit_dir, "board-poster.pdf")
    assert len(got) == 1 and got[0].startswith("FAIL board-poster.pdf: 1 text run outside the TrimBox, the first ")
    assert got[0].endswith("mm: cut off with the bleed")


# -- bad input ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, col, message", [
    ("red", 13, "'poster' must be a colour written #rrggbb (quoted), not 'red'"),
    ('"#ece4d"', 13, "'poster' must be a colour written #rrggbb (quoted), not '#ece4d'"),
    ("#ece4d2", 12, "'poster' is empty: write the colour in quotes, \"#rrggbb\" (unquoted, # begins a comment)"),
])
def test_a_poster_colour_that_is_none_is_one_line_at_its_place(tmp_path, write, run, value, col, message):
    kit = write("k.yaml", f"""
        extends: krestoslovitsa
        name: bad-poster
        style:
          board:
            poster: {value}
        """)
    code, out, err = run("build", kit, "--out", tmp_path / "out", "--only", "board")
    assert (code, out) == (2, "")
    assert err.strip() == f"{kit}:5:{col}: {message}"
    assert not (tmp_path / "out" / "bad-poster").exists()
