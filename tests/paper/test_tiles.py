"""Tile cut-sheets, read back from the built files: sizes in mm, letters, values, fonts, bytes."""

from __future__ import annotations

import hashlib
import io
from collections import Counter
from pathlib import Path

import pypdfium2
import pytest
from manifestread import manifest_of
from pdfread import MM, open_pdf, squares, svg_elements, svg_root, svg_tiles, tile_texts
from pypdf import PdfReader

from printkit.build import build_kit
from printkit.config import kit_names, load_kit
from printkit.fonts import default_bold, default_regular, load
from printkit.sheets.tiles import face_style, tile_documents, tile_faces

TOL = 0.01


def build(tmp: Path, name: str = "krestoslovitsa", **options) -> Path:
    kit = load_kit(name, **options)
    return build_kit(kit, tmp, only=["tiles"]).folder


@pytest.fixture(scope="module")
def default(shared) -> Path:
    return shared.build("krestoslovitsa", only=["tiles"])  # built once for the run (tests/conftest.py)


def expected_faces(name: str) -> Counter:
    kit = load_kit(name)
    return Counter({t.face: t.count for t in kit.distribution.tiles})


SPARES_NOTE = r"запасные фишки|запасні фішки|Spare tiles"


def read_tiles(pdf_path: Path, big_mm: float, spares: list | None = None) -> tuple[list, list]:
    """The tile squares of the set and their (letter, value) over every page. Spares, printed
    below the note that announces them, are left out (or put into ``spares`` as (letter, value))."""
    boxes, texts = [], []
    with open_pdf(pdf_path) as pdf:
        for page in pdf.pages:
            tiles = squares(page)
            notes = page.search(SPARES_NOTE)
            below = notes[0]["top"] * MM if notes else float("inf")
            found = tile_texts(page, tiles, big_mm)
            for box, text in zip(tiles, found):
                if box.y > below:
                    if spares is not None:
                        spares.append(text)
                else:
                    boxes.append(box)
                    texts.append(text)
    return boxes, texts


def test_default_build_is_130_tiles_of_20mm_on_2_a4_pages(default):
    pdf = default / "tiles-A4.pdf"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 2
    for page in reader.pages:
        box = page.mediabox
        assert abs(float(box.width) * MM - 210.0) < TOL
        assert abs(float(box.height) * MM - 297.0) < TOL
    spares: list = []
    boxes, texts = read_tiles(pdf, big_mm=5.0, spares=spares)
    assert len(boxes) == 130 and len(spares) == 9  # the book's few spares, printed apart
    for b in boxes:
        assert abs(b.w - 20.0) < TOL and abs(b.h - 20.0) < TOL


def test_letters_and_values_on_the_pages_match_the_distribution(default):
    kit = load_kit("krestoslovitsa")
    _, texts = read_tiles(default / "tiles-A4.pdf", big_mm=5.0)
    letters = Counter(letter for letter, _ in texts if letter)
    assert letters == expected_faces("krestoslovitsa")
    assert sum(1 for letter, value in texts if not letter and not value) == 2  # the blanks
    for letter, value in texts:
        if letter:
            assert int(value) == kit.distribution.value(letter), letter


def test_tiles_sit_on_a_shared_grid(default):
    with open_pdf(default / "tiles-A4.pdf") as pdf:
        tiles = squares(pdf.pages[0])
    xs = sorted({round(b.x, 3) for b in tiles})
    ys = sorted({round(b.y, 3) for b in tiles})
    assert len(xs) == 9 and len(ys) == 12
    assert all(abs((b - a) - 20.0) < TOL for a, b in zip(xs, xs[1:]))
    assert abs((xs[0] + xs[-1] + 20.0) / 2 - 105.0) < TOL  # centred across the page (duplex backs)


def test_font_is_embedded_and_subset(default):
    reader = PdfReader(str(default / "tiles-A4.pdf"))
    fonts = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            fonts[font["/BaseFont"]] = font
    # the PostScript name and the start of the file's sha256: the same file, the same name, always
    assert set(fonts) == {f"/AAAAAA+PTSans-{style}-{hashlib.sha256(path.read_bytes()).hexdigest()[:10]}"
                          for style, path in (("Bold", default_bold()), ("Regular", default_regular()))}
    for font in fonts.values():
        assert font["/Subtype"] == "/TrueType"
        assert "/FontFile2" in font["/FontDescriptor"]  # embedded TrueType
        assert "+" in font["/BaseFont"]  # subset tag


def test_text_is_real_text(default):
    with open_pdf(default / "tiles-A4.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Печатайте в масштабе 100 % (реальный размер): эта полоска — 50 мм" in text
    assert "Крестословица · фишки 20 мм · лист 1 из 2" in text


def test_manifest(default):
    m = manifest_of(default)
    assert m["kit"] == "krestoslovitsa"
    assert m["tiles"]["total"] == 130 and m["tiles"]["blanks"] == 2 and m["tiles"]["letters"]["А"] == 10
    assert m["board"] == {"rows": 15, "cols": 15, "cell_mm": 22.0, "layout": "standard-15"}
    pdf = next(a for a in m["artifacts"] if a["format"] == "pdf")
    assert {k: pdf[k] for k in ("path", "kind", "pages", "paper", "tile_mm", "tiles")} == {
        "path": "tiles-A4.pdf", "kind": "tiles", "pages": 2, "paper": "A4", "tile_mm": 20.0, "tiles": 130}
    listed = {a["path"] for a in m["artifacts"]}
    assert listed == {str(p.relative_to(default)) for p in default.rglob("*") if p.is_file()} - {"manifest.json"}
    for a in m["artifacts"]:
        data = (default / a["path"]).read_bytes()
        assert a["bytes"] == len(data) and a["sha256"] == hashlib.sha256(data).hexdigest()


def test_pdf_is_small(default):
    assert (default / "tiles-A4.pdf").stat().st_size < 100_000


def test_svg_pages(default):
    svgs = sorted(default.glob("tiles-A4-*.svg"))
    assert [p.name for p in svgs] == ["tiles-A4-1.svg", "tiles-A4-2.svg"]
    counts = []
    for path in svgs:
        root = svg_root(path)
        assert root.get("width") == "210mm" and root.get("height") == "297mm"
        assert root.get("viewBox") == "0 0 210 297"
        assert not svg_elements(root, "text")
        tiles = [r for r in svg_elements(root, "rect")
                 if abs(float(r.get("width")) - 20) < TOL and abs(float(r.get("height")) - 20) < TOL]
        counts.append(len(tiles))
        assert all("mm" not in (r.get("x") or "") for r in tiles)
        layers = [g.get("{http://www.inkscape.org/namespaces/inkscape}label") for g in svg_elements(root, "g")
                  if g.get("{http://www.inkscape.org/namespaces/inkscape}groupmode") == "layer"]
        assert layers == ["print", "guide"]
    assert counts == [108, 22 + 9]  # the set's last 22 tiles and the 9 spares


def test_rendered_tiles_are_not_empty_unless_blank(default):
    """Render at 100 dpi: every lettered tile has ink inside it; a blank has none."""
    pdf = pypdfium2.PdfDocument(str(default / "tiles-A4.pdf"))
    dpi = 100
    _, texts = read_tiles(default / "tiles-A4.pdf", big_mm=5.0)
    n = 0
    with open_pdf(default / "tiles-A4.pdf") as plumber:
        for index, page in enumerate(plumber.pages):
            image = pdf[index].render(scale=dpi / 72).to_pil().convert("L")
            px = dpi / 25.4
            for box in squares(page):
                inner = image.crop((round((box.x + 1) * px), round((box.y + 1) * px),
                                    round((box.x + box.w - 1) * px), round((box.y + box.h - 1) * px)))
                dark = sum(1 for v in inner.tobytes() if v < 128)
                letter = texts[n][0] if n < len(texts) else "spare"
                if letter:
                    assert dark > 200, f"tile {n} ({letter}) looks empty"
                else:
                    assert dark == 0, f"blank tile {n} has ink"
                n += 1
    assert n == 130 + 9


@pytest.mark.parametrize("name", ["krestoslovitsa", "scrabble-es", "scrabble-uk", "krestoslovitsa-mini",
                                  "scrabble-de", "scrabble-pl"])
def test_letters_centred_on_ink_box_on_one_baseline_clear_of_values(name):
    kit = load_kit(name)
    docs = tile_documents(kit)
    side = kit.physical.tile_mm
    page = docs[0].pages[0]
    tiles = [it for it, _, _ in page.walk() if getattr(it, "tag", "") in ("tile", "spare")]
    letters = [it for it, _, _ in page.walk() if getattr(it, "tag", "") == "letter"]
    values = [it for it, _, _ in page.walk() if getattr(it, "tag", "") == "value"]
    baselines = set()
    for letter, value in zip(letters, values):
        tile = next(t for t in tiles if t.x <= letter.x + 0.01 < t.x + t.w and t.y <= letter.y <= t.y + t.h)
        x0, y0, x1, y1 = letter.ink()
        assert abs((x0 + x1) / 2 - (tile.x + side / 2)) < TOL, letter.text
        assert tile.x < x0 and x1 < tile.x + side and tile.y < y0 and y1 < tile.y + side, letter.text
        v0, w0, v1, w1 = value.ink()
        assert x1 <= v0 or v1 <= x0 or y1 <= w0 or w1 <= y0, f"{letter.text} touches its value"
        if letter.text != "ʼ":  # the apostrophe is a mark, centred where the capitals are (test_marks_…)
            baselines.add(round(letter.y - tile.y, 4))
    assert len(baselines) == 1


def test_letter_size_scales_with_the_tile():
    """Sizes are shares of the side (20 and 30 mm tiles look alike); below 10 mm the least gap of
    0.6 mm no longer scales, and the letters may give up a few per cent to keep it."""
    kit = load_kit("krestoslovitsa")
    font = load(None)
    a, b = face_style(kit, font, 20.0), face_style(kit, font, 30.0)
    assert abs(a.letter["Н"][1] / 20.0 - b.letter["Н"][1] / 30.0) < 1e-6
    assert abs(a.value_em / 20.0 - b.value_em / 30.0) < 1e-6
    assert abs(a.baseline / 20.0 - b.baseline / 30.0) < 0.01
    small = face_style(load_kit("krestoslovitsa-mini"), font)
    assert abs(a.value_em / 20.0 - small.value_em / 9.0) < 1e-6
    assert 0.95 < (small.letter["Н"][1] / 9.0) / (a.letter["Н"][1] / 20.0) <= 1.0


def test_two_letter_faces_fit_the_tile(tmp_path):
    folder = build(tmp_path, "scrabble-es")
    boxes, texts = read_tiles(folder / "tiles-A4.pdf", big_mm=8.0)
    faces = Counter(letter for letter, _ in texts if letter)
    assert faces == expected_faces("scrabble-es")
    assert faces["CH"] == 1 and faces["LL"] == 1 and faces["RR"] == 1
    kit = load_kit("scrabble-es")
    page = tile_documents(kit)[0].pages[0]
    for it, _, _ in page.walk():
        if getattr(it, "tag", "") == "letter" and len(it.text) == 2:
            x0, _, x1, _ = it.ink()
            assert x1 - x0 <= 0.84 * 19.0 + TOL


@pytest.mark.parametrize("name", ["scrabble-cy", "scrabble-hu", "scrabble-hr", "scrabble-ca"])
def test_letters_of_two_stay_in_the_single_letters_band_and_inside_the_tile(name):
    """Welsh DD … TH, Hungarian CS … ZS, Croatian DŽ LJ NJ, Catalan L·L NY QU: each face of two letters is at
    most 84 % of the tile wide, no higher than the single capitals (a caron above it, as Ž has), on their
    baseline, clear of the tile's edges."""
    kit = load_kit(name)
    side = kit.physical.tile_mm
    page = tile_documents(kit)[0].pages[0]
    tiles = [it for it, _, _ in page.walk() if getattr(it, "tag", "") in ("tile", "spare")]
    letters = [it for it, _, _ in page.walk() if getattr(it, "tag", "") == "letter"]
    single = next(it for it in letters if it.text == "A" or it.text == "E")
    # the single capitals' band: from the highest plain capital's top (a round one's overshoot included)
    plain = [it for it in letters if len(it.text) == 1 and "A" <= it.text <= "Z"]
    band = max((it.y - it.ink()[1]) for it in plain)  # above the baseline, mm
    multi = [it for it in letters if len(it.text.replace("·", "")) > 1]
    assert multi
    for letter in multi:
        tile = next(t for t in tiles if t.x <= letter.x + 0.01 < t.x + t.w and t.y <= letter.y <= t.y + t.h)
        x0, y0, x1, y1 = letter.ink()
        assert x1 - x0 <= 0.84 * side + TOL, letter.text
        assert tile.x < x0 and x1 < tile.x + side and tile.y < y0 and y1 < tile.y + side, letter.text
        assert letter.y - tile.y == pytest.approx(single.y - next(
            t for t in tiles if t.x <= single.x + 0.01 < t.x + t.w and t.y <= single.y <= t.y + t.h).y, abs=1e-6)
        if not set(letter.text) & set("ŽČŠĆ"):  # a letter with a mark over it reaches above the capitals
            assert letter.y - y0 <= band + TOL, letter.text  # (Q's tail may go below, as a single Q's does)


def test_mini_kit_makes_9mm_tiles(tmp_path):
    folder = build(tmp_path, "krestoslovitsa-mini")
    spares: list = []
    boxes, texts = read_tiles(folder / "tiles-A4.pdf", big_mm=2.5, spares=spares)
    assert len(boxes) == 130 and len(spares) == 20  # one row of spares: 20 tiles of 9 mm across A4
    assert all(abs(b.w - 9.0) < TOL and abs(b.h - 9.0) < TOL for b in boxes)
    assert Counter(f for f, _ in texts if f) == expected_faces("krestoslovitsa-mini")


def test_latin_kit_on_letter_paper(tmp_path):
    folder = build(tmp_path, "scrabble-en")
    reader = PdfReader(str(folder / "tiles-Letter.pdf"))
    box = reader.pages[0].mediabox
    assert abs(float(box.width) * MM - 215.9) < TOL and abs(float(box.height) * MM - 279.4) < TOL
    boxes, texts = read_tiles(folder / "tiles-Letter.pdf", big_mm=5.0)
    assert len(boxes) == 100 and all(abs(b.w - 19.0) < TOL for b in boxes)
    assert Counter(f for f, _ in texts if f) == expected_faces("scrabble-en")


@pytest.mark.parametrize("paper, size, pages", [("A3", (297.0, 420.0), 1), ("200x150", (200.0, 150.0), 4),
                                                 ("Letter", (215.9, 279.4), 2)])
def test_paper_sizes(tmp_path, paper, size, pages):
    folder = build(tmp_path, paper=paper)
    name = "tiles-200x150.pdf" if "x" in paper else f"tiles-{paper}.pdf"
    reader = PdfReader(str(folder / name))
    assert len(reader.pages) == pages
    for page in reader.pages:
        assert abs(float(page.mediabox.width) * MM - size[0]) < TOL
        assert abs(float(page.mediabox.height) * MM - size[1]) < TOL


def test_ten_tiles_of_20mm_fit_200mm_exactly(write, tmp_path):
    # 200 mm of paper width minus 2 × (10 mm margin + 5 mm crop marks) leaves exactly 170: 8 tiles;
    # 230 mm leaves exactly 200: 10 tiles, with no float rounding losing one.
    kit = write("k.yaml", "extends: krestoslovitsa\nprint: {paper: 230x297}\n")
    folder = build(tmp_path / "out", str(kit))
    with open_pdf(folder / "tiles-230x297.pdf") as pdf:
        xs = {round(b.x, 3) for b in squares(pdf.pages[0])}
    assert len(xs) == 10


def test_gap_mode_and_outlines(write, tmp_path):
    kit = write("k.yaml", "extends: krestoslovitsa\nprint: {cut: gap, gap_mm: 3, outline: true}\n")
    folder = build(tmp_path / "out", str(kit))
    with open_pdf(folder / "tiles-A4.pdf") as pdf:
        tiles = squares(pdf.pages[0])
        stroked = [r for r in pdf.pages[0].rects if r.get("stroke") and abs(r["width"] * MM - 20) < TOL]
    xs = sorted({round(b.x, 3) for b in tiles})
    assert all(abs((b - a) - 23.0) < TOL for a, b in zip(xs, xs[1:]))
    assert all(abs(b.w - 20.0) < TOL for b in tiles)
    assert len(stroked) == len(tiles)
    assert len(PdfReader(str(folder / "tiles-A4.pdf")).pages) == 2


def test_spares(write, tmp_path):
    kit = write("k.yaml", "extends: krestoslovitsa\nprint: {spares: {per_letter: 1, blanks: 1, letters: {О: 2}}}\n")
    folder = build(tmp_path / "out", str(kit))
    spares: list = []
    _, texts = read_tiles(folder / "tiles-A4.pdf", big_mm=5.0, spares=spares)
    assert Counter(f for f, _ in texts if f) == expected_faces("krestoslovitsa")  # the set, untouched
    texts += spares
    letters = Counter(f for f, _ in texts if f)
    expected = expected_faces("krestoslovitsa")
    assert letters["О"] == expected["О"] + 3 and letters["Ф"] == expected["Ф"] + 1
    assert sum(letters.values()) == 128 + 32 + 2
    assert sum(1 for f, _ in texts if not f) == 3


def test_backs_land_behind_their_fronts(write, tmp_path):
    kit = write("k.yaml", "extends: krestoslovitsa\nprint: {backs: pattern}\n")
    folder = build(tmp_path / "out", str(kit))
    with open_pdf(folder / "tiles-A4.pdf") as pdf:
        assert len(pdf.pages) == 4
        for front, back in ((0, 1), (2, 3)):
            fronts = squares(pdf.pages[front])
            backs = [b for b in squares(pdf.pages[back]) if abs(b.w - 20.0) < TOL]
            assert len(backs) == len(fronts)
            mirrored = {(round(210.0 - b.x - 20.0, 2), round(b.y, 2)) for b in fronts}
            assert {(round(b.x, 2), round(b.y, 2)) for b in backs} == mirrored


def test_crop_marks_stop_short_of_the_page_edge(default):
    with open_pdf(default / "tiles-A4.pdf") as pdf:
        page = pdf.pages[0]
        lines = page.lines
        assert lines
        for ln in lines:
            for x in (ln["x0"] * MM, ln["x1"] * MM):
                assert 9.99 <= x <= 200.01
            for y in (ln["top"] * MM, ln["bottom"] * MM):
                assert 9.99 <= y <= 287.01


def test_tile_faces_order_and_blanks_last():
    faces = tile_faces(load_kit("krestoslovitsa"))
    assert [f.face for f in faces[:11]] == ["А"] * 10 + ["Б"]
    assert [f.face for f in faces[-3:]] == ["Я", None, None]


@pytest.mark.parametrize("corner", ["bottom-left", "top-right", "top-left"])
def test_value_corner_is_a_style_setting(write, corner):
    kit = load_kit(str(write("k.yaml", f"extends: krestoslovitsa\nstyle:\n  tile: {{corner: {corner}}}\n")))
    page = tile_documents(kit)[0].pages[0]
    tiles = [it for it, _, _ in page.walk() if getattr(it, "tag", "") == "tile"]
    letters = [it for it, _, _ in page.walk() if getattr(it, "tag", "") == "letter"]
    values = [it for it, _, _ in page.walk() if getattr(it, "tag", "") == "value"]
    inset = kit.tile_style.inset * 20.0
    for tile, letter, value in zip(tiles, letters, values):
        v0, w0, v1, w1 = value.ink()
        if corner.endswith("left"):
            assert abs(v0 - (tile.x + inset)) < TOL
        else:
            assert abs(v1 - (tile.x + 20.0 - inset)) < TOL
        if corner.startswith("top"):
            assert abs(w0 - (tile.y + inset)) < TOL
        else:
            assert abs(w1 - (tile.y + 20.0 - inset)) < TOL
        x0, y0, x1, y1 = letter.ink()
        assert x1 <= v0 or v1 <= x0 or y1 <= w0 or w1 <= y0, letter.text


def test_every_page_has_a_50mm_scale_bar(default):
    with open_pdf(default / "tiles-A4.pdf") as pdf:
        for page in pdf.pages:
            bars = [r for r in page.rects if abs(r["width"] * MM - 50.0) < TOL and r.get("stroke")]
            assert len(bars) == 1
            assert "50 мм" in page.extract_text()


def test_svg_and_pdf_draw_every_letter_where_the_sheet_put_it(default):
    """Render the SVG page and the PDF page at 10 pixels a millimetre: the ink of each letter and
    value on the first two rows lies in the ink box the sheet computed, in both, within 0.15 mm."""
    import resvg_py
    from PIL import Image

    px = 10
    dpi = 25.4 * px
    png = bytes(resvg_py.svg_to_bytes(svg_path=str(default / "tiles-A4-1.svg"), background="white", dpi=dpi,
                                      skip_system_fonts=True))
    renders = {"svg": Image.open(io.BytesIO(png)).convert("L"),
               "pdf": pypdfium2.PdfDocument(str(default / "tiles-A4.pdf"))[0].render(scale=dpi / 72).to_pil()
                                                                                   .convert("L")}
    page = tile_documents(load_kit("krestoslovitsa"))[0].pages[0]
    runs = [it for it, _, _ in page.walk() if getattr(it, "tag", "") in ("letter", "value")][:36]
    assert {r.text for r in runs} >= {"А", "Б", "В", "1", "3", "2"}
    for run in runs:
        x0, y0, x1, y1 = run.ink()
        around = (int(x0 * px) - 10, int(y0 * px) - 10, int(x1 * px) + 10, int(y1 * px) + 10)
        for name, image in renders.items():
            crop = image.crop(around).point(lambda v: 255 if v < 128 else 0)
            b = crop.getbbox()
            got = [(b[i] + around[i % 2]) / px for i in range(4)]
            for want, have in zip((x0, y0, x1, y1), got):
                assert abs(want - have) < 0.15, (name, run.text, (x0, y0, x1, y1), got)


@pytest.mark.parametrize("name", kit_names())
def test_a_visible_gap_between_every_letter_and_its_value(name, tmp_path):
    """Read back from the SVG pages: the ink of every letter (Щ's and Ц's tails included) keeps
    at least 6 % of the side, and never under 0.6 mm, from the ink of its value and the tile's edge."""
    kit = load_kit(name)
    folder = build_kit(kit, tmp_path, only=["tiles"]).folder
    side = kit.physical.tile_mm
    need = max(0.06 * side, 0.6) - 0.005  # path data is written to the micrometre
    worst = None
    for svg in sorted(folder.glob("tiles-*.svg")):
        for s, (x0, y0, x1, y1), (v0, w0, v1, w1) in svg_tiles(svg):
            assert s == side
            gap = max(v0 - x1, x0 - v1, w0 - y1, y0 - w1)
            worst = gap if worst is None else min(worst, gap)
    assert worst is not None and worst >= need, f"{name}: {worst:.3f} mm between a letter and its value"


def test_the_default_kit_prints_a_row_of_spares_apart_from_the_set(default):
    """The book: make a few spare tiles in case one is lost. The last page has room: one row of the
    commonest letters, below an empty row that says what they are, never counted in the set."""
    kit = load_kit("krestoslovitsa")
    commonest = sorted(kit.distribution.tiles, key=lambda t: -t.count)[:9]
    spares: list = []
    boxes, _ = read_tiles(default / "tiles-A4.pdf", big_mm=5.0, spares=spares)
    assert sorted(f for f, _ in spares) == sorted(t.face for t in commonest)
    assert all(int(v) == kit.distribution.value(f) for f, v in spares)
    with open_pdf(default / "tiles-A4.pdf") as pdf:
        page = pdf.pages[1]
        note = page.search(SPARES_NOTE)[0]
        text = page.extract_text()
        tiles = squares(page)
    assert "Ниже — запасные фишки (9) на замену потерянным: в набор из 130 не входят" in text
    note_y = note["top"] * MM
    set_bottom = max(b.y + b.h for b in tiles if b.y < note_y)
    spare_top = min(b.y for b in tiles if b.y > note_y)
    assert abs(spare_top - set_bottom - 20.0) < TOL  # one empty row of 20 mm between them, the note in it
    manifest = manifest_of(default)
    assert manifest["tiles"]["total"] == 130 and manifest["tiles"]["spares"] == 9
    pdf_art = next(a for a in manifest["artifacts"] if a["path"] == "tiles-A4.pdf")
    assert pdf_art["tiles"] == 130 and pdf_art["spares"] == 9


def test_spares_never_add_a_page_for_fill(write):
    """On 150 × 265 mm paper 66 tiles fit a page (6 × 11): the set of 130 ends on the last row but
    one of page 2, so there is no room for the note and a row, and ``fill`` adds nothing."""
    kit = load_kit(str(write("k.yaml", "extends: krestoslovitsa\nprint: {spares: fill, paper: 150x265}\n")))
    figures = tile_documents(kit)[0].figures
    assert (figures["per_page"], figures["grid"]) == (66, [6, 11])
    assert (figures["pages"], figures["tiles"], figures["spares"]) == (2, 130, 0)


@pytest.mark.parametrize("paper, more", [
    ("Letter", ""), ("A4", "physical: {tile_mm: 19}\n"), ("200x150", ""),
    ("A4", "physical: {tile_mm: 19}\nprint: {cut: gap, gap_mm: 2.5, backs: plain}\n")])
def test_the_grid_is_centred_across_a_paper_with_room_to_spare(write, tmp_path, paper, more):
    """Where the paper's width leaves room beside the whole tiles, the grid is centred across it,
    read back from the page: as much white left of the first column as right of the last (so that
    backs printed long-edge duplex land behind), and its top where the margin and the crop marks
    end (the room left over goes under the grid, above the footer). A mutation that put the grid
    at the left margin passed the suite: A4 with 20 mm tiles has no room to spare."""
    kit = load_kit(str(write("k.yaml", f"extends: krestoslovitsa\n{more}")), paper=paper)
    p = kit.print
    folder = build(tmp_path / "out", str(tmp_path / "k.yaml"), paper=paper)
    side, zone = kit.physical.tile_mm, p.margin_mm + 5.0  # MARK_ZONE: crop marks 1 mm out, 4 mm long
    with open_pdf(folder / f"tiles-{p.paper.name}.pdf") as pdf:
        pages = [pdf.pages[0]] + ([pdf.pages[1]] if p.backs != "none" else [])
        for page in pages:  # a whole page of fronts, and the backs behind it
            tiles = [b for b in squares(page) if side - TOL <= b.w <= side + 3.0]  # backs bleed 1.25 mm a side
            assert len(tiles) == len(squares(pdf.pages[0]))
            bleed = (tiles[0].w - side) / 2
            width, height = page.width * MM, page.height * MM
            left = min(b.x for b in tiles) + bleed
            right = width - max(b.x + b.w for b in tiles) + bleed
            top = min(b.y for b in tiles) + bleed
            assert left > zone + 1.0, "no room to spare: the case tests nothing"
            assert abs(left - right) <= TOL, (left, right)
            assert abs(top - zone) <= TOL
            assert height - max(b.y + b.h for b in tiles) + bleed >= zone + 12.0 - TOL  # the footer's 12 mm
