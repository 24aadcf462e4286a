"""Tile stickers on label stock (``--only stickers``, ``--labels NAME|FILE``): every face read back
from the PDF in millimetres on its label of the stock (pdfplumber), for every shipped stock, a
stock file with gaps and rounded corners and a glabels template; the alignment page's outlines;
verify fed a moved face; bad stocks, one line each and exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from manifestread import manifest_of

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.verify import verify

PT = 72 / 25.4
TOL = 0.01
# the stocks' published geometry (the glabels template database, templates/online-templates.xml and
# endisch-templates.xml of jimevins/glabels-qt): paper, shape, label w × h, columns × rows, first label, pitch
STOCKS = {
    "OL3008": ("Letter", (215.9, 279.4), "rectangle", (19.05, 19.05), (10, 14), (12.70, 6.35), (19.05, 19.05)),
    "endisch-6502020": ("A4", (210.0, 297.0), "rectangle", (20.0, 20.0), (9, 14), (15.0, 8.5), (20.0, 20.0)),
    "endisch-6500020": ("A4", (210.0, 297.0), "round", (20.0, 20.0), (8, 12), (16.25, 14.75), (22.5, 22.5)),
    "OL5275": ("Letter", (215.9, 279.4), "round", (19.05, 19.05), (9, 12), (15.875, 16.6624), (20.6502, 20.6502)),
}


def build(tmp_path: Path, labels: str, kit: str = "krestoslovitsa", **flags) -> tuple[Path, dict]:
    folder = build_kit(load_kit(kit, labels=labels, **flags), tmp_path, only=["stickers"]).folder
    manifest = manifest_of(folder)
    (a,) = [a for a in manifest["artifacts"] if a["kind"] == "stickers"]
    return folder, a


def centres(cols, rows, first, pitch, size):
    return [(first[0] + c * pitch[0] + size[0] / 2, first[1] + r * pitch[1] + size[1] / 2)
            for r in range(rows) for c in range(cols)]


def boxes_of(page, width: float) -> list[tuple[float, float, float, float]]:
    """Every filled rectangle and closed curve of the page of about ``width`` mm: (x0, top, x1, bottom) in mm."""
    out = []
    for shape in page.rects + page.curves:
        if shape.get("fill") and abs(shape["width"] / PT - width) < 0.05:
            out.append((shape["x0"] / PT, shape["top"] / PT, shape["x1"] / PT, shape["bottom"] / PT))
    return out


@pytest.mark.parametrize("name", sorted(STOCKS))
def test_every_face_is_centred_on_its_label_of_each_shipped_stock(tmp_path, name):
    paper, paper_mm, shape, size, (cols, rows), first, pitch = STOCKS[name]
    folder, a = build(tmp_path, name)
    assert (a["path"], a["paper"], a["paper_mm"], a["shape"], a["label_mm"], a["grid"], a["first_mm"],
            a["pitch_mm"]) == (f"stickers-{name}.pdf", paper, list(paper_mm), shape, list(size), [cols, rows],
                               list(first), list(pitch))
    bleed = a["face_bleed_mm"]
    assert bleed == [0.75, 0.75]  # butt-joined squares, and circles 1.6 and 2.5 mm apart, both take 0.75
    want = centres(cols, rows, first, pitch, size)
    total = 0
    with pdfplumber.open(folder / a["path"]) as pdf:
        assert len(pdf.pages) == a["pages"] == a["sheets"] + 2
        assert (a["instructions_page"], a["alignment_page"]) == (1, 2)  # checked before a label sheet is used
        for page in pdf.pages[2:]:
            assert (page.width / PT, page.height / PT) == pytest.approx(paper_mm, abs=TOL)
            faces = boxes_of(page, size[0] + 1.5)
            assert faces
            for k, (x0, y0, x1, y1) in enumerate(faces):
                assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx(want[k], abs=TOL)
                assert (x1 - x0, y1 - y0) == pytest.approx((size[0] + 1.5, size[1] + 1.5), abs=TOL)
            for ch in page.chars:  # every letter and value on a label
                cx, cy = (ch["x0"] + ch["x1"]) / 2 / PT, (ch["top"] + ch["bottom"]) / 2 / PT
                assert any(abs(cx - x) <= size[0] / 2 and abs(cy - y) <= size[1] / 2 for x, y in want), ch["text"]
            total += len(faces)
        assert total == a["tiles"] + a["spares"] == 130 + a["spares"]
        alignment = pdf.pages[1]
        # nothing but the outlines: no panel, no word, no line hides one (the page used to cover 18 of 126)
        assert alignment.chars == [] and alignment.lines == [] and \
            [s for s in alignment.rects + alignment.curves if s.get("fill")] == []
        outlines = [s for s in alignment.rects + alignment.curves if not s.get("fill")]
        got = sorted(((s["x0"] + s["x1"]) / 2 / PT, (s["top"] + s["bottom"]) / 2 / PT, s["width"] / PT)
                     for s in outlines if abs(s["width"] / PT - size[0]) < 0.05)
        assert len(got) == cols * rows
        assert [v for g in got for v in g] == pytest.approx([v for c in sorted(want) for v in (*c, size[0])],
                                                            abs=TOL)
        text = " ".join(pdf.pages[0].extract_text().split())
        assert "обычной бумаге" in text and f"{cols * rows} контуров" in text and "страницу 2" in text
        assert (f"напечатайте страницы 3–{a['pages']} в масштабе" if a["pages"] > 3 else
                "напечатайте страницу 3 в масштабе") in text  # one sheet of labels: "страницу 3", not "3–3"


def test_ol3008_holds_the_whole_set_and_its_face_is_drawn_at_the_labels_size(tmp_path):
    _, a = build(tmp_path, "OL3008")
    assert (a["sheets"], a["tiles"], a["spares"], a["per_sheet"], a["face_mm"]) == (1, 130, 9, 140, 19.05)


def write_stock(tmp_path: Path, **changes) -> Path:
    fields = {"name": "my-stock", "paper": "A4", "shape": "rectangle", "width_mm": 25, "height_mm": 25,
              "corner_mm": 3, "columns": 6, "rows": 8, "left_mm": 12, "top_mm": 15, "pitch_x_mm": 31,
              "pitch_y_mm": 34}
    fields.update(changes)
    path = tmp_path / "stock.yaml"
    path.write_text("".join(f"{k}: {v}\n" for k, v in fields.items()), encoding="utf-8")
    return path


def test_a_stock_file_with_gaps_and_rounded_corners(tmp_path):
    stock = write_stock(tmp_path, width_mm=20, height_mm=20)  # the tiles' size: labels larger are refused
    folder, a = build(tmp_path / "out", str(stock))
    assert (a["label_mm"], a["corner_mm"], a["grid"], a["first_mm"], a["pitch_mm"], a["face_bleed_mm"]) == \
        ([20.0, 20.0], 3.0, [6, 8], [12.0, 15.0], [31.0, 34.0], [0.75, 0.75])
    want = centres(6, 8, (12, 15), (31, 34), (20, 20))
    with pdfplumber.open(folder / a["path"]) as pdf:
        faces = boxes_of(pdf.pages[2], 21.5)  # after the instructions and the alignment page
        assert len(faces) == 48
        for k, (x0, y0, x1, y1) in enumerate(faces):
            assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx(want[k], abs=TOL)
        outlines = [s for s in pdf.pages[1].curves if not s.get("fill")]  # rounded: curves
        assert len(outlines) == 48
        first = min(outlines, key=lambda s: (s["top"], s["x0"]))
        assert (first["x0"] / PT, first["top"] / PT, first["width"] / PT, first["height"] / PT) == \
            pytest.approx((12, 15, 20, 20), abs=TOL)
    assert verify(folder).passed


GLABELS = """<?xml version="1.0"?>
<Glabels-templates>
  <Template brand="Online Labels" part="OL3008" size="US-Letter" _description="Square labels">
    <Meta category="label"/>
    <Label-rectangle id="0" width="0.75in" height="0.75in" round="0in" x_waste="0in" y_waste="0in">
      <Layout nx="10" ny="14" x0="0.5in" y0="0.25in" dx="0.75in" dy="0.75in"/>
    </Label-rectangle>
  </Template>
</Glabels-templates>
"""


def test_a_glabels_template_gives_the_stock_its_yaml_gives(tmp_path):
    xml = tmp_path / "ol3008.xml"
    xml.write_text(GLABELS, encoding="utf-8")
    _, from_xml = build(tmp_path / "a", str(xml))
    _, from_yaml = build(tmp_path / "b", "OL3008")
    keys = ("paper", "paper_mm", "shape", "grid", "per_sheet", "tiles", "spares")
    assert {k: from_xml[k] for k in keys} == {k: from_yaml[k] for k in keys}
    for key in ("label_mm", "first_mm", "pitch_mm"):
        assert from_xml[key] == pytest.approx(from_yaml[key], abs=1e-4)


def test_verify_fails_a_face_moved_off_its_label(tmp_path):
    folder, a = build(tmp_path, "endisch-6502020")
    assert verify(folder).passed
    path = folder / a["path"]
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(path)))
    content = writer.pages[2].get_contents()  # the first page of labels
    data = content.get_data().decode("latin-1")
    m = re.search(r"([0-9.]+) ([0-9.]+) ([0-9.]+) ([0-9.]+) re", data)
    moved = f"{float(m.group(1)) + 1.0:.5f} {m.group(2)} {m.group(3)} {m.group(4)} re"
    content.set_data((data[:m.start()] + moved + data[m.end():]).encode("latin-1"))
    writer.pages[2].replace_contents(content)
    writer.write(str(path))
    lines = [c.line() for c in verify(folder).failures]
    assert any(re.fullmatch(r"FAIL stickers-endisch-6502020\.pdf: page 3: the face centred at 25\.353, 18\.5 mm is "
                            r"on no label \(within 0\.05 mm\)", line) for line in lines), lines


def test_verify_fails_anything_over_the_alignment_pages_outlines(tmp_path):
    folder, a = build(tmp_path, "endisch-6502020")
    path = folder / a["path"]
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(path)))
    content = writer.pages[1].get_contents()  # the alignment page: a white panel over its middle rows
    content.set_data(content.get_data() + b"\nq 1 1 1 rg 40 300 500 120 re f Q\n")
    writer.pages[1].replace_contents(content)
    writer.write(str(path))
    lines = [c.line() for c in verify(folder).failures]
    assert "FAIL stickers-endisch-6502020.pdf: page 2: 1 mark besides the label outlines on the alignment page: " \
           "nothing may hide an outline there" in lines, lines


@pytest.mark.parametrize("changes, message", [
    ({"pitch_x_mm": 20}, r"stock\.yaml:11:13: labels 25 mm wide 20 mm apart overlap"),
    ({"columns": 7}, r"stock\.yaml:7:10: 7 columns of 25 mm labels from 12 mm at a pitch of 31 mm end at 223 mm, off "
                     r"the 210 mm wide paper"),
    ({"rows": 0}, r"stock\.yaml:8:7: a stock of 6 × 0 labels has no label"),
    ({"width_mm": 8, "height_mm": 8, "corner_mm": 1}, r"a label of 8 × 8 mm \(.*stock\.yaml\) is too small for a "
                                                      r"legible letter: its face is 8 mm, the least is 9 mm"),
    ({"shape": "oval"}, r"stock\.yaml:3:8: 'shape' must be one of rectangle, round, not 'oval'"),
])
def test_a_bad_stock_is_one_line_and_exit_2_with_nothing_written(run, tmp_path, changes, message):
    stock = write_stock(tmp_path, **changes)
    out = tmp_path / "out"
    code, _, err = run("build", "krestoslovitsa-mini", "--only", "stickers", "--labels", str(stock), "--out", str(out))
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and re.search(message, err), err
    assert not out.exists()


@pytest.mark.parametrize("text, message", [
    ("<Glabels-templates><Template", r"bad\.xml:1:\d+: not a glabels template file: not XML"),
    ("<html><body/></html>", r"bad\.xml:1:1: not a glabels template file: its root is <html>"),
    ('<!DOCTYPE x [<!ENTITY a "aaaa">]><Glabels-templates/>', r"bad\.xml:1:\d+: not a glabels template file: it "
                                                               r"declares entities"),
    ("<Glabels-templates/>", r"bad\.xml:1:1: a glabels template file for printkit holds one <Template>, not 0"),
    (GLABELS.replace('nx="10"', 'nx="ten"'), r"bad\.xml:6:7: <Layout> has no whole number 'nx'"),
    (GLABELS.replace('dx="0.75in"', 'dx="0.5in"'), r"bad\.xml:6:7: labels 19.05 mm wide 12.7 mm apart overlap"),
])
def test_a_glabels_file_that_is_not_one_is_one_line(run, tmp_path, text, message):
    bad = tmp_path / "bad.xml"
    bad.write_text(text, encoding="utf-8")
    code, _, err = run("build", "krestoslovitsa-mini", "--only", "stickers", "--labels", str(bad), "--out",
                       str(tmp_path / "out"))
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and re.search(message, err), err


def test_an_unknown_stock_is_named_with_the_shipped_ones(run, tmp_path):
    code, _, err = run("build", "krestoslovitsa-mini", "--only", "stickers", "--labels", "OL308",
                       "--out", str(tmp_path))
    assert code == 2
    assert "--labels: no label stock named 'OL308' (did you mean 'OL3008'?)" in err, err


def test_the_printers_calibration_applies_to_a_stock_of_the_kits_paper(tmp_path):
    folder, a = build(tmp_path, "endisch-6502020", scale_x="1.01", scale_y="0.99")
    assert a["scale"] == [1.01, 0.99]
    want = [(105 + 1.01 * (x - 105), 148.5 + 0.99 * (y - 148.5)) for x, y in
            centres(9, 14, (15.0, 8.5), (20.0, 20.0), (20.0, 20.0))]
    with pdfplumber.open(folder / a["path"]) as pdf:
        faces = [s for s in pdf.pages[2].rects if s.get("fill") and abs(s["width"] / PT - 21.5 * 1.01) < 0.05]
        assert len(faces) == 126
        for k, s in enumerate(faces):
            assert ((s["x0"] + s["x1"]) / 2 / PT, (s["top"] + s["bottom"]) / 2 / PT) == pytest.approx(want[k], abs=TOL)
            assert s["height"] / PT == pytest.approx(21.5 * 0.99, abs=TOL)
    assert verify(folder).passed


def test_labels_larger_than_the_tiles_are_refused_and_fail_verify(run, tmp_path):
    """The mini kit's tiles are 9 mm; the shipped stocks' labels 19 to 20 mm: the stickers would hang 5.5 mm over
    each edge. The build refuses them in one line at the tiles' size (exit 2, nothing written), verify fails a
    manifest that says so of a folder; labels the tiles' size pass, and 20 mm labels on 19 mm tiles (0.5 mm a side)."""
    code, out, err = run("build", "krestoslovitsa-mini", "--only", "stickers", "--out", tmp_path / "a")
    assert code == 2 and not (tmp_path / "a").exists()
    assert re.fullmatch(r".*krestoslovitsa-mini\.yaml:\d+:\d+: labels of 20 × 20 mm \(endisch-6502020\) "
                        r"hang over tiles of 9 mm by 5\.5 mm each edge: choose a stock of labels the tiles' size "
                        r"\(--labels NAME\|FILE; printkit ships none under 19 mm\)", err.strip()), err
    small = write_stock(tmp_path, width_mm=9, height_mm=9, corner_mm=1, columns=15, rows=20, left_mm=15,
                        top_mm=15, pitch_x_mm=12, pitch_y_mm=12)
    code, out, err = run("build", "krestoslovitsa-mini", "--only", "stickers", "--labels", small, "--out",
                         tmp_path / "b")
    assert code == 0, out + err
    folder, a = build(tmp_path / "c", "endisch-6502020", kit="scrabble-de")  # 20 mm labels on 19 mm tiles
    assert (a["tile_mm"], a["label_mm"]) == (19.0, [20.0, 20.0])
    assert verify(folder).passed
    manifest = folder / "manifest.json"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"tile_mm": 19', '"tile_mm": 9'),
                        encoding="utf-8")
    lines = [c.line() for c in verify(folder).failures]
    assert "FAIL stickers-endisch-6502020.pdf: labels of 20 × 20 mm on tiles of 9 mm hang over each edge by 5.5 mm: " \
           "choose a stock of labels the tiles' size (--labels NAME|FILE; printkit ships none under 19 mm)" in lines


def test_a_shipped_stock_is_named_in_the_kits_language(tmp_path):
    folder, _ = build(tmp_path / "ru", "endisch-6502020")
    with pdfplumber.open(folder / "stickers-endisch-6502020.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Endisch 6502020x (квадраты 20 мм)" in text and "squares" not in text
    folder, _ = build(tmp_path / "en", "endisch-6502020", kit="scrabble-en")
    with pdfplumber.open(folder / "stickers-endisch-6502020.pdf") as pdf:
        assert "Endisch 6502020x (20 mm squares)" in pdf.pages[0].extract_text()
