"""What every page carries (scale bar, print note, page label) stays legible on any paper."""

from __future__ import annotations

import pytest

from printkit.config import load_kit
from printkit.products import REGISTRY

FOOTER_TAGS = {"label", "print-note", "page-label", "page-note", "scale-bar"}


def _boxes(page):
    for item, dx, dy in page.walk():
        if getattr(item, "tag", "") in FOOTER_TAGS:
            if hasattr(item, "ink"):
                x0, y0, x1, y1 = item.ink()
            else:
                x0, y0, x1, y1 = item.x, item.y, item.x + item.w, item.y + item.h
            yield item, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "A5", "100x150", "150x100"])
@pytest.mark.parametrize("product", ["tiles", "board", "burn"])
@pytest.mark.parametrize("name", ["krestoslovitsa", "scrabble-uk"])
def test_footer_fits_and_nothing_in_it_overlaps(paper, product, name):
    kit = load_kit(name, paper=paper)
    margin = kit.print.margin_mm
    for doc in REGISTRY[product].documents(kit):
        if doc.format != "pdf":
            continue
        for page in doc.pages:
            boxes = list(_boxes(page))
            assert any(i.tag == "scale-bar" for i, _ in boxes)
            assert any(i.tag == "print-note" for i, _ in boxes)
            for item, (x0, _, x1, y1) in boxes:
                assert margin - 0.01 <= x0 and x1 <= page.width - margin + 0.01, (item.tag, paper)
                assert y1 <= page.height - margin + 0.5, (item.tag, paper)
            for i, (a, ba) in enumerate(boxes):
                for b, bb in boxes[i + 1:]:
                    apart = ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]
                    assert apart, (paper, doc.path, getattr(a, "text", a.tag), getattr(b, "text", b.tag))


@pytest.mark.parametrize("name", ["krestoslovitsa", "krestoslovitsa-mini", "scrabble-uk", "scrabble-en"])
def test_every_page_names_its_set_and_keeps_its_note(name):
    """The set's name and the product are on every page (the Ukrainian and mini burning templates
    dropped them for their note); a note that does not fit beside them moves up a line."""
    kit = load_kit(name)
    for product in ("tiles", "board", "burn"):
        for doc in REGISTRY[product].documents(kit):
            if doc.format != "pdf" or doc.kind == "board" and len(doc.pages) == 1 and doc.pages[0].width > 300:
                continue  # the poster carries the set's name as its title
            for n, page in enumerate(doc.pages, 1):
                tagged = {}
                for item, _, _ in page.walk():
                    tagged.setdefault(getattr(item, "tag", ""), []).append(getattr(item, "text", ""))
                assert tagged["page-label"][0].startswith(f"{kit.title} · "), (doc.path, n, tagged["page-label"])
                if doc.kind.startswith("burn-tiles"):  # and its note, "lay it on the wood…", is kept
                    assert len(tagged.get("page-note", [])) == 1, (doc.path, n)


def test_paper_too_small_or_margins_too_wide(run, write):
    code, _, err = run("build", "--paper", "80x200", "--out", "/nonexistent-never-written")
    assert code == 2 and err.strip() == "--paper: paper 80x200: each side must be 100 to 2000 mm"
    kit = write("k.yaml", "extends: krestoslovitsa\nprint: {paper: A5, margin_mm: 40}\n")
    code, _, err = run("check", kit)
    assert code == 2
    assert err.strip().endswith("k.yaml:2:31: margins of 40 mm leave less than 80 × 60 mm of A5 paper for the "
                                "tiles and the 50 mm scale bar")
