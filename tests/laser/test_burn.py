"""Wood-burning templates, read back from the written files in mm: pages, tile squares, letters as
stroked lines (never text, never filled) exactly where the printed sheet puts its letters, the
mirror image, the board, single-stroke letters (and their SVG for plotters), the missing extra."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from fontTools.pens.boundsPen import BoundsPen
from manifestread import manifest_of
from pdfread import MM, SVG, open_pdf, path_bounds, svg_root

from printkit import products, summary
from printkit.build import build_kit
from printkit.config import kit_names, load_kit
from printkit.errors import PrintkitError
from printkit.geometry import Rect, Text
from printkit.install import install_line
from printkit.model import BurnOptions, Tile
from printkit.sheets.board import board_layout
from printkit.sheets.burn import burn_documents, cyrillic, strokes as st
from printkit.sheets.burn.tiles import LINE_MM, VALUE_LEAST_MM, cap_of, single_face, tile_pages
from printkit.sheets.common import lettering
from printkit.sheets.tiles import GAP, MIN_GAP_MM, draw_face, face_style, page_grid, place, tile_documents, tile_faces
from printkit.verify import beside_runs, verify
from printkit.writers import WRITERS

TOL = 0.01
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
RU = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
UK = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


def single(kit):
    return dataclasses.replace(kit, burn=BurnOptions("single"))


def _lacking(name: str) -> str:
    """The letters of a shipped kit's tiles that the single-stroke letters have not, in the set's order."""
    return st.missing("".join(t.face for t in load_kit(name).distribution.tiles))


# the shipped kits whose every letter has single strokes, and those with a letter beyond them (drawn as outlines)
STROKED = [n for n in kit_names() if not _lacking(n)]
UNSTROKED = [n for n in kit_names() if _lacking(n)]


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
        assert y1 - y0 >= 0.15 * st.CAP and (x1 > x0 or ch in "IІ") or ch in "ʼ", ch  # I: one stem
        if ch not in "ʼ":
            assert y0 <= st.CAP_LINE + 1 and y1 >= st.BASELINE - 1, ch  # as tall as the capitals
    assert st.missing(RU + UK + LATIN + DIGITS) == ""
    assert st.missing("Þ€ЫÇ") == "Þ€"  # Ç has its cedilla now; Icelandic Þ has no strokes


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
    assert g.box()[1] == st.CAP_LINE and ge.box()[1] <= st.CAP_LINE - 4  # the upturn rises over the capitals
    rising = [p for s in ge.strokes for p in s if p[1] < st.CAP_LINE]
    assert rising and all(p[0] == g.box()[2] for p in rising)  # up from the right end of the bar
    assert len(ge.strokes) == len(g.strokes) and ge.strokes[0][1:] == g.strokes[0]  # Г drawn on from the upturn
    c, ie = table["С"], table["Є"]
    assert ie.strokes[:len(c.strokes)] == c.strokes and len(ie.strokes) == len(c.strokes) + 1
    (ax, ay), (bx, by) = ie.strokes[-1]
    assert ay == by and c.box()[0] == ax < bx < c.box()[2]  # a bar across the middle, from the bowl's left
    assert st.CAP_LINE < ay < st.BASELINE


def test_cyrillic_is_single_line_not_hersheys_doubled_faces():
    """The Cyrillic letters are futural's where they look like Latin ones and printkit's own
    (cyrillic.py) otherwise; none is a glyph of Hershey's complex faces (cyrilc_1, cyrillic, timesr),
    whose stems are two to four strokes side by side."""
    from HersheyFonts import HersheyFonts

    table = st.glyphs()
    complex_faces = set()
    for name in ("cyrilc_1", "cyrillic", "timesr"):
        font = HersheyFonts()
        font.load_default_font(name)
        complex_faces |= {tuple(tuple((float(x), float(y)) for x, y in s) for s in g.strokes if len(s) > 1)
                          for g in font.all_glyphs.values()}
    futural = HersheyFonts()
    futural.load_default_font("futural")
    for ch in dict.fromkeys(RU + UK + "ʼ"):
        assert table[ch].strokes not in complex_faces, ch
        if ch in st.SHARED:
            latin = futural.all_glyphs[st.SHARED[ch]]
            assert table[ch].strokes == tuple(tuple((float(x), float(y)) for x, y in s) for s in latin.strokes), ch
    assert set(cyrillic.LETTERS) == set("БГҐДЖЗИЙЛПУФЦЧШЩЪЫЬЭЮЯʼ")
    for ch in "ЁЄЇ":  # composed on futural's Е, С, І
        base = table[{"Ё": "Е", "Є": "С", "Ї": "І"}[ch]]
        assert table[ch].strokes[:len(base.strokes)] == base.strokes


def sizes(kit) -> tuple[set[float], set[float]]:
    """The capital heights (mm) of the letters and of the values a kit's single-stroke tiles are
    drawn at: the outline letters' and values' (values no lower than VALUE_LEAST_MM)."""
    font = _letters(kit)
    style = face_style(kit, font)
    letters, values = set(), set()
    for face in tile_faces(kit):
        if face.face is None:
            continue
        letter, value = draw_face(face, 0.0, 0.0, style, kit, font)
        letters.add(round(cap_of(letter), 3))
        values.add(round(max(cap_of(value), VALUE_LEAST_MM), 3))
    return letters, values


def lines_at(text: str, cap: float) -> list[list[tuple[float, float]]]:
    """``text``'s single strokes with capitals ``cap`` mm high, in mm."""
    g, k = st.run(text), cap / st.CAP
    return [[(x * k, y * k) for x, y in s] for s in g.strokes]


@pytest.mark.parametrize("name", ["krestoslovitsa", "krestoslovitsa-mini"], ids=["20mm", "9mm"])
def test_every_glyph_is_one_line_at_the_sizes_drawn(name):
    """No two lines of a glyph run side by side closer than 1 mm for more than 1 mm: every letter
    there are strokes for at the sizes the 20 mm and the 9 mm tiles draw their letters, every digit
    and every value up to 10 at the sizes they draw their values. Hershey's doubled Г fails it."""
    letters, values = sizes(load_kit(name))
    assert min(values) >= VALUE_LEAST_MM
    table = st.glyphs()
    for cap in letters:
        for ch in table:
            assert beside_runs(lines_at(ch, cap)) == [], (ch, cap)
    for cap in values:
        for text in [*DIGITS, *(str(v) for v in range(1, 11))]:
            assert beside_runs(lines_at(text, cap)) == [], (text, cap)
    from HersheyFonts import HersheyFonts

    font = HersheyFonts()
    font.load_default_font("cyrilc_1")
    doubled = [[(x * max(letters) / st.CAP, y * max(letters) / st.CAP) for x, y in s]
               for s in font.all_glyphs["D"].strokes]  # Г of today's template
    assert len(beside_runs(doubled)) >= 2


@pytest.mark.parametrize("name", STROKED)
def test_every_face_of_every_kit_is_one_line_as_drawn(name):
    """Each kind of tile of every shipped kit, letter and value together where the plotter page
    draws them (tails pressed up, letters lifted or made smaller to clear the value): single lines."""
    kit = single(load_kit(name))
    for page in tile_pages(kit, lettering(kit), True):
        seen = set()
        for (row, col), paths in zip(page.cells, page.inside):
            x0, y0 = page.grid.corner(row, col)
            lines = [[(x, y) for _, x, y in chunk] for p in paths for chunk in _chunks(p.commands)]
            shape = tuple(tuple((round(x - x0, 3), round(y - y0, 3)) for x, y in ln) for ln in lines)
            if shape in seen:  # the same face again
                continue
            seen.add(shape)
            assert beside_runs(lines) == [], (name, row, col)


def _chunks(commands) -> list[list[tuple]]:
    """A path's commands split at each move: its polylines."""
    out: list[list[tuple]] = []
    for c in commands:
        if c[0] == "M":
            out.append([])
        out[-1].append(c)
    return out


def test_values_on_9mm_tiles_are_2mm_high_in_their_corner():
    """The 9 mm tiles print values 1.5 mm high, which a pen's line closes up: in single strokes
    they are VALUE_LEAST_MM (2 mm) high, their outer corner where the printed value's is."""
    kit = single(load_kit("krestoslovitsa-mini"))
    font = _letters(kit)
    style = face_style(kit, font)
    for face in tile_faces(kit):
        if face.face is None:
            continue
        _, value = draw_face(face, 0.0, 0.0, style, kit, font)
        assert cap_of(value) < VALUE_LEAST_MM
        path = single_face(face, style, kit, font)[1]
        xs, ys = [c[1] for c in path.commands], [c[2] for c in path.commands]
        x1, y1 = value.ink()[2], value.ink()[3]
        assert max(ys) - min(ys) == pytest.approx(VALUE_LEAST_MM, abs=TOL)
        assert (max(xs), max(ys)) == pytest.approx((x1, y1), abs=TOL)


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
            assert re.fullmatch(r"(?:[ML]-?[0-9.]+ -?[0-9.]+)+", el.get("d"))  # straight lines, nothing else
        assert list(svg_layers(folder / doc.path)) == ["tiles", "letters"]


def svg_layers(path: Path) -> dict[str, ET.Element]:
    """The Inkscape layers of an SVG by label, in file order."""
    return {g.get(INKSCAPE + "label"): g for g in svg_root(path) if g.tag == SVG + "g"}


def polylines(layer: ET.Element) -> list[list[tuple[float, float]]]:
    """Every subpath of the layer's paths, in drawing order, as points in mm."""
    out: list[list[tuple[float, float]]] = []
    for el in layer.iter(SVG + "path"):
        for op, x, y in re.findall(r"([ML])(-?[0-9.]+) (-?[0-9.]+)", el.get("d")):
            if op == "M":
                out.append([])
            out[-1].append((float(x), float(y)))
    return out


def unit_edges(line, side: float) -> list[tuple]:
    """A straight grid line cut into tile sides, each as its two ends (rounded to 0.01 mm, in order)."""
    (x1, y1), (x2, y2) = line
    assert x1 == x2 or y1 == y2, line  # along the grid
    n = round(math.dist(line[0], line[1]) / side)
    assert n >= 1 and math.dist(line[0], line[1]) == pytest.approx(n * side, abs=TOL), line
    pts = [(round(x1 + (x2 - x1) * k / n, 2), round(y1 + (y2 - y1) * k / n, 2)) for k in range(n + 1)]
    return [tuple(sorted(p)) for p in zip(pts, pts[1:])]


def test_the_plotter_grid_draws_each_tile_edge_once(stroked, kit):
    """Neighbouring tiles share an edge, drawn once, and a straight run of edges is one line: on the
    first page 4740 mm of line where the squares drawn one by one were 8640 mm (3900 mm twice)."""
    docs, folder = stroked
    side = kit.physical.tile_mm
    grid = page_grid(kit, side)
    placed, _ = place(kit, grid)
    lengths = []
    for n, doc in enumerate((d for d in docs if d.format == "svg"), 1):
        want = set()
        for t in (t for t in placed if t.page == n - 1):
            x, y = grid.corner(t.row, t.col)
            corners = [(round(x + dx, 2), round(y + dy, 2)) for dx, dy in ((0, 0), (side, 0), (side, side), (0, side))]
            want |= {tuple(sorted(e)) for e in zip(corners, corners[1:] + corners[:1])}
        drawn: Counter = Counter()
        length = 0.0
        for line in polylines(svg_layers(folder / doc.path)["tiles"]):
            for a, b in zip(line, line[1:]):
                drawn.update(unit_edges((a, b), side))
                length += math.dist(a, b)
        assert set(drawn) == want  # every side of every tile square, and nothing else
        assert max(drawn.values()) == 1  # each once
        assert length == pytest.approx(len(want) * side, abs=TOL)
        lengths.append(length)
    assert lengths[0] == pytest.approx(4740, abs=TOL)


def test_the_plotter_draws_the_letters_tile_by_tile(stroked, kit):
    """The letters' lines go tile by tile along the rows, every other row backwards: each tile's
    lines together, the tiles in a serpentine."""
    docs, folder = stroked
    side = kit.physical.tile_mm
    grid = page_grid(kit, side)
    for doc in (d for d in docs if d.format == "svg"):
        order = []
        for line in polylines(svg_layers(folder / doc.path)["letters"]):
            x, y = line[0]
            cell = (int((y - grid.y) // grid.pitch), int((x - grid.x) // grid.pitch))
            if not order or order[-1] != cell:
                order.append(cell)
        assert len(order) == len(set(order))  # a tile's lines are drawn together
        rows = sorted({r for r, _ in order})
        for k, row in enumerate(rows):
            cols = [c for r, c in order if r == row]
            assert cols == sorted(cols, reverse=k % 2 == 1), row
        assert [r for r, _ in order] == sorted(r for r, _ in order)


def _vpype(pipeline: str):
    vpype_cli = pytest.importorskip("vpype_cli")  # vpype 1.x needs Python 3.11
    pytest.importorskip("deduplicate")
    return vpype_cli.execute(pipeline)


PX = 96 / 25.4  # vpype's unit, the CSS pixel, per mm


def test_vpype_finds_no_shorter_order_and_nothing_drawn_twice(stroked):
    """vpype, the pen plotter's toolbox, reads our plotter pages: its linesort finds no order with
    pen-up moves 10 % shorter than ours, its deduplicate plug-in nothing to remove, and the grid is
    as long as the tiles' edges drawn once (4740 mm on the first page)."""
    docs, folder = stroked
    grids = []
    for doc in (d for d in docs if d.format == "svg"):
        path = shlex.quote(str(folder / doc.path))
        ours, srt, dedup = (_vpype(f"read {path}{then}") for then in ("", " linesort", " deduplicate"))
        assert [ours.layers[i].property("vp_name") for i in sorted(ours.layers)] == ["tiles", "letters"]
        for i in ours.layers:
            up, best = ours.layers[i].pen_up_length()[0] / PX, srt.layers[i].pen_up_length()[0] / PX
            assert up <= 1.10 * best + TOL, (doc.path, i, up, best)
            assert dedup.layers[i].length() / PX == pytest.approx(ours.layers[i].length() / PX, abs=TOL)  # none gone
        grids.append(ours.layers[min(ours.layers)].length() / PX)
    assert grids[0] == pytest.approx(4740, abs=TOL)


def test_the_plotter_svg_draws_what_the_pdf_draws(stroked, kit):
    docs, folder = stroked
    side = kit.physical.tile_mm
    with open_pdf(folder / "burn-tiles-A4.pdf") as pdf:
        for n, page in enumerate(pdf.pages, 1):
            pdf_ink = union(b for ink in ink_by_tile(page, side).values() for b, _ in ink)
            layers = [g for g in svg_root(folder / f"burn-tiles-single-{n}.svg") if g.tag == SVG + "g"]
            svg_ink = union(path_bounds(p.get("d")) for p in layers[1].iter(SVG + "path"))
            assert svg_ink == pytest.approx(pdf_ink, abs=TOL)


@pytest.mark.parametrize("name", STROKED)
def test_every_shipped_kit_has_single_stroke_letters(name):
    docs = burn_documents(single(load_kit(name)))
    assert [d.kind for d in docs if d.format == "pdf"] == ["burn-tiles", "burn-tiles-mirrored", "burn-board"]
    assert any(d.format == "svg" for d in docs)


def test_every_letter_of_every_shipped_kit_has_single_strokes():
    """Every letter of the shipped kits has single strokes: Hershey's simplex Roman and Greek, printkit's
    Cyrillic and Æ, the marks composed on them (acute, double acute, caron, circumflex, breve, ring, cedilla,
    dots, the bar of Đ, the dot of L·L)."""
    assert UNSTROKED == []
    assert st.missing("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩÆĐ") == ""
    # Greek on the Roman grid: capitals as high, from the same line; Υ is the Roman Y (straight arms)
    for ch in "ΓΘΠΣΨΩ":
        assert st.glyphs()[ch].box()[1::2] == st.glyphs()["H"].box()[1::2], ch
    assert st.glyphs()["Υ"] == st.glyphs()["Y"]


def _beyond() -> object:
    """scrabble-fr with two tiles the strokes do not draw (Þ, Œ), burned in single strokes."""
    kit = single(load_kit("scrabble-fr"))
    tiles = kit.distribution.tiles + (Tile("Þ", 1, 4), Tile("Œ", 1, 8))
    return dataclasses.replace(kit, distribution=dataclasses.replace(kit.distribution, tiles=tiles))


def test_a_kit_beyond_the_single_strokes_burns_its_tiles_in_outlines_and_says_so():
    """burn.letters: single on a set with letters the strokes do not draw: the tiles are burned in outline
    letters, the whole set alike (no plotter pages: those are single strokes), and the files say why."""
    kit = _beyond()
    docs = burn_documents(kit)
    tiles = [d for d in docs if d.kind in ("burn-tiles", "burn-tiles-mirrored")]
    assert [d.path for d in tiles] == ["burn-tiles-A4.pdf", "burn-tiles-mirrored-A4.pdf"]  # no single-stroke SVGs
    assert all(d.figures["letters"] == "outline" and d.figures["unstroked"] == "ÞŒ" for d in tiles)
    own = burn_documents(dataclasses.replace(kit, burn=dataclasses.replace(kit.burn, letters="outline")))
    assert [d.pages for d in docs[:2]] == [d.pages for d in own[:2]]  # the pages of burn.letters: outline
    said = summary.file_line({**tiles[0].figures, "kind": "burn-tiles", "bytes": 1000})
    assert said.endswith(", outline letters: no single strokes for Þ, Œ, 1000 B")
    # a script the strokes do not draw is named as a whole; a Greek or Latin letter beyond them by itself
    assert summary.unstroked_words("ÞŒԱԲΆ") == "outline letters: no single strokes for Armenian letters, Þ, Œ, Ά"


def test_a_build_says_which_letters_it_burns_in_outlines(run, write, tmp_path):
    d = write("d.yaml", "extends: scrabble-fr\nname: fr-thorn\nalphabet: A B C D E F G H I J K L M N O P Q R S T U "
                        "V W X Y Z Þ\ntile_changes:\n  Þ: {count: 1, value: 4}\n")
    kit = write("k.yaml", f"extends: scrabble-fr\nname: fr-thorn\ndistribution: {d.name}\n")
    code, out, err = run("build", kit, "--only", "burn", "--set", "burn.letters=single", "--out", tmp_path / "out",
                         "--no-verify")
    assert code == 0, err
    line = next(ln for ln in out.splitlines() if "burn-tiles-A4.pdf" in ln)
    assert "outline letters: no single strokes for Þ" in line
    assert not list((tmp_path / "out" / "fr-thorn").glob("burn-tiles-single-*.svg"))
    manifest = json.loads((tmp_path / "out" / "fr-thorn" / "manifest.json").read_text(encoding="utf-8"))
    entry = next(a for a in manifest["artifacts"] if a["path"] == "burn-tiles-A4.pdf")
    assert (entry["figures"]["letters"], entry["figures"]["unstroked"]) == ("outline", "Þ")


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
    assert install_line("burn") in message and "hershey-fonts" in message
    assert burn_documents(kit)  # outlines need nothing more


def test_without_the_extra_the_build_exits_2_and_writes_nothing(run, write, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "HersheyFonts", None)
    burn = dataclasses.replace(products.REGISTRY["burn"], documents=burn_documents)
    monkeypatch.setitem(products.REGISTRY, "burn", burn)  # registered here only, for the command line
    mine = write("k.yaml", "extends: krestoslovitsa\nburn: {letters: single}\n")
    out = tmp_path / "out"
    code, _, err = run("build", mine, "--only", "burn", "--out", out)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith(f": {install_line('burn')}") and f"{mine}:2:" in lines[0]
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


# -- verify: the plotter pages line by line ----------------------------------------------------------------

@pytest.fixture(scope="module")
def built_single(tmp_path_factory) -> Path:
    """The default kit's burning templates with single strokes, built as the command line builds them."""
    out = tmp_path_factory.mktemp("built")
    build_kit(single(load_kit("krestoslovitsa")), out, only=["burn"])
    return out / "krestoslovitsa"


@pytest.fixture
def damaged(built_single, tmp_path) -> Path:
    """A copy of the built folder whose manifest lists the first plotter page alone, to damage."""
    folder = Path(shutil.copytree(built_single, tmp_path / "kit"))
    manifest = manifest_of(folder)
    manifest["artifacts"] = [a for a in manifest["artifacts"] if a["path"] == "burn-tiles-single-1.svg"]
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    return folder


def relisted(folder: Path, rel: str, change) -> None:
    """Change a file's text, then make the manifest list its new bytes (so one check fails alone)."""
    path = folder / rel
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    manifest = manifest_of(folder)
    data = path.read_bytes()
    for a in manifest["artifacts"]:
        if a["path"] == rel:
            a["bytes"], a["sha256"] = len(data), hashlib.sha256(data).hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")


def failed(folder: Path) -> list[str]:
    return [c.line() for c in verify(folder, kit=single(load_kit("krestoslovitsa"))).failures]


def test_verify_reads_each_plotter_page_line_by_line(built_single):
    got = [c.line() for c in verify(built_single, kit=single(load_kit("krestoslovitsa"))).checks]
    assert not [line for line in got if line.startswith("FAIL")]
    for n in (1, 2):
        drawn = [line for line in got if line.startswith(f"ok  burn-tiles-single-{n}.svg: each line drawn once (")]
        assert len(drawn) == 1 and drawn[0].endswith(" segments, none on another)")
        assert (f"ok  burn-tiles-single-{n}.svg: single lines: no two lines side by side closer than 1 mm for more "
                f"than 1 mm") in got
        travel = [line for line in got if line.startswith(f"ok  burn-tiles-single-{n}.svg: pen-up travel ")]
        assert len(travel) == 1 and travel[0].endswith(" mm"), got
        ours, greedy = (float(v) for v in re.findall(r"([0-9.]+) mm", travel[0]))
        assert ours <= greedy * 1.1 + 1  # within 10 % of what a nearest-end sorter finds (vpype's linesort)


def test_verify_fails_a_plotter_page_drawn_out_of_order(damaged):
    """The letters' lines in the opposite order: the pen crosses the page from each letter to the
    one before; verify compares the travel with a nearest-end order's."""
    def backwards(text: str) -> str:
        layer = text.index('inkscape:label="letters"')
        end = text.index("</g>", layer)
        head, body = text[:layer], text[layer:end]
        paths = re.findall(r'<path d="[^"]+"[^>]*/>', body)
        assert len(paths) > 100
        first = body.index(paths[0])
        rest = body[first:].replace("".join(paths), "".join(reversed(paths)), 1)
        assert rest != body[first:], "the letters' paths are not one run"
        return head + body[:first] + rest + text[end:]

    relisted(damaged, "burn-tiles-single-1.svg", backwards)
    (got,) = failed(damaged)
    assert re.fullmatch(r"FAIL burn-tiles-single-1\.svg: pen-up travel [0-9]+ mm, [0-9]+ % more than a nearest-end "
                        r"order's [0-9]+ mm \(at most 10 %\): the lines are drawn out of order", got), got


def test_verify_fails_a_line_drawn_twice(damaged):
    """A grid line drawn again (as the tile squares one by one drew every shared edge)."""
    def again(text: str) -> str:
        line = re.search(r'<path d="M[0-9.]+ [0-9.]+L[0-9.]+ [0-9.]+" [^>]*/>', text).group(0)
        return text.replace(line, line + line, 1)

    relisted(damaged, "burn-tiles-single-1.svg", again)
    got = failed(damaged)
    assert got[0].startswith("FAIL burn-tiles-single-1.svg: 1 segment drawn twice (the first at ")
    assert got[0].endswith(" mm): the pen would go over it again")
    assert got[1] == ("FAIL burn-tiles-single-1.svg: 2 stretches of line run beside another closer than 1 mm for "
                      "more than 1 mm (the first 180 mm long, from 15,35 mm in 'tiles'): a pen or a burning tip draws "
                      "them as one thick line")
    assert len(got) == 2


def test_verify_fails_a_doubled_letter(damaged):
    """Today's Г, Hershey's complex Cyrillic: its stem two strokes 0.4 mm apart, its serif a hairpin."""
    from HersheyFonts import HersheyFonts

    font = HersheyFonts()
    font.load_default_font("cyrilc_1")
    k = 8.4 / st.CAP  # the default tile's capitals, 8.4 mm
    d = "".join("M" + "L".join(f"{30 + x * k:.3f} {40 + y * k:.3f}" for x, y in s)
                for s in font.all_glyphs["D"].strokes)

    def doubled(text: str) -> str:
        layer = text.index('inkscape:label="letters"')
        first = re.compile(r'<path d="[^"]+"').search(text, layer)
        return text[:first.start()] + f'<path d="{d}"' + text[first.end():]

    relisted(damaged, "burn-tiles-single-1.svg", doubled)
    assert failed(damaged) == [
        "FAIL burn-tiles-single-1.svg: 4 stretches of line run beside another closer than 1 mm for more than 1 mm "
        "(the first 8.4 mm long, from 28.4,35.2 mm in 'letters'): a pen or a burning tip draws them as one thick line"]


def test_plotter_pages_are_the_same_bytes_under_any_hash_seed(tmp_path):
    """The plotter pages' order of lines comes from the geometry alone: two processes with other
    hash seeds (and folders) write the same bytes."""
    script = (
        "import dataclasses, sys\n"
        "from pathlib import Path\n"
        "from printkit.config import load_kit\n"
        "from printkit.model import BurnOptions\n"
        "from printkit.sheets.burn import burn_documents\n"
        "from printkit.writers import WRITERS\n"
        "for name in ('krestoslovitsa', 'scrabble-uk'):\n"
        "    kit = dataclasses.replace(load_kit(name), burn=BurnOptions('single'))\n"
        "    for doc in burn_documents(kit):\n"
        "        if doc.format == 'svg':\n"
        "            WRITERS['svg'](doc, Path(sys.argv[1]) / f'{name}-{doc.path}')\n")
    made = []
    for seed in ("0", "4"):
        folder = tmp_path / f"seed{seed}"
        folder.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script, str(folder)], cwd=folder, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        made.append({p.name: p.read_bytes() for p in sorted(folder.iterdir())})
    assert len(made[0]) == 3 and made[0] == made[1]
