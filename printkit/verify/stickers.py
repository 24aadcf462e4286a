"""Tile stickers (manifest kind ``stickers``), re-measured: every face on its label of the stock
(centre within 0.05 mm of the label's, as the manifest's stock figures place the labels), its
colour running the bleed past the label, as many faces as the set and its spares; the last page's
outlines exactly the labels (0.05 mm). The PDF's content is interpreted by :mod:`.cutter`'s reader."""

from __future__ import annotations

import io
import math

from .cutter import pdf_drawing
from .measure import MM, mm

TOL = 0.05


def _labels(a: dict) -> list[tuple[float, float, float, float]]:
    """Every label's box as the page draws it: the stock's, scaled about the page's centre by the
    printer's compensation (the manifest's ``scale``), as a printer that prints small needs."""
    (cols, rows), (left, top), (px, py), (w, h) = a["grid"], a["first_mm"], a["pitch_mm"], a["label_mm"]
    kx, ky = a.get("scale", [1.0, 1.0])
    cx, cy = a["paper_mm"][0] / 2, a["paper_mm"][1] / 2
    sx = lambda x: cx + kx * (x - cx)  # noqa: E731
    sy = lambda y: cy + ky * (y - cy)  # noqa: E731
    return [(sx(left + c * px), sy(top + r * py), sx(left + c * px + w), sy(top + r * py + h))
            for r in range(rows) for c in range(cols)]


def checks(report, ctx, a: dict, data: bytes, path) -> bool:
    """The sticker product's checks of a file (its record in :mod:`printkit.products`): each face on its label
    in a PDF; the format's checks too."""
    if a.get("kind") == "stickers" and a["format"] == "pdf":
        check_stickers(report, a, data)
    return True


def check_stickers(report, a: dict, data: bytes) -> None:
    import pypdf

    rel = a["path"]
    try:
        pages = pypdf.PdfReader(io.BytesIO(data)).pages
        labels = _labels(a)
        bx, by = a["face_bleed_mm"]
        total = a["tiles"] + a["spares"]
    except Exception as exc:  # noqa: BLE001 - a broken file or manifest is a FAIL line, never a crash
        report.fail(rel, f"its sticker figures cannot be checked: {type(exc).__name__} {str(exc)[:80]}")
        return
    _fits_the_tiles(report, rel, a)
    round_ = a.get("shape") == "round"
    faces_seen = 0
    for n, page in enumerate(pages, 1):
        if n == a.get("instructions_page"):  # plain paper: the words and the scale bar, measured as any page's
            continue
        d = pdf_drawing(page, float(page.mediabox.width) * MM, float(page.mediabox.height) * MM)
        if n == a.get("alignment_page"):
            outlines = [_box(p) for p, _ in d.strokes]
            over = len(d.ink) - len(d.strokes)  # a panel or a word (the ink of all but the strokes): it hides outlines
            if over:
                report.fail(rel, f"page {n}: {over} mark{'s' if over != 1 else ''} besides the label outlines on the "
                                 f"alignment page: nothing may hide an outline there")
            if round_:  # a circle is scaled by the mean of the two factors, about its own centre's new place
                kx, ky = a.get("scale", [1.0, 1.0])
                r = a["label_mm"][0] / 2 * math.sqrt(kx * ky)
                want = [((lb[0] + lb[2]) / 2 - r, (lb[1] + lb[3]) / 2 - r, (lb[0] + lb[2]) / 2 + r,
                         (lb[1] + lb[3]) / 2 + r) for lb in labels]
            else:
                want = labels
            missing = [lb for lb in want if not any(all(abs(u - v) <= TOL for u, v in zip(o, lb)) for o in outlines)]
            if missing:
                report.fail(rel, f"page {n}: {len(missing)} of {len(labels)} label outlines are not where the stock "
                                 f"puts its labels (the first at {mm(missing[0][0])}, {mm(missing[0][1])} mm)")
            else:
                report.ok(rel, f"page {n}: the {len(labels)} label outlines where the stock puts them "
                               f"(within {TOL:g} mm)")
            continue
        kx, ky = a.get("scale", [1.0, 1.0])
        if round_:  # a circle is scaled by the mean of the two factors
            kx = ky = math.sqrt(kx * ky)
        want_w = (a["label_mm"][0] + 2 * (min(bx, by) if round_ else bx)) * kx
        want_h = (a["label_mm"][1] + 2 * (min(bx, by) if round_ else by)) * ky
        faces = [f for f in d.fills if abs(f[2] - f[0] - want_w) <= TOL and abs(f[3] - f[1] - want_h) <= TOL]
        wrong = []
        near = _centres(labels)
        for f in faces:
            cx, cy = (f[0] + f[2]) / 2, (f[1] + f[3]) / 2
            if not any(math.hypot(cx - lx, cy - ly) <= TOL for lx, ly in near(cx, cy)):
                wrong.append(f"the face centred at {mm(cx)}, {mm(cy)} mm is on no label (within {TOL:g} mm)")
        for line in wrong[:3]:
            report.fail(rel, f"page {n}: {line}")
        if not faces:
            report.fail(rel, f"page {n}: no face of {mm(want_w)} × {mm(want_h)} mm (the label and its bleed)")
        elif not wrong:
            report.ok(rel, f"page {n}: {len(faces)} faces, each centred on its label within {TOL:g} mm, "
                           f"{mm(bx)} mm of bleed")
        faces_seen += len(faces)
    if faces_seen != total:
        report.fail(rel, f"{faces_seen} faces on its pages, the manifest says {total} tiles and spares")


def _fits_the_tiles(report, rel: str, a: dict) -> None:
    """The labels go on the kit's tiles (``tile_mm``): one larger than a tile by more than
    :data:`~printkit.model.LABEL_OVERHANG_MM` a side hangs over its edges (the mini kit's 9 mm tiles and
    20 mm labels; the build refuses them, a manifest changed after it is caught here)."""
    from ..model import LABEL_OVERHANG_MM as OVERHANG_MM

    tile, label = a.get("tile_mm"), a.get("label_mm")
    if not isinstance(tile, (int, float)) or not isinstance(label, list):
        return  # a manifest of an earlier printkit: the stickers' tiles are not stated
    over = (max(label) - tile) / 2
    if over > OVERHANG_MM + 1e-9:
        report.fail(rel, f"labels of {mm(label[0])} × {mm(label[1])} mm on tiles of {mm(tile)} mm hang over each "
                         f"edge by {mm(over)} mm: choose a stock of labels the tiles' size (--labels NAME|FILE; "
                         f"printkit ships none under 19 mm)")
    else:
        report.ok(rel, f"labels of {mm(label[0])} × {mm(label[1])} mm fit the tiles of {mm(tile)} mm "
                       f"(within {OVERHANG_MM:g} mm a side)")


def _centres(labels):
    """The labels' centres near a point, found by a grid of 1 mm cells: a page of many faces is measured in
    time as its faces, not faces × labels (a changed file may hold millions)."""
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for lb in labels:
        c = ((lb[0] + lb[2]) / 2, (lb[1] + lb[3]) / 2)
        cells.setdefault((math.floor(c[0]), math.floor(c[1])), []).append(c)

    def near(x: float, y: float) -> list[tuple[float, float]]:
        i, j = math.floor(x), math.floor(y)
        return [c for di in (-1, 0, 1) for dj in (-1, 0, 1) for c in cells.get((i + di, j + dj), ())]
    return near


def _box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


__all__ = ["check_stickers"]
