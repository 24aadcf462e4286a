"""The burning templates' work for the budget (:mod:`printkit.budget`): the tiles' pages as the tile sheets lay
them out, and the board's as the board's split does."""

from __future__ import annotations

from ...budget import FOOTER_ITEMS, FileWork, Work, items_of, page_px, paper_px
from ...geometry import Rect
from ...model import Kit
from ..board.work import board_cause, shared_layout, window_items
from ..tiles import face_pages, tile_cause, tile_layout
from .tiles import unstroked


def burn_work(kit: Kit, work: Work) -> list[FileWork]:
    p = kit.print
    files: list[FileWork] = []
    grid, placed, fronts = tile_layout(kit)
    single = kit.burn.letters == "single" and not unstroked(kit)  # a set beyond the strokes burns in outlines
    pages = face_pages(kit, grid, placed, fronts, False)
    px = paper_px(kit)
    cause = tile_cause(kit, grid, placed)
    for stem in ("burn-tiles", "burn-tiles-mirrored"):
        files.append(FileWork(f"{stem}-{p.paper.name}.pdf", "burn", "pdf", fronts, px * fronts, sum(pages),
                              p.paper.name))
    if single:
        files += [FileWork(f"burn-tiles-single-{n}.svg", "burn", "svg", 1, px, items - FOOTER_ITEMS, p.paper.name)
                  for n, items in enumerate(pages, 1)]
    for f in files:
        work.causes[f.path] = cause
    _, sheet, split = shared_layout(kit, work)
    # the template draws every part of the printed board as a line but the cells' fills, and on each
    # page only the lines that reach into its window: about the window's share of the sheet
    burned = sum(items_of((i,)) for i in sheet.items if not (isinstance(i, Rect) and i.tag.startswith("cell:")))
    area = sheet.width * sheet.height
    shares = [min(1.0, (w.window[2] - w.window[0] + sheet.cell) * (w.window[3] - w.window[1] + sheet.cell) / area)
              for w in split.windows]
    board_pages = [n + round(burned * k) for n, k in zip(window_items(split, 0), shares)]
    path = f"burn-board-{split.paper}.pdf"
    files.append(FileWork(path, "burn", "pdf", len(board_pages), page_px(split.page_w, split.page_h) * len(board_pages),
                          sum(board_pages), split.paper))
    work.causes[path] = board_cause(kit, sheet, split)
    return files


__all__ = ["burn_work"]
