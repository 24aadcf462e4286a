"""printkit serve's page in the system's headless Chromium, driven by Playwright: change the tile
size, see the preview change, download the kit, and read the tiles' size back from its PDF.

Screenshots go into the test's folder; ``PRINTKIT_DOCS_SCREENSHOT=1`` also writes the README's
``docs/serve.png``. Skipped only where no Chromium is installed (CI installs Debian's).
"""

from __future__ import annotations

import os
import shutil
import threading
import zipfile
from pathlib import Path

import pdfplumber
import pytest

pytest.importorskip("flask")
sync_api = pytest.importorskip("playwright.sync_api")

from pdfread import squares  # noqa: E402
from printkit.serve.app import create_app  # noqa: E402
from printkit.serve.run import _Quiet, page_names  # noqa: E402
from printkit.serve.sessions import Store  # noqa: E402

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
                 if p and os.path.exists(p)), None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "serve.png"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (CI installs the Debian package)")


@pytest.fixture
def server(tmp_path):
    from werkzeug.serving import make_server

    store = Store(root=str(tmp_path))
    srv = make_server("127.0.0.1", 0, create_app(store, hosts=page_names("127.0.0.1")), threaded=True,
                      request_handler=_Quiet)  # as `printkit serve` does: only loopback names, same-site requests
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.port}/", store
    srv.shutdown()
    thread.join(10)
    store.close()


@pytest.fixture
def page(tmp_path):
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 1440, "height": 1000}, accept_downloads=True,
                                      device_scale_factor=1)
        pg = context.new_page()
        failures: list[str] = []
        pg.on("pageerror", lambda exc: failures.append(str(exc)))
        pg.on("requestfailed", lambda r: failures.append(f"{r.url}: {r.failure}"))
        outside: list[str] = []
        pg.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("http://127.0.0.1", "blob:",
                                                                                      "data:")) else None)
        pg.failures = failures  # a test that fails a request on purpose takes it off
        yield pg
        assert failures == [] and outside == []
        browser.close()


def shown_tile(page) -> float:
    return float(page.eval_on_selector("#tiles svg rect[fill='#ffffff']", "r => r.getAttribute('width')"))


def test_change_the_tile_size_see_it_and_download_it(server, page, tmp_path):
    url, store = server
    page.goto(url)
    page.wait_for_selector("body[data-shown]")
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
        page.screenshot(path=str(DOCS), full_page=False)

    with page.expect_download(timeout=60000) as download:
        page.click("#get-kit")
    assert download.value.suggested_filename == "krestoslovitsa.zip"
    saved = tmp_path / "kit.zip"
    download.value.save_as(saved)
    with zipfile.ZipFile(saved) as z:
        z.extractall(tmp_path / "unzipped")
    folder = tmp_path / "unzipped" / "krestoslovitsa"
    assert (folder / "manifest.json").is_file() and (folder / "index.html").is_file()
    with pdfplumber.open(folder / "tiles-A4.pdf") as pdf:
        tiles = [b for p in pdf.pages for b in squares(p)]
    assert len(tiles) == 130 and {(round(b.w, 2), round(b.h, 2)) for b in tiles} == {(25.0, 25.0)}
    assert store.folders() == []  # the build's folder went with the download

    # a mistake typed in the editor is shown at its line, and the preview keeps the last good kit
    text = page.input_value("#yaml").replace("tile_mm: 25", "tile_mm: 250")
    page.fill("#yaml", text)
    page.wait_for_selector("#problems:not([hidden])", timeout=10000)
    problem = page.inner_text("#problems-list li")
    assert problem == "kit.yaml:5:12: 'tile_mm' is 250 mm: the limit is 100 mm"
    assert page.inner_text("#gutter .bad") == "5"
    assert shown_tile(page) == 25.0
    page.screenshot(path=str(tmp_path / "serve-mistake.png"), full_page=True)

    # what builds but looks wrong: a warning at its line, the picture drawn
    page.fill("#yaml", text.replace("tile_mm: 250", "tile_mm: 25"))
    page.wait_for_selector("#problems", state="hidden", timeout=10000)
    page.fill("input[name='print.margin_mm']", "3")
    page.wait_for_selector("#warnings:not([hidden])", timeout=10000)
    assert page.inner_text("#warnings-list li").startswith("kit.yaml:6:14: margins of 3 mm")
    assert page.is_hidden("#problems") and page.inner_text("#gutter .warn") == "6"
    assert page.input_value("#yaml").splitlines()[4:6] == ["print:", "  margin_mm: 3"]
    page.screenshot(path=str(tmp_path / "serve-warning.png"), full_page=True)


def test_an_english_kit_is_labelled_in_english(server, page, tmp_path):
    url, _ = server
    page.goto(url)
    page.wait_for_selector("body[data-shown]")
    page.select_option("#kit", "scrabble-en")
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=10000)
    assert page.inner_text("label[data-key='physical.tile_mm'] span") == "Tile, mm"
    assert page.input_value("select[name='print.paper']") == "Letter"
    page.wait_for_function("() => document.querySelector('#tiles svg').getAttribute('width') === '215.9mm'")
    page.screenshot(path=str(tmp_path / "serve-en.png"), full_page=True)


def test_the_editor_a_font_and_the_other_downloads(server, page, tmp_path):
    from printkit.fonts import default_regular

    url, store = server
    page.goto(url)
    page.wait_for_selector("body[data-shown]")
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

    # back to a shipped kit: its own text, and the menu without the editor's entry
    page.select_option("#kit", "erudit")
    page.wait_for_function("() => document.querySelector('#yaml').value.includes('extends: erudit')", timeout=10000)
    assert page.eval_on_selector_all("#kit option[value='']", "os => os.length") == 0

    # the server gone: the page says so instead of waiting for ever
    page.route("**/api/preview", lambda route: route.abort())
    page.fill("input[name='physical.tile_mm']", "21")
    page.wait_for_selector("#problems:not([hidden])", timeout=10000)
    assert page.inner_text("#problems-list li") == "printkit serve не отвечает: он ещё запущен?"  # erudit: ru
    page.failures[:] = [f for f in page.failures if not f.endswith("/api/preview: net::ERR_FAILED")]
