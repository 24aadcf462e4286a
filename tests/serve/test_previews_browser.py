"""The page's previews in the system's headless Chromium (issue 34): every product the kit makes can be
seen (a tab a product, a file, a page), a phone keeps the picture within a screen of the field being
changed, and the mark by the download buttons says the truth when the kit stops loading.

Screenshots go into the test's folder. Skipped where no Chromium is installed (CI installs Debian's)."""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("flask")
sync_api = pytest.importorskip("playwright.sync_api")

from pageserver import CHROMIUM, NO_CHROMIUM, serving  # noqa: E402

from printkit.serve import previews  # noqa: E402
from printkit.serve.sessions import Store  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESK = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1}

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


@pytest.fixture
def address(tmp_path):
    """The address printkit serve prints (with the run's token) of a server like its own."""
    (tmp_path / "serve").mkdir()
    store = Store(root=str(tmp_path / "serve"))
    previews.forget()
    with serving(store) as (_, printed):
        yield printed
    store.close()




@pytest.fixture
def opened(browser, address):
    """open(size) → the page at that size, its first preview shown; its script's errors fail the test."""
    contexts = []
    errors: list[str] = []

    def open_(size: dict):
        context = browser.new_context(**size)
        contexts.append(context)
        pg = context.new_page()
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.on("requestfailed", lambda r: errors.append(f"{r.url}: {r.failure}"))
        pg.goto(address)
        pg.wait_for_selector("body[data-shown]")
        return pg

    yield open_
    for c in contexts:
        c.close()
    assert errors == []


def box(page, selector: str) -> dict:
    """An element's box in the document (not the viewport): top, bottom, left, right, width, height."""
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); return {top: r.top + scrollY, "
                                           "bottom: r.bottom + scrollY, left: r.left, right: r.right, "
                                           "width: r.width, height: r.height} }")


def change(page, selector: str, value: str) -> None:
    """Change a control as a user does, and wait for the preview of the change."""
    shown = page.get_attribute("body", "data-shown")
    if page.eval_on_selector(selector, "e => e.tagName") == "SELECT":
        page.select_option(selector, value)
    else:
        page.fill(selector, value)
    page.wait_for_function(f"() => document.body.dataset.shown !== '{shown}' && "
                           "!document.body.classList.contains('stale')", timeout=20000)


def shown_view(page, product: str, file: int = 0, number: int = 0) -> None:
    page.wait_for_function(f"() => document.body.dataset.view === '{product}:{file}:{number}' && "
                           "!document.getElementById('view').classList.contains('loading')", timeout=30000)


def in_sight(page, picture: str) -> dict:
    """The box of the picture a user sees: the preview's, or the strip's at the screen's foot (or head) when the
    preview is out of sight."""
    return box(page, "#dock-picture") if page.is_visible("#dock") else box(page, picture)


def within_a_screen(field: dict, picture: dict) -> bool:
    """Whether the field and the picture (100 px of it at least) are on one screen of 844 px."""
    if picture["top"] >= field["top"]:
        return picture["top"] + 100 - field["top"] <= 844
    return field["bottom"] - (picture["bottom"] - 100) <= 844


FIELDS = [("input[name='physical.tile_mm']", "21"), ("input[name='print.margin_mm']", "12"),
          ("select[name='print.backs']", None), ("select[name='print3d.printer']", None),
          ("input[name='physical.tile_mm']", "24")]  # 24 mm: messages at two fields push the preview down


def test_on_a_phone_the_picture_is_within_a_screen_of_the_field_changed(opened, tmp_path):
    """At 390 × 844 the preview began 1,895 px below the tile field: two screens of scrolling to see a change."""
    page = opened(PHONE)
    for selector, value in FIELDS:
        if value is None:  # a menu: its next choice
            value = page.eval_on_selector(selector, "s => s.options[(s.selectedIndex + 1) % s.options.length].value")
        change(page, selector, value)
        field = box(page, selector)
        picture = in_sight(page, "#tiles svg")
        assert picture["height"] > 150  # a picture, not a sliver
        assert within_a_screen(field, picture), (selector, field, picture)
    assert 23 < float(page.eval_on_selector("#tiles svg rect[fill='#ffffff']", "r => r.getAttribute('width')")) < 25
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    # the last change's messages pushed the preview a screen away: the strip shows the page, small
    assert page.is_visible("#dock") and page.inner_text("#dock-title") == "Фишки, лист 1"
    assert page.eval_on_selector("#dock-picture", "i => i.complete && i.naturalWidth > 0")
    page.screenshot(path=str(tmp_path / "previews-390-strip.png"))
    page.click("#to-preview")  # and goes to the preview, which it no longer covers
    page.wait_for_selector("#dock", state="hidden")
    page.wait_for_function("() => { const r = document.querySelector('#tiles svg').getBoundingClientRect(); "
                           "return r.top >= 0 && r.top < 300 }", timeout=5000)
    page.screenshot(path=str(tmp_path / "previews-390-tiles.png"))
    # another product's picture, in the same place
    page.click("#tab-laser")
    shown_view(page, "laser")
    change(page, "input[name='physical.tile_mm']", "20")
    field = box(page, "input[name='physical.tile_mm']")
    assert within_a_screen(field, in_sight(page, "#view-picture svg"))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    tabs = box(page, "#view-tabs")
    assert tabs["height"] < 50 and tabs["right"] <= 390  # one row of tabs, scrolled sideways
    page.screenshot(path=str(tmp_path / "previews-390-laser.png"), full_page=True)


def test_at_a_desks_width_another_product_is_shown_as_chosen(opened, tmp_path):
    page = opened(DESK)
    tiles = box(page, "#tiles svg")
    assert tiles["top"] < 900 - 250  # the tiles' page on the first screen, as before (590 px down)
    tabs = box(page, "#view-tabs")  # the products listed beside the pictures, not above them
    assert tabs["left"] > tiles["right"] and tabs["top"] < tiles["top"] < tabs["bottom"]
    assert page.get_attribute("#tab-overview", "aria-selected") == "true"
    # the product chosen in the "One product" menu is shown
    page.select_option("#product", "laser")
    shown_view(page, "laser")
    assert page.get_attribute("#tab-laser", "aria-selected") == "true"
    assert page.is_hidden("#pictures") and page.is_visible("#view-picture svg")
    assert page.get_attribute("#view-picture svg", "viewBox") == "0 0 600 400"  # the laser's bed, in mm
    assert page.inner_text("#view-file option:checked") == "laser-tiles-1.svg · 1 лист"
    laser = box(page, "#view-picture svg")
    assert laser["width"] == pytest.approx(600 * 0.35 * 96 / 25.4, abs=1)  # at the zoom's 35 %, true proportions
    assert laser["height"] == pytest.approx(400 * 0.35 * 96 / 25.4, abs=1)
    page.screenshot(path=str(tmp_path / "previews-1280-laser.png"), full_page=True)
    # a change of the kit redraws the product shown
    page.eval_on_selector("#view-picture svg", "s => { s.dataset.old = 'yes' }")
    before = len(page.inner_html("#view-picture"))
    change(page, "input[name='physical.tile_mm']", "24")
    page.wait_for_function("() => { const s = document.querySelector('#view-picture svg'); "
                           "return s && !s.dataset.old }", timeout=30000)
    shown_view(page, "laser")
    assert len(page.inner_html("#view-picture")) != before
    # a tab: the bag's pattern, its pages stepped through
    page.click("#tab-bag")
    shown_view(page, "bag")
    assert page.eval_on_selector("#product", "s => s.value") == "bag"  # and the download button gets it
    assert page.inner_text("#view-page") == "лист 1 из 4"
    assert page.is_disabled("#view-prev") and not page.is_disabled("#view-next")
    page.click("#view-next")
    shown_view(page, "bag", 0, 1)
    assert page.inner_text("#view-page") == "лист 2 из 4"
    assert page.get_attribute("#view-picture svg", "viewBox") == "0 0 297 210"  # a page of the pattern, landscape
    # its second file, the instructions
    page.select_option("#view-file", index=1)
    shown_view(page, "bag", 1, 0)
    assert page.inner_text("#view-file option:checked") == "bag-A4-instructions.pdf · 1 лист"
    assert page.is_hidden("#view-stepper")  # one page: nothing to step
    page.screenshot(path=str(tmp_path / "previews-1280-bag.png"))
    # the tiles and the board again
    page.click("#tab-overview")
    assert page.is_visible("#tiles svg") and page.is_hidden("#view")


def test_the_3d_plate_is_shown_as_a_picture(opened, tmp_path):
    pytest.importorskip("manifold3d")
    page = opened(DESK)
    page.click("#tab-3d")
    shown_view(page, "3d")
    assert page.eval_on_selector("#view-picture img", "i => i.complete && i.naturalWidth > 300")
    assert page.inner_text("#view-caption") == "стол 1 из 2: 98 фишек, вид с лицевой стороны фишек"
    assert page.eval_on_selector_all("#view-part option", "os => os.map(o => o.textContent)") == [
        "фишки", "подставки", "поле"]
    page.screenshot(path=str(tmp_path / "previews-1280-3d.png"))
    page.select_option("#view-part", "racks")
    shown_view(page, "3d")
    page.wait_for_function("() => document.querySelector('#view-file option:checked').textContent"
                           " === '3d/racks-plate-1.3mf'", timeout=30000)
    assert page.inner_text("#view-caption") == "стол 1 из 1: 4 подставки"


def test_a_product_this_install_cannot_make_shows_why(opened, monkeypatch):
    for module in ("manifold3d", "ezdxf"):  # the serve extra alone
        monkeypatch.setitem(sys.modules, module, None)
    page = opened(DESK)
    assert "unavailable" in page.get_attribute("#tab-3d", "class")
    assert page.get_attribute("#tab-3d", "title").startswith("Фишки для 3D-печати — здесь недоступно: 3D-фишкам нужно")
    page.click("#tab-3d")
    page.wait_for_selector("#view-why:not([hidden])", timeout=20000)
    why = page.inner_text("#view-why")
    assert why.startswith("Просмотра нет: здесь не установлена нужная библиотека.\n3D-фишкам нужно дополнение 3d "
                          "(библиотека manifold3d), здесь оно не установлено: ")
    assert page.is_hidden("#view-figure")


MINE = "extends: scrabble-en\nname: mine\ndistribution:\n  extends: scrabble-en\n  tiles: [[A, 9, 1]]\n"


def test_the_download_mark_says_the_truth_when_the_kit_stops_loading(opened):
    """The mark kept the last good kit's count of check's FAILs while the kit typed did not load at all."""
    page = opened(DESK)
    page.select_option("#kit", "scrabble-en")
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=10000)
    page.fill("#yaml", MINE)
    page.wait_for_function("() => document.getElementById('download-mark').textContent.startsWith("
                           "'printkit check finds 5 problems')", timeout=20000)
    page.fill("#yaml", MINE.replace("name: mine", "name: mine\nphysical: {tile_mm: 250}"))
    page.wait_for_selector("#problems:not([hidden])", timeout=20000)
    page.wait_for_function("() => !document.body.classList.contains('stale')")
    mark = page.inner_text("#download-mark")
    assert mark == ("The kit does not load, so nothing can be downloaded yet: mend its mistakes (listed above) "
                    "first")
    assert page.get_attribute("#download-mark", "data-state") == "not-loaded"
    assert "finds" not in mark
    page.fill("#yaml", "extends: scrabble-en\nname: fine\n")  # a kit that loads and passes: no mark
    page.wait_for_function("() => document.getElementById('download-mark').hidden", timeout=20000)
    assert page.inner_text("#download-mark") == ""
