"""A picture on every card of the gallery (issue 34): after ``--only 3d`` the 3D plates' cards had none (a
3MF or STL got no preview), and the Cricut's PNG cards were empty. Now each 3MF and STL has a preview drawn
from the triangles the file holds (where the 3D extra is installed, as the files themselves need it), and
each PNG one of itself on white paper; every card shows its file's first preview, listed in the manifest with
its size in pixels."""

from __future__ import annotations

from pathlib import Path

import pytest
from manifestread import manifest_of
from pageread import Page, thumb
from PIL import Image

from printkit.preview import solid_parts


def cards(folder: Path) -> list[tuple[str, list[dict]]]:
    """Each card (``<figure>``) of the gallery: the file its caption links, its images."""
    html = (folder / "index.html").read_text(encoding="utf-8")
    out = []
    for chunk in html.split("<figure>")[1:]:
        p = Page(chunk.split("</figure>", 1)[0])
        caption = Page(chunk.split("<figcaption>", 1)[1])
        out.append((caption.hrefs[0], p.attrs.get("img", [])))
    return out


def every_card_has_its_picture(folder: Path) -> dict[str, tuple[int, int]]:
    """Check that every card shows the first preview of its file, a file of the folder with the manifest's size
    in pixels; give each file's picture's size."""
    m = manifest_of(folder)
    files = [a["path"] for a in m["artifacts"] if a["kind"] not in ("preview", "gallery")]
    firsts = {a["of"]: a for a in m["artifacts"] if a["kind"] == "preview" and a["page"] == 1}
    shown = cards(folder)
    assert [path for path, _ in shown] == files
    sizes = {}
    for path, images in shown:
        assert len(images) == 1, path
        img, shot = images[0], firsts[path]
        assert img["src"] == shot["path"] and img["alt"] == path
        px = Image.open(folder / shot["path"]).size
        assert px == tuple(shot["px"]) and min(px) > 0, path
        assert (int(img["width"]), int(img["height"])) == thumb(px)
        sizes[path] = px
    return sizes


def inked(path: Path) -> float:
    """The share of a picture's pixels that are not paper white."""
    image = Image.open(path).convert("RGB")
    return sum(n for n, c in image.getcolors(1 << 24) if c != (255, 255, 255)) / (image.width * image.height)


@pytest.mark.parametrize("printer", [None, "prusa-mk4-mmu3"])  # Bambu's 3MF (parts as objects) and PrusaSlicer's
def test_after_only_3d_every_plate_has_its_picture(shared, printer):
    pytest.importorskip("manifold3d")
    folder = shared.build("krestoslovitsa", only=["3d"], printer=printer)
    sizes = every_card_has_its_picture(folder)
    solids = [p for p in sizes if p.endswith((".3mf", ".stl"))]
    assert len(solids) == len(sizes) >= 30
    for path in solids:  # a part drawn, not a blank (a piece's few premium squares are a few per cent)
        assert inked(folder / f"preview/{path[:-4]}-{path[-3:]}.png") > 0.01, path


def test_a_tiles_plate_is_seen_from_below_its_letters_dark_on_the_tiles(shared):
    pytest.importorskip("manifold3d")
    folder = shared.build("krestoslovitsa", only=["3d"])
    parts = dict(solid_parts(folder / "3d/tiles-plate-1.3mf", "3mf"))
    m = {a["path"]: a for a in manifest_of(folder)["artifacts"]}
    assert set(parts) == {"body", "letters"}
    tiles = m["3d/tiles-plate-1.3mf"]["tiles"]
    assert tiles == 98 and float(parts["letters"][..., 2].min()) == 0.0  # the faces on the bed
    image = Image.open(folder / "preview/3d/tiles-plate-1-3mf.png").convert("RGB")
    colours = image.getcolors(1 << 24)
    dark = sum(n for n, (r, g, b) in colours if max(r, g, b) < 80)  # the letters' filament, shaded
    body = sum(n for n, (r, g, b) in colours if r > 120 and r > b + 10)  # the bodies' cream, shaded
    total = image.width * image.height
    assert 0.01 < dark / total < 0.2 and body / total > 0.3


def test_the_cricut_pngs_have_pictures_of_themselves(shared):
    folder = shared.build("krestoslovitsa", only=["cutter"], cutter="cricut")
    sizes = every_card_has_its_picture(folder)
    pngs = [p for p in sizes if p.endswith(".png")]
    assert len(pngs) == 2
    for path in pngs:
        with Image.open(folder / path) as im:
            w, h = im.size
            dpi = im.info.get("dpi", (300, 300))[0]
        # the page at 100 dpi, as every preview of paper is, its tiles' faces on white where the PNG is clear
        assert sizes[path] == (round(w / dpi * 100), round(h / dpi * 100)), path
        assert inked(folder / f"preview/{path[:-4]}-png.png") > 0.05
