"""Where things sit on the sheets, read back from the PDFs in millimetres: the score sheet's rows reach
the foot of the page and its word column holds two words; the apostrophe tile's mark is large and centred
like the letters; every value keeps 1 mm (6 %) from the cut edge; the assembly map's outline clears the
board's title; a glue strip shows its row numbers whole; a table's letters share a baseline (Q too); the
mini kit's contents page says what is true of its poster. And verify fails each of them when it is wrong."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from manifestread import manifest_of
from pdfread import MM

from printkit.build import build_kit
from printkit.config import kit_names, load_kit
from printkit.fonts import load
from printkit.sheets.common import LABEL_EM, lettering
from printkit.verify import verify

TOL = 0.01


@pytest.fixture(scope="module")
def built(shared):
    """A kit's products ``only``, built once per (kit, products, options) for the whole run (tests/conftest.py)."""

    def _built(ref: str, only: tuple[str, ...], **options):
        return shared.build(ref, only=list(only), **options)

    return _built


def artifact(folder: Path, path: str) -> dict:
    manifest = manifest_of(folder)
    return next(a for a in manifest["artifacts"] if a["path"] == path)


def ink(c: dict, page_height: float, font) -> tuple[float, float, float, float]:
    """A pdfplumber character's ink box in mm from the page's top-left, from its origin, its size and
    the glyph's outline in ``font`` (the font it was drawn in)."""
    a, _, _, d, e, f = c["matrix"]
    k = c["size"] / font.units
    box = font.ink(c["text"])
    return ((e + box.x0 * k) * MM, (page_height - f - box.y1 * k) * MM, (e + box.x1 * k) * MM,
            (page_height - f - box.y0 * k) * MM)


# -- the score sheet ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_score_sheet_rows_reach_the_foot_and_the_word_column_holds_two_words(built, players):
    kit = load_kit("krestoslovitsa", players=str(players))
    folder = built("krestoslovitsa", ("play",), players=str(players))
    a = artifact(folder, "scoresheet.pdf")
    two_words = lettering(kit).width("ПРОПОЛКА, ПРОПОЛКА", LABEL_EM)  # 33.98 mm in the small print
    with pdfplumber.open(folder / "scoresheet.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        h = page.height * MM
        flat = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["width"] * MM > 50]
        upright = sorted({round(ln["x0"] * MM, 3) for ln in page.lines
                          if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["height"] * MM > 20})
        heads = [w for w in page.extract_words() if w["text"] == "слово"]
    bottom = max(ln["top"] * MM for ln in flat)
    foot = h - kit.print.margin_mm - 12.0 - 2.0  # above the footer's band
    assert abs(bottom - foot) <= TOL  # no empty band below the table
    assert len(heads) == players
    for head in heads:  # each word column: from the rule left of its head to the next rule
        centre = (head["x0"] + head["x1"]) / 2 * MM
        left = max(x for x in upright if x < centre)
        right = min(x for x in upright if x > centre)
        assert right - left >= two_words + 1.0 - TOL
        assert abs(right - left - a["word_mm"]) <= TOL
    assert a["rows"] >= a["turns"] and 5.0 - TOL <= a["row_mm"] <= 7.0 + TOL


# -- tiles ----------------------------------------------------------------------------------------------

def test_the_apostrophe_is_large_and_centred_like_the_letters(built):
    folder = built("scrabble-uk", ("tiles",))
    font = load(None)  # the tiles' letters: the bundled PT Sans Bold
    with pdfplumber.open(folder / "tiles-A4.pdf") as pdf:
        page = pdf.pages[0]
        ph = page.height
        side = 19.0
        tiles = [r for r in page.rects if abs(r["width"] * MM - side) < TOL and abs(r["height"] * MM - side) < TOL]
        big = [c for c in page.chars if c["size"] * MM > 8]
    def tile_of(box):
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return next(t for t in tiles if t["x0"] * MM <= cx <= t["x1"] * MM and t["top"] * MM <= cy <= t["bottom"] * MM)

    def baseline(c) -> float:  # mm from the page's top
        return (ph - c["matrix"][5]) * MM

    mark = next(c for c in big if c["text"] == "ʼ")
    box = ink(mark, ph, font)
    tile = tile_of(box)
    letters = [c for c in big if c["text"] in "АБВЖКМНОП"]
    cap = font.cap_height * letters[0]["size"] / font.units * MM
    # the middle of the letters' capitals, from their tile's top: one for every letter
    middles = {round(baseline(c) - cap / 2 - tile_of(ink(c, ph, font))["top"] * MM, 3) for c in letters}
    assert len(middles) == 1
    assert abs((box[1] + box[3]) / 2 - tile["top"] * MM - middles.pop()) <= TOL  # the mark's middle there too
    assert abs((box[0] + box[2]) / 2 - (tile["x0"] + tile["x1"]) / 2 * MM) <= TOL  # and across
    assert abs((box[3] - box[1]) - 0.6 * cap) <= TOL and box[3] - box[1] > 4.5  # 4.79 mm, not 2.8 mm


@pytest.mark.parametrize("name", kit_names())
def test_every_value_keeps_1_mm_and_6_percent_from_the_cut_edge(built, name):
    kit = load_kit(name)
    side = kit.physical.tile_mm
    least = max(1.0, 0.06 * side)
    folder = built(name, ("tiles",))
    font = load(None)
    with pdfplumber.open(folder / f"tiles-{kit.print.paper.name}.pdf") as pdf:
        page = pdf.pages[0]
        tiles = [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM) for r in page.rects
                 if abs(r["width"] * MM - side) < TOL and abs(r["height"] * MM - side) < TOL]
        small = [ink(c, page.height, font) for c in page.chars if c["size"] * MM < side * 0.4 and c["text"].isdigit()]
    nearest = []
    for b in small:
        t = next((t for t in tiles if t[0] <= b[0] and b[2] <= t[2] and t[1] <= b[1] and b[3] <= t[3]), None)
        if t is not None:
            nearest.append(min(b[0] - t[0], t[2] - b[2], b[1] - t[1], t[3] - b[3]))
    assert nearest and min(nearest) >= least - TOL, (name, min(nearest))


# -- the board ------------------------------------------------------------------------------------------

def test_the_assembly_maps_outline_clears_the_boards_title(built):
    folder = built("krestoslovitsa", ("board",))
    font = load(None)
    with pdfplumber.open(folder / "board-A4-assembly.pdf") as pdf:
        page = pdf.pages[0]
        outlines = [r for r in page.rects if r["width"] * MM > 40 and r["height"] * MM > 40]
        title = [c for c in page.chars if c["fontname"].endswith("Bold") or "Bold" in c["fontname"]]
        words = "".join(c["text"] for c in title if c["top"] * MM < outlines[0]["top"] * MM + 10)
        top = min(ink(c, page.height, font)[1] for c in title
                  if c["text"] in "Крестословица" and c["top"] * MM < min(o["top"] for o in outlines) * MM + 10)
    frame = min(o["top"] for o in outlines) * MM
    assert "Крестословица" in words
    assert top - frame >= 1.2  # the outline (0.5 mm) runs 1.5 mm above the sheet: clear of the capitals


def test_a_glue_strip_shows_its_row_numbers_whole(built):
    """Page 1's glue strip below ends 10 mm into row 9, whose number (centred at 11 mm) was cut in half."""
    from printkit.sheets.board.paper import plan_split
    from printkit.sheets.board.sheet import draw_sheet

    kit = load_kit("krestoslovitsa")
    lt = lettering(kit)
    sheet = draw_sheet(kit, lt)
    split = plan_split(kit, sheet)
    w = split.windows[0]
    ox, oy = w.origin
    x0, y0, _, y1 = (w.window[0] + ox, w.window[1] + oy, w.window[2] + ox, w.window[3] + oy)
    font = lt.small("0123456789")
    folder = built("krestoslovitsa", ("board",))
    with pdfplumber.open(folder / "board-A4.pdf") as pdf:
        page = pdf.pages[0]
        numbers = [c for c in page.chars if c["text"].isdigit() and c["x0"] * MM < x0 + sheet.strip]
        boxes = {c["text"]: ink(c, page.height, font) for c in numbers if c["top"] * MM < y1 + 5}
    nine = boxes["9"]
    assert y0 <= nine[1] and nine[3] <= y1 - 0.8 + TOL  # whole, inside the strip
    for b in boxes.values():
        assert b[3] <= y1 + TOL or b[1] >= y1 - TOL  # nothing straddles the window's edge


def test_the_letters_of_a_table_row_share_a_baseline(built):
    """Q's tail lifted it 0.43 mm above H and Z of its row, centred on its ink."""
    folder = built("scrabble-en", ("play",))
    with pdfplumber.open(folder / "reference.pdf") as pdf:
        page = pdf.pages[0]
        big = {c["text"]: c["matrix"][5] for c in page.chars if c["size"] * MM > 3.5 and c["text"] in "OPQRH"}
    assert abs(big["Q"] - big["H"]) * MM <= TOL  # H, Q and Z are in one row of the table


def test_the_mini_contents_page_says_what_is_true_of_its_poster(built):
    folder = built("krestoslovitsa-mini", ("board",))
    with pdfplumber.open(folder / "print-all-A4.pdf") as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert ("Не вошли в этот файл: board-poster.pdf — лист 179 × 210 мм, меньше листа A4: то же самое есть "
            "в этом файле как board-A4.pdf; файлы для лазера и выжигания.") in text
    assert "больше листа A4" not in text


# -- verify fails each of them ------------------------------------------------------------------------

def failing(folder: Path) -> list[str]:
    return [c.line() for c in verify(folder).failures]


def test_verify_fails_an_apostrophe_at_the_top_edge_and_a_value_near_the_cut(monkeypatch, tmp_path):
    from printkit.sheets import tiles

    monkeypatch.setattr(tiles, "MARK_LIMIT", 0.0)  # the apostrophe as it was: a tick near the top
    folder = build_kit(load_kit("scrabble-uk"), tmp_path, only=["tiles"]).folder
    assert [f for f in failing(folder) if "tiles-A4.pdf" in f] == [
        "FAIL tiles-A4.pdf: 'ʼ' is 2.80 mm tall, its middle 2.69 mm from the letters': a face is at least 20% of the "
        "tile tall and centred like the letters (within 10%), to tell it from a blank"]
    monkeypatch.undo()
    monkeypatch.setattr(tiles, "EDGE_MM", 0.0)
    folder = build_kit(load_kit("krestoslovitsa-mini"), tmp_path / "mini", only=["tiles"]).folder
    assert [f for f in failing(folder) if "tiles-A4.pdf" in f] == [
        "FAIL tiles-A4.pdf: a value is 0.81 mm from the cut edge: at least 1.00 mm (1 mm, or 6 % of the tile) keeps it "
        "on a tile cut by hand"]


def test_verify_fails_the_calibration_sheet_last_in_print_all(monkeypatch, tmp_path):
    from printkit.sheets import printall

    monkeypatch.setattr(printall, "FIRST", ())  # the calibration sheet in the registry's order: last
    folder = build_kit(load_kit("krestoslovitsa-mini"), tmp_path).folder
    assert [f for f in failing(folder) if "print-all" in f] == [
        "FAIL print-all-A4.pdf: the calibration sheet is at page 7, not first: printed in one job, every page before "
        "it is printed before the scale is checked"]


def test_verify_fails_a_card_without_the_word_rule_or_with_a_blank_worth_0_by_the_book(monkeypatch, tmp_path):
    from printkit.sheets.play import reference

    monkeypatch.setattr(reference, "grouped", lambda rules, say: [(None, ["У каждого игрока 7 фишек."])])

    class Zero:
        ZERO = load_kit("krestoslovitsa").rules.blank_value  # the book's blank printed as 0

    monkeypatch.setattr(reference, "BlankValue", Zero)
    folder = build_kit(load_kit("krestoslovitsa"), tmp_path, only=["play"]).folder
    assert [f for f in failing(folder) if "reference.pdf" in f] == [
        "FAIL reference.pdf: no word rule: the card never says which words count (Слова — имена существительные "
        "нарицательные…)",
        "FAIL reference.pdf: the table gives the blank '0', the rules krestoslovitsa 'как буква'",
        "FAIL reference.pdf: no heading 'По книге «Твое свободное время»': the rules of others are printed as the "
        "set's own"]


def test_verify_fails_a_score_sheet_with_room_below_and_a_narrow_word_column(monkeypatch, tmp_path):
    from printkit.sheets.play import scoresheet

    table = scoresheet._table
    monkeypatch.setattr(scoresheet, "_table", lambda lt, area, names, top, rows, ends, row, widths: table(
        lt, area, names, top, rows, ends, row * 0.8, (widths[0] * 0.8, widths[1] * 1.2, widths[2] * 1.2)))
    folder = build_kit(load_kit("krestoslovitsa", players="5"), tmp_path, only=["play"]).folder
    got = [f for f in failing(folder) if "scoresheet.pdf" in f]
    assert len(got) == 2
    assert got[0].startswith("FAIL scoresheet.pdf: the word column is 28.") and got[0].endswith(
        "mm wide: two words of 8 letters need 33 mm")
    assert got[1].startswith("FAIL scoresheet.pdf: ") and got[1].endswith("mm left empty below the table: rows fill "
                                                                         "the page")


def test_verify_fails_letter_paper_without_an_inch_ruler(monkeypatch, tmp_path):
    from printkit.sheets import calibration

    monkeypatch.setattr(calibration, "INCH_PAPERS", ())
    folder = build_kit(load_kit("scrabble-en"), tmp_path, only=["calibration"]).folder
    assert [f for f in failing(folder) if "calibration.pdf" in f] == [
        "FAIL calibration.pdf: no inch ruler on Letter paper: a user there measures in inches"]


def test_verify_fails_a_title_under_the_outline_and_numbers_cut_by_a_glue_strip(monkeypatch, tmp_path):
    from printkit.sheets.board import assembly, paper

    monkeypatch.setattr(assembly, "TITLE_CLEAR_MM", 0.0)
    monkeypatch.setattr(paper, "whole_coordinates", lambda items, window: items)
    folder = build_kit(load_kit("krestoslovitsa"), tmp_path, only=["board"]).folder
    got = [f for f in failing(folder) if "board-A4" in f]
    assert got[0].startswith("FAIL board-A4.pdf: '9' on page 1") and got[0].endswith(
        "cut in half by the edge of the glue strip")
    assert got[1] == "FAIL board-A4-assembly.pdf: 'Крестословица' crossed by the edge of a frame"


def test_verify_fails_a_q_above_its_neighbours(monkeypatch, tmp_path):
    from printkit.sheets.play import reference

    centred = reference.centred
    monkeypatch.setattr(reference, "centred", lambda *args, on_caps=False, **kw: centred(*args, **kw))
    folder = build_kit(load_kit("scrabble-en"), tmp_path, only=["play"]).folder
    got = [f for f in failing(folder) if "reference.pdf" in f]
    assert len(got) == 1 and got[0].startswith("FAIL reference.pdf: ") and got[0].endswith(
        "off the baseline of the letters beside")


@pytest.mark.parametrize("paper, players, bands, pages", [("A5", 6, 3, 3), ("130x130", 6, 6, 5)])
def test_small_paper_puts_players_in_more_bands_and_pages_not_narrow_columns(tmp_path, paper, players, bands, pages):
    kit = load_kit("krestoslovitsa", paper=paper, players=str(players))
    folder = build_kit(kit, tmp_path, only=["play"]).folder
    a = artifact(folder, "scoresheet.pdf")
    assert (a["bands"], a["pages"]) == (bands, pages)
    assert a["word_mm"] >= lettering(kit).width("ПРОПОЛКА, ПРОПОЛКА", LABEL_EM) + 1.0
    assert not [c for c in verify(folder).failures]
