"""print-all-PAPER.pdf: every printable page of the kit's paper in print order, after a contents page
that names each file with its page range and says how to print it, in the kit's language."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pdfplumber
from manifestread import manifest_of
from pypdf import PdfReader

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.products import REGISTRY, plan

MM = 25.4 / 72
PRINTED = ("tiles", "board", "play", "calibration")


def manifest(folder: Path) -> dict:
    return manifest_of(folder)


def sizes(path: Path) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width) * MM, float(p.mediabox.height) * MM) for p in PdfReader(path).pages]


def contents_lines(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return pdf.pages[0].extract_text().splitlines()


def test_pages_are_the_printable_pdfs_of_the_paper_and_a_contents_page(default):
    m = manifest(default)
    printed = [a for a in m["artifacts"] if a["product"] in PRINTED and a["format"] == "pdf" and a["paper"] == "A4"]
    assert [a["path"] for a in printed] == ["tiles-A4.pdf", "board-A4.pdf", "board-A4-assembly.pdf", "scoresheet.pdf",
                                            "tracking.pdf", "reference.pdf", "calibration.pdf"]
    a = next(a for a in m["artifacts"] if a["kind"] == "print-all")
    assert a["path"] == "print-all-A4.pdf" and a["product"] == "print-all" and a["paper"] == "A4"
    assert a["pages"] == sum(p["pages"] for p in printed) + 1 == 12
    assert len(PdfReader(default / "print-all-A4.pdf").pages) == 12
    assert all(abs(w - 210) <= 0.01 and abs(h - 297) <= 0.01 for w, h in sizes(default / "print-all-A4.pdf"))
    assert a["contents"] == [  # the calibration sheet first: a printer that scales is found before the rest
        {"path": "calibration.pdf", "kind": "calibration", "pages": [2, 2], "duplex": False},
        {"path": "tiles-A4.pdf", "kind": "tiles", "pages": [3, 4], "duplex": False},
        {"path": "board-A4.pdf", "kind": "board", "pages": [5, 8], "duplex": False},
        {"path": "board-A4-assembly.pdf", "kind": "board-assembly", "pages": [9, 9], "duplex": False},
        {"path": "scoresheet.pdf", "kind": "scoresheet", "pages": [10, 10], "duplex": False},
        {"path": "tracking.pdf", "kind": "tracking", "pages": [11, 11], "duplex": False},
        {"path": "reference.pdf", "kind": "reference", "pages": [12, 12], "duplex": False}]
    assert a["left_out"] == ["board-poster.pdf"]


def test_each_page_is_the_page_of_its_file(default):
    whole = PdfReader(default / "print-all-A4.pdf").pages
    contents = next(a for a in manifest(default)["artifacts"] if a["kind"] == "print-all")["contents"]
    for entry in contents:
        own = PdfReader(default / entry["path"]).pages
        first, last = entry["pages"]
        assert last - first + 1 == len(own)
        for k, page in enumerate(own):
            assert whole[first - 1 + k].extract_text() == page.extract_text(), (entry["path"], k + 1)


def test_the_contents_page_lists_each_file_with_its_pages_in_the_kits_language(default):
    lines = contents_lines(default / "print-all-A4.pdf")
    assert lines[0] == "Крестословица: всё для печати"
    assert lines[1] == ("В этом файле все листы набора формата A4 в порядке печати: одно задание на печать или один "
                        "файл для копицентра.")
    assert lines[2:4] == ["Сначала напечатайте отдельно лист 2 — калибровку принтера — и измерьте его квадрат "
                          "50 мм и линейки, прежде чем печатать",
                          "остальное: если размеры не те, на листе сказано, что делать."]
    assert lines[5:13] == [
        "листы файл что это как печатать",
        "2 calibration.pdf калибровка принтера с одной стороны, 100 %",
        "3–4 tiles-A4.pdf фишки с одной стороны, 100 %",
        "5–8 board-A4.pdf поле на листах A4 с одной стороны, 100 %",
        "9 board-A4-assembly.pdf сборка поля из листов A4 с одной стороны, 100 %",
        "10 scoresheet.pdf подсчёт очков с одной стороны, 100 %",
        "11 tracking.pdf вышедшие фишки с одной стороны, 100 %",
        "12 reference.pdf памятка с одной стороны, 100 %"]
    text = " ".join(lines)
    assert ("Печатайте в масштабе 100 % (реальный размер), не «по размеру страницы»: полоска внизу каждого листа "
            "должна быть 50 мм.") in text
    assert ("Не вошли в этот файл: board-poster.pdf — лист 365 × 405 мм, больше листа A4 (для копицентра или "
            "плоттера); файлы для лазера и выжигания.") in text
    assert lines[-1] == "0 50 мм Крестословица · всё для печати · лист 1 из 12"  # the scale bar, as on every page


def test_backs_are_printed_duplex_and_said_so(write, tmp_path):
    kit = write("k.yaml", "extends: scrabble-en\nname: k\nprint: {backs: plain}\n")
    folder = build_kit(load_kit(str(kit)), tmp_path / "out", only=["tiles"]).folder
    a = next(a for a in manifest(folder)["artifacts"] if a["kind"] == "print-all")
    assert a["contents"][1] == {"path": "tiles-Letter.pdf", "kind": "tiles", "pages": [3, 4], "duplex": True}
    assert [e["duplex"] for e in a["contents"]] == [False, True] + [False] * 5
    lines = contents_lines(folder / "print-all-Letter.pdf")  # 100 tiles: a page of fronts, a page of backs
    assert lines[0] == "Scrabble (English): everything to print"
    assert "3–4 tiles-Letter.pdf tiles long-edge duplex, 100 %" in lines
    assert ("Pages 3–4 are the tiles' fronts, each page followed by its backs: print them as a job of their own, "
            "long-edge duplex, so that every back lands behind its front.") in " ".join(lines)


def test_letter_paper_and_a_landscape_score_sheet(tmp_path):
    kit = load_kit("krestoslovitsa", paper="Letter", players="4")
    folder = build_kit(kit, tmp_path, only=["play"]).folder
    a = next(a for a in manifest(folder)["artifacts"] if a["kind"] == "print-all")
    assert a["path"] == "print-all-Letter.pdf" and a["pages"] == 12
    got = sizes(folder / "print-all-Letter.pdf")
    assert [(round(w, 2), round(h, 2)) for w, h in got] == (
        [(215.9, 279.4)] * 9 + [(279.4, 215.9)] + [(215.9, 279.4)] * 2)
    assert (folder / "print-all-Letter.pdf").is_file() and not (folder / "tiles-Letter.pdf").exists()


def test_print_all_is_rebuilt_with_its_sources_and_only_then(tmp_path):
    kit = load_kit("krestoslovitsa")
    build_kit(kit, tmp_path, only=["laser"])
    assert not (tmp_path / "krestoslovitsa" / "print-all-A4.pdf").exists()
    written = build_kit(kit, tmp_path, only=["tiles"]).artifacts
    assert [a["path"] for a in written if a["kind"] != "preview"] == [
        "tiles-A4.pdf", "tiles-A4-1.svg", "tiles-A4-2.svg", "print-all-A4.pdf", "index.html"]
    before = (tmp_path / "krestoslovitsa" / "print-all-A4.pdf").read_bytes()
    written = build_kit(kit, tmp_path, only=["laser"]).artifacts
    assert "print-all-A4.pdf" not in {a["path"] for a in written}
    assert (tmp_path / "krestoslovitsa" / "print-all-A4.pdf").read_bytes() == before
    written = build_kit(kit, tmp_path, only=["print-all"]).artifacts
    assert [a["path"] for a in written] == ["print-all-A4.pdf", "preview/print-all-A4-1.png", "index.html"]
    assert (tmp_path / "krestoslovitsa" / "print-all-A4.pdf").read_bytes() == before


def test_plan_lays_out_print_all_from_the_documents_it_already_has(monkeypatch):
    kit = load_kit("krestoslovitsa-mini")
    calls = []
    for name in PRINTED:
        real = REGISTRY[name].documents
        counted = replace(REGISTRY[name], documents=lambda k, real=real, name=name: calls.append(name) or real(k))
        monkeypatch.setitem(REGISTRY, name, counted)
    documents = plan(kit, [*PRINTED, "print-all"])
    assert calls == list(PRINTED)
    whole = documents[-1][1]
    assert (documents[-1][0], whole.kind) == ("print-all", "print-all")
    order = ("calibration", "tiles", "board", "play")  # print order: the calibration sheet first
    pages = [p for name, doc in sorted(documents[:-1], key=lambda d: order.index(d[0]))
             if doc.format == "pdf" and doc.path != "board-poster.pdf" for p in doc.pages]
    assert whole.pages[1:] == tuple(pages) and all(a is b for a, b in zip(whole.pages[1:], pages))
    calls.clear()
    plan(kit, ["print-all"])
    assert calls == list(PRINTED)


def boxes(page) -> list[tuple[float, ...]]:
    return sorted((round(r["x0"] * MM, 2), round(r["top"] * MM, 2), round(r["width"] * MM, 2),
                   round(r["height"] * MM, 2)) for r in page.rects)


def scale_bar(page) -> list[tuple[float, float]]:
    return [(w, h) for _, _, w, h in boxes(page) if abs(w - 50) < 1 and abs(h - 2) < 0.1]


def test_compensated_for_the_printer_once_and_the_calibration_sheet_never(run, tmp_path):
    code, _, err = run("build", "--out", tmp_path, "--only", "tiles,calibration", "--scale-x", "1.01",
                       "--scale-y", "0.99", "-q")
    assert code == 0, err
    folder = tmp_path / "krestoslovitsa"
    a = next(a for a in manifest(folder)["artifacts"] if a["kind"] == "print-all")
    assert a["scale"] == [1.01, 0.99] and a["pages"] == 12
    with pdfplumber.open(folder / "print-all-A4.pdf") as whole, pdfplumber.open(folder / "tiles-A4.pdf") as tiles, \
            pdfplumber.open(folder / "calibration.pdf") as calibration:
        assert scale_bar(whole.pages[0]) == [(50.5, 1.98)]  # the contents page, like every page for the printer
        assert boxes(whole.pages[2]) == boxes(tiles.pages[0]) and scale_bar(whole.pages[2]) == [(50.5, 1.98)]
        assert boxes(whole.pages[1]) == boxes(calibration.pages[0]) and scale_bar(whole.pages[1]) == [(50.0, 2.0)]
