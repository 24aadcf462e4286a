"""The board (issue 4): files read back in millimetres, pages rendered to pixels and glued together.

pdfplumber reads rectangles and characters but ignores clipping, so whatever depends on a page's
window (the split pages reproduce the poster) is checked on rendered pixels (pypdfium2).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace

import pdfplumber
import pypdfium2 as pdfium
import pytest
from manifestread import manifest_of
from pdfread import clips
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.fonts import load
from printkit.geometry import Document, Path as GPath, Text, pieces
from printkit.model import Premium
from printkit.sheets.board import board_documents, board_layout
from printkit.sheets.board.documents import poster_page
from printkit.sheets.board.paper import content_box, mark_arm
from printkit.sheets.board.sheet import draw_sheet
from printkit.sheets.common import lettering
from printkit.writers.pdf import write_pdf

MM = 25.4 / 72  # millimetres per point
TOL = 0.01  # mm

LABELS = {  # kit: label → number of cells that carry it (DW includes the start square where it is one)
    "krestoslovitsa": {"Б2": 24, "Б3": 12, "С2": 17, "С3": 8},
    "erudit": {"2Б": 24, "3Б": 8, "2С": 16, "3С": 8},
    "scrabble-en": {"DL": 24, "TL": 12, "DW": 17, "TW": 8},
}


@pytest.fixture(scope="module")
def built(shared):
    """A kit's board, built once per (kit, paper) for the whole run (tests/conftest.py); returns the kit folder."""

    def _built(name: str, paper: str | None = None):
        return shared.build(name, only=["board"], paper=paper)

    return _built


def hex_of(color) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in color)


def cells_of(path, cell: float) -> list[dict]:
    """The rectangles of the poster that are board cells (the legend's swatches are smaller)."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        out = []
        for r in page.rects:
            w, h = r["width"] * MM, r["height"] * MM
            if abs(w - cell) < 0.5 and abs(h - cell) < 0.5:
                out.append({"x": r["x0"] * MM, "y": r["top"] * MM, "w": w, "h": h,
                            "fill": hex_of(r["non_stroking_color"])})
        return out


def grid_of(cells, cell: float) -> dict[tuple[int, int], dict]:
    """(row, col) → cell, checking every cell sits on the pitch."""
    x0, y0 = min(c["x"] for c in cells), min(c["y"] for c in cells)
    out = {}
    for c in cells:
        col, row = round((c["x"] - x0) / cell), round((c["y"] - y0) / cell)
        assert abs(c["x"] - x0 - col * cell) < TOL and abs(c["y"] - y0 - row * cell) < TOL, c
        out[(row, col)] = c
    return out


# -- the poster ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["krestoslovitsa", "erudit", "scrabble-en", "krestoslovitsa-mini"])
def test_poster_has_every_cell_at_its_size_and_pitch(built, name):
    kit = load_kit(name)
    cell = kit.physical.cell_mm
    cells = cells_of(built(name) / "board-poster.pdf", cell)
    assert len(cells) == 225
    assert all(abs(c["w"] - cell) <= TOL and abs(c["h"] - cell) <= TOL for c in cells)
    grid = grid_of(cells, cell)
    assert sorted(grid) == [(r, c) for r in range(15) for c in range(15)]


@pytest.mark.parametrize("name, counts", [
    ("krestoslovitsa", {"TW": 8, "DW": 17, "TL": 12, "DL": 24}),
    ("erudit", {"TW": 8, "DW": 16, "TL": 8, "DL": 24}),
])
def test_poster_cell_colours_match_the_layout(built, name, counts):
    kit = load_kit(name)
    colors = kit.board_style.colors
    grid = grid_of(cells_of(built(name) / "board-poster.pdf", 22.0), 22.0)
    for (r, c), cell in grid.items():  # each cell has its own premium's colour
        p = kit.layout.at(r, c)
        want = colors[p.code] if p is not Premium.NONE else colors["start" if (r, c) == kit.layout.start else "plain"]
        assert cell["fill"] == want, (r, c)
    by_colour = Counter(cell["fill"] for cell in grid.values())
    start = kit.layout.start
    plain_start = kit.layout.at(*start) is Premium.NONE
    expected = Counter({colors[code]: n for code, n in counts.items()})
    expected[colors["start" if plain_start else kit.layout.at(*start).code]] += 1 if plain_start else 0
    expected[colors["plain"]] += 225 - sum(counts.values()) - (1 if plain_start else 0)
    assert by_colour == expected
    if name == "erudit":  # the Эрудит start is plain: a colour of its own, not a premium's
        assert plain_start and by_colour[colors["DW"]] == 16 and by_colour[colors["start"]] == 1
        assert colors["start"] not in {colors[c] for c in ("DL", "TL", "DW", "TW")}


@pytest.mark.parametrize("name", sorted(LABELS))
def test_poster_labels_every_premium_cell(built, name):
    kit = load_kit(name)
    cell = kit.physical.cell_mm
    grid = grid_of(cells_of(built(name) / "board-poster.pdf", cell), cell)
    x0, y0 = grid[(0, 0)]["x"], grid[(0, 0)]["y"]
    with pdfplumber.open(built(name) / "board-poster.pdf") as pdf:
        page = pdf.pages[0]
        inside = page.within_bbox((x0 / MM, y0 / MM, (x0 + 15 * cell) / MM, (y0 + 15 * cell) / MM))
        words = Counter(w["text"] for w in inside.extract_words())
    assert words == Counter(LABELS[name])
    assert len(set(kit.board_style.labels[c] for c in ("DL", "TL", "DW", "TW"))) == 4  # tell apart in grey


def test_poster_has_coordinates_title_and_legend(built):
    with pdfplumber.open(built("krestoslovitsa") / "board-poster.pdf") as pdf:
        words = Counter(w["text"] for w in pdf.pages[0].extract_words())
    for name in "ABCDEFGHIJKLMNO":
        assert words[name] == 2  # above and below the grid
    for n in range(1, 16):
        assert words[str(n)] >= 2  # left and right
    assert words["Крестословица"] >= 1
    for text in ("буква", "слово", "начало", "игры"):
        assert words[text] >= 1
    assert words["50"] == 2 and words["полоска"] == 1  # the scale bar and its note, in Russian


def test_coordinates_can_be_left_out(write, tmp_path):
    kit = load_kit(str(write("k.yaml", """
        extends: krestoslovitsa
        name: no-coords
        print: {coordinates: false}
    """)))
    sheet = draw_sheet(kit, lettering(kit))
    assert not [i for i in sheet.items if getattr(i, "tag", "") == "coordinate"]
    assert len([i for i in sheet.items if getattr(i, "tag", "").startswith("cell:")]) == 225


def test_labels_and_star_sit_inside_their_cells():
    for name in ("krestoslovitsa", "erudit", "scrabble-en", "krestoslovitsa-mini", "scrabble-fr"):
        kit = load_kit(name)
        sheet = draw_sheet(kit, lettering(kit))
        c = sheet.cell
        margin = 0.1 * c - 1e-6
        for item in sheet.items:
            if isinstance(item, Text) and item.tag.startswith("label:"):
                x0, y0, x1, y1 = item.ink()
            elif isinstance(item, GPath) and item.tag == "start-star":
                xs, ys = [p[1] for p in item.commands[:-1]], [p[2] for p in item.commands[:-1]]
                x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
            else:
                continue
            col = int(((x0 + x1) / 2 - sheet.grid_x) // c)
            row = int(((y0 + y1) / 2 - sheet.grid_y) // c)
            left, top = sheet.grid_x + col * c, sheet.grid_y + row * c
            assert x0 >= left + margin and x1 <= left + c - margin, (name, item.tag, row, col)
            assert y0 >= top + margin * 0.5 and y1 <= top + c - margin * 0.5, (name, item.tag, row, col)
        start = [i for i in sheet.items if getattr(i, "tag", "").startswith("cell:")
                 and i.tag.endswith(":start")]
        assert len(start) == 1 and len([i for i in sheet.items if getattr(i, "tag", "") == "start-star"]) == 1


def test_a_label_the_font_lacks_is_an_error_naming_it(write):
    kit = load_kit(str(write("k.yaml", """
        extends: krestoslovitsa
        name: starry
        style:
          template: classic
          labels:
            labels: {DL: "2★", TL: "3L", DW: "2W", TW: "3W"}
            legend: {DL: "a", TL: "b", DW: "c", TW: "d"}
    """)))
    with pytest.raises(PrintkitError, match="★"):
        board_documents(kit)


def _fonts_of(pdf_path, pick) -> set[str]:
    """The fonts of the characters of the first page that ``pick(char)`` selects."""
    with pdfplumber.open(pdf_path) as pdf:
        return {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars if pick(c)}


def test_board_fonts_come_from_the_style(write, tmp_path):
    """The labels and the title are drawn in the tiles' font (--font too), and a text that font
    cannot draw falls back to the bundled PT Sans Bold; the small print uses style.page.font."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    from printkit.fonts import default_bold, default_regular

    caps = TTFont(str(default_bold()))
    sub = subset.Subsetter(subset.Options())
    sub.populate(text="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    sub.subset(caps)
    caps.save(str(tmp_path / "Caps.ttf"))
    caps_name = load(str(tmp_path / "Caps.ttf")).embed_name
    bundled = load(None).embed_name
    folder = build_kit(load_kit("scrabble-en", font=str(tmp_path / "Caps.ttf")), tmp_path / "a", ["board"]).folder
    poster = folder / "board-poster.pdf"
    assert _fonts_of(poster, lambda c: c["text"] in "DTLW" and c["size"] * MM > 5.5) == {caps_name}
    assert _fonts_of(poster, lambda c: c["text"] in "crbl") >= {bundled}  # "Scrabble" needs lower case

    regular = tmp_path / "MyRegular.ttf"
    regular.write_bytes(default_regular().read_bytes())  # the same face, from a file of the user's
    kit = write("k.yaml", f"""
        extends: scrabble-en
        style: {{page: {{font: {regular}}}, board: {{font: default}}}}
    """)
    folder = build_kit(load_kit(str(kit), font=str(tmp_path / "Caps.ttf")), tmp_path / "b", ["board"]).folder
    poster = folder / "board-poster.pdf"
    assert _fonts_of(poster, lambda c: c["text"] in "DTLW" and c["size"] * MM > 5.5) == {bundled}
    assert _fonts_of(poster, lambda c: c["text"] in "ABCEFGHIJKMNO" and c["size"] * MM < 4.5) == {
        load(str(regular)).embed_name}


def test_svg_is_true_size_with_paths_not_text(built):
    path = built("krestoslovitsa") / "board.svg"
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    manifest = manifest_of(path.parent)
    w, h = next(a for a in manifest["artifacts"] if a["path"] == "board.svg")["paper_mm"]
    assert root.get("width") == f"{w:g}mm" and root.get("height") == f"{h:g}mm"
    assert [float(v) for v in root.get("viewBox").split()] == [0, 0, w, h]
    assert not list(root.iter(f"{ns}text"))
    cells = [r for r in root.iter(f"{ns}rect") if r.get("width") == "22" and r.get("height") == "22"]
    assert len(cells) == 225
    assert len(list(root.iter(f"{ns}path"))) > 100  # labels, coordinates and legend as outlines


# -- the board on paper ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, paper, pages, split", [
    ("krestoslovitsa", None, 4, [2, 2]),
    ("krestoslovitsa", "Letter", 4, [2, 2]),
    ("krestoslovitsa", "A3", 2, None),
    ("krestoslovitsa-mini", None, 1, [1, 1]),
])
def test_paper_pages_are_fewest_and_exact(built, name, paper, pages, split):
    kit = load_kit(name, paper=paper)
    folder = built(name, paper)
    p = kit.print.paper
    reader = PdfReader(folder / f"board-{p.name}.pdf")
    assert len(reader.pages) == pages
    sizes = set()
    for page in reader.pages:
        w, h = float(page.mediabox.width) * MM, float(page.mediabox.height) * MM
        sizes.add((round(w, 2), round(h, 2)))
        assert (abs(w - p.width_mm) <= TOL and abs(h - p.height_mm) <= TOL) or \
               (abs(w - p.height_mm) <= TOL and abs(h - p.width_mm) <= TOL)
    assert len(sizes) == 1
    manifest = manifest_of(folder)
    art = next(a for a in manifest["artifacts"] if a["path"] == f"board-{p.name}.pdf")
    assert art["pages"] == pages and art["paper"] == p.name and art["cell_mm"] == kit.physical.cell_mm
    if split:
        assert art["split"] == split
    assert (folder / f"board-{p.name}-assembly.pdf").exists() == (pages > 1)
    # nothing fewer fits: one page less in either direction, either orientation, is too small
    sheet, _ = board_layout(kit)
    for pw, ph in ((p.width_mm, p.height_mm), (p.height_mm, p.width_mm)):
        x0, y0, x1, y1 = content_box(pw, ph, kit.print.margin_mm)
        n = pieces(sheet.width, x1 - x0, kit.print.overlap_mm) * pieces(sheet.height, y1 - y0, kit.print.overlap_mm)
        assert n >= pages


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3"])
def test_seams_run_between_cells_and_miss_the_legend(paper):
    kit = load_kit("krestoslovitsa", paper=paper)
    sheet, split = board_layout(kit)
    for x in split.xs[1:-1]:
        k = (x - sheet.grid_x) / sheet.cell
        assert abs(k - round(k)) < 1e-9  # the cut edge lies on a grid line
        for item in sheet.items:
            if isinstance(item, Text) and item.tag in ("legend", "legend-label", "title", "title-note"):
                x0, _, x1, _ = item.ink()
                assert not x0 - 1 < x < x1 + 1, (paper, item.text)
    for y in split.ys[1:-1]:
        k = (y - sheet.grid_y) / sheet.cell
        assert abs(k - round(k)) < 1e-9


def test_mini_board_is_one_a4_page_with_the_whole_field(built):
    folder = built("krestoslovitsa-mini")
    with pdfplumber.open(folder / "board-A4.pdf") as pdf:
        page = pdf.pages[0]
        cells = [r for r in page.rects if abs(r["width"] * MM - 10) < TOL and abs(r["height"] * MM - 10) < TOL]
        assert len(cells) == 225
        assert all(0 < r["x0"] and r["x1"] < page.width and 0 < r["top"] and r["bottom"] < page.height
                   for r in cells)
        x0, y0 = min(r["x0"] for r in cells), min(r["top"] for r in cells)
        grid = page.within_bbox((x0, y0, x0 + 150 / MM, y0 + 150 / MM))
        words = Counter(w["text"] for w in grid.extract_words())
        text = page.extract_text()
    assert words == Counter(LABELS["krestoslovitsa"])
    assert "лист 1 из 1: всё поле" in text and "эта полоска — 50 мм" in text


def test_manifest_lists_the_board_products(built):
    manifest = manifest_of(built("krestoslovitsa"))
    arts = {a["path"]: a for a in manifest["artifacts"] if a["product"] == "board" and a["kind"] != "preview"}
    assert set(arts) == {"board-poster.pdf", "board.svg", "board-A4.pdf", "board-A4-assembly.pdf"}
    for path in ("board-poster.pdf", "board.svg", "board-A4.pdf"):
        a = arts[path]
        assert a["kind"] == "board" and a["cell_mm"] == 22.0 and a["rows"] == 15 and a["cols"] == 15
        assert a["pages"] >= 1 and a["paper"] in ("poster", "A4") and len(a["paper_mm"]) == 2
    assert arts["board-poster.pdf"]["paper"] == "poster" and arts["board-A4.pdf"]["overlap_mm"] == 10.0
    assert arts["board-A4-assembly.pdf"]["kind"] == "board-assembly"
    assert arts["board-A4-assembly.pdf"]["board_pages"] == 4
    assert manifest["board"] == {"rows": 15, "cols": 15, "cell_mm": 22.0, "layout": "standard-15"}


def test_every_page_carries_its_place_and_the_scale_bar(built):
    with pdfplumber.open(built("krestoslovitsa") / "board-A4.pdf") as pdf:
        # the footer's small print only: the board's own text lies under it, clipped away but still read
        texts = [p.filter(lambda o: o.get("object_type") != "char" or abs(o["size"] * MM - 3.2) < 0.01
                          ).extract_text() for p in pdf.pages]
        bars = [[r for r in p.rects if abs(r["width"] * MM - 50) < TOL] for p in pdf.pages]
    places = ["вверху слева, ряд 1, столбец 1", "вверху справа, ряд 1, столбец 2",
              "внизу слева, ряд 2, столбец 1", "внизу справа, ряд 2, столбец 2"]
    for n, (text, bar, place) in enumerate(zip(texts, bars, places), 1):
        assert f"лист {n} из 4: {place}" in text
        assert "эта полоска — 50 мм" in text and len(bar) == 1
    with pdfplumber.open(built("krestoslovitsa") / "board-A4-assembly.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "как собрать поле из 4 листов A4" in text
    assert "2. Отрежьте по коротким меткам: левый край листов 2, 4 и верхний край листов 3, 4." in text


def test_an_english_kit_speaks_english(built):
    """The words of the sheets come from the kit's language: scrabble-en is English throughout."""
    folder = built("scrabble-en")
    with pdfplumber.open(folder / "board-Letter-assembly.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Scrabble (English): assembling the board from 4 pages of Letter" in text
    assert "2. Cut along the short trim marks: the left edge of pages 2, 4 and the top edge of pages 3, 4." in text
    assert "Print at 100 % / actual size: this bar must measure 50 mm" in text
    with pdfplumber.open(folder / "board-Letter.pdf") as pdf:
        text = pdf.pages[1].extract_text()
    assert "page 2 of 4: top right, row 1 col 2" in text


# -- pixels: the pages glued at their marks are the poster ----------------------------------------------

def render(path, px: float) -> list[Image.Image]:
    """Every page at ``px`` pixels per millimetre. pypdfium2 makes the bitmap a whole number of pixels
    and stretches the page to it, so the pages compared here are whole numbers of pixels already
    (the scale is nudged down so that 1485.001 px stays 1485)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        images = []
        for page in pdf:
            img = page.render(scale=px * 25.4 / 72 * (1 - 1e-5)).to_pil().convert("RGB")
            w, h = page.get_size()
            exact = (w * MM * px, h * MM * px)
            assert all(abs(v - round(v)) < 1e-3 for v in exact), f"{exact}: not a whole number of pixels"
            assert img.size == tuple(round(v) for v in exact)
            images.append(img)
        return images
    finally:
        pdf.close()


def find_cross(img: Image.Image, x: float, y: float, reach: float) -> tuple[float, float]:
    """The centre of a crosshair near pixel (x, y): where the darkest row and the darkest column
    within ``reach`` pixels cross, to a fraction of a pixel."""
    box = (round(x - reach), round(y - reach), round(x + reach) + 1, round(y + reach) + 1)
    crop = img.convert("L").crop(box)
    w, h = crop.size
    data = crop.load()
    rows = [sum(255 - data[i, j] for i in range(w)) for j in range(h)]
    cols = [sum(255 - data[i, j] for j in range(h)) for i in range(w)]

    def peak(profile):
        k = max(range(len(profile)), key=profile.__getitem__)
        assert profile[k] >= 255 * reach * 0.5, "no crosshair here"
        near = range(max(0, k - 1), min(len(profile), k + 2))
        return sum(i * profile[i] for i in near) / sum(profile[i] for i in near)

    # pixel i covers [i, i + 1): its centre is i + 0.5
    return box[0] + peak(cols) + 0.5, box[1] + peak(rows) + 0.5


@pytest.mark.parametrize("name, paper, px", [("krestoslovitsa", None, 5), ("krestoslovitsa", "A3", 5),
                                             ("scrabble-en", None, 10)])  # Letter: 215.9 × 279.4 mm
def test_pages_glued_at_their_marks_reproduce_the_poster(built, name, paper, px, tmp_path):
    kit = load_kit(name, paper=paper)
    folder = built(name, paper)
    sheet, split = board_layout(kit)
    pages = render(folder / f"board-{kit.print.paper.name}.pdf", px)
    # the poster as the build lays it out, on paper white: the pages for home printers leave out the
    # poster's background (style.board.poster), which is all that differs
    white = replace(kit, board_style=replace(kit.board_style, poster="#ffffff"))
    lt = lettering(white)
    page = poster_page(white, lt, board_layout(white, lt)[0])
    write_pdf(Document("board-poster.pdf", "board", "pdf", (page,)), tmp_path / "white-poster.pdf")
    poster = render(tmp_path / "white-poster.pdf", px)[0]
    assert (folder / "board-poster.pdf").read_bytes() != (tmp_path / "white-poster.pdf").read_bytes()
    assert len(pages) == len(split.windows) > 1
    arm = mark_arm(sheet)

    # find each page's marks where the plan says, and place the page by them
    origins = []
    for tile, img in zip(split.windows, pages):
        assert tile.marks
        found = []
        for mx, my in tile.marks:
            ex, ey = (tile.origin[0] + mx) * px, (tile.origin[1] + my) * px
            fx, fy = find_cross(img, ex, ey, arm * px * 0.8)
            assert abs(fx - ex) <= 1.0 and abs(fy - ey) <= 1.0, (tile.number, (mx, my), (fx, fy), (ex, ey))
            found.append((fx - mx * px, fy - my * px))
        origins.append((round(sum(f[0] for f in found) / len(found)), round(sum(f[1] for f in found) / len(found))))

    # every mark appears, at the same board point, on every page that holds it
    for mark in split.marks:
        assert sum(mark in t.marks for t in split.windows) >= 2

    # paste each page's own part at the place its marks give
    size = (round(sheet.width * px), round(sheet.height * px))
    glued = Image.new("RGB", size, "white")
    for tile, img, (ox, oy) in zip(split.windows, pages, origins):
        x0, y0, x1, y1 = (round(v * px) for v in tile.own)
        glued.paste(img.crop((ox + x0, oy + y0, ox + x1, oy + y1)), (x0, y0))
    m = round((page.bleed + kit.print.margin_mm) * px)
    want = poster.crop((m, m, m + size[0], m + size[1]))

    # the marks are printed on the pages only: compare everything else
    for mx, my in split.marks:
        r = round((arm + 1.0) * px)
        cx, cy = round(mx * px), round(my * px)
        box = (cx - r, cy - r, cx + r, cy + r)
        glued.paste(want.crop(box), box[:2])
    diff = ImageChops.difference(glued, want)
    strong = sum(diff.convert("L").histogram()[61:]) / (size[0] * size[1])
    # a page off by half a pixel already gives about 0.3 and 0.6 %; what is left is the rasteriser
    # placing a few glyphs a pixel apart
    assert max(ImageStat.Stat(diff).mean) < 0.3
    assert strong < 0.002

    # and the glue strips are printed (hatched) where the neighbour goes
    tile = split.windows[0]
    rect, _ = tile.glue[0]
    x0, y0, x1, y1 = (round(v * px) for v in rect)
    ox, oy = origins[0]
    strip = pages[0].crop((ox + x0, oy + y0, ox + x1, oy + y1))
    assert max(ImageStat.Stat(ImageChops.difference(strip, want.crop((x0, y0, x1, y1)))).mean) > 5


# -- read back where the layout could round or widen: a fractional cell, the glue strips ------------------

def test_a_fractional_cell_is_drawn_at_its_size_not_a_whole_millimetre(write, tmp_path):
    """A cell of 21.5 mm (a mutation that rounded the cell to 22 mm passed the suite: every shipped
    board has whole-millimetre cells): 21.50 mm on the poster, on every page for home printers and
    in the SVG, on a pitch of 21.50 mm."""
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nphysical: {cell_mm: 21.5}\n")))
    assert kit.physical.cell_mm == 21.5
    folder = build_kit(kit, tmp_path / "out", only=["board"]).folder
    cells = cells_of(folder / "board-poster.pdf", 21.5)
    assert len(cells) == 225
    assert all(abs(c["w"] - 21.5) <= TOL and abs(c["h"] - 21.5) <= TOL for c in cells)
    assert sorted(grid_of(cells, 21.5)) == [(r, c) for r in range(15) for c in range(15)]
    xs = sorted({round(c["x"], 3) for c in cells})
    assert abs(xs[-1] - xs[0] - 14 * 21.5) <= TOL  # the grid spans 14 pitches of 21.50 mm
    with pdfplumber.open(folder / "board-A4.pdf") as pdf:
        for page in pdf.pages:
            on_page = [r for r in page.rects
                       if abs(r["width"] * MM - 21.5) < 0.5 and abs(r["height"] * MM - 21.5) < 0.5]
            assert len(on_page) == 225 and all(abs(r["width"] * MM - 21.5) <= TOL for r in on_page)
            grid = grid_of([{"x": r["x0"] * MM, "y": r["top"] * MM} for r in on_page], 21.5)
            assert len(grid) == 225
    root = ET.parse(folder / "board.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    sizes = Counter((r.get("width"), r.get("height")) for r in root.iter(f"{ns}rect"))
    assert sizes[("21.5", "21.5")] == 225
    manifest = manifest_of(folder)
    assert manifest["board"]["cell_mm"] == 21.5
    assert {a["cell_mm"] for a in manifest["artifacts"] if a["kind"] == "board"} == {21.5}


@pytest.mark.parametrize("name, paper, overlap", [("krestoslovitsa", None, 10.0), ("krestoslovitsa", "Letter", 10.0),
                                                  ("scrabble-en", None, 10.0), ("overlap", None, 6.5)])
def test_each_glue_strip_is_as_wide_as_the_overlap(built, write, name, paper, overlap):
    """Read from the pages' clipping: each page shows its own part of the board and, along its
    right and bottom edges where a neighbour goes over it, a hatched strip of exactly
    print.overlap_mm (a mutation that widened the strips passed the suite)."""
    if name == "overlap":
        name = str(write("overlap.yaml", f"extends: krestoslovitsa\nprint: {{overlap_mm: {overlap}}}\n"))
    kit = load_kit(name, paper=paper)
    assert kit.print.overlap_mm == overlap
    folder = built(name, paper)
    path = folder / f"board-{kit.print.paper.name}.pdf"
    manifest = manifest_of(folder)
    art = next(a for a in manifest["artifacts"] if a["path"] == path.name)
    cols, rows = art["split"]
    assert art["overlap_mm"] == overlap and cols * rows == art["pages"] > 1
    sheet, _ = board_layout(kit)
    own_widths, own_heights = {}, {}
    for number in range(art["pages"]):
        r, c = divmod(number, cols)
        window, *strips = clips(path, number)
        right = [s for s in strips if abs(s.x + s.w - (window.x + window.w)) <= TOL and s.h > overlap + 1]
        below = [s for s in strips if abs(s.y + s.h - (window.y + window.h)) <= TOL and s.w > overlap + 1]
        assert len(strips) == len(right) + len(below) == (c < cols - 1) + (r < rows - 1), number
        for s in right:
            assert abs(s.w - overlap) <= TOL and abs(s.y - window.y) <= TOL and abs(s.h - window.h) <= TOL
        for s in below:
            assert abs(s.h - overlap) <= TOL and abs(s.x - window.x) <= TOL and abs(s.w - window.w) <= TOL
        own_widths[(r, c)] = window.w - (overlap if right else 0.0)
        own_heights[(r, c)] = window.h - (overlap if below else 0.0)
    # the pages' own parts, glue strips left out, make the whole board: no strip eats into a neighbour
    for r in range(rows):
        assert abs(sum(own_widths[(r, c)] for c in range(cols)) - sheet.width) <= TOL
    for c in range(cols):
        assert abs(sum(own_heights[(r, c)] for r in range(rows)) - sheet.height) <= TOL
