"""The chart of ``printkit simulate``: for each tile face, the set's value beside the value the games
suggest, as a page of geometry (the SVG writer and the PNG preview draw it).

Two bars a letter, in the set's order: the set's value (dark) and the suggested one (light), on one
scale in points with grid lines; under each letter, the share of games it was left on a rack. A
letter the games never played has no light bar.
"""

from __future__ import annotations

import math
from typing import Sequence

from ..fonts import label_font, load
from ..geometry import Line, Page, Rect, Role, Text
from ..text import Words

VALUE = "#1f4e79"
SUGGESTED = "#f0a35e"
GRID = "#d0d0d0"
INK = "#222222"
BAR_MM = 3.2
GAP_MM = 2.4
PLOT_H = 70.0
LEFT, RIGHT, TOP, BOTTOM = 18.0, 6.0, 22.0, 18.0


def _drawable(font, text: str) -> str:
    return "".join(ch if font.has(ch) or ch == " " else "?" for ch in text)


def chart(letters: Sequence, title: str, say: Words) -> Page:
    """``letters``: rows with ``face``, ``value``, ``suggested`` (None: not played), ``ended``."""
    small, bold = label_font(), load()
    rows = [r for r in letters if r.face != "?"]
    n = len(rows)
    pair = 2 * BAR_MM + GAP_MM
    width = max(LEFT + n * pair + RIGHT, 150.0)
    height = TOP + PLOT_H + BOTTOM
    base = TOP + PLOT_H
    tallest = max([r.value for r in rows] + [r.suggested or 0 for r in rows] + [1])
    step = 1 if tallest <= 8 else 2 if tallest <= 16 else 5
    top = math.ceil(tallest / step) * step
    per = PLOT_H / top
    items: list = [Rect(0, 0, width, height, fill="#ffffff", role=Role.PRINT, tag="background")]
    items.append(Text(LEFT, 7.0, _drawable(bold, title), bold, 4.2, fill=INK, role=Role.PRINT, tag="title"))
    x = LEFT
    for colour, label in ((VALUE, say("fit_value")), (SUGGESTED, say("fit_suggested"))):
        items.append(Rect(x, 11.2, 3.0, 3.0, fill=colour, role=Role.PRINT, tag="legend"))
        items.append(Text(x + 4.2, 14.0, _drawable(small, label), small, 3.2, fill=INK, role=Role.PRINT, tag="legend"))
        x += 4.2 + small.run_advance(label) * 3.2 / small.units + 6.0
    k = 0
    while k * step <= top:
        y = base - k * step * per
        items.append(Line(LEFT - 1.0, y, width - RIGHT, y, stroke=INK if k == 0 else GRID,
                          stroke_mm=0.25 if k == 0 else 0.15, role=Role.PRINT, tag="grid"))
        label = f"{k * step}"
        w = small.run_advance(label) * 2.8 / small.units
        items.append(Text(LEFT - 2.0 - w, y + 1.0, label, small, 2.8, fill=INK, role=Role.PRINT, tag="scale"))
        k += 1
    for i, r in enumerate(rows):
        x0 = LEFT + GAP_MM / 2 + i * pair
        for j, (figure, colour, kind) in enumerate(((r.value, VALUE, "value"), (r.suggested, SUGGESTED,
                                                                               "suggested"))):
            if figure is None:
                continue
            h = figure * per
            items.append(Rect(x0 + j * BAR_MM, base - h, BAR_MM, h, fill=colour, role=Role.PRINT,
                              tag=f"{kind}:{r.face}"))
        size = 3.6 if len(r.face) == 1 else 2.6
        face = _drawable(bold, r.face)
        w = bold.run_advance(face) * size / bold.units
        items.append(Text(x0 + BAR_MM - w / 2, base + 5.5, face, bold, size, fill=INK, role=Role.PRINT,
                          tag=f"letter:{r.face}"))
        text = f"{r.ended * 100:.0f}"
        w = small.run_advance(text) * 2.4 / small.units
        items.append(Text(x0 + BAR_MM - w / 2, base + 10.0, text, small, 2.4, fill="#666666", role=Role.PRINT,
                          tag=f"ended:{r.face}"))
    label = say("sim_chart_ended")
    items.append(Text(LEFT, height - 2.5, _drawable(small, label), small, 2.6, fill="#666666", role=Role.PRINT,
                      tag="note"))
    return Page(width, height, tuple(items))
