"""The chart of ``printkit fit``: for each tile face, its share of the set's lettered tiles beside the
language's share of that letter, as a page of geometry (the SVG writer and the PNG preview draw it).

Two bars a letter, in the set's order: the tiles' (dark) and the language's (light), on one scale in
per cent with grid lines; a flagged letter is labelled in red with a dot above its bars.
"""

from __future__ import annotations

import math

from ..engine.fit import Fit
from ..fonts import label_font, load
from ..geometry import Circle, Line, Page, Rect, Role, Text
from ..text import Words

TILES = "#1f4e79"
LANGUAGE = "#f0a35e"
FLAG = "#c0392b"
GRID = "#d0d0d0"
INK = "#222222"
BAR_MM = 3.2  # width of one bar
GAP_MM = 2.4  # between two letters' pairs of bars
PLOT_H = 80.0
LEFT, RIGHT, TOP, BOTTOM = 18.0, 6.0, 22.0, 22.0


def _step(top: float) -> float:
    """A grid step (in per cent) that gives four to eight lines up to ``top``."""
    for step in (0.5, 1, 2, 2.5, 5, 10, 20, 25, 50):
        if top / step <= 8:
            return float(step)
    return 100.0


def scale_top(f: Fit) -> float:
    """The top of the scale in per cent: the tallest bar, rounded up to the grid."""
    tallest = max([max(r.tile_share, r.share) * 100 for r in f.rows] + [1.0])
    step = _step(tallest)
    return math.ceil(tallest / step) * step


def _drawable(font, text: str) -> str:
    """``text`` with what the font cannot draw written as ``?`` (the chart is a report, not a tile)."""
    return "".join(ch if font.has(ch) or ch == " " else "?" for ch in text)


def chart(f: Fit, title: str, say: Words) -> Page:
    """The chart of ``f`` as one page, its width following the number of letters; its words are
    ``say``'s (the kit's language)."""
    small, bold = label_font(), load()
    n = len(f.rows)
    pair = 2 * BAR_MM + GAP_MM
    width = max(LEFT + n * pair + RIGHT, 150.0)
    height = TOP + PLOT_H + BOTTOM
    base = TOP + PLOT_H
    top = scale_top(f)
    step = _step(top)
    mm_per_pct = PLOT_H / top
    items: list = [Rect(0, 0, width, height, fill="#ffffff", role=Role.PRINT, tag="background")]
    items.append(Text(LEFT, 7.0, _drawable(bold, title), bold, 4.2, fill=INK, role=Role.PRINT, tag="title"))
    # legend
    x = LEFT
    for colour, label in ((TILES, say("fit_tiles")), (LANGUAGE, say("fit_language"))):
        items.append(Rect(x, 11.2, 3.0, 3.0, fill=colour, role=Role.PRINT, tag="legend"))
        items.append(Text(x + 4.2, 14.0, label, small, 3.2, fill=INK, role=Role.PRINT, tag="legend"))
        x += 4.2 + small.run_advance(label) * 3.2 / small.units + 6.0
    if f.flagged:
        items.append(Circle(x + 1.5, 12.7, 1.0, fill=FLAG, role=Role.PRINT, tag="legend"))
        items.append(Text(x + 3.5, 14.0, _drawable(small, say("fit_flagged", faces=" ".join(f.flagged))), small, 3.2,
                          fill=FLAG,
                          role=Role.PRINT, tag="legend"))
    # grid and scale
    k = 0
    while k * step <= top + 1e-9:
        y = base - k * step * mm_per_pct
        items.append(Line(LEFT - 1.0, y, width - RIGHT, y, stroke=INK if k == 0 else GRID,
                          stroke_mm=0.25 if k == 0 else 0.15, role=Role.PRINT, tag="grid"))
        label = f"{k * step:g} %"
        w = small.run_advance(label) * 2.8 / small.units
        items.append(Text(LEFT - 2.0 - w, y + 1.0, label, small, 2.8, fill=INK, role=Role.PRINT, tag="scale"))
        k += 1
    # bars and letters
    for i, r in enumerate(f.rows):
        x0 = LEFT + GAP_MM / 2 + i * pair
        for j, (share, colour, kind) in enumerate(((r.tile_share, TILES, "tiles"),
                                                   (r.share, LANGUAGE, "language"))):
            h = share * 100 * mm_per_pct
            items.append(Rect(x0 + j * BAR_MM, base - h, BAR_MM, h, fill=colour, role=Role.PRINT,
                              tag=f"{kind}:{r.face}"))
        size = 3.6 if len(r.face) == 1 else 2.6
        face = _drawable(bold, r.face)
        w = bold.run_advance(face) * size / bold.units
        items.append(Text(x0 + BAR_MM - w / 2, base + 5.5, face, bold, size,
                          fill=FLAG if r.flags else INK, role=Role.PRINT, tag=f"letter:{r.face}"))
        for k_row, (figure, bad) in enumerate(((r.value, False), (r.suggested, any(
                flag.startswith("value") for flag in r.flags)))):
            text = str(figure)
            w = small.run_advance(text) * 2.6 / small.units
            items.append(Text(x0 + BAR_MM - w / 2, base + 10.0 + 4.0 * k_row, text, small, 2.6,
                              fill=FLAG if bad else INK, role=Role.PRINT, tag=f"value:{r.face}"))
        if r.flags:
            y = base - max(r.tile_share, r.share) * 100 * mm_per_pct - 2.0
            items.append(Circle(x0 + BAR_MM, y, 0.9, fill=FLAG, role=Role.PRINT, tag=f"flag:{r.face}"))
    for k_row, label in enumerate((say("fit_value"), say("fit_suggested"))):
        w = small.run_advance(label) * 2.4 / small.units
        items.append(Text(LEFT - 2.0 - w, base + 10.0 + 4.0 * k_row, label, small, 2.4, fill="#666666",
                          role=Role.PRINT, tag="values"))
    items.append(Text(LEFT, height - 2.5, _drawable(small, say("fit_source", source=f.shares.source)), small, 2.6,
                      fill="#666666",
                      role=Role.PRINT, tag="source"))
    return Page(width, height, tuple(items))
