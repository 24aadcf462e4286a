"""Wood-burning templates, read back from the written files in mm: pages, tile squares, letters as
stroked lines (never text, never filled) exactly where the printed sheet puts its letters, the
mirror image, the board, single-stroke letters (and their SVG for plotters), the missing extra."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from fontTools.pens.boundsPen import BoundsPen
from pdfread import MM, SVG, open_pdf, path_bounds, svg_root

from printkit import build
from printkit.config import kit_names, load_kit
from printkit.errors import PrintkitError
from printkit.geometry import Rect, Text
from printkit.model import BurnOptions, Tile
from printkit.sheets.board import board_layout
from printkit.sheets.burn import burn_documents
from printkit.sheets.burn import strokes as st
from printkit.sheets.burn.tiles import LINE_MM
from printkit.sheets.tiles import GAP, MIN_GAP_MM, face_style, page_grid, place, tile_documents
from printkit.writers import WRITERS

TOL = 0.01
RU = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
UK = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


def single(kit):
    return dataclasses.replace(kit, burn=BurnOptions("single"))


def write(docs, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for doc in docs:
        WRITERS[doc.format](doc, folder / doc.path)
    return folder


@pytest.fixture(scope="module")
def kit():
    return load_kit("krestoslovitsa")


@pytest.fixture(scope="module")
def outlined(kit, tmp_path_factory):
    docs = burn_documents(kit)
    return docs, write(docs, tmp_path_factory.mktemp("outline"))


@pytest.fixture(scope="module")
def stroked(kit, tmp_path_factory):
    docs = burn_documents(single(kit))
    return docs, write(docs, tmp_path_factory.mktemp("single"))


# -- reading back ---------------------------------------------------------------------------------

def bounds(obj) -> tuple[float, float, float, float]:
    """Exact ink box (x0, top, x1, bottom) in mm of a pdfplumber path object, curves included."""
    pen = BoundsPen(None)
    open_ = False
    for op, *points in obj["path"]:
        pts = [(x * MM, y * MM) for x, y in points]
        if op == "m":
            if open_:
                pen.endPath()
            pen.moveTo(pts[0])
            open_ = True
        elif op == "l":
            pen.lineTo(pts[0])
        elif op == "c":
            pen.curveTo(*pts)
        elif op == "h":
            pen.closePath()
            open_ = False
        else:
            raise ValueError(op)
    if open_:
        pen.endPath()
    return pen.bounds


def drawn(page) -> list[dict]:
    """Every path object of a pdfplumber page: rects, lines and curves."""
    return page.rects + page.lines + page.curves


def squares(page, side: float) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the stroked, unfilled squares of ``side`` mm: the tiles."""
    out = []
    for r in page.rects:
        if abs(r["width"] * MM - side) < 0.05 and abs(r["height"] * MM - side) < 0.05:
            assert r["stroke"] and not r["fill"]
            assert abs(r["width"] * MM - side) < TOL and abs(r["height"] * MM - side) < TOL
            out.append((r["x0"] * MM, r["top"] * MM))
    return out


def union(boxes):
    boxes = list(boxes)
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def inside(box, x: float, y: float, side: float) -> bool:
    return x - 1e-3 <= box[0] and box[2] <= x + side + 1e-3 and y - 1e-3 <= box[1] and box[3] <= y + side + 1e-3


def ink_by_tile(page, side: float) -> dict[tuple[float, float], list[tuple]]:
    """The ink boxes of the lines inside each tile, by the tile's corner (rounded to 0.01 mm)."""
    corners = squares(page, side)
    out: dict = {(round(x, 2), round(y, 2)): [] for x, y in corners}
    for obj in drawn(page):
        b = bounds(obj)
        if abs(b[2] - b[0] - side) < 0.05 and abs(b[3] - b[1] - side) < 0.05:
            continue  # the square itself
        for x, y in corners:
            if inside(b, x, y, side):
                out[(round(x, 2), round(y, 2))].append((b, obj))
                break
    return out


def printed_ink(kit) -> list[dict]:
    """The printed tile sheet's letter and value ink boxes, per page, by tile corner (geometry)."""
    doc = next(d for d in tile_documents(kit) if d.format == "pdf")
    pages = []
    for page in doc.pages:
        tiles: dict = {}
        corner = None
        for item, dx, dy in page.walk():
            if isinstance(item, Rect) and item.tag in ("tile", "spare"):
                corner = (round(item.x + dx, 2), round(item.y + dy, 2))
                tiles[corner] = {}
            elif isinstance(item, Text) and item.tag in ("letter", "value"):
                tiles[corner][item.tag] = item.ink()
        pages.append(tiles)
    return pages


# -- the documents ----------------------------------------------------------------------------------

def test_documents_files_kinds_and_figures(outlined, stroked, kit):
    docs, _ = outlined
    assert [(d.path, d.kind, d.format) for d in docs] == [
        ("burn-tiles-A4.pdf", "burn-tiles", "pdf"), ("burn-tiles-mirrored-A4.pdf", "burn-tiles-mirrored", "pdf"),
        ("burn-board-A4.pdf", "burn-board", "pdf")]
    tiles, mirrored, board = (d.figures for d in docs)
    assert tiles["pages"] == mirrored["pages"] == 2 and tiles["paper"] == "A4" and tiles["tile_mm"] == 20.0
    assert (tiles["letters"], tiles["mirrored"], mirrored["mirrored"]) == ("outline", False, True)
    assert tiles["tiles"] == kit.distribution.total == 130 and tiles["spares"] == 9
    assert (board["cell_mm"], board["pages"], board["paper"], board["letters"], board["mirrored"]) == (
        22.0, 4, "A4", "outline", False)
    docs, _ = stroked
    svgs = [d for d in docs if d.format == "svg"]
    assert [d.path for d in svgs] == ["burn-tiles-single-1.svg", "burn-tiles-single-2.svg"]
    assert all(d.figures["letters"] == "single" for d in docs)
    assert sum(d.figures["tiles"] for d in svgs) == 130


def test_pages_are_exactly_the_paper(outlined):
    docs, folder = outlined
    for doc in docs:
        w, h = doc.figures["paper_mm"]
        with open_pdf(folder / doc.path) as pdf:
            assert len(pdf.pages) == doc.figures["pages"]
            for page in pdf.pages:
                assert abs(page.width * MM - w) < TOL and abs(page.height * MM - h) < TOL
    assert docs[0].figures["paper_mm"] == [210.0, 297.0]


def test_every_tile_of_the_set_is_a_thin_square_of_the_tile_size(outlined, kit):
    _, folder = outlined
    side = kit.physical.tile_mm
    found = blank = 0
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        for page in pdf.pages:
            for corner, ink in ink_by_tile(page, side).items():
                found += 1
                blank += not ink
            for r in page.rects:
                if abs(r["width"] * MM - side) < 0.05:
                    assert abs(r["linewidth"] * MM - LINE_MM) < TOL
    spares = 9
    assert found - spares == kit.distribution.total and blank == kit.distribution.blanks


@pytest.mark.parametrize("name", ["burn-tiles-A4.pdf", "burn-tiles-mirrored-A4.pdf"])
@pytest.mark.parametrize("fixture", ["outlined", "stroked"])
def test_letters_are_stroked_lines_never_text_nor_filled(name, fixture, request, kit):
    _, folder = request.getfixturevalue(fixture)
    side = kit.physical.tile_mm
    with open_pdf(folder / name) as pdf:
        lines = 0
        for page in pdf.pages:
            corners = squares(page, side)
            for c in page.chars:  # the footer and the spares' note only
                cx, cy = (c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM
                assert not any(x <= cx <= x + side and y <= cy <= y + side for x, y in corners), c["text"]
            for ink in ink_by_tile(page, side).values():
                for _, obj in ink:
                    assert obj["stroke"] and not obj["fill"]
                    assert abs(obj["linewidth"] * MM - LINE_MM) < TOL
                    lines += 1
        assert lines > 300


def test_outline_letters_and_values_are_where_the_printed_sheet_prints_them(outlined, kit):
    _, folder = outlined
    side = kit.physical.tile_mm
    printed = printed_ink(kit)
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        for page, expect in zip(pdf.pages, printed):
            tiles = ink_by_tile(page, side)
            assert set(tiles) == set(expect)
            for corner, found in tiles.items():
                if not expect[corner]:
                    assert not found
                    continue
                value_box = expect[corner]["value"]
                near_value = lambda b: b[0] >= value_box[0] - 0.3 and b[1] >= value_box[1] - 0.3  # noqa: E731
                letter = union(b for b, _ in found if not near_value(b))
                value = union(b for b, _ in found if near_value(b))
                for got, want in ((letter, expect[corner]["letter"]), (value, value_box)):
                    assert got == pytest.approx(want, abs=TOL), corner


@pytest.mark.parametrize("fixture", ["outlined", "stroked"])
def test_the_mirrored_pages_are_the_mirror_image(fixture, request, kit):
    _, folder = request.getfixturevalue(fixture)
    side, width = kit.physical.tile_mm, kit.print.paper.width_mm
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf, open_pdf(folder / "burn-tiles-mirrored-A4.pdf") as mirror:
        assert len(pdf.pages) == len(mirror.pages)
        for page, image in zip(pdf.pages, mirror.pages):
            plain, flipped = ink_by_tile(page, side), ink_by_tile(image, side)
            assert {(round(width - x - side, 2), y) for x, y in plain} == set(flipped)
            for (x, y), ink in plain.items():
                box = union(b for b, _ in ink)
                other = union(b for b, _ in flipped[(round(width - x - side, 2), y)])
                if box is None:
                    assert other is None
                else:
                    assert other == pytest.approx((width - box[2], box[1], width - box[0], box[3]), abs=TOL)


def test_the_mirrored_footer_still_reads_as_text(outlined):
    _, folder = outlined
    with open_pdf(folder / "burn-tiles-mirrored-A4.pdf") as pdf:
        for n, page in enumerate(pdf.pages, 1):
            bottom = page.crop((0, page.height - 25 / MM, page.width, page.height))
            text = bottom.extract_text()
            assert "Печатайте в масштабе 100 %" in text and "50 мм" in text
            assert f"лист {n} из 2" in text and "зеркальный шаблон для выжигания" in text
            assert bottom.chars and all(c["matrix"][0] > 0 and c["upright"] for c in bottom.chars)
            bar = [r for r in bottom.rects if abs(r["width"] * MM - 50) < 0.05]
            assert len(bar) == 1 and abs(bar[0]["x0"] * MM - 10.0) < TOL  # the scale bar at the left margin


def grid_lines(page, kit) -> tuple[list[float], list[float]]:
    """x of the board's vertical grid lines on a page and y of its horizontal ones, mm: the lines as
    long as the grid (a page draws those that reach into its window)."""
    cell, rows, cols = kit.physical.cell_mm, kit.layout.rows, kit.layout.cols
    xs = sorted(ln["x0"] * MM for ln in page.lines
                if ln["x0"] == ln["x1"] and abs(ln["height"] * MM - rows * cell) < TOL)
    ys = sorted(ln["top"] * MM for ln in page.lines
                if ln["top"] == ln["bottom"] and abs(ln["width"] * MM - cols * cell) < TOL)
    return xs, ys


def test_the_board_is_a_grid_of_cells_with_labels_as_outlines(outlined, kit):
    _, folder = outlined
    cell, rows, cols = kit.physical.cell_mm, kit.layout.rows, kit.layout.cols
    sheet, split = board_layout(kit)
    across, down = set(), set()
    with open_pdf(folder / "burn-board-A4.pdf") as pdf:
        assert len(pdf.pages) == len(split.windows) == 4
        for page, window in zip(pdf.pages, split.windows):
            assert abs(page.width * MM - 210) < TOL and abs(page.height * MM - 297) < TOL
            xs, ys = grid_lines(page, kit)
            assert len(xs) >= 2 and len(ys) >= 2
            assert all(abs(b - a - cell) < TOL for a, b in zip(xs, xs[1:]))
            assert all(abs(b - a - cell) < TOL for a, b in zip(ys, ys[1:]))
            ox, oy = window.origin  # where the page puts the sheet: the glued pages give one grid
            across |= {round(x - ox, 2) for x in xs}
            down |= {round(y - oy, 2) for y in ys}
            for ln in page.lines:
                if abs(ln["height"] * MM - rows * cell) < TOL or abs(ln["width"] * MM - cols * cell) < TOL:
                    assert abs(ln["linewidth"] * MM - LINE_MM) < TOL
            grid = (xs[0], ys[0], xs[-1], min(ys[-1], page.height * MM - 27))  # above the footer
            notes = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects if r["fill"]]  # "glue here"
            for c in page.chars:  # no text on the board but the glue notes: labels are outlines
                on_note = any(n[0] <= c["x0"] and c["x1"] <= n[2] and n[1] <= c["top"] and c["bottom"] <= n[3]
                              for n in notes)
                assert on_note or not (grid[0] < c["x0"] * MM < grid[2] and grid[1] < c["top"] * MM < grid[3]), c
            curves = [bounds(o) for o in page.curves if o["stroke"]]
            assert all(not o["fill"] for o in page.curves)
            assert any(grid[0] < b[0] and b[2] < grid[2] and grid[1] < b[1] and b[3] < grid[3] for b in curves)
            filled = [r for r in page.rects if r["fill"] and grid[0] <= r["x0"] * MM <= grid[2]
                      and grid[1] <= r["top"] * MM <= grid[3]]
            assert all(tuple(r["non_stroking_color"]) == (1, 1, 1) for r in filled)  # only the glue notes' white
    assert across == {round(sheet.grid_x + k * cell, 2) for k in range(cols + 1)}
    assert down == {round(sheet.grid_y + k * cell, 2) for k in range(rows + 1)}


def test_the_start_star_is_an_outline_in_the_start_cell(outlined, kit):
    _, folder = outlined
    cell = kit.physical.cell_mm
    row, col = kit.layout.start
    sheet, split = board_layout(kit)
    found = 0
    with open_pdf(folder / "burn-board-A4.pdf") as pdf:
        for page, window in zip(pdf.pages, split.windows):
            x, y = window.origin[0] + sheet.grid_x + col * cell, window.origin[1] + sheet.grid_y + row * cell
            xs, ys = grid_lines(page, kit)
            if not any(abs(v - x) < TOL for v in xs) or not any(abs(v - y) < TOL for v in ys):
                continue  # the start cell is not on this page
            for obj in page.curves:
                b = bounds(obj)
                if len(set(obj["pts"])) == 10 and inside(b, x, y, cell):  # ten corners, closed
                    assert obj["stroke"] and not obj["fill"] and obj["path"][-1][0] == "h"
                    assert b[2] - b[0] > cell / 3
                    found += 1
    assert found >= 1


# -- single strokes ---------------------------------------------------------------------------------

def test_every_letter_and_digit_has_strokes():
    table = st.glyphs()
    for ch in dict.fromkeys(RU + UK + LATIN + DIGITS + "ʼ"):
        g = table[ch]
        assert g.strokes and all(len(s) >= 2 for s in g.strokes), ch
        x0, y0, x1, y1 = g.box()
        assert y1 - y0 >= 0.15 * st.CAP and x1 > x0 or ch in "ʼ", ch
        if ch not in "ʼ":
            assert y0 <= st.CAP_LINE + 1 and y1 >= st.BASELINE - 1, ch  # as tall as the capitals
    assert st.missing(RU + UK + LATIN + DIGITS) == ""
    assert st.missing("Ç€Ы") == "Ç€"


@pytest.mark.parametrize("alphabet", [RU, UK, LATIN, DIGITS], ids=["ru", "uk", "latin", "digits"])
def test_no_two_letters_of_an_alphabet_share_strokes(alphabet):
    table = st.glyphs()
    seen = {}
    for ch in alphabet:
        key = table[ch].strokes
        assert key not in seen, f"{ch} is drawn as {seen.get(key)}"
        seen[key] = ch


def test_the_map_takes_each_letter_from_the_right_place():
    table = st.glyphs()
    assert table["Й"].strokes[:len(table["И"].strokes)] == table["И"].strokes  # И and its breve
    assert len(table["Й"].strokes) == len(table["И"].strokes) + 1
    assert table["А"].strokes == table["A"].strokes and table["О"].strokes == table["O"].strokes
    assert table["І"].strokes == table["I"].strokes


@pytest.mark.parametrize("letter, base, extra", [("Ё", "Е", 2), ("Ї", "І", 2), ("Ä", "A", 2), ("Ż", "Z", 1)],
                         ids=["yo", "yi", "a-umlaut", "z-dot"])
def test_dots_are_composed_over_the_letter(letter, base, extra):
    table = st.glyphs()
    g, b = table[letter], table[base]
    assert g.strokes[:len(b.strokes)] == b.strokes and len(g.strokes) == len(b.strokes) + extra
    dots = g.strokes[len(b.strokes):]
    for dot in dots:
        xs, ys = [x for x, _ in dot], [y for _, y in dot]
        assert max(ys) < st.CAP_LINE - 1 and max(xs) - min(xs) < 4  # small, above the capitals
    centres = sorted(sum(x for x, _ in d) / len(d) for d in dots)
    assert sum(centres) / len(centres) == pytest.approx(b.centre, abs=0.01)


def test_g_with_upturn_and_ukrainian_ie_are_composed():
    table = st.glyphs()
    g, ge = table["Г"], table["Ґ"]
    assert g.box()[1] == st.CAP_LINE and ge.box()[1] < st.CAP_LINE - 4  # the upturn rises over the capitals
    rising = [p for s in ge.strokes for p in s if p[1] < st.CAP_LINE]
    assert all(p[0] > g.centre for p in rising)  # at the right end of the bar
    assert len(ge.strokes) == len(g.strokes)
    c, ie = table["С"], table["Є"]
    assert ie.strokes[:len(c.strokes)] == c.strokes and len(ie.strokes) == len(c.strokes) + 1
    (ax, ay), (bx, by) = ie.strokes[-1]
    assert ay == by and c.box()[0] < ax < bx < c.box()[2]  # a bar across the middle, from the left
    assert st.CAP_LINE < ay < st.BASELINE


def near(box, value, margin: float = 0.5) -> bool:
    """Whether the centre of ``box`` lies in the ``value`` box grown by ``margin`` mm: a digit's line."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return value[0] - margin <= cx <= value[2] + margin and value[1] - margin <= cy <= value[3] + margin


def test_single_stroke_letters_have_the_outline_letters_cap_height_and_centre(stroked, kit):
    _, folder = stroked
    side = kit.physical.tile_mm
    style = face_style(kit, _letters(kit))
    grid = page_grid(kit, side)
    placed, _ = place(kit, grid)
    printed = printed_ink(kit)
    font = _letters(kit)
    checked = 0
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        tiles = [ink_by_tile(p, side) for p in pdf.pages]
        for t in placed:
            if t.face.face not in ("Н", "П", "Т"):  # flat top and foot, serifs and all: the ink is the cap height
                continue
            x, y = grid.corner(t.row, t.col)
            corner = (round(x, 2), round(y, 2))
            want = printed[t.page][corner]["letter"]
            value = printed[t.page][corner]["value"]
            letter = union(b for b, _ in tiles[t.page][corner] if not near(b, value))
            cap = style.letter[t.face.face][1] * font.cap_height / font.units
            assert letter[3] - letter[1] == pytest.approx(cap, abs=TOL)
            assert letter[3] == pytest.approx(y + style.baseline, abs=TOL)  # on the printed baseline
            assert (letter[0] + letter[2]) / 2 == pytest.approx((want[0] + want[2]) / 2, abs=TOL)
            checked += 1
    assert checked >= 10


def _letters(kit):
    from printkit.sheets.common import lettering

    return lettering(kit).letters


def test_single_stroke_values_sit_in_the_printed_values_corner(stroked, kit):
    _, folder = stroked
    side = kit.physical.tile_mm
    printed = printed_ink(kit)
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        for page, expect in zip(pdf.pages, printed):
            for corner, found in ink_by_tile(page, side).items():
                if not expect[corner]:
                    continue
                v = expect[corner]["value"]
                value = union(b for b, _ in found if near(b, v))
                assert value[2] == pytest.approx(v[2], abs=TOL) and value[3] == pytest.approx(v[3], abs=TOL)
                assert value[3] - value[1] == pytest.approx(v[3] - v[1], abs=0.3)  # the digits' height


def test_single_stroke_letters_stay_in_the_tile_and_clear_of_the_value(stroked, kit):
    _, folder = stroked
    side = kit.physical.tile_mm
    gap = max(GAP * side, MIN_GAP_MM)
    style = face_style(kit, _letters(kit))
    font = _letters(kit)
    grid = page_grid(kit, side)
    placed, _ = place(kit, grid)
    printed = printed_ink(kit)
    full = set()
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        tiles = [ink_by_tile(p, side) for p in pdf.pages]
    for t in placed:
        if t.face.face is None:
            continue
        x, y = grid.corner(t.row, t.col)
        found = tiles[t.page][(round(x, 2), round(y, 2))]
        for b, _ in found:
            assert x + gap <= b[0] + TOL and b[2] <= x + side - gap + TOL
            assert y + gap <= b[1] + TOL and b[3] <= y + side - gap + TOL
        v = printed[t.page][(round(x, 2), round(y, 2))]["value"]
        letter = union(b for b, _ in found if not near(b, v))
        value = union(b for b, _ in found if near(b, v))
        assert (letter[2] + gap <= value[0] + TOL or value[2] + gap <= letter[0] + TOL
                or letter[3] + gap <= value[1] + TOL or value[3] + gap <= letter[1] + TOL), t.face
        cap = style.letter[t.face.face][1] * font.cap_height / font.units
        if abs(letter[1] - (y + style.baseline - cap)) < TOL:
            full.add(t.face.face)  # its capitals as high as the outline letter's
    assert {"Д", "Ц", "Щ", "Ш", "Ж"} <= full  # the tails of Ц Щ are pressed up over a 10, not the letters shrunk


def test_plotter_svg_is_nothing_but_stroked_paths_at_true_size(stroked, kit):
    docs, folder = stroked
    total = 0
    for doc in (d for d in docs if d.format == "svg"):
        root = svg_root(folder / doc.path)
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
        assert not list(root.iter(SVG + "text"))
        shapes = [el for el in root.iter() if el.tag in {SVG + t for t in ("path", "rect", "line", "circle",
                                                                               "polyline", "polygon", "ellipse")}]
        assert shapes and all(el.tag == SVG + "path" for el in shapes)
        for el in shapes:
            assert el.get("fill") == "none" and el.get("stroke") == "#000000"
            assert float(el.get("stroke-width")) == pytest.approx(LINE_MM, abs=TOL)
        layers = [g for g in root if g.tag == SVG + "g"]
        assert [g.get("{http://www.inkscape.org/namespaces/inkscape}label") for g in layers] == ["tiles", "letters"]
        tiles = [path_bounds(p.get("d")) for p in layers[0].iter(SVG + "path")]
        for x0, y0, x1, y1 in tiles:
            assert x1 - x0 == pytest.approx(kit.physical.tile_mm, abs=TOL)
            assert y1 - y0 == pytest.approx(kit.physical.tile_mm, abs=TOL)
        total += len(tiles)
        assert doc.figures["tiles"] + doc.figures["spares"] == len(tiles)
    assert total == 130 + 9


def test_the_plotter_svg_draws_what_the_pdf_draws(stroked, kit):
    docs, folder = stroked
    side = kit.physical.tile_mm
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        for n, page in enumerate(pdf.pages, 1):
            pdf_ink = union(b for ink in ink_by_tile(page, side).values() for b, _ in ink)
            layers = [g for g in svg_root(folder / f"burn-tiles-single-{n}.svg") if g.tag == SVG + "g"]
            svg_ink = union(path_bounds(p.get("d")) for p in layers[1].iter(SVG + "path"))
            assert svg_ink == pytest.approx(pdf_ink, abs=TOL)


@pytest.mark.parametrize("name", kit_names())
def test_every_shipped_kit_has_single_stroke_letters(name):
    docs = burn_documents(single(load_kit(name)))
    assert [d.kind for d in docs if d.format == "pdf"] == ["burn-tiles", "burn-tiles-mirrored", "burn-board"]
    assert any(d.format == "svg" for d in docs)


def test_a_letter_without_strokes_is_named():
    kit = single(load_kit("scrabble-fr"))
    tiles = kit.distribution.tiles + (Tile("Ç", 1, 4), Tile("Œ", 1, 8))
    kit = dataclasses.replace(kit, distribution=dataclasses.replace(kit.distribution, tiles=tiles))
    with pytest.raises(PrintkitError) as info:
        burn_documents(kit)
    assert "Ç, Œ" in str(info.value) and "burn.letters: outline" in str(info.value)


def test_the_board_labels_and_coordinates_in_single_strokes(stroked, kit):
    _, folder = stroked
    cell = kit.physical.cell_mm
    with open_pdf(folder / "burn-board-A4.pdf") as pdf:
        page = pdf.pages[0]
        xs, ys = grid_lines(page, kit)
        # A1 is С3 on the book's board: open strokes (not closed outlines), centred in the cell
        ink = [(bounds(o), o) for o in page.curves + page.lines if inside(bounds(o), xs[0], ys[0], cell)]
        assert ink and all(o["stroke"] and not o["fill"] for _, o in ink)
        assert all(op != "h" for _, o in ink for op, *_ in o["path"])  # open strokes, not closed outlines
        box = union(b for b, _ in ink)
        assert (box[0] + box[2]) / 2 == pytest.approx(xs[0] + cell / 2, abs=TOL)
        assert (box[1] + box[3]) / 2 == pytest.approx(ys[0] + cell / 2, abs=TOL)


# -- the extra, defaults, bytes -------------------------------------------------------------------------

def test_without_the_extra_single_strokes_stop_in_one_line(kit, monkeypatch):
    monkeypatch.setitem(sys.modules, "HersheyFonts", None)  # import HersheyFonts now raises ImportError
    with pytest.raises(PrintkitError) as info:
        burn_documents(single(kit))
    message = str(info.value)
    assert "\n" not in message and info.value.lines() == [message]
    assert "pip install 'printkit[burn]'" in message and "hershey-fonts" in message
    assert burn_documents(kit)  # outlines need nothing more


def test_without_the_extra_the_build_exits_2_and_writes_nothing(run, write, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "HersheyFonts", None)
    monkeypatch.setitem(build.PRODUCTS, "burn", burn_documents)  # registered here only, for the command line
    mine = write("k.yaml", "extends: krestoslovitsa\nburn: {letters: single}\n")
    out = tmp_path / "out"
    code, _, err = run("build", mine, "--only", "burn", "--out", out)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "pip install 'printkit[burn]'" in lines[0] and f"{mine}:2:" in lines[0]
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_outlines_are_the_default(kit):
    assert kit.burn.letters == "outline"
    assert all(d.format == "pdf" and d.figures["letters"] == "outline" for d in burn_documents(kit))


@pytest.mark.parametrize("fixture", ["outlined", "stroked"])
def test_the_same_kit_gives_the_same_bytes(fixture, request, kit, tmp_path):
    docs, folder = request.getfixturevalue(fixture)
    load_kit("scrabble-uk")  # another kit in between: nothing it loads may change these bytes
    burn_documents(single(load_kit("scrabble-uk")))
    again = write(burn_documents(single(kit) if fixture == "stroked" else kit), tmp_path / "again")
    for doc in docs:
        assert (again / doc.path).read_bytes() == (folder / doc.path).read_bytes(), doc.path
