"""printkit serve's page in the system's headless Chromium, driven by Playwright: change the tile
size, see the preview change, download the kit, and read the tiles' size back from its PDF; a
phone's width, a kit that fails check, a heavy build with another user's preview meanwhile and
cancelled from the page, downloads compared with ``printkit build`` by hash, labels, keyboard and
the contrast of every text.

Screenshots go into the test's folder; ``PRINTKIT_DOCS_SCREENSHOT=1`` also writes the README's
``docs/serve.png``. Skipped only where no Chromium is installed (CI installs Debian's).
"""

from __future__ import annotations

import hashlib
import os
import sys
import zipfile
from pathlib import Path

import pdfplumber
import pytest

pytest.importorskip("flask")
sync_api = pytest.importorskip("playwright.sync_api")

from pageserver import CHROMIUM, NO_CHROMIUM, serving  # noqa: E402
from pdfread import squares  # noqa: E402

from printkit.check import contrast  # noqa: E402
from printkit.serve.sessions import Store  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "serve.png"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


class Served(str):
    """The page's address (its root, ``http://127.0.0.1:PORT/``) and the address printkit serve
    prints, with the run's token (``.printed``), which a browser opens first."""


@pytest.fixture
def server(tmp_path):
    store = Store(root=str(tmp_path / "serve"))
    (tmp_path / "serve").mkdir()
    with serving(store) as (root, printed):  # as `printkit serve` serves it: loopback names, its token
        url = Served(root)
        url.printed = printed
        yield url, store
    store.close()


def _watch(pg):
    failures: list[str] = []
    pg.on("pageerror", lambda exc: failures.append(str(exc)))
    pg.on("requestfailed", lambda r: failures.append(f"{r.url}: {r.failure}"))
    outside: list[str] = []
    pg.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("http://127.0.0.1", "blob:",
                                                                                  "data:")) else None)
    pg.failures = failures  # a test that fails a request on purpose takes it off
    pg.outside = outside
    return pg




@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, accept_downloads=True,
                                  device_scale_factor=1)
    pg = _watch(context.new_page())
    yield pg
    assert pg.failures == [] and pg.outside == []
    context.close()


def open_page(page, url) -> None:
    """Open the page by the address printkit serve printed, and wait for its first preview."""
    page.goto(url.printed)
    page.wait_for_selector("body[data-shown]")
    assert page.url == url  # the token went into a cookie, out of the address bar


def same_as_the_command_line(text: str, saved: Path, out: Path) -> int:
    """Build the kit's YAML with ``printkit build`` and compare every file of the page's zip with
    the command line's by its SHA-256; return how many files there are."""
    import subprocess
    import sys

    out.mkdir()
    (out / "kit.yaml").write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "printkit", "build", "kit.yaml", "--out", "out", "-q"], cwd=out,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(saved) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
        kit = names[0].split("/")[0]
        built = sorted(str(p.relative_to(out / "out")) for p in (out / "out" / kit).rglob("*") if p.is_file())
        assert sorted(names) == built
        for name in names:
            assert hashlib.sha256(z.read(name)).hexdigest() == hashlib.sha256(
                (out / "out" / name).read_bytes()).hexdigest(), name
    return len(names)


def shown_tile(page) -> float:
    return float(page.eval_on_selector("#tiles svg rect[fill='#ffffff']", "r => r.getAttribute('width')"))


def test_change_the_tile_size_see_it_and_download_it(server, page, tmp_path):
    url, store = server
    open_page(page, url)
    assert page.title() == "printkit: набор своими руками"
    assert page.inner_text("label[data-key='physical.tile_mm'] span") == "Фишка, мм"
    assert shown_tile(page) == 20.0
    assert page.input_value("input[name='physical.tile_mm']") == "20"
    width = page.eval_on_selector("#tiles svg", "s => s.getBoundingClientRect().width")
    height = page.eval_on_selector("#tiles svg", "s => s.getBoundingClientRect().height")
    assert width / height == pytest.approx(210 / 297, abs=0.01)  # true proportions
    page.screenshot(path=str(tmp_path / "serve-default.png"), full_page=True)

    page.fill("input[name='physical.tile_mm']", "25")
    page.wait_for_function("() => document.querySelector(\"#tiles svg rect[fill='#ffffff']\")"
                           ".getAttribute('width') === '25'", timeout=10000)
    assert shown_tile(page) == 25.0
    assert "tile_mm: 25" in page.input_value("#yaml")
    assert page.inner_text("tr[data-figure='tile_mm'] td:last-child") == "25"

    # zoom: 100 % is true size, in CSS millimetres (96 px to the inch)
    page.fill("#zoom", "1")
    page.dispatch_event("#zoom", "input")
    width = page.eval_on_selector("#tiles svg", "s => s.getBoundingClientRect().width")
    assert width == pytest.approx(210 / 25.4 * 96, abs=1)
    page.fill("#zoom", "0.35")
    page.dispatch_event("#zoom", "input")
    page.screenshot(path=str(tmp_path / "serve-25mm.png"), full_page=True)
    if os.environ.get("PRINTKIT_DOCS_SCREENSHOT"):
        page.evaluate("() => document.activeElement.blur()")
        page.screenshot(path=str(DOCS), full_page=False)

    with page.expect_download(timeout=120000) as download:
        page.click("#get-kit")
        page.wait_for_selector("#job:not([hidden])")  # the build's progress, while it runs
        page.wait_for_function("() => document.querySelector('#job-progress').value > 0", timeout=60000)
        assert page.is_disabled("#get-kit") and page.is_visible("#job-cancel")
    assert download.value.suggested_filename == "krestoslovitsa.zip"
    saved = tmp_path / "kit.zip"
    download.value.save_as(saved)
    with zipfile.ZipFile(saved) as z:
        z.extractall(tmp_path / "unzipped")
    folder = tmp_path / "unzipped" / "krestoslovitsa"
    assert (folder / "manifest.json").is_file() and (folder / "index.html").is_file()
    assert page.is_hidden("#job") and not page.is_disabled("#get-kit")
    # the same bytes as `printkit build` of the kit's YAML, file by file
    # 21 files (three of them LightBurn projects), 27 previews, gallery, manifest
    assert same_as_the_command_line(page.input_value("#yaml"), saved, tmp_path / "cli") == 50
    with pdfplumber.open(folder / "tiles-A4.pdf") as pdf:
        tiles = [b for p in pdf.pages for b in squares(p)]
    assert len(tiles) == 130 and {(round(b.w, 2), round(b.h, 2)) for b in tiles} == {(25.0, 25.0)}
    assert store.folders() == []  # the build's folder went with the download

    # a mistake typed in the editor is shown at its line, and the preview keeps the last good kit
    text = page.input_value("#yaml").replace("tile_mm: 25", "tile_mm: 250")
    page.fill("#yaml", text)
    page.wait_for_selector("#problems:not([hidden])", timeout=10000)
    problem = page.inner_text("#problems-list li")
    # the reader's words, in the kit's language; a key typed in the editor named as it was typed
    assert problem == "kit.yaml:5:12: 'tile_mm': 250 мм, а предел 100 мм"
    assert page.inner_text("#gutter .bad") == "5"
    assert shown_tile(page) == 25.0
    # and at its field, which may be far from the line of the text
    field = "label[data-key='physical.tile_mm']"
    assert "bad" in page.get_attribute(field, "class")
    assert page.inner_text(f"{field} .msg") == "'tile_mm': 250 мм, а предел 100 мм"
    assert page.get_attribute("input[name='physical.tile_mm']", "aria-invalid") == "true"
    page.screenshot(path=str(tmp_path / "serve-mistake.png"), full_page=True)

    # what builds but looks wrong: a warning at its line, the picture drawn
    page.fill("#yaml", text.replace("tile_mm: 250", "tile_mm: 25"))
    page.wait_for_selector("#problems", state="hidden", timeout=10000)
    page.fill("input[name='print.margin_mm']", "3")
    page.wait_for_selector("#check-list li.warn:has-text('поля 3 мм')", timeout=10000)
    # and 130 tiles of 25 mm fill A4's last page: the kit's spares: fill makes none, which check says at its field
    assert page.eval_on_selector_all("#check-list li.warn", "els => els.map(e => e.innerText)") == [
        "предупреждение: kit.yaml:6:14: поля 3 мм: большинство домашних принтеров не печатает крайние 3–5 мм листа, "
        "и метки реза и масштабная полоска могут не пропечататься (надёжно — от 5 мм)",
        "предупреждение: configs/kits/krestoslovitsa.yaml:22:11: spares: fill: фишки набора (130 шт. по 25 мм) не "
        "оставляют на последнем листе A4 места для ряда запасных, поэтому их не будет; укажите число (spares: 1), и "
        "запасные лягут на отдельный лист"]
    assert page.is_hidden("#problems") and page.inner_text("#gutter .warn") == "6"
    assert "warn" in page.get_attribute("label[data-key='print.margin_mm']", "class")
    assert "warn" in page.get_attribute("label[data-key='print.spares']", "class")
    # 25 mm tiles in the cells of 22 mm: check fails the kit, beside the preview, and the download says so
    assert page.inner_text("#check-list li.FAIL") == (
        "ошибка: kit.yaml:4:12: фишки 25 мм в клетках 22 мм: фишки больше клеток")
    assert page.inner_text("#download-mark") == ("printkit check находит в наборе 1 ошибку "
                                                 "(список рядом с просмотром): "
                                                 "набор соберётся, но сначала посмотрите")
    assert "failing" in page.get_attribute("#downloads", "class")
    assert page.input_value("#yaml").splitlines()[4:6] == ["print:", "  margin_mm: 3"]
    page.screenshot(path=str(tmp_path / "serve-warning.png"), full_page=True)


def test_an_english_kit_is_labelled_in_english(server, page, tmp_path):
    url, _ = server
    open_page(page, url)
    page.select_option("#kit", "scrabble-en")
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=10000)
    assert page.inner_text("label[data-key='physical.tile_mm'] span") == "Tile, mm"
    assert page.input_value("select[name='print.paper']") == "Letter"
    page.wait_for_function("() => document.querySelector('#tiles svg').getAttribute('width') === '215.9mm'")
    page.screenshot(path=str(tmp_path / "serve-en.png"), full_page=True)


def test_a_field_out_of_its_limits_is_never_checked_as_fine(server, page, tmp_path):
    """A tile of -5 mm turned the field red while the check panel still said «Ошибок нет: набор в порядке»
    in green (its answer about the last kit that loaded)."""
    url, _ = server
    open_page(page, url)
    assert page.is_visible("#check-passed") and page.inner_text("#check-passed") == "Ошибок нет: набор в порядке."
    page.fill("input[name='physical.tile_mm']", "-5")
    page.wait_for_selector("label[data-key='physical.tile_mm'].bad", timeout=10000)
    page.wait_for_selector("#check-list li.FAIL", timeout=10000)
    assert page.is_hidden("#check-passed")
    panel = page.inner_text("#check")
    assert "Ошибок нет" not in panel
    assert page.eval_on_selector_all("#check-list li.FAIL", "els => els.map(e => e.innerText)") == [
        "printkit check не может проверить набор: он не загружается. Сначала исправьте ошибки:",
        "ошибка: kit.yaml:5:12: «Фишка, мм»: -5 мм, а нужно не меньше 3 мм"]  # a field by its label
    page.screenshot(path=str(tmp_path / "serve-minus-5.png"), full_page=True)
    # mended: check's own answer again
    page.fill("input[name='physical.tile_mm']", "20")
    page.wait_for_selector("#check-passed:not([hidden])", timeout=10000)
    assert page.eval_on_selector_all("#check-list li", "els => els.length") == 0


def test_a_product_this_install_cannot_build_is_marked_with_its_install_line(server, page, monkeypatch, tmp_path):
    """The serve extra alone: the 3D tiles and the default cutter (Silhouette, whose cut file is DXF) were
    offered and failed on download, nothing on the page saying why in its language."""
    from printkit.install import install_line

    for module in ("manifold3d", "ezdxf"):  # as tests/solid/test_solid.py hides the 3D extra
        monkeypatch.setitem(sys.modules, module, None)
    url, store = server
    open_page(page, url)
    options = "() => [...document.querySelectorAll('#product option')].map(o => [o.value, o.textContent])"
    shown = dict(page.evaluate(options))
    assert shown["3d"] == "Фишки для 3D-печати (3d) — здесь недоступно"
    assert shown["cutter"] == "Плоттер: печать и резка (cutter) — здесь недоступно"
    assert [v for v, text in shown.items() if "недоступно" in text] == ["3d", "cutter"]
    why = page.eval_on_selector_all("#unavailable li", "els => els.map(e => e.innerText)")
    assert why == [f"Фишки для 3D-печати: 3D-фишкам нужно дополнение 3d (библиотека manifold3d), здесь оно не "
                   f"установлено: {install_line('3d')}",
                   "Плоттер: печать и резка: файл реза профиля плоттера Silhouette Studio / inkscape-silhouette — "
                   f"DXF, для него нужна библиотека ezdxf, здесь она не установлена: {install_line('dxf')} (или "
                   "выберите профиль Cricut: SVG и PNG, без библиотек)"]
    assert page.is_visible("#unavailable")
    page.screenshot(path=str(tmp_path / "serve-unavailable.png"), full_page=True)
    # its download is refused with the same words, at once
    page.select_option("#product", "3d")
    page.click("#get-product")
    page.wait_for_selector("body[data-job='failed']", timeout=10000)
    assert page.inner_text("#problems-list li") == why[0].split(": ", 1)[1]
    assert store.folders() == []
    # the Cricut profile writes no DXF: the cutter is offered again
    page.select_option("select[name='cutter.profile']", "cricut")
    page.wait_for_function("() => !document.querySelector(\"#product option[value='cutter']\").dataset.unavailable",
                           timeout=10000)
    assert page.eval_on_selector_all("#unavailable li", "els => els.map(e => e.dataset.product)") == ["3d"]


def test_the_editor_a_font_and_the_other_downloads(server, page, tmp_path):
    from printkit.fonts import default_regular

    url, store = server
    open_page(page, url)
    # a kit typed in the editor: the preview and the controls follow it
    page.fill("#yaml", "extends: scrabble-uk\nname: mine\nphysical: {tile_mm: 18, cell_mm: 20}  # small\n")
    page.wait_for_function("() => document.documentElement.lang === 'uk'", timeout=10000)
    page.wait_for_function("() => document.querySelector(\"#tiles svg rect[fill='#ffffff']\")"
                           ".getAttribute('width') === '18'", timeout=10000)
    assert page.input_value("input[name='physical.tile_mm']") == "18"
    assert page.inner_text("label[data-key='physical.tile_mm'] span") == "Фішка, мм"
    assert page.input_value("#kit") == "" and page.inner_text("#kit option:checked") == "YAML нижче"
    # a control changed then is written into the text
    page.select_option("select[name='print.paper']", "A3")
    page.wait_for_function("() => document.querySelector('#yaml').value.includes('paper: A3')", timeout=10000)
    text = page.input_value("#yaml")
    assert "extends: scrabble-uk" in text and "tile_mm: 18" in text and "cell_mm: 20" in text
    page.wait_for_function("() => document.querySelector('#tiles svg').getAttribute('width') === '297mm'")
    with page.expect_download() as download:
        page.click("#get-yaml")
    assert download.value.suggested_filename == "mine.yaml"
    download.value.save_as(tmp_path / "mine.yaml")
    assert (tmp_path / "mine.yaml").read_text(encoding="utf-8") == text

    # an uploaded font draws the letters
    before = page.eval_on_selector("#tiles svg path", "p => p.getAttribute('d')")
    font = tmp_path / "Regular Font.ttf"
    font.write_bytes(default_regular().read_bytes())
    page.set_input_files("#font-file", str(font))
    page.wait_for_function("() => document.querySelector('#yaml').value.includes('font: Regular_Font.ttf')",
                           timeout=10000)
    page.wait_for_function("b => document.querySelector('#tiles svg path').getAttribute('d') !== b", arg=before,
                           timeout=10000)
    assert page.input_value("select[name='style.tile.font']") == "upload"
    chosen = page.inner_text("select[name='style.tile.font'] option:checked")
    assert chosen == "завантажено: Regular_Font.ttf"
    page.screenshot(path=str(tmp_path / "serve-editor-font.png"), full_page=True)

    # one product: a file of its own, or a zip of its files
    page.select_option("#product", "calibration")
    with page.expect_download(timeout=60000) as download:
        page.click("#get-product")
    assert download.value.suggested_filename == "calibration.pdf"
    download.value.save_as(tmp_path / "calibration.pdf")
    assert (tmp_path / "calibration.pdf").read_bytes().startswith(b"%PDF")
    page.select_option("#product", "tiles")
    with page.expect_download(timeout=60000) as download:
        page.click("#get-product")
    assert download.value.suggested_filename == "mine-tiles.zip"
    download.value.save_as(tmp_path / "tiles.zip")
    with zipfile.ZipFile(tmp_path / "tiles.zip") as z:
        assert z.namelist() == ["mine/tiles-A3.pdf", "mine/tiles-A3-1.svg"]
        z.extractall(tmp_path / "tiles")
    with pdfplumber.open(tmp_path / "tiles" / "mine" / "tiles-A3.pdf") as pdf:
        assert {(round(b.w, 2), round(b.h, 2)) for p in pdf.pages for b in squares(p)} == {(18.0, 18.0)}
    assert [f.name.startswith("printkit-serve-font-") for f in store.folders()] == [True]  # the font, still in use

    # back to a shipped kit: the typed text would be lost, so the page asks first; "no" keeps it
    asked = []

    def answer(dialog, yes):
        asked.append((dialog.type, dialog.message))
        dialog.accept() if yes else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    typed = page.input_value("#yaml")
    page.select_option("#kit", "erudit")
    assert asked == [("confirm", "Інший набір зітре набраний вами YAML. Усе одно вибрати?")]
    assert page.input_value("#kit") == "" and page.input_value("#yaml") == typed
    page.once("dialog", lambda d: answer(d, True))  # "yes": its own text, and the menu without the editor's entry
    page.select_option("#kit", "erudit")
    assert len(asked) == 2
    page.wait_for_function("() => document.querySelector('#yaml').value.includes('extends: erudit')", timeout=10000)
    assert page.eval_on_selector_all("#kit option[value='']", "os => os.length") == 0

    # the server gone: the page says so instead of waiting for ever
    page.route("**/api/preview", lambda route: route.abort())
    page.fill("input[name='physical.tile_mm']", "21")
    page.wait_for_selector("#problems:not([hidden])", timeout=10000)
    assert page.inner_text("#problems-list li") == "printkit serve не отвечает: он ещё запущен?"  # erudit: ru
    page.failures[:] = [f for f in page.failures if not f.endswith("/api/preview: net::ERR_FAILED")]


# -- a phone, a kit that fails check, a heavy build, and the page for everyone ----------------------------

def no_overflow(page, width: int) -> None:
    """Nothing wider than the screen: no sideways scrolling, every control and the kit menu within it."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate("() => document.body.scrollWidth") <= width
    boxes = page.eval_on_selector_all("header *, #controls input, #controls select, #downloads button, "
                                      "#downloads select, #editor, #check, #figures",
                                      "els => els.map(e => { const r = e.getBoundingClientRect(); "
                                      "return [e.id || e.name || e.tagName, r.left, r.right] })")
    outside = [b for b in boxes if b[1] < -0.5 or b[2] > width + 0.5]
    assert outside == []


@pytest.mark.parametrize("kit, language", [("krestoslovitsa", "ru"), ("scrabble-en", "en")])
def test_at_a_phones_width_nothing_is_cut_off(server, browser, tmp_path, kit, language):
    """At 390 px the page was 718 px wide and the kit menu was cut off."""
    url, _ = server
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = _watch(context.new_page())
    open_page(page, url)
    if kit != "krestoslovitsa":
        page.select_option("#kit", kit)
        page.wait_for_function(f"() => document.documentElement.lang === '{language}'", timeout=10000)
        page.wait_for_function("() => document.querySelector('#yaml').value.includes('extends: scrabble-en')")
    no_overflow(page, 390)
    kits = page.eval_on_selector("#kit", "e => { const r = e.getBoundingClientRect(); return [r.left, r.right] }")
    assert 0 <= kits[0] < kits[1] <= 390
    page.screenshot(path=str(tmp_path / f"serve-390-{language}.png"), full_page=True)
    # a mistake and check's findings, at their fields, do not widen it either
    page.fill("input[name='print.margin_mm']", "3")
    page.wait_for_selector("#check-list li.warn", timeout=10000)
    page.fill("input[name='physical.tile_mm']", "250")
    page.wait_for_selector("label[data-key='physical.tile_mm'].bad .msg", timeout=10000)
    no_overflow(page, 390)
    page.screenshot(path=str(tmp_path / f"serve-390-{language}-mistake.png"), full_page=True)
    assert page.failures == [] and page.outside == []
    context.close()


def test_a_kit_that_fails_check_is_shown_and_its_download_marked(server, page, tmp_path):
    """A tiles: list of one letter gave an 11-tile set with no message, and it downloaded."""
    url, store = server
    open_page(page, url)
    page.select_option("#kit", "scrabble-en")
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=10000)
    page.fill("#yaml",
              "extends: scrabble-en\nname: mine\ndistribution:\n  extends: scrabble-en\n  tiles: [[A, 9, 1]]\n")
    page.wait_for_function("() => document.querySelector(\"tr[data-figure='fig_tiles'] td:last-child\")"
                           ".textContent.startsWith('11 ')", timeout=10000)
    fails = page.eval_on_selector_all("#check-list li.FAIL", "els => els.map(e => e.innerText)")
    assert fails[:3] == ["error: 11 tiles: 9 lettered + 2 blanks, but the kit declares 100 tiles\n"
                         "change 'expect' in kit.yaml if the set is meant to differ",
                         "error: letters of the alphabet without a tile: B C D E F G H I J K L M N O P Q R S T U V W X "
                         "Y Z", "error: 11 tiles cannot fill two racks of 7"]
    assert len(fails) == 5  # and the two worked examples the set cannot play
    mark = page.inner_text("#download-mark")
    assert mark == ("printkit check finds 5 problems in this kit (listed beside the preview): it builds, but look at "
                    "them first")
    described = page.get_attribute("#get-kit", "aria-describedby").split()
    assert "download-mark" in described  # a screen reader hears it with the button
    # beside the preview: the list is in the preview's column, above the pictures
    check = page.eval_on_selector("#check", "e => e.getBoundingClientRect().left")
    pictures = page.eval_on_selector("#pictures", "e => e.getBoundingClientRect().left")
    assert abs(check - pictures) < 1
    page.screenshot(path=str(tmp_path / "serve-fails-check.png"), full_page=True)
    with page.expect_download(timeout=120000) as download:  # it builds, as printkit build builds it
        page.click("#get-kit")
    download.value.save_as(tmp_path / "mine.zip")
    # fewer pages: fewer previews
    assert same_as_the_command_line(page.input_value("#yaml"), tmp_path / "mine.zip", tmp_path / "cli") == 45
    assert store.folders() == []


HEAVY = "extends: krestoslovitsa\nname: heavy\nphysical: {tile_mm: 60, cell_mm: 62}\nprint: {paper: A5, spares: 10}\n"


def test_a_heavy_build_meanwhile_another_users_preview_and_cancelling_it(server, page, browser, tmp_path):
    """226 pages of 60 mm tiles on A5 (about 2 minutes to build): while it builds, another browser's
    preview of the default kit is answered (bench/bench_serve.py measures how fast); then the page
    cancels the build, and nothing of it is left."""
    url, store = server
    open_page(page, url)
    page.fill("#yaml", HEAVY)
    page.wait_for_function("() => document.querySelector(\"tr[data-figure='fig_tile_pages'] td:last-child\")"
                           ".textContent === '226'", timeout=30000)
    page.click("#get-kit")
    page.wait_for_selector("#job:not([hidden])")
    other = _watch(browser.new_context(viewport={"width": 1200, "height": 900}).new_page())
    open_page(other, url)
    other.fill("input[name='physical.tile_mm']", "21")
    other.wait_for_function("() => document.querySelector(\"#tiles svg rect[fill='#ffffff']\")"
                            ".getAttribute('width') === '21'", timeout=30000)
    assert page.is_visible("#job") and page.is_disabled("#get-kit")  # still building, meanwhile
    assert len(store.folders()) == 1
    page.click("#job-cancel")
    page.wait_for_selector("body[data-job='cancelled']", timeout=20000)
    assert page.inner_text("#status") == "Отменено" and page.is_hidden("#job") and not page.is_disabled("#get-kit")
    assert store.folders() == []
    assert other.failures == [] and other.outside == []
    other.context.close()


def contrasts(page) -> list[tuple[float, str, str, str]]:
    """(ratio, colour, ground, text) for every element with text of its own on the screen: its
    colour on the first ground behind it that is not transparent (white at the top)."""
    found = page.evaluate("""() => {
      const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
      const out = [];
      for (const el of document.querySelectorAll('body *')) {
        if (el.closest('svg, option, datalist, script, style')) continue;
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own || !el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden') continue;
        let ground = null;
        for (let e = el; e; e = e.parentElement) {
          const bg = parse(getComputedStyle(e).backgroundColor);
          if (bg.length === 3 || (bg.length === 4 && bg[3] > 0)) { ground = bg; break; }
        }
        out.push([parse(style.color), ground || [255, 255, 255], el.textContent.trim().slice(0, 40)]);
      }
      return out;
    }""")

    def hexed(rgb, under=(255, 255, 255)):
        r, g, b, *a = rgb
        alpha = a[0] if a else 1.0
        mixed = [round(c * alpha + u * (1 - alpha)) for c, u in zip((r, g, b), under)]
        return "#" + "".join(f"{c:02x}" for c in mixed)

    out = []
    for colour, ground, text in found:
        bg = hexed(ground)
        fg = hexed(colour, tuple(int(bg[i:i + 2], 16) for i in (1, 3, 5)))
        out.append((round(contrast(fg, bg), 2), fg, bg, text))
    return out


def test_labels_keyboard_focus_and_contrast(server, page, tmp_path):
    url, _ = server
    open_page(page, url)

    # every control has a name a screen reader says (the product menu had none)
    unnamed = page.evaluate("""() => [...document.querySelectorAll('input, select, textarea, button')].filter((e) => {
        const by = (e.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent.trim()).join(' ');
        const name = by || e.getAttribute('aria-label')
          || [...(e.labels || [])].map((l) => l.textContent.trim()).join(' ')
          || (e.tagName === 'BUTTON' ? e.textContent.trim() : '');
        return !name;
      }).map((e) => e.id || e.name || e.tagName)""")
    assert unnamed == []
    assert page.evaluate("() => document.getElementById('product').labels[0].textContent") == "Одно изделие"

    # the editor shows where the focus is
    assert page.evaluate("() => getComputedStyle(document.getElementById('editor')).outlineStyle") == "none"
    page.focus("#yaml")
    outline = page.evaluate("() => { const s = getComputedStyle(document.getElementById('editor')); "
                            "return [s.outlineStyle, parseFloat(s.outlineWidth)] }")
    assert outline[0] != "none" and outline[1] >= 2

    # a mistake: the problem list is reached by the keyboard, and Enter goes to the mistake's line
    text = "extends: krestoslovitsa\nname: x\nphysical:\n  tile_mm: 250\nprint: {margin_mm: 3}\n"
    page.fill("#yaml", text)
    page.wait_for_selector("#problems-list button", timeout=10000)
    page.focus("#yaml")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.closest('#problems-list') !== null")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "yaml"
    selected = page.evaluate("() => { const a = document.getElementById('yaml'); "
                             "return a.value.slice(a.selectionStart, a.selectionEnd) }")
    assert selected == "  tile_mm: 250"
    low = [c for c in contrasts(page) if c[0] < 4.5]
    assert low == []

    # check's findings, the download's mark, a warning at its field: every text at 4.5:1 or more
    page.fill("#yaml", text.replace("250", "23"))
    page.wait_for_selector("#check-list li.FAIL", timeout=10000)
    page.wait_for_selector("#download-mark:not([hidden])")
    measured = contrasts(page)
    assert len(measured) > 60
    assert [c for c in measured if c[0] < 4.5] == []
    gutter = [c for c in measured if c[2] == "#f7f8fa"]
    assert gutter and min(c[0] for c in gutter) >= 4.5  # the line numbers were 2.4:1
    # the findings' buttons are reached by the keyboard too
    buttons = page.eval_on_selector_all("#check-list button", "bs => bs.map(b => b.tabIndex)")
    assert buttons and all(t == 0 for t in buttons)
    page.screenshot(path=str(tmp_path / "serve-check.png"), full_page=True)

    # while a build runs: its progress, the disabled buttons
    page.click("#get-product")
    page.wait_for_selector("#job:not([hidden])")
    assert [c for c in contrasts(page) if c[0] < 4.5] == []
    page.click("#job-cancel")
    page.wait_for_selector("body[data-job]", timeout=20000)
