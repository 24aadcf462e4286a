"""Burning template of the board: the printed board's drawing with its colours taken away, each
line thin and black, every word and label a thin outline (with single strokes: the premium labels
and coordinates as strokes), the start star an outline; split over the kit's paper exactly as the
printed board is (same seams, glue strips, registration crosses and trim marks), so the glued
pages lie over the board at 1:1."""

from __future__ import annotations

from dataclasses import replace

from ...geometry import Circle, Document, Group, Item, Line, Page, Path, Rect, Text
from ...model import Kit
from ...needs import SINGLE_LINE
from ..board import board_layout, paper
from ..board.paper import Split, Window
from ..board.sheet import LABEL_MARGIN, Metrics, Sheet
from ..common import INK, Lettering
from . import strokes as st
from .tiles import LINE_MM, cap_of, thin


def stroked(text: Text, room: float) -> Path:
    """``text`` in single strokes, capitals as high as its own, its ink box centred on the text's,
    made narrower than ``room`` mm if it would be wider."""
    x0, y0, x1, y1 = text.ink()
    cap = cap_of(text)
    placed = st.place(text.text, cap, (x0 + x1) / 2, text.y)
    if placed.width > room:
        placed = st.place(text.text, cap * room / placed.width, (x0 + x1) / 2, text.y)
    b = placed.box
    return placed.moved(0.0, (y0 + y1) / 2 - (b[1] + b[3]) / 2).path(INK, LINE_MM, text.role, text.tag)


def _rooms(kit: Kit, sheet: Sheet) -> dict[str, float]:
    """How wide a single-stroke label may be, by the tag of what it replaces."""
    m = Metrics.of(sheet.cell)
    return {"label": sheet.cell * (1 - 2 * LABEL_MARGIN), "coordinate": sheet.strip * 0.9,
            "legend-label": m.swatch * 0.84}


def burn_item(item: Item, rooms: dict[str, float] | None) -> Item | None:
    """One item of the printed board as a line to trace, or None for a coloured fill (the grid
    lines draw the cells). ``rooms``: draw the labels and coordinates in single strokes, where
    every character has strokes."""
    if isinstance(item, Group):
        return replace(item, items=tuple(i for i in (burn_item(j, rooms) for j in item.items) if i is not None))
    if isinstance(item, Rect):
        if item.tag.startswith("cell:"):
            return None
        return replace(item, fill=None, stroke=INK, stroke_mm=LINE_MM)
    if isinstance(item, (Line, Circle)):
        return replace(item, stroke=INK, stroke_mm=LINE_MM)
    if isinstance(item, Path):
        return replace(item, fill=None, stroke=INK, stroke_mm=LINE_MM)
    if isinstance(item, Text):
        kind = item.tag.split(":")[0]
        if rooms is not None and kind in rooms and not st.missing(item.text):
            return stroked(item, rooms[kind])
        return thin(item)
    raise TypeError(f"burn template: cannot draw {item!r}")


def burn_sheet(kit: Kit, sheet: Sheet, single: bool) -> Sheet:
    """The printed board's drawing, every part a thin line (a text of no ink, which outlines to a
    path of no point, is left out: there is nothing to burn)."""
    rooms = _rooms(kit, sheet) if single else None
    items = tuple(i for i in (burn_item(j, rooms) for j in sheet.items)
                  if i is not None and not (isinstance(i, Path) and all(len(c) == 1 for c in i.commands)))
    return replace(sheet, items=items)


def extent(item: Item) -> tuple[float, float, float, float]:
    """A box (x0, y0, x1, y1) that holds the item's lines (a path's control points included)."""
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Line):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, Path):
        xs = [v for c in item.commands for v in c[1::2]]
        ys = [v for c in item.commands for v in c[2::2]]
        return min(xs), min(ys), max(xs), max(ys)
    raise TypeError(f"burn template: no extent for {item!r}")


def reaches(box: tuple[float, float, float, float], window: tuple[float, float, float, float],
            margin: float = 0.5) -> bool:
    """Whether ``box`` reaches into ``window`` (or within ``margin`` mm of it: a stroke's half width)."""
    return (box[0] <= window[2] + margin and box[2] >= window[0] - margin and box[1] <= window[3] + margin
            and box[3] >= window[1] - margin)


def window_page(kit: Kit, lt: Lettering, sheet: Sheet, split: Split, window: Window,
                boxes: list[tuple[float, float, float, float]] | None = None) -> Page:
    """One page of the template, as the printed board's page (glue strips, crosses, trim marks,
    footer), showing only the lines that reach into its window: every glyph is a path here, and the
    whole sheet on every page would make the file four times the size. ``boxes``: the items'
    extents, when the caller has them (one list for every page)."""
    boxes = boxes if boxes is not None else [extent(i) for i in sheet.items]
    seen = tuple(i for i, box in zip(sheet.items, boxes) if reaches(box, window.window))
    return paper.window_page(kit, lt, sheet, split, window, shown=seen,
                             what=lt.say("burn_board_footer", paper=split.paper))


def board_document(kit: Kit, lt: Lettering) -> Document:
    """The board's template on pages of the kit's paper."""
    single = kit.burn.letters == "single"
    if single:
        SINGLE_LINE.require(kit)
    sheet, split = board_layout(kit, lt)
    burned = burn_sheet(kit, sheet, single)
    boxes = [extent(i) for i in burned.items]
    pages = tuple(window_page(kit, lt, burned, split, w, boxes) for w in split.windows)
    return Document(f"burn-board-{split.paper}.pdf", "burn-board", "pdf", pages,
                    lt.say("doc_burn_board", title=kit.title, paper=split.paper),
                    {"pages": len(pages), "paper": split.paper, "paper_mm": [split.page_w, split.page_h],
                     "orientation": "landscape" if split.landscape else "portrait", "split": [split.cols, split.rows],
                     "overlap_mm": split.overlap, "cell_mm": kit.physical.cell_mm, "rows": sheet.rows,
                     "cols": sheet.cols, "letters": "single" if single else "outline", "mirrored": False,
                     "line_mm": LINE_MM})
