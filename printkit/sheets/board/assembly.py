"""The assembly map: the sheet drawn small with each page's part outlined and numbered, its glue
strips hatched, and the steps of cutting and gluing in words."""

from __future__ import annotations

from ...fonts import load
from ...geometry import Circle, Group, Item, Page, Rect, Role, Transform
from ...model import Kit
from ..common import FOOTER_MM, LABEL_EM, footer, label, text_width
from .paper import Split, hatch
from .sheet import Sheet, centred

MAP_LEAST_STROKE = 0.08  # mm: the thinnest line of the map, however small it is drawn


def assembly_page(kit: Kit, sheet: Sheet, split: Split) -> Page:
    """How the pages go together: the sheet drawn small with each page's part outlined and numbered,
    the glue strips hatched, and the steps in words."""
    paper = kit.print.paper
    pw, ph, m = paper.width_mm, paper.height_mm, kit.print.margin_mm
    width = pw - 2 * m
    title = f"{kit.title}: assembling the board from {len(split.windows)} pages of {split.paper}"
    intro = (f"board {sheet.cols * sheet.cell:g} × {sheet.rows * sheet.cell:g} mm, cells {sheet.cell:g} mm; "
             f"{split.cols} × {split.rows} pages{' (landscape)' if split.landscape else ''}, "
             f"overlap {split.overlap:g} mm")
    items: list[Item] = [label(m, m + 6.0, title, fitted(title, 6.0, width), tag="title"),
                         label(m, m + 12.0, intro, fitted(intro, LABEL_EM, width))]
    top = m + 17.0
    steps = assembly_steps(split)
    steps_h = len(steps) * 5.0 + 4.0
    avail_h = ph - 2 * m - FOOTER_MM - (top - m) - steps_h
    k = min(width / sheet.width, avail_h / sheet.height)
    items.append(Group(tuple(assembly_map(sheet, split, k)), round(m + (width - sheet.width * k) / 2, 4), top,
                       tag="map"))
    y = top + sheet.height * k + 6.0
    em = min(fitted(step, LABEL_EM, width) for step in steps)
    for step in steps:
        items.append(label(m, y, step, em, tag="step"))
        y += 5.0
    items.extend(footer(pw, ph, m, f"{kit.title} · board {split.paper} assembly", 1, 1))
    return Page(pw, ph, tuple(items))


def assembly_map(sheet: Sheet, split: Split, k: float) -> list[Item]:
    """The sheet ``k`` times its size, glue strips hatched, each page's own part outlined and
    numbered in a white disc."""
    bold = load(None)
    small = Transform.scale(k)
    drawn: list[Item] = [small.apply(Group(sheet.items, tag="board"), least_stroke=MAP_LEAST_STROKE)]
    for window in split.windows:
        drawn.extend(small.apply(hatch(rect), least_stroke=MAP_LEAST_STROKE) for rect, _ in window.glue)
    for window in split.windows:
        x0, y0, x1, y1 = (v * k for v in window.own)
        drawn.append(Rect(x0, y0, x1 - x0, y1 - y0, stroke="#000000", stroke_mm=0.5, role=Role.PRINT,
                          tag="page-outline"))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(9.0, (x1 - x0) / 4, (y1 - y0) / 4)
        drawn.append(Circle(cx, cy, r, fill="#ffffff", stroke="#000000", stroke_mm=0.4, role=Role.PRINT,
                            tag="page-number"))
        drawn.append(centred(str(window.number), bold, r * 0.9, cx, cy, "#000000", "page-number"))
    return drawn


def fitted(text: str, em: float, width: float) -> float:
    """``em``, or less if the text would be wider than ``width`` at that size."""
    w = text_width(text, em)
    return em if w <= width else em * width / w


def assembly_steps(split: Split) -> list[str]:
    """The steps in words, naming the pages whose edges are cut."""
    cuts = []
    for edge, rest in (("left", "every page but those of the first column"),
                       ("top", "every page but those of the first row")):
        numbers = [str(t.number) for t in split.windows if edge in t.trim]
        if len(numbers) > 6:
            cuts.append(f"the {edge} edge of {rest}")
        elif numbers:
            cuts.append(f"the {edge} edge of page{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}")
    return [
        f"1. Print every page of board-{split.paper}.pdf at 100 % (actual size); the bar on each must measure 50 mm.",
        f"2. Cut along the short trim marks: {' and '.join(cuts)}.",
        "3. In page order, lay each cut edge over the hatched strip of its neighbour so that the half crosses",
        "    and the grid lines meet, then glue. The hatched strips end up hidden.",
    ]
