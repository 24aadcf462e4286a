"""The board's work for the budget (:mod:`printkit.budget`): its poster, its pages and their assembly map counted
from the sheet and its split over the paper, as the documents lay them out, nothing drawn but the sheet."""

from __future__ import annotations

from math import floor

from ...budget import FOOTER_ITEMS, Cause, FileWork, Work, items_of, page_px, paper_px
from ...errors import PrintkitError
from ...model import Kit
from ..common import lettering
from .documents import board_layout, poster_page
from .paper import HATCH_PITCH


def shared_layout(kit: Kit, work: Work):
    """The board's sheet and its split over the paper, made once for the products that count it (the board, the
    burning templates)."""
    key = ("board", id(kit))
    if key not in work.shared:
        try:
            lt = lettering(kit)
            work.shared[key] = (lt, *board_layout(kit, lt))
        except PrintkitError as exc:
            work.shared[key] = exc
    made = work.shared[key]
    if isinstance(made, PrintkitError):
        raise made
    return made


def hatch_lines(rect) -> int:
    x0, y0, x1, y1 = rect
    return max(0, floor((x1 + y1) / HATCH_PITCH) - floor((x0 + y0) / HATCH_PITCH) + 1)


def window_items(split, shown: int) -> list[int]:
    """Items on each page of a split board: the sheet's (clipped, but all drawn), the glue strips'
    hatching, the registration crosses, trim marks, footer."""
    return [shown + sum(hatch_lines(rect) + 3 for rect, _ in w.glue) + 2 * len(w.marks) + 4 + FOOTER_ITEMS
            for w in split.windows]


def board_cause(kit: Kit, sheet, split) -> Cause:
    return Cause("physical.cell_mm",
                 f"a board of {sheet.width:.0f} × {sheet.height:.0f} mm ({sheet.cols} × {sheet.rows} cells of "
                 f"{sheet.cell:g} mm) on {split.cols} × {split.rows} pages of {split.paper}",
                 "choose smaller cells (physical.cell_mm) or larger paper (print.paper)")


def board_work(kit: Kit, work: Work) -> list[FileWork]:
    lt, sheet, split = shared_layout(kit, work)
    on_sheet = items_of(sheet.items)
    poster = poster_page(kit, lt, sheet, bleed=0.0)
    poster_px = page_px(poster.width, poster.height)
    poster_items = on_sheet + 1 + FOOTER_ITEMS
    pages = window_items(split, on_sheet)
    split_px = page_px(split.page_w, split.page_h)
    files = [FileWork("board-poster.pdf", "board", "pdf", 1, poster_px, poster_items, "poster"),
             FileWork("board.svg", "board", "svg", 1, poster_px, poster_items, "poster"),
             FileWork(f"board-{split.paper}.pdf", "board", "pdf", len(pages), split_px * len(pages), sum(pages),
                      split.paper)]
    if len(pages) > 1:
        hatch = sum(hatch_lines(rect) for w in split.windows for rect, _ in w.glue)
        files.append(FileWork(f"board-{split.paper}-assembly.pdf", "board", "pdf", 1, paper_px(kit),
                              on_sheet + hatch + 3 * len(split.windows) + 12 + FOOTER_ITEMS, split.paper))
    work.causes[files[2].path] = board_cause(kit, sheet, split)
    return files


__all__ = ["board_cause", "board_work", "hatch_lines", "shared_layout", "window_items"]
