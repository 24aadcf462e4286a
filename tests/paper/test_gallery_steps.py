"""The gallery's printing section as numbered steps in the order a maker prints (issue 34): the calibration
sheet measured first (what to measure, read from its manifest, and what to do with the numbers), then the
tiles, the board, the play sheets, then the other products' PDFs; each file linked with what it is, its
paper, its pages and how to print it; print-all offered as the one-file alternative; in the kit's language."""

from __future__ import annotations

import re
from pathlib import Path

from manifestread import manifest_of
from pageread import Page

from printkit.build import build_kit
from printkit.config import load_kit


def steps(folder: Path) -> list[tuple[str, list[str], str]]:
    """Each step of ``<ol class="print-steps">``: its title, the files it links, its words."""
    html = (folder / "index.html").read_text(encoding="utf-8")
    body = html.split('<ol class="print-steps">', 1)[1].split("</ol>", 1)[0]
    out = []
    for chunk in body.split('<li><p class="step">')[1:]:
        p = Page('<p class="step">' + chunk)
        out.append((p.text[0], list(dict.fromkeys(p.hrefs)), p.words))
    return out


def test_the_steps_are_in_print_order_and_name_every_pdf_once(default):
    got = steps(default)
    assert [title for title, _, _ in got] == ["Сначала измерьте принтер", "Напечатайте фишки", "Напечатайте поле",
                                             "Напечатайте листы для игры", "Если делаете и это: Шаблоны для выжигания"]
    assert [files for _, files, _ in got] == [
        ["calibration.pdf"], ["tiles-A4.pdf"], ["board-A4.pdf", "board-A4-assembly.pdf", "board-poster.pdf"],
        ["scoresheet.pdf", "tracking.pdf", "reference.pdf"],
        ["burn-tiles-A4.pdf", "burn-tiles-mirrored-A4.pdf", "burn-board-A4.pdf"]]
    m = manifest_of(default)
    pdfs = [a["path"] for a in m["artifacts"] if a["format"] == "pdf" and a["kind"] != "print-all"]
    linked = [f for _, files, _ in got for f in files]
    assert sorted(linked) == sorted(pdfs) and len(linked) == len(set(linked))


def test_the_calibration_step_says_what_to_measure_and_what_to_do_with_it(default):
    sheet = next(a for a in manifest_of(default)["artifacts"] if a["kind"] == "calibration")
    across, down = (f'{sheet["measure"][k]:g}' for k in ("across", "down"))
    assert (across, down) == ("180", "200")
    _, _, words = steps(default)[0]
    assert (f"Измерьте линейку {across} мм поперёк листа и линейку {down} мм вдоль него, от 0 до последней метки. "
            f"Если вышло {across} и {down} мм, печатайте дальше. Если нет, впишите измеренное в набор, print: "
            "{measured: {across: A, down: D}}, и соберите заново") in words
    assert "calibration.pdf бумага A4, 210 × 297 мм листы 1 как печатать с одной стороны, 100 %" in words


def test_each_file_says_what_it_is_and_print_all_is_the_alternative(default):
    words = {title: w for title, _, w in steps(default)}
    assert ("scoresheet.pdf лист счёта: очки каждого игрока по ходам бумага A4, 210 × 297 мм листы 1 как печатать "
            "с одной стороны, 100 %") in words["Напечатайте листы для игры"]
    assert ("board-A4.pdf поле по частям: обрежьте и склейте бумага A4, 210 × 297 мм листы 4 как печатать "
            "с одной стороны, 100 %") in words["Напечатайте поле"]
    page = Page((default / "index.html").read_text(encoding="utf-8"))
    assert ("Или всё одним файлом Всё для печати на листах A4 одним файлом: print-all-A4.pdf , 12 листов. бумага A4, "
            "210 × 297 мм листы 12 как печатать с одной стороны, 100 %") in page.words
    html = (default / "index.html").read_text(encoding="utf-8")
    assert html.index('<ol class="print-steps">') < html.index('<div class="print-all">') < html.index('id="laser"')


def test_the_steps_in_ukrainian(tmp_path):
    folder = build_kit(load_kit("scrabble-uk"), tmp_path, only=["calibration", "tiles", "play"]).folder
    got = steps(folder)
    assert [title for title, _, _ in got] == ["Спершу виміряйте принтер", "Надрукуйте фішки",
                                             "Надрукуйте аркуші для гри"]
    assert re.search(r"Виміряйте лінійку \d+ мм упоперек аркуша", got[0][2])
    assert "лицьові боки фішок: розріжте по лініях папір" in got[1][2]
    assert "аркуш рахунку: очки кожного гравця за ходами" in got[2][2]


def test_every_pdf_of_the_products_made_on_request_says_what_it_is(tmp_path):
    folder = build_kit(load_kit("krestoslovitsa-mini"), tmp_path, only=["racks", "box", "bag", "cutter"]).folder
    html = (folder / "index.html").read_text(encoding="utf-8")
    body = html.split('<ol class="print-steps">', 1)[1].split("</ol>", 1)[0]
    whats = {Page(item).hrefs[0]: Page(item.split('<span class="what">', 1)[1]).text[0]
             for item in body.split('<p class="file">')[1:] if '<span class="what">' in item}
    assert whats == {"cutter-silhouette-A4.pdf": "фишки с метками плоттера: напечатайте, затем плоттер их вырежет",
                     "racks-paper-A4.pdf": "подставки из картона: вырежьте и согните",
                     "box-paper-A4.pdf": "коробка из картона: вырежьте и согните",
                     "bag-pattern-A4.pdf": "выкройка мешочка по частям: склейте их",
                     "bag-A4-instructions.pdf": "как сшить мешочек"}
    assert [title for title, _, _ in steps(folder)] == [
        "Если делаете и это: Плоттер: печать и резка", "Если делаете и это: Подставки для фишек: лазер и картон",
        "Если делаете и это: Коробка для набора", "Если делаете и это: Мешочек для фишек: выкройка"]
