"""The products' registry (printkit.products): a new product is an entry and its sheet, and every
part that lists products (the plan and --only, the budget, print-all, the manifest, verify, the
gallery, the command line's help, the web page) takes it from there, with no edit to build.py."""

from __future__ import annotations

import hashlib

import pdfplumber
import pytest
from manifestread import manifest_of

from printkit import products
from printkit.build import build_kit
from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.fonts import default_regular, load
from printkit.geometry import Document, Page, Rect, Role, Text
from printkit.products import REGISTRY, Product, chosen, estimate, plan
from printkit.verify import verify

PT = 72 / 25.4  # PDF points in a millimetre
BOOKMARK = (20.0, 30.0, 50.5, 30.25)  # x, y, w, h in mm on the sheet


def bookmarks(kit) -> list[Document]:
    """A throwaway product's sheet: one page of the kit's paper with one bookmark outline."""
    p = kit.print.paper
    x, y, w, h = BOOKMARK
    label = Text(x, y - 3, kit.title, load(str(default_regular())), 5.0, role=Role.PRINT, tag="bookmark-label")
    page = Page(p.width_mm, p.height_mm, (Rect(x, y, w, h, stroke="#000000", stroke_mm=0.3, role=Role.PRINT,
                                               tag="bookmark"), label))
    figures = {"pages": 1, "paper": p.name, "paper_mm": [p.width_mm, p.height_mm]}
    return [Document(f"bookmarks-{p.name}.pdf", "bookmarks", "pdf", (page,), "Stickers", figures)]


@pytest.fixture
def registered(monkeypatch):
    product = Product("bookmarks", bookmarks, "bookmark sheets", in_print_all=True)
    monkeypatch.setitem(REGISTRY, "bookmarks", product)  # after the others, as register() puts it; gone after the test
    return product


def test_a_registered_product_is_built_listed_and_verified(registered, tmp_path):
    kit = load_kit("krestoslovitsa-mini")
    assert chosen(["bookmarks"]) == ["bookmarks", "print-all"]  # its pages go into print-all: rebuilt with it
    result = build_kit(kit, tmp_path, only=["bookmarks"])
    folder = result.folder
    manifest = manifest_of(folder)
    entry = next(a for a in manifest["artifacts"] if a["path"] == "bookmarks-A4.pdf")
    data = (folder / "bookmarks-A4.pdf").read_bytes()
    assert (entry["product"], entry["kind"], entry["pages"]) == ("bookmarks", "bookmarks", 1)
    assert (entry["bytes"], entry["sha256"]) == (len(data), hashlib.sha256(data).hexdigest())
    assert any(a["kind"] == "preview" and a["of"] == "bookmarks-A4.pdf" for a in manifest["artifacts"])
    with pdfplumber.open(folder / "bookmarks-A4.pdf") as pdf:  # the sheet's numbers, read back from the file
        (rect,) = pdf.pages[0].rects
        assert rect["x0"] / PT == pytest.approx(BOOKMARK[0], abs=0.01)
        assert rect["top"] / PT == pytest.approx(BOOKMARK[1], abs=0.01)
        assert rect["width"] / PT == pytest.approx(BOOKMARK[2], abs=0.01)
        assert rect["height"] / PT == pytest.approx(BOOKMARK[3], abs=0.01)
    with pdfplumber.open(folder / "print-all-A4.pdf") as pdf:  # print-all holds its page, after play's
        whole = pdf.pages[-1]
        assert len(whole.rects) == 1 and whole.rects[0]["width"] / PT == pytest.approx(BOOKMARK[2], abs=0.01)
    gallery = (folder / "index.html").read_text(encoding="utf-8")
    assert '<h3 id="product-bookmarks">bookmarks</h3>' in gallery and 'href="bookmarks-A4.pdf"' in gallery
    report = verify(folder, kit=kit)
    assert report.passed, [c.line() for c in report.failures]
    assert "ok  bookmarks-A4.pdf: 1 page of 210 × 297 mm" in [c.line() for c in report.checks]


def test_a_registered_product_is_counted_by_the_budget_and_named_by_only(registered):
    kit = load_kit("krestoslovitsa-mini")
    work = estimate(kit, ["bookmarks"])
    (f,) = work.of("bookmarks")
    assert (f.path, f.pages, f.format, f.paper, f.items) == ("bookmarks-A4.pdf", 1, "pdf", "A4", 2)
    (whole,) = work.of("print-all")
    planned = dict((doc.path, doc) for _, doc in plan(kit, ["bookmarks", "print-all"]))
    assert whole.pages == len(planned["print-all-A4.pdf"].pages)  # its page counted into print-all's
    assert "bookmarks" in products.names()
    with pytest.raises(PrintkitError, match=r"unknown product 'bookmark'.*bookmarks\b"):
        chosen(["bookmark"])
    with pytest.raises(ValueError, match="registered already"):
        products.register(registered)


def test_the_help_of_only_lists_the_registry(registered, run, capsys):
    with pytest.raises(SystemExit) as done:
        run("build", "--help")
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert f"({', '.join(products.names())})" in " ".join(out.split())  # every product, the registered one last
    assert products.names()[-1] == "bookmarks"
