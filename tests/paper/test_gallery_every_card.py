"""No card of the gallery without a picture (issue 34): the Silhouette cutter's DXF cut files had cards with no
picture beside their SVGs' (a DXF got no preview). Now a DXF's preview is a drawing of the lines it holds on
its sheet (its limits: the page, or the laser's bed), each a pixel wide in its colour, as the SVG's preview
shows the same cuts; and every card of a full build of the default kit, of ``--only 3d`` and of
``--only cutter`` shows its file's picture, read from the gallery's HTML."""

from __future__ import annotations

from pathlib import Path

import pytest
from manifestread import manifest_of
from pageread import Page
from PIL import Image


def cards(folder: Path) -> list[tuple[str, list[str]]]:
    """Each card (``<figure>``) of the gallery's HTML: the file its caption links to, and the pictures it shows."""
    html = (folder / "index.html").read_text(encoding="utf-8")
    out = []
    for chunk in html.split("<figure>")[1:]:
        card = chunk.split("</figure>", 1)[0]
        caption = Page(card.split("<figcaption>", 1)[1])
        out.append((caption.hrefs[0], Page(card).srcs))
    return out


@pytest.mark.parametrize("only, needs", [(None, None), (("3d",), "manifold3d"), (("cutter",), "ezdxf")],
                         ids=["all", "3d", "cutter"])
def test_every_card_of_the_gallery_has_a_picture(shared, only, needs):
    if needs:
        pytest.importorskip(needs)
    folder = shared.build("krestoslovitsa", only=only)
    artifacts = manifest_of(folder)["artifacts"]
    files = [a["path"] for a in artifacts if a["kind"] not in ("preview", "gallery")]
    first = {a["of"]: a["path"] for a in artifacts if a["kind"] == "preview" and a["page"] == 1}
    shown = cards(folder)
    assert [path for path, _ in shown] == files  # a card for every file, in the manifest's order
    bare = [path for path, pictures in shown if not pictures]
    assert bare == [], f"cards without a picture: {bare}"
    for path, pictures in shown:
        own = first.get(path) or first[path.removesuffix(".lbrn2") + ".svg"]  # a LightBurn project: its SVG's
        assert pictures == [own] and (folder / pictures[0]).is_file(), path
    if only == ("cutter",):
        assert [p for p in files if p.endswith(".dxf")] == ["cutter-silhouette-A4-1-cut.dxf",
                                                            "cutter-silhouette-A4-2-cut.dxf"]


def _red(path: Path):
    """The pixels of a picture drawn in the cut's red, as an array of booleans."""
    import numpy as np

    rgb = np.asarray(Image.open(path).convert("RGB")).astype(int)
    return (rgb[..., 0] > 150) & (rgb[..., 1] < 100) & (rgb[..., 2] < 100)


def test_a_cut_dxf_is_drawn_where_its_svg_draws_the_same_cuts(shared):
    """The DXF holds the cut lines of the SVG beside it (the SVG has the printed faces and marks too): the DXF's
    picture is that page at the same scale, its red lines on the SVG's red lines."""
    pytest.importorskip("ezdxf")
    import numpy as np

    folder = shared.build("krestoslovitsa", only=["cutter"])
    m = {a["path"]: a for a in manifest_of(folder)["artifacts"]}
    for n in (1, 2):
        dxf, svg = m[f"preview/cutter-silhouette-A4-{n}-cut-dxf.png"], m[f"preview/cutter-silhouette-A4-{n}-svg.png"]
        assert dxf["of"] == f"cutter-silhouette-A4-{n}-cut.dxf" and dxf["px"] == svg["px"] == [827, 1169]  # A4
        drawn, cuts = _red(folder / dxf["path"]), _red(folder / svg["path"])
        assert drawn.sum() > 10_000  # 80 or 41 tiles' outlines, 80 mm each: not a blank page
        assert [f(np.nonzero(drawn)[k]) for k in (0, 1) for f in (min, max)] == \
            [f(np.nonzero(cuts)[k]) for k in (0, 1) for f in (min, max)]
        assert (drawn & cuts).sum() > 0.8 * (drawn | cuts).sum()
        # the cuts only, red on white and their edges pink: not the SVG's letters and marks, printed, not cut
        image = np.asarray(Image.open(folder / dxf["path"]).convert("RGB")).astype(int)
        ink = image[(image != 255).any(axis=-1)]
        assert (ink[:, 0] >= 250).all() and (abs(ink[:, 1] - ink[:, 2]) <= 8).all()


def test_a_laser_dxf_is_drawn_on_its_bed(shared):
    """RDWorks takes DXF only: the laser's sheets, the racks and the box had cards with no picture."""
    pytest.importorskip("ezdxf")
    folder = shared.build("krestoslovitsa", only=["laser", "racks", "box"], laser="rdworks")
    artifacts = manifest_of(folder)["artifacts"]
    dxfs = [a for a in artifacts if a["format"] == "dxf"]
    shots = {a["of"]: a for a in artifacts if a["kind"] == "preview"}
    assert len(dxfs) >= 7 and all(a["bed"] == "600x400" for a in dxfs if "bed" in a)
    for a in dxfs:
        assert shots[a["path"]]["px"] == [1200, 800], a["path"]  # the bed of 600 × 400 mm at most 1200 px
        image = Image.open(folder / shots[a["path"]]["path"]).convert("RGB")
        inked = sum(n for n, c in image.getcolors(1 << 24) if c != (255, 255, 255))
        assert inked > 1000, a["path"]
    assert [path for path, pictures in cards(folder) if not pictures] == []
