"""Printer calibration, read back from the built files in millimetres: the calibration sheet's
rulers and square are their true lengths on the kit's paper; with a compensation (print.measured
in the kit, or --scale-x/--scale-y), the print PDFs are drawn that much larger or smaller (tiles,
board cells, the scale bar), landscape pages with the factors swapped, while the calibration
sheet, the poster, the SVGs and the laser files stay true; bad factors are one line and exit 2."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from manifestread import manifest_of
from pdfread import MM, open_pdf, svg_tiles, tile_texts

from printkit.build import build_kit, plan
from printkit.config import load_kit
from printkit.geometry import Circle, Clip, Group, Line, Page, Path as GPath, Rect, Role, Text
from printkit.model import ruler_measured
from printkit.sheets.common import MARK_ZONE, lettering
from printkit.sheets.compensate import scale_page

TOL = 0.01
ACROSS, DOWN = 179.3, 200.6  # what the 180 mm and 200 mm rulers of an A4 sheet printed as
SX, SY = round(180 / ACROSS, 6), round(200 / DOWN, 6)
KIT = f"extends: krestoslovitsa\nprint:\n  measured: {{across: {ACROSS}, down: {DOWN}}}\n"


# -- reading back -------------------------------------------------------------------------------------

def rulers(page) -> dict[str, list[tuple[float, int, float]]]:
    """The rulers of a calibration page by direction: (length from the first tick to the last, number
    of ticks, widest gap between neighbouring ticks), in mm. A ruler is its line (the longest lines
    of the page) and the ticks that cross or touch it at right angles."""
    lines = [(ln["x0"] * MM, ln["top"] * MM, ln["x1"] * MM, ln["bottom"] * MM) for ln in page.lines]
    flat = [ln for ln in lines if abs(ln[1] - ln[3]) < 1e-6]
    upright = [ln for ln in lines if abs(ln[0] - ln[2]) < 1e-6]
    out: dict[str, list] = {"across": [], "down": []}
    for x0, y, x1, _ in (ln for ln in flat if ln[2] - ln[0] > 40):
        ticks = sorted(t[0] for t in upright
                       if t[1] <= y + 1e-6 and t[3] >= y - 1e-6 and x0 - 1e-6 <= t[0] <= x1 + 1e-6)
        out["across"].append((ticks[-1] - ticks[0], len(ticks), max(b - a for a, b in zip(ticks, ticks[1:]))))
    for x, y0, _, y1 in (ln for ln in upright if ln[3] - ln[1] > 40):
        ticks = sorted(t[1] for t in flat if t[0] <= x + 1e-6 and t[2] >= x - 1e-6 and y0 - 1e-6 <= t[1] <= y1 + 1e-6)
        out["down"].append((ticks[-1] - ticks[0], len(ticks), max(b - a for a, b in zip(ticks, ticks[1:]))))
    return out


def rects(page, w: float, h: float) -> list[tuple[float, float]]:
    """(width, height) in mm of every rectangle within 1 mm of w × h."""
    out = []
    for r in page.rects:
        rw, rh = r["width"] * MM, r["height"] * MM
        if abs(rw - w) < 1 and abs(rh - h) < 1:
            out.append((rw, rh))
    return out


def page_mm(page) -> tuple[float, float]:
    return page.width * MM, page.height * MM


def manifest(folder: Path) -> dict:
    return manifest_of(folder)


def artifact(folder: Path, path: str) -> dict:
    return next(a for a in manifest(folder)["artifacts"] if a["path"] == path)


# -- builds, once per module ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def plain(default_kit) -> Path:
    return default_kit  # built once for the run (tests/conftest.py)


@pytest.fixture(scope="module")
def measured(tmp_path_factory) -> Path:
    """The default kit with print.measured in the kit file."""
    tmp = tmp_path_factory.mktemp("measured")
    (tmp / "cal.yaml").write_text(KIT, encoding="utf-8")
    return build_kit(load_kit(str(tmp / "cal.yaml")), tmp / "out").folder


@pytest.fixture(scope="module")
def flagged(tmp_path_factory) -> tuple[Path, str]:
    """The default kit built by the command line with --scale-x 1.01 --scale-y 0.99 and five players
    (a landscape score sheet); with what the command printed."""
    import contextlib
    import io

    from printkit.cli import main

    out = tmp_path_factory.mktemp("flagged")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["build", "--out", str(out), "--scale-x", "1.01", "--scale-y", "0.99", "--players", "5"])
    assert code == 0
    return out / "krestoslovitsa", buf.getvalue()


# -- the calibration sheet ------------------------------------------------------------------------------

@pytest.mark.parametrize("paper, across, down", [("A4", 180, 200), ("Letter", 180, 200), ("A3", 200, 200),
                                                 ("A5", 100, 100)])
def test_the_rulers_measure_their_lengths_and_the_square_50_mm(tmp_path, paper, across, down):
    kit = load_kit("krestoslovitsa", paper=paper)
    folder = build_kit(kit, tmp_path, only=["calibration"]).folder
    with open_pdf(folder / "calibration.pdf") as pdf:
        page = pdf.pages[0]
        assert page_mm(page) == pytest.approx((kit.print.paper.width_mm, kit.print.paper.height_mm), abs=TOL)
        found = rulers(page)
        text = page.extract_text()
        square = rects(page, 50, 50)
        heading = next(w for w in page.extract_words() if w["text"] == "Как")  # the steps, beside the rulers
        below = page.crop((heading["x0"] - 1, heading["top"] - 1, page.width, page.height))
        steps = " ".join(below.extract_text().split())
    inch = [r for r in found["across"] if r[2] > 2.0]  # ticks every eighth of an inch: 3.175 mm apart
    found["across"] = [r for r in found["across"] if r[2] <= 2.0]
    assert inch == ([pytest.approx((5 * 25.4, 41, 25.4 / 8), abs=TOL)] if paper == "Letter" else [])
    expected_across = [across] + ([100] if across > 100 else [])
    expected_down = [down] + ([100] if down > 100 else [])
    assert sorted(r[0] for r in found["across"]) == pytest.approx(sorted(expected_across), abs=TOL)
    assert sorted(r[0] for r in found["down"]) == pytest.approx(sorted(expected_down), abs=TOL)
    for length, ticks, widest in found["across"] + found["down"]:
        assert ticks == round(length) + 1 and widest == pytest.approx(1.0, abs=TOL)  # a tick every mm
    assert square == [pytest.approx((50.0, 50.0), abs=TOL)]
    assert f"{across} мм поперёк" in text and f"{down} мм вдоль" in text
    assert f"Измерьте линейку {across} мм поперёк листа и линейку {down} мм вдоль него" in steps
    art = artifact(folder, "calibration.pdf")
    assert art["kind"] == "calibration" and art["measure"] == {"across": across, "down": down}
    assert "scale" not in art


@pytest.mark.parametrize("name, words", [
    ("scrabble-en", ["Printer calibration", "Measure the 180 mm ruler across the page and the 200 mm ruler down it",
                     "--scale-x 180/A --scale-y 200/D"]),
    ("scrabble-uk", ["Калібрування принтера", "Виміряйте лінійку 180 мм упоперек аркуша і лінійку 200 мм уздовж"]),
])
def test_the_steps_are_in_the_kits_language(tmp_path, name, words):
    folder = build_kit(load_kit(name), tmp_path, only=["calibration"]).folder
    with open_pdf(folder / "calibration.pdf") as pdf:
        text = " ".join(" ".join(p.extract_text() for p in pdf.pages).split())
    for w in words:
        assert w in text


def test_the_calibration_sheet_is_not_compensated(measured, plain):
    with open_pdf(measured / "calibration.pdf") as pdf, open_pdf(plain / "calibration.pdf") as before:
        page, old = pdf.pages[0], before.pages[0]
        assert rulers(page) == rulers(old)
        assert sorted(r[0] for r in rulers(page)["across"]) == pytest.approx([100.0, 180.0], abs=TOL)
        assert sorted(r[0] for r in rulers(page)["down"]) == pytest.approx([100.0, 200.0], abs=TOL)
        assert rects(page, 50, 50) == [pytest.approx((50.0, 50.0), abs=TOL)]
        assert rects(page, 50, 2) == [pytest.approx((50.0, 2.0), abs=TOL)]  # its scale bar too
        assert page_mm(page) == pytest.approx((210.0, 297.0), abs=TOL)
        text = " ".join(page.extract_text().split())
    assert f"×{SX:.4f} поперёк и ×{SY:.4f} вдоль" in text  # it says what the kit does now
    assert "scale" not in artifact(measured, "calibration.pdf")


# -- compensation of the print PDFs ---------------------------------------------------------------------

def test_the_scale_comes_from_the_measured_rulers():
    assert ruler_measured(199.2) == 200 and ruler_measured(179.3) == 180 and ruler_measured(99.6) == 100
    assert ruler_measured(148.9) == 150 and ruler_measured(50.4) == 50
    assert ruler_measured(190.0) is None and ruler_measured(120.0) is None  # no ruler within 5 %
    assert (SX, SY) == (1.003904, 0.997009)


def test_tiles_are_drawn_scaled_so_that_they_print_true(measured, plain):
    faces = {}
    for folder in (measured, plain):
        faces[folder] = []
        with open_pdf(folder / "tiles-A4.pdf") as pdf:
            for page in pdf.pages:
                assert page_mm(page) == pytest.approx((210.0, 297.0), abs=TOL)  # the page keeps its size
                k = (SX, SY) if folder == measured else (1.0, 1.0)
                for w, h in rects(page, 20, 20):
                    assert (w, h) == pytest.approx((20 * k[0], 20 * k[1]), abs=TOL)
                assert rects(page, 50, 2) == [pytest.approx((50 * k[0], 2 * k[1]), abs=TOL)]  # the scale bar
                faces[folder] += tile_texts(page, list(_tile_boxes(page)), 8.0)  # each letter inside its tile
    # every tile has its letter and value inside it; the set is the same (the spares, a row of the commonest
    # letters, are a tile fewer: the wider margin the compensation is laid out in holds 8 tiles across, not 9)
    art = artifact(measured, "tiles-A4.pdf")
    assert len(faces[measured]) == art["tiles"] + art["spares"] == 130 + 8
    assert not Counter(faces[measured]) - Counter(faces[plain])
    assert (art["grid"], artifact(plain, "tiles-A4.pdf")["grid"]) == ([8, 12], [9, 12])
    art = artifact(measured, "tiles-A4.pdf")
    assert art["tile_mm"] == 20.0 and art["scale"] == [SX, SY]
    assert art["drawn_tile_mm"] == pytest.approx([20 * SX, 20 * SY], abs=1e-4)


def _tile_boxes(page):
    from pdfread import Box

    for r in page.rects:
        w, h = r["width"] * MM, r["height"] * MM
        if abs(w - 20) < 1 and abs(h - 20) < 1 and r.get("fill"):
            yield Box(r["x0"] * MM, r["top"] * MM, w, h)


def test_board_cells_are_drawn_scaled(measured, plain):
    with open_pdf(measured / "board-A4.pdf") as pdf:
        for page in pdf.pages:
            cells = rects(page, 22, 22)
            assert len(cells) == 225 and all((w, h) == pytest.approx((22 * SX, 22 * SY), abs=TOL) for w, h in cells)
    for name in ("board-A4.pdf", "burn-board-A4.pdf"):
        art = artifact(measured, name)
        assert art["cell_mm"] == 22.0 and art["drawn_cell_mm"] == pytest.approx([22 * SX, 22 * SY], abs=1e-4)
    with open_pdf(plain / "board-A4.pdf") as pdf:
        assert all((w, h) == pytest.approx((22.0, 22.0), abs=TOL) for w, h in rects(pdf.pages[0], 22, 22))


def test_every_print_pdf_carries_a_scale_bar_that_prints_50_mm(measured):
    compensated = {a["path"] for a in manifest(measured)["artifacts"] if "scale" in a}
    assert compensated == {"tiles-A4.pdf", "board-A4.pdf", "board-A4-assembly.pdf", "burn-tiles-A4.pdf",
                           "burn-tiles-mirrored-A4.pdf", "burn-board-A4.pdf", "scoresheet.pdf", "tracking.pdf",
                           "reference.pdf", "print-all-A4.pdf"}
    for name in compensated:
        # print-all holds the calibration sheet too, never compensated
        true = {n for e in artifact(measured, name).get("contents", ()) if e["kind"] == "calibration"
                for n in range(e["pages"][0], e["pages"][1] + 1)}
        assert true == ({2} if name == "print-all-A4.pdf" else set())  # right after the contents
        with open_pdf(measured / name) as pdf:
            for n, page in enumerate(pdf.pages, 1):
                bar = (50, 2) if n in true else (50 * SX, 2 * SY)
                assert page_mm(page) == pytest.approx((210.0, 297.0), abs=TOL)
                assert rects(page, 50, 2) == [pytest.approx(bar, abs=TOL)], name


def test_a_landscape_page_takes_the_factors_swapped(flagged):
    folder, _ = flagged
    art = artifact(folder, "scoresheet.pdf")
    assert art["orientation"] == "landscape" and art["scale"] == [0.99, 1.01]
    with open_pdf(folder / "scoresheet.pdf") as pdf:
        page = pdf.pages[0]
        assert page_mm(page) == pytest.approx((297.0, 210.0), abs=TOL)
        # the page's width runs down the paper as it is fed: it takes --scale-y
        assert rects(page, 50, 2) == [pytest.approx((50 * 0.99, 2 * 1.01), abs=TOL)]


def test_the_flags_scale_and_the_build_says_so_both_ways(flagged):
    folder, out = flagged
    with open_pdf(folder / "tiles-A4.pdf") as pdf:
        assert all((w, h) == pytest.approx((20.2, 19.8), abs=TOL) for w, h in rects(pdf.pages[0], 20, 20))
    assert manifest(folder)["scale"] == [1.01, 0.99]
    assert out.splitlines()[0] == (
        "printer compensation: the sheets for the printer drawn ×1.0100 across and ×0.9900 down, to print true to "
        "size on a printer that prints 200 mm as 198.02 mm across and 202.02 mm down (calibration.pdf and the laser "
        "and plotter files as they are)")


def test_svg_and_laser_files_and_the_poster_stay_true(measured, plain):
    old = {a["path"]: a for a in manifest(plain)["artifacts"]}
    for a in manifest(measured)["artifacts"]:
        if a["kind"].startswith("laser-") and a["format"] == "lbrn2":  # its notes name the kit: cal
            def geometry(folder, path=a["path"]):
                return re.sub(rb"<Notes [^>]*/>", b"", (folder / path).read_bytes())

            assert geometry(measured) == geometry(plain), a["path"]  # not a byte of it changed but the notes
        elif a["kind"].startswith("laser-"):
            assert a["sha256"] == old[a["path"]]["sha256"], a["path"]  # not a byte changed
    found = svg_tiles(measured / "tiles-A4-1.svg")  # squares of 20 mm, each with its letter and value
    assert len(found) == artifact(measured, "tiles-A4-1.svg")["tiles"] > 90
    assert all(side == pytest.approx(20.0, abs=TOL) for side, _, _ in found)
    assert "scale" not in artifact(measured, "tiles-A4-1.svg")
    with open_pdf(measured / "board-poster.pdf") as pdf:
        assert all((w, h) == pytest.approx((22.0, 22.0), abs=TOL) for w, h in rects(pdf.pages[0], 22, 22))
        assert rects(pdf.pages[0], 50, 2) == [pytest.approx((50.0, 2.0), abs=TOL)]
    # the laser tiles: cut on a grid of pitch 20.2 mm (20 mm tiles, kerf 0.2 mm)
    from lasersvg import on_lines, read_svg, segments

    sheet = read_svg(measured / "laser-tiles-1.svg")
    xs = sorted(x for kind, x in on_lines(segments(sheet.layer("inner cuts"))) if kind == "v")
    assert len(xs) > 5 and all(b - a == pytest.approx(20.2, abs=TOL) for a, b in zip(xs, xs[1:]))


def test_the_manifest_records_the_scale(measured, plain):
    m = manifest(measured)
    assert m["scale"] == [SX, SY] and m["tiles"]["tile_mm"] == 20.0 and m["board"]["cell_mm"] == 22.0
    p = manifest(plain)
    assert p["scale"] == [1.0, 1.0]
    assert not any("scale" in a or "drawn_tile_mm" in a for a in p["artifacts"])


# -- the margin is kept ---------------------------------------------------------------------------------

def _ink_boxes(items, dx=0.0, dy=0.0, clip=None):
    """(role, page box (x0, y0, x1, y1)) of everything drawn, cut to the clips around it."""
    for it in items:
        if isinstance(it, Group):
            c = clip
            if it.clip is not None:
                box = (it.clip.x + dx + it.dx, it.clip.y + dy + it.dy, it.clip.x + it.clip.w + dx + it.dx,
                       it.clip.y + it.clip.h + dy + it.dy)
                c = box if c is None else (max(c[0], box[0]), max(c[1], box[1]), min(c[2], box[2]), min(c[3], box[3]))
            yield from _ink_boxes(it.items, dx + it.dx, dy + it.dy, c)
            continue
        if isinstance(it, Rect):
            b = (it.x, it.y, it.x + it.w, it.y + it.h)
        elif isinstance(it, Line):
            b = (min(it.x1, it.x2), min(it.y1, it.y2), max(it.x1, it.x2), max(it.y1, it.y2))
        elif isinstance(it, Circle):
            b = (it.cx - it.r, it.cy - it.r, it.cx + it.r, it.cy + it.r)
        elif isinstance(it, Text):
            b = it.ink()
            if b is None:
                continue
        else:
            pts = [(c[i], c[i + 1]) for c in it.commands for i in range(1, len(c), 2)]
            b = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
        b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        if clip is not None:
            b = (max(b[0], clip[0]), max(b[1], clip[1]), min(b[2], clip[2]), min(b[3], clip[3]))
            if b[0] > b[2] or b[1] > b[3]:
                continue
        yield it.role, b


@pytest.mark.parametrize("scale", [("1.05", "1.05"), ("1.05", "0.95"), ("0.95", "1.03")])
def test_the_printed_margin_stays_the_kits_at_the_limits(scale):
    kit = load_kit("krestoslovitsa", scale_x=scale[0], scale_y=scale[1], players="5")
    m = kit.print.margin_mm
    docs = [doc for _, doc in plan(kit, ["tiles", "board", "burn", "play"]) if "scale" in doc.figures]
    assert len(docs) == 9
    for doc in docs:
        for page in doc.pages:
            for role, (x0, y0, x1, y1) in _ink_boxes(page.items):
                # guides may reach into the margin by design (trim marks up to 5 mm), and scale with the page
                m_here = m - (MARK_ZONE * 1.05 if role is Role.GUIDE else 0.0)
                assert min(x0, y0, page.width - x1, page.height - y1) >= m_here - TOL, (doc.path, role)
    tiles = next(d for d in docs if d.path == "tiles-A4.pdf")
    side = next(it for it, _, _ in tiles.pages[0].walk() if getattr(it, "tag", "") == "tile")
    assert (side.w, side.h) == pytest.approx((20 * float(scale[0]), 20 * float(scale[1])), abs=1e-9)


def test_uneven_scaling_keeps_text_centred_and_circles_round():
    lt = lettering(load_kit("krestoslovitsa"))
    letter = lt.label(30.0, 40.0, "Ж", 12.0)
    dots = Group((Circle(5.0, 5.0, 1.0, fill="#000000", role=Role.PRINT),), 20.0, 20.0, clip=Clip(0, 0, 10, 10))
    path = GPath((("M", 0.0, 0.0), ("L", 100.0, 50.0)), stroke="#000000", stroke_mm=0.1, role=Role.PRINT)
    page = Page(200.0, 100.0, (letter, dots, path))
    out = scale_page(page, 1.02, 0.98)
    x0, y0, x1, y1 = letter.ink()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    nx0, ny0, nx1, ny1 = out.items[0].ink()
    assert ((nx0 + nx1) / 2, (ny0 + ny1) / 2) == pytest.approx((100 + 1.02 * (cx - 100), 50 + 0.98 * (cy - 50)),
                                                               abs=1e-9)
    assert out.items[0].size == pytest.approx(12.0 * (1.02 * 0.98) ** 0.5, abs=1e-12)
    group = out.items[1]
    assert (group.dx, group.dy) == pytest.approx((100 - 1.02 * 80, 50 - 0.98 * 30), abs=1e-9)
    assert (group.clip.w, group.clip.h) == pytest.approx((10.2, 9.8), abs=1e-9)
    assert group.items[0].r == pytest.approx((1.02 * 0.98) ** 0.5, abs=1e-12)
    assert out.items[2].commands[1][1:] == pytest.approx((100 + 1.02 * 0.0, 50 + 0.98 * 0.0), abs=1e-9)
    assert (out.width, out.height) == (200.0, 100.0)


# -- bad input --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("flag", ["--scale-x", "--scale-y"])
@pytest.mark.parametrize("value, says", [
    ("0", "'0' is outside 0.95–1.05"), ("-1.004", "'-1.004' is outside 0.95–1.05"),
    ("1.2", "'1.2' is outside 0.95–1.05"), ("abc", "'abc' is not a factor"), ("nan", "'nan' is not a factor"),
    ("200/0", "'200/0' is not a factor"), ("200/150", "'200/150' is outside 0.95–1.05"),
])
def test_bad_factors_are_one_line_and_exit_2(run, tmp_path, flag, value, says):
    code, out, err = run("build", "--out", tmp_path / "never", flag, value)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"{flag}: {says}"), err
    assert not (tmp_path / "never").exists()


def test_a_factor_as_a_fraction_is_the_rulers_length_over_what_it_printed_as():
    kit = load_kit("krestoslovitsa", scale_x="200/199.2", scale_y="0.997")
    assert kit.print_scale == (1.004016, 0.997)


@pytest.mark.parametrize("measured, col, says", [
    ("{across: 0}", 22, "'across' is 0 mm: it must be at least 45 mm"),
    ("{across: -199.2}", 22, "'across' is -199.2 mm: it must be at least 45 mm"),
    ("{down: 240}", 20, "'down' is 240 mm: the limit is 215 mm"),
    ("{down: abc}", 20, "'down' must be a number of mm, not abc"),
    ("{across: 190}", 22, "'across' is 190 mm, which is no ruler of the calibration sheet (200, 180, 150, 100, "
                          "50 mm) printed within 5 % of its length"),
    ("199.2", 13, "'measured' must be a mapping"),
])
def test_bad_measurements_in_the_kit_are_one_line_at_the_value(run, write, tmp_path, measured, col, says):
    kit = write("k.yaml", f"extends: krestoslovitsa\nprint:\n  measured: {measured}\n")
    code, _, err = run("build", kit, "--out", tmp_path / "never")
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"{kit}:3:{col}: {says}"), err


def test_a_flag_overrides_the_kits_measurement_on_its_axis(write):
    kit = load_kit(str(write("k.yaml", KIT)), scale_x="1.01")
    assert kit.print_scale == (1.01, SY)
    assert kit.at("print.scale.across") == "--scale-x" and kit.at("print.scale.down").endswith("k.yaml:3:35")
