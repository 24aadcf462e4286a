"""The gallery (index.html) on a phone (issue 34): at 390 × 844 px, as a phone shows it, the page is no wider
than the screen (it was 507 px: the laser plan's table), and at 1280 × 900 no wider than the window; the laser
plan's rows become blocks, each value after its column's name; every picture within the screen. Measured in the
system's headless Chromium, driven by Playwright, as the page's own test does."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from printkit.build import build_kit
from printkit.config import load_kit

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (CI installs the Debian package)")
SCREENS = ((390, 844, True), (1280, 900, False))  # a phone, a laptop


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


def measure(browser, folder: Path, width: int, height: int, mobile: bool, shot: Path | None = None) -> dict:
    """The page's width (document.documentElement.scrollWidth), the elements reaching past the screen's right
    edge, and every image's box, at a screen of ``width`` × ``height``."""
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile,
                                  device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto((folder / "index.html").as_uri())
        page.wait_for_load_state("load")
        got = {"width": page.evaluate("() => document.documentElement.scrollWidth"),
               "body": page.evaluate("() => document.body.scrollWidth"),
               "past": page.evaluate("w => Array.from(document.querySelectorAll('body *'))"
                                     ".filter(e => e.getBoundingClientRect().right > w + 0.5)"
                                     ".map(e => e.tagName + '.' + e.className)", width),
               "images": page.eval_on_selector_all("img", "els => els.map(e => { const r = e.getBoundingClientRect();"
                                                          " return [r.left, r.right, e.naturalWidth] })"),
               "jobs": page.eval_on_selector_all("table.jobs tr", "els => els.map(e => getComputedStyle(e).display)")}
        if shot is not None:
            page.screenshot(path=str(shot), full_page=True)
        return got
    finally:
        context.close()


def fits(got: dict, width: int) -> None:
    assert got["width"] <= width and got["body"] <= width, got
    assert got["past"] == []
    assert got["images"] and all(0 <= left and right <= width + 0.5 and natural > 0
                                 for left, right, natural in got["images"])


def test_the_default_kits_gallery_fits_a_phone_and_a_laptop(default, browser, tmp_path):
    for width, height, mobile in SCREENS:
        got = measure(browser, default, width, height, mobile, tmp_path / f"gallery-{width}.png")
        fits(got, width)
        # the laser plan: a table on the laptop, a block a job on the phone (its header row hidden)
        assert got["jobs"] == (["table-row"] * 4 if width > 640 else ["none", "block", "block", "block"])


def test_the_racks_box_bag_and_cutter_gallery_fits_a_phone(browser, tmp_path):
    folder = build_kit(load_kit("krestoslovitsa-mini"), tmp_path, only=["racks", "box", "bag", "cutter"]).folder
    for width, height, mobile in SCREENS:
        fits(measure(browser, folder, width, height, mobile), width)
