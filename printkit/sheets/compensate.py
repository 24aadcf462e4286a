"""Compensation for a home printer that prints a little larger or smaller than it is told.

``Kit.print_scale`` (from ``print.measured``, or ``--scale-x``/``--scale-y``) says how much larger
to draw across and down the paper so that the print comes out true to size: a printer that prints a
200 mm ruler as 199.2 mm gets everything drawn 200/199.2 = 1.004 times as large.

What is compensated: every page of a PDF on the kit's paper (tiles and their backs, the board's
pages and assembly map, burning templates, play sheets): the files meant for that printer. What
is not: the calibration sheet (it must stay true, or measuring it again would measure the
compensation), the poster (a page of its own size, for a print shop or a plotter, not the home
printer), and every SVG and DXF (laser cutters, plotters and drawing programs take them at true
size; a compensated SVG would be the wrong size everywhere but on that one printer).

A page is scaled about its centre, so its margins stay even and a page of backs, mirrored about
the centre, still lands behind its fronts; the page keeps its size. A page turned to landscape on
the paper is fed the same way as the others, so its width takes the compensation down the paper
and its height the one across. :func:`laid_out` widens the margin the products lay out in, when the
compensation enlarges, so that the scaled page still keeps ``print.margin_mm`` clear.
"""

from __future__ import annotations

from dataclasses import replace
from math import ceil, sqrt

from ..geometry import Circle, Clip, Document, Group, Item, Page, Text, Transform
from ..model import Kit, Paper

CALIBRATION_KIND = "calibration"
# kinds never scaled for the printer besides the calibration sheet: a print-and-cut page, whose cut
# file is in the page's own coordinates (the cutter's marks take up what the printer changes)
UNSCALED_KINDS = (CALIBRATION_KIND, "cutter")


def _close(a: float, b: float) -> bool:
    return abs(a - b) < 0.01


def page_axes(page: Page, paper: Paper, scale: tuple[float, float]) -> tuple[float, float] | None:
    """The factors along the page's width and height: the paper's across and down, swapped for a
    page turned to landscape; None for a page that is not the kit's paper."""
    w, h = paper.width_mm, paper.height_mm
    if _close(page.width, w) and _close(page.height, h):
        return scale
    if _close(page.width, h) and _close(page.height, w):
        return scale[1], scale[0]
    return None


def compensated(doc: Document, kit: Kit) -> bool:
    """Whether the document is printed on the home printer and so takes the compensation."""
    paper = kit.print.paper
    return (doc.format == "pdf" and doc.kind not in UNSCALED_KINDS and bool(doc.pages)
            and all(page_axes(p, paper, (1.0, 1.0)) is not None for p in doc.pages))


def compensate(doc: Document, kit: Kit) -> Document:
    """``doc`` with every page scaled for the kit's printer, and the manifest's figures saying so:
    ``scale`` along the page's width and height, and the drawn size of a tile or cell beside the
    nominal one. Unchanged when there is nothing to compensate or it is not for the printer."""
    scale = kit.print_scale
    if scale == (1.0, 1.0) or not compensated(doc, kit):
        return doc
    paper = kit.print.paper
    axes = [page_axes(p, paper, scale) for p in doc.pages]
    pages = tuple(scale_page(p, *k) for p, k in zip(doc.pages, axes))
    kx, ky = axes[0]  # the pages of one document are all turned alike
    figures = dict(doc.figures, scale=[kx, ky])
    for key in ("tile_mm", "cell_mm"):
        if key in figures:
            figures[f"drawn_{key}"] = [round(figures[key] * kx, 4), round(figures[key] * ky, 4)]
    return replace(doc, pages=pages, figures=figures)


def laid_out(kit: Kit) -> Kit:
    """The kit the print products lay out: when the compensation enlarges, its margin widened so
    that the page, scaled about its centre, still keeps ``print.margin_mm`` clear on every side
    (in either orientation); the kit itself otherwise."""
    sx, sy = kit.print_scale
    p = kit.print
    m, w, h = p.margin_mm, p.paper.width_mm, p.paper.height_mm
    need = max(m, w / 2 - (w / 2 - m) / sx, h / 2 - (h / 2 - m) / sy)
    if need <= m:
        return kit
    return replace(kit, print=replace(p, margin_mm=ceil(need * 1000) / 1000))


def scale_page(page: Page, kx: float, ky: float) -> Page:
    """The page's content scaled ``kx`` times across and ``ky`` times down about its centre."""
    cx, cy = page.width / 2, page.height / 2
    t = Transform(kx, ky, cx - kx * cx, cy - ky * cy)
    return replace(page, items=tuple(_scaled(item, t) for item in page.items))


def _scaled(item: Item, t: Transform) -> Item:
    """``item`` under ``t``. Where the two factors differ, what cannot be stretched (text, circles)
    is scaled by their mean about the centre of its ink, which lands where ``t`` puts it: a letter
    stays centred on its tile, a few hundredths of a millimetre larger or smaller."""
    if isinstance(item, Group):
        inner = Transform(t.sx, t.sy)
        dx, dy = t.point(item.dx, item.dy)
        clip = Clip(*inner.box(item.clip.x, item.clip.y, item.clip.w, item.clip.h)) if item.clip else None
        return replace(item, items=tuple(_scaled(i, inner) for i in item.items), dx=dx, dy=dy, clip=clip)
    if t.sx == t.sy or not isinstance(item, (Text, Circle)):
        return t.apply(item)
    k = sqrt(t.sx * t.sy)
    if isinstance(item, Circle):
        cx, cy = t.point(item.cx, item.cy)
        return replace(item, cx=cx, cy=cy, r=item.r * k, stroke_mm=item.stroke_mm * k)
    ink = item.ink()
    if ink is None:  # spaces: only the origin moves
        x, y = t.point(item.x, item.y)
    else:
        mx, my = (ink[0] + ink[2]) / 2, (ink[1] + ink[3]) / 2
        nx, ny = t.point(mx, my)
        x, y = nx - k * (mx - item.x), ny - k * (my - item.y)
    return replace(item, x=x, y=y, size=item.size * k)
