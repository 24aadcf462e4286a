"""The page's fields in the kit's language, in the system's headless Chromium: a Ukrainian kit's page says
a field's mistake, its tooltip and the shipped profiles' names in Ukrainian, a Russian kit's in Russian,
the field named by its label; and the new fields (hold tabs, the calibration rulers) take their values.
Skipped only where no Chromium is installed (CI installs Debian's)."""

from __future__ import annotations

import pytest

pytest.importorskip("flask")
sync_api = pytest.importorskip("playwright.sync_api")

from pageserver import CHROMIUM, NO_CHROMIUM, serving  # noqa: E402

from printkit.serve.sessions import Store  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


@pytest.fixture(scope="module")
def address(tmp_path_factory):
    root = tmp_path_factory.mktemp("serve")
    store = Store(root=str(root))
    with serving(store) as (_, printed):
        yield printed
    store.close()




def opened(browser, address, kit: str, width: int = 390, height: int = 844):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(address)
    page.wait_for_selector("body[data-shown]", timeout=30000)
    if kit != "krestoslovitsa":
        shown = page.get_attribute("body", "data-shown")
        page.select_option("#kit", kit)
        page.wait_for_function(f"document.body.dataset.shown !== '{shown}'", timeout=30000)
    return page


def mistake_at(page, key: str, value: str) -> str:
    page.fill(f"input[name='{key}']", value)
    page.wait_for_selector(f"label[data-key='{key}'].bad", timeout=15000)
    return page.inner_text(f"label[data-key='{key}'] .msg")


def test_a_ukrainian_kits_page_says_its_fields_in_ukrainian(browser, address, tmp_path):
    page = opened(browser, address, "scrabble-uk")
    assert page.get_attribute("html", "lang") == "uk"
    assert page.get_attribute("input[name='physical.tile_mm']", "title") == "Сторона фішки в міліметрах (зазвичай 20)."
    stocks = page.eval_on_selector_all("select[name='stickers.stock'] option", "os => os.map(o => o.textContent)")
    assert "Endisch 6502020x (квадрати 20 мм)" in stocks
    assert mistake_at(page, "physical.tile_mm", "-5") == "«Фішка, мм»: -5 мм, а потрібно не менше 3 мм"
    assert mistake_at(page, "laser.bed", "600x") == "«Стіл лазера, мм (ШxВ)»: '600x' — не розмір ШxВ у міліметрах " \
                                                    "(наприклад, 300x200)"
    page.screenshot(path=str(tmp_path / "uk-390.png"), full_page=True)
    page.close()


def test_a_russian_kits_page_says_its_fields_in_russian_and_takes_the_new_fields(browser, address, tmp_path):
    page = opened(browser, address, "krestoslovitsa", 1280, 900)
    assert page.get_attribute("input[name='laser.tabs_mm']", "title").startswith("Непрорезанные перемычки")
    cutters = page.eval_on_selector_all("select[name='cutter.profile'] option", "os => os.map(o => o.textContent)")
    assert "Silhouette Cameo 5 Alpha (четыре метки-уголка)" in cutters
    assert mistake_at(page, "physical.thickness_mm", "0.15") == \
        "ширина реза 0.2 мм не меньше толщины материала (0.15 мм): паз шипового соединения исчез бы"
    page.fill("input[name='physical.thickness_mm']", "3")
    text = mistake_at(page, "print.measured.across", "120")
    assert text.startswith("«Калибровка: линейка поперёк, мм»: 120 мм — ни одна линейка калибровочного листа")
    shown = page.get_attribute("body", "data-shown")
    page.fill("input[name='print.measured.across']", "201")
    page.fill("input[name='laser.tabs_mm']", "0.5")
    page.wait_for_function(f"document.body.dataset.shown !== '{shown}' && "
                           "!document.querySelector(\"label[data-key='print.measured.across']\").classList.contains('bad')",
                           timeout=15000)
    yaml = page.input_value("#yaml")
    assert "tabs_mm: 0.5" in yaml and "across: 201" in yaml
    page.screenshot(path=str(tmp_path / "ru-1280.png"), full_page=True)
    page.close()


def test_a_warning_from_a_shipped_file_is_shown_at_its_field_without_the_files_place(browser, address):
    page = opened(browser, address, "krestoslovitsa", 1280, 900)
    page.fill("input[name='physical.tile_mm']", "25")
    page.wait_for_selector("label[data-key='print.spares'].warn", timeout=15000)
    text = page.inner_text("label[data-key='print.spares'] .msg")
    assert text.startswith("spares: fill: фишки набора (130 шт. по 25 мм)"), text  # no configs/kits/…:22:11:
    page.close()
