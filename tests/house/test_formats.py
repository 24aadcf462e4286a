"""The formats' table (printkit.formats): a new format is one entry and its writer, and every part that writes,
lists, previews, serves or verifies a file (the build, the manifest, the previews and the gallery, the web page's
downloads, verify, the laser and cutter profiles) takes it from there."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest
from manifestread import manifest_of

from printkit import formats
from printkit.build import build_kit
from printkit.config import load_kit
from printkit.errors import PrintkitError
from printkit.formats import FORMATS, Format
from printkit.geometry import Document, Page, Rect, Role
from printkit.install import install_line
from printkit.products import REGISTRY, Product
from printkit.verify import verify


def write_txt(doc: Document, target) -> None:
    """A throwaway format: each rectangle of each page as a line of numbers."""
    lines = [f"{it.tag} {it.x:g} {it.y:g} {it.w:g} {it.h:g}" for page in doc.pages for it in page.items]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if hasattr(target, "write"):
        target.write(data)
    else:
        with open(target, "wb") as f:
            f.write(data)


def check_txt(report, ctx, a, data, path) -> None:
    """Its reader for verify: the rectangles the manifest states, read back from the file."""
    lines = data.decode("utf-8").split("\n")[:-1]
    report.expect(len(lines) == a["rects"], a["path"], f"{len(lines)} rectangles, as stated",
                  f"{len(lines)} rectangles, the manifest says {a['rects']}")


def cards(kit) -> list[Document]:
    page = Page(100.0, 60.0, tuple(Rect(10.0 * i, 5.0, 8.0, 8.0, stroke="#000000", stroke_mm=0.2, role=Role.CUT,
                                        tag=f"card{i}") for i in range(1, 4)))
    return [Document("cards.txt", "cards", "txt", (page,), "Cards", {"rects": 3})]


@pytest.fixture
def txt(monkeypatch):
    fmt = Format("txt", "TXT", "text/plain", write_txt, check_txt, laser=True)
    monkeypatch.setitem(FORMATS, "txt", fmt)  # as formats.register() adds it; gone after the test
    monkeypatch.setitem(REGISTRY, "cards", Product("cards", cards, "card sheets", for_printer=False,
                                                   by_default=False))
    return fmt


def test_a_registered_format_is_written_listed_unpreviewed_served_and_verified(txt, tmp_path):
    kit = load_kit("krestoslovitsa-mini")
    folder = build_kit(kit, tmp_path, only=["cards"]).folder
    data = (folder / "cards.txt").read_bytes()
    assert data == b"card1 10 5 8 8\ncard2 20 5 8 8\ncard3 30 5 8 8\n"  # its writer's bytes
    manifest = manifest_of(folder)
    entry = next(a for a in manifest["artifacts"] if a["path"] == "cards.txt")
    assert (entry["format"], entry["product"], entry["bytes"], entry["sha256"]) == \
        ("txt", "cards", len(data), hashlib.sha256(data).hexdigest())
    assert not any(a.get("of") == "cards.txt" for a in manifest["artifacts"])  # not previewable: no preview
    assert 'href="cards.txt"' in (folder / "index.html").read_text(encoding="utf-8")
    assert formats.media_type("cards.txt") == "text/plain"  # the page's download of it
    report = verify(folder, kit=kit)
    assert report.passed, [c.line() for c in report.failures]
    assert "ok  cards.txt: 3 rectangles, as stated" in [c.line() for c in report.checks]
    (folder / "cards.txt").write_bytes(data + b"card4 40 5 8 8\n")
    for a in manifest["artifacts"]:
        if a["path"] == "cards.txt":
            a["bytes"], a["sha256"] = len(data) + 15, hashlib.sha256(data + b"card4 40 5 8 8\n").hexdigest()
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    lines = [c.line() for c in verify(folder, kit=kit).failures]
    assert "FAIL cards.txt: 4 rectangles, the manifest says 3" in lines, lines


def test_a_laser_profile_may_list_a_registered_laser_format(txt, tmp_path):
    from printkit.config.machine import load_machine
    from printkit.config.reader import Problems

    shipped = Path(__file__).resolve().parents[2] / "templates" / "machines" / "lightburn.yaml"
    profile = tmp_path / "l.yaml"
    body = shipped.read_text(encoding="utf-8")
    assert "formats: [svg, lbrn2]" in body
    profile.write_text(body.replace("formats: [svg, lbrn2]", "formats: [svg, txt]"), encoding="utf-8")
    problems = Problems()
    machine = load_machine(str(profile), tmp_path, "--laser", problems)
    assert problems.items == [] and machine.formats == ("svg", "txt")
    assert formats.names(laser=True) == ("svg", "dxf", "lbrn2", "txt")
    assert formats.names(previewed=True) == ("pdf", "svg", "dxf", "png", "3mf", "stl")


def test_a_format_needing_a_library_says_which_pip_line(monkeypatch):
    fmt = replace(FORMATS["dxf"], library="no_such_module_printkit")
    monkeypatch.setitem(FORMATS, "dxf", fmt)
    with pytest.raises(PrintkitError) as info:
        fmt.require()
    assert str(info.value) == ("DXF files need the no_such_module_printkit library, which is not installed: "
                               f"{install_line('dxf')}")
    with pytest.raises(ValueError, match="registered already"):
        formats.register(FORMATS["pdf"])
