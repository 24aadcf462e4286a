"""The score keeper in the static site (issue 37 on issue 36's site): ``printkit site`` served by a plain static
server, the keeper's page opened from the settings page's link in the system's Chromium at a phone's width, printkit
running under Pyodide in the page's Web Worker; one turn tapped and typed, scored by the kit's rules, and each of
its words explained; the game kept across a reload; a turn the rules refuse refused with its reason; a challenge
taking the play back; the game saved as GCG, which ``printkit replay`` reproduces; nothing asked of another address.

Needs Pyodide in ``node_modules/pyodide`` (``npm ci``) and the system's Chromium with Playwright; skipped otherwise
(failed under ``PRINTKIT_SITE_REQUIRED=1``, as .ci/run sets it).
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading

import pytest
from sitebrowser import made_site

pytestmark = pytest.mark.xdist_group("site-browser")  # never beside the site's measured test


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = made_site(tmp_path_factory).folder
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/", folder
    httpd.shutdown()
    httpd.server_close()
    thread.join(10)


def test_the_keeper_opens_from_the_site_and_scores_a_turn_in_the_browser(served, browser, tmp_path):
    url, folder = served
    listed = (folder / "sw.js").read_text(encoding="utf-8")
    for name in ("keeper.html", "static/keeper.js", "static/keeper.css", "static/backend.js"):
        assert (folder / name).is_file() and f'"{name}"' in listed  # kept for offline use
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  accept_downloads=True)
    page = context.new_page()
    asked: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: asked.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("body[data-shown]", timeout=60000)
    assert page.get_attribute("#to-keeper", "href") == "keeper.html" and page.inner_text("#to-keeper") == "Счёт партии"
    page.tap("#to-keeper")
    page.wait_for_selector("body[data-ready]", timeout=60000)
    assert page.url == url + "keeper.html"
    assert page.get_attribute("#to-settings", "href") == "./"
    assert page.input_value("#kit") == "krestoslovitsa" and page.input_value(".player-name >> nth=0") == "Игрок 1"
    page.tap("#start")
    page.wait_for_selector("body[data-turns='0']", timeout=30000)
    page.tap("#board [data-square='H8']")
    assert page.get_attribute("#direction", "data-way") == "across"
    page.fill("#word", "ПОЛ")
    page.tap("#submit")
    page.wait_for_selector("body[data-turns='1']", timeout=30000)
    assert page.evaluate("document.body.dataset.totals") == "10,0"
    said = page.inner_text("#moves li")
    assert "8H ПОЛ" in said and "ПОЛ: П2 + О1 + Л2 = 5" in said, said
    page.screenshot(path=str(tmp_path / "keeper-site.png"), full_page=True)
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=60000)
    assert page.evaluate("document.body.dataset.totals") == "10,0"  # kept in the browser's storage
    assert page.get_attribute("#board [data-square='I8']", "data-face") == "О"
    # a turn the rules refuse, said by printkit under Pyodide in the page's language; the game unchanged
    page.tap("#board [data-square='A1']")
    page.fill("#word", "ДОМ")
    answered = int(page.evaluate("document.body.dataset.answered || '0'"))
    page.tap("#submit")
    page.wait_for_function(f"() => +(document.body.dataset.answered || 0) > {answered}", timeout=30000)
    said = page.inner_text("#refusal")
    assert said.startswith("Ход не записан: A1–C1: не примыкает"), said
    assert page.evaluate("document.body.dataset.totals") == "10,0"
    # Боря challenges: the play is taken back, its turn lost
    page.tap("#other summary")
    page.tap("#challenge")
    page.wait_for_selector("body[data-turns='2']", timeout=30000)
    assert page.evaluate("document.body.dataset.totals") == "0,0"
    assert page.get_attribute("#board [data-square='I8']", "data-face") == ""
    # the game saved as a record, which the command line replays move for move
    with page.expect_download() as got:
        page.tap("#export")
    record = tmp_path / "krestoslovitsa.gcg"
    got.value.save_as(record)
    done = subprocess.run([sys.executable, "-m", "printkit", "replay", str(record), "--kit", "krestoslovitsa"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1] == "moves: 2, matched: 2, differ: 0", \
        done.stdout + done.stderr
    assert [u for u in asked if not u.startswith((url, "data:", "blob:"))] == []
    assert errors == []
    context.close()
