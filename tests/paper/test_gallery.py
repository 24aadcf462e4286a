"""index.html: the kit's figures, every file with its thumbnail, how to print, the laser plan, in the
kit's language; every link and image resolves inside the folder; the kit's text is escaped."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from manifestread import manifest_of
from pageread import Page, resolves, thumb
from PIL import Image

from printkit.build import build_kit
from printkit.config import load_kit
from printkit.gallery import _href


def page(folder: Path) -> Page:
    return Page((folder / "index.html").read_text(encoding="utf-8"))


def manifest(folder: Path) -> dict:
    return manifest_of(folder)


def test_every_link_and_image_is_a_file_of_the_folder(default):
    p = page(default)
    # a thumbnail for each of the 18 files that have previews, and each LightBurn project shows its SVG's
    assert len(p.hrefs) > 40 and len(p.srcs) == 21
    assert [link for link in p.hrefs + p.srcs if not resolves(default, link)] == []
    assert "link" not in p.tags and "script" not in p.tags and "iframe" not in p.tags
    assert p.tags.count("style") == 1
    html = (default / "index.html").read_text(encoding="utf-8")
    assert "http:" not in html and "https:" not in html and "url(" not in html and "@import" not in html


def test_every_file_is_linked_and_every_first_page_shown(default):
    m = manifest(default)
    p = page(default)
    files = [a["path"] for a in m["artifacts"] if a["kind"] not in ("preview", "gallery")]
    assert len(files) == 21  # 18, and a LightBurn project beside each of the three laser SVGs
    assert set(files) <= set(p.hrefs) and "manifest.json" in p.hrefs
    firsts = {a["path"] for a in m["artifacts"] if a["kind"] == "preview" and a["page"] == 1}
    assert set(p.srcs) == firsts
    for img in p.attrs["img"]:
        px = Image.open(default / img["src"]).size
        assert (int(img["width"]), int(img["height"])) == thumb(px)
        assert img["alt"] in files
    # every page of a file of several pages has a link to its preview
    assert {a["path"] for a in m["artifacts"] if a["kind"] == "preview"} - set(p.srcs) <= set(p.hrefs)


def test_the_kits_figures_and_plans_in_its_language(default):
    p = page(default)
    words = p.words
    assert (default / "index.html").read_text(encoding="utf-8").startswith('<!DOCTYPE html>\n<html lang="ru">')
    assert p.text[0] == "Крестословица" and "Набор krestoslovitsa, сделан printkit 0.1.0" in p.text
    for label, value in [("фишки", "130 (пустышек: 2)"), ("запасные фишки", "9"),
                         ("буквы", "32: А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я"),
                         ("фишка", "20 мм"), ("поле", "15 × 15 клеток по 22 мм, 330 × 330 мм"),
                         ("правила", "Крестословица (по книге), 7 фишек на руках")]:
        assert f"{label} {value}" in words, label
    assert ("Печатайте каждый PDF в масштабе 100 % (реальный размер), не «по размеру страницы»; полоска 50 мм внизу "
            "каждого листа это проверяет.") in words
    assert "Всё для печати на листах A4 одним файлом: print-all-A4.pdf , 12 листов." in words
    assert ("tiles-A4.pdf лицевые стороны фишек: разрежьте по линиям бумага A4, 210 × 297 мм листы 2 как печатать "
            "с одной стороны, 100 %") in words
    assert ("board-poster.pdf всё поле на одном листе, для копицентра бумага 365 × 405 мм листы 1 как печатать "
            "100 %, обрезной формат 365 × 405 мм (TrimBox), вылеты за обрез 3 мм с каждой стороны, на листе "
            "371 × 411 мм (копицентр, плоттер)") in words
    assert ("Профиль lightburn, стол 600x400 мм, пропил 0.2 мм, начерчено для материала толщиной 3 мм (измерьте "
            "свой: пазы подставок и коробки такой ширины): резка 8.14 м, холостой ход 2.49 м, всего около "
            "3.2 ч.") in words  # at the speeds of 3 mm plywood on a 40 W CO2 laser (templates/materials/)
    assert ("В проектах LightBurn (.lbrn2: File > Open) слои уже созданы, в этом порядке, со скоростью и мощностью "
            "для: фанера 3 мм, CO2 40 Вт.") in words
    assert ("Операции по порядку: гравировка #000000, внутренние резы #00e000, внешний рез #ff0000. Внутренние "
            "резы — до внешнего, который освобождает фишки") in words
    # a row a sheet, its SVG and its LightBurn project together
    assert "laser-tiles-1.svg laser-tiles-1.lbrn2 600x400 130 + 9 6.5 1.24 77 мин" in words  # the set, its spares
    assert "laser-board-1.svg laser-board-1.lbrn2 600x400 1.43 1.17 117 мин" in words
    products = ["Фишки", "Поле", "Лазерная резка", "Шаблоны для выжигания", "Для игры", "Калибровка принтера",
                "Всё для печати"]
    assert [t for t in p.text if t in products] == products
    assert "board-A4.pdf 4 листа, A4, 52.7 KB" in words and "Листы: 1 2 3 4" in words


def test_english_and_backs(write, tmp_path):
    kit = write("k.yaml", "extends: scrabble-en\nname: k\nprint: {backs: plain}\n")
    folder = build_kit(load_kit(str(kit)), tmp_path, only=["tiles"]).folder
    html = (folder / "index.html").read_text(encoding="utf-8")
    assert html.startswith('<!DOCTYPE html>\n<html lang="en">')
    words = page(folder).words
    assert "tiles 100, 2 of them blank" in words and "The set" in words and "Printing" in words
    assert ("tiles-Letter.pdf the tiles' faces: cut them apart along the lines paper Letter, 215.9 × 279.4 mm "
            "pages 2 how to print long-edge duplex, 100 %") in words
    assert ("Or everything in one file Everything to print on Letter in one file: print-all-Letter.pdf , 12 pages. "
            "paper Letter, 215.9 × 279.4 mm pages 12 how to print 100 %; pages 3–4 long-edge duplex") in words
    assert "Laser plan" not in words  # no laser file in this folder


def test_the_kits_text_is_escaped(write, tmp_path):
    title = '<script>alert("x")</script> & <b>bold</b> \'q\''
    kit = write("k.yaml", f"extends: krestoslovitsa-mini\nname: 'a&b #1'\ntitle: {json.dumps(title)}\n")
    folder = build_kit(load_kit(str(kit)), tmp_path, only=["tiles"]).folder
    html = (folder / "index.html").read_text(encoding="utf-8")
    assert "<script" not in html and "<b>" not in html
    assert ("<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#x27;q&#x27;</h1>"
            in html)
    p = page(folder)
    assert p.text[0] == title and "script" not in p.tags and "b" not in p.tags
    assert "Набор a&b #1, сделан printkit 0.1.0" in p.text and "Набор a&amp;b #1, сделан" in html


def test_links_are_percent_encoded():
    assert _href("preview/tiles-A4-1.png") == "preview/tiles-A4-1.png"
    assert _href('my tiles #1?.pdf') == "my%20tiles%20%231%3F.pdf"
    assert _href('a"b<c>.pdf') == "a%22b%3Cc%3E.pdf"
    assert _href("фишки.pdf") == "%D1%84%D0%B8%D1%88%D0%BA%D0%B8.pdf"


def test_only_shows_the_whole_folder(tmp_path):
    kit = load_kit("krestoslovitsa")
    build_kit(kit, tmp_path, only=["board", "laser"])
    build_kit(kit, tmp_path, only=["tiles"])
    folder = tmp_path / "krestoslovitsa"
    p = page(folder)
    for path in ("tiles-A4.pdf", "board-A4.pdf", "board.svg", "laser-tiles-1.svg", "print-all-A4.pdf"):
        assert path in p.hrefs, path
    assert "preview/board-A4-1.png" in p.srcs and "preview/tiles-A4-1.png" in p.srcs
    assert [link for link in p.hrefs + p.srcs if not resolves(folder, link)] == []


# -- in a browser ---------------------------------------------------------------------------------

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--hide-scrollbars", "--force-device-scale-factor=1"]


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / "profile"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (CI installs the Debian package)")
def test_chromium_loads_the_gallery_with_every_link_and_image(default, tmp_path):
    url = (default / "index.html").as_uri()
    done = chromium(tmp_path, "--dump-dom", url)
    assert done.returncode == 0, done.stderr
    dom = Page(done.stdout)
    assert dom.text[0] == "Крестословица" and len(dom.srcs) == 21
    assert [link for link in dom.hrefs + dom.srcs if not resolves(default, link)] == []

    shot = tmp_path / "gallery.png"
    done = chromium(tmp_path, "--window-size=1200,4000", f"--screenshot={shot}", url)  # the steps, then the cards
    assert done.returncode == 0 and shot.is_file(), done.stderr
    image = Image.open(shot).convert("RGB")
    assert image.size == (1200, 4000)
    colours = image.getcolors(1 << 24)
    white = sum(n for n, c in colours if c == (255, 255, 255))
    assert white < 0.95 * image.width * image.height  # text and pictures, not a blank page
    # the board's red and blue squares can only come from the thumbnails: the page's own style has none
    red = sum(n for n, (r, g, b) in colours if r > 180 and g < 90 and b < 90)
    blue = sum(n for n, (r, g, b) in colours if r < 90 and 90 < g < 150 and b > 160)
    assert red > 500 and blue > 500


def test_the_printers_compensation_is_said(run, tmp_path):
    code, _, err = run("build", "--out", tmp_path, "--only", "calibration", "--scale-x", "1.004", "-q")
    assert code == 0, err
    words = page(tmp_path / "krestoslovitsa").words
    assert ("Эти файлы нарисованы для принтера, который печатает 200 мм как 199.20 мм поперёк и 200.00 мм вдоль "
            "(×1.0040 и ×1.0000); calibration.pdf и файлы для лазера — в натуральную величину.") in words
    code, _, err = run("build", "--out", tmp_path, "--only", "calibration", "-q")
    assert code == 0, err
    assert "Эти файлы нарисованы" not in page(tmp_path / "krestoslovitsa").words
