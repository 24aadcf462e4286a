"""The budget counts the gallery's pictures (issue 34): the previews of the files that are not pages of paper, a 3D
plate's picture (printkit.solid.render.picture), a PNG page's (the Cricut's), a DXF sheet's drawing, were made by
the build but counted as no work: no preview and no pixel in the estimate (``check``'s "N previews of M pixels",
the budget's limit of pixels). Now each is counted as a page's preview is: the estimate's previews are the ones
the build makes, each with its pixels (a PNG's and a DXF's exactly, a 3D file's at most its bed's picture)."""

from __future__ import annotations

from pathlib import Path

import pytest
from manifestread import manifest_of

from printkit import budget
from printkit.config import load_kit
from printkit.products import estimate


def made(folder: Path) -> dict[str, tuple[int, int]]:
    """(previews, their pixels) of every file of a built folder, by path, from its manifest."""
    artifacts = manifest_of(folder)["artifacts"]
    out = {a["path"]: (0, 0) for a in artifacts if a["kind"] not in ("preview", "gallery")}
    for a in artifacts:
        if a["kind"] == "preview":
            n, px = out[a["of"]]
            out[a["of"]] = (n + 1, px + a["px"][0] * a["px"][1])
    return out


def counted(work) -> dict[str, tuple[int, int]]:
    return {f.path: (budget._previewed(f), f.preview_px) for f in work.files}


CASES = [  # (products, options, the extra whose files are pictured)
    (["cutter"], {}, "ezdxf"),  # Silhouette: PDF, SVG and DXF
    (["cutter"], {"cutter": "cricut"}, None),  # Cricut: SVG, PNG and its instructions' PDF
    (["laser", "racks", "box"], {"laser": "rdworks"}, "ezdxf"),  # DXF only: the bed's sheets, the coupon and gauge
]


@pytest.mark.parametrize("only, options, needs", CASES, ids=["silhouette", "cricut", "rdworks"])
def test_the_estimate_counts_each_picture_the_build_makes_with_its_pixels(shared, only, options, needs):
    if needs:
        pytest.importorskip(needs)
    folder = shared.build("krestoslovitsa", only=only, **options)
    work = estimate(load_kit("krestoslovitsa", **options), only)
    real = made(folder)
    assert counted(work) == real  # each file (the kerf coupon and gauge, written once, are counted by each product)
    pictured = [f.path for f in work.files if f.format in ("png", "dxf")]
    assert len(pictured) >= 2 and all(real[path][0] == 1 and real[path][1] > 0 for path in pictured)


def test_the_estimate_counts_each_3d_picture_at_most_its_bed(shared):
    """A plate's picture is as large as its parts seen tilted (the default kit's: 30 % of the bed's on average, a
    part of a board's piece less): counted as the whole bed's, never less than the picture made."""
    pytest.importorskip("manifold3d")
    folder = shared.build("krestoslovitsa", only=["3d"])
    work = estimate(load_kit("krestoslovitsa"), ["3d"])
    real = made(folder)
    assert sorted(f.path for f in work.files) == sorted(real) and len(real) == 36
    assert work.previews == sum(n for n, _ in real.values()) == 36
    bed = budget.plate_px(256, 256)  # Bambu Lab X1: 262 mm at 2 px a mm, each way
    assert bed == 524 * 524
    for f in work.files:
        assert real[f.path][0] == budget._previewed(f) == 1 and f.preview_px == bed >= real[f.path][1], f.path
    assert sum(px for _, px in real.values()) <= work.preview_px <= 4 * sum(px for _, px in real.values())

