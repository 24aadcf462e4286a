"""The board's files: the poster (PDF and SVG), the board on pages of the kit's paper and, when
it takes more than one page, the assembly map; with what the manifest says of each."""

from __future__ import annotations

from math import ceil

from ...geometry import Document, Group, Item, Page, Rect, Role
from ...model import Kit
from ..common import FOOTER_MM, Lettering, footer, lettering, once
from .assembly import assembly_page
from .paper import Split, plan_split, window_page
from .sheet import Sheet, draw_sheet

POSTER_GAP = 5.0  # mm between the legend and the footer of the poster
POSTER_BLEED = 3.0  # mm the poster's background runs past its trimmed edge, on every side, for the cutter
POSTER_SAFE = 3.0  # mm at least between the trimmed edge and anything but the background (a cut drifts)


def _figures(kit: Kit, sheet: Sheet, **more) -> dict:
    """What the manifest says of a board file: ``more``, then cell size, rows and columns."""
    return {**more, "cell_mm": kit.physical.cell_mm, "rows": sheet.rows, "cols": sheet.cols}


def poster_page(kit: Kit, lt: Lettering, sheet: Sheet, bleed: float = POSTER_BLEED) -> Page:
    """The poster: the finished (trimmed) poster is the whole sheet with the footer below it, on the
    poster's background, with margins all round (the kit's, at least ``POSTER_SAFE``), rounded up to
    whole millimetres; the page is that and ``bleed`` mm more on every side, where only the
    background goes, so a print shop's cutter trims it without a white edge. No crop marks: the
    page's TrimBox says where to cut, and marks would have to stand in the bleed, on the
    background, a cut's drift from the finished edge (a shop's own software draws its marks)."""
    m = max(kit.print.margin_mm, POSTER_SAFE)
    w, h = ceil(round(sheet.width + 2 * m, 3)), ceil(round(sheet.height + 2 * m + POSTER_GAP + FOOTER_MM, 3))
    b = bleed
    items: list[Item] = [Rect(0.0, 0.0, w + 2 * b, h + 2 * b, fill=kit.board_style.poster, role=Role.PRINT,
                              tag="poster-background")]
    items.append(Group(sheet.items, b + m, b + m, tag="board"))
    size = lt.say("scale_mm", n=f"{sheet.cols * sheet.cell:g} × {sheet.rows * sheet.cell:g}")
    items.append(Group(tuple(footer(lt, w, h, m, kit.title, lt.say("poster_footer", size=size), 1, 1)), b, b,
                       tag="footer"))
    return Page(w + 2 * b, h + 2 * b, tuple(items), trim=(b, b, float(w), float(h)), bleed=b)


def board_layout(kit: Kit, lt: Lettering | None = None) -> tuple[Sheet, Split]:
    """The sheet and its split over the kit's paper. The seams across depend only on the sheet's
    width, so the sheet is drawn once more with its legend kept off them (the poster shows the
    same sheet, so the glued pages still equal it). Drawn once for the same kit and lettering
    (:func:`..common.once`): the board, its burning template and the budget's estimate ask alike."""
    lt = lt or lettering(kit)
    return once("board layout", kit, lt, lambda: _board_layout(kit, lt))


def _board_layout(kit: Kit, lt: Lettering) -> tuple[Sheet, Split]:
    sheet = draw_sheet(kit, lt)
    split = plan_split(kit, sheet)
    if split.cols > 1:
        sheet = draw_sheet(kit, lt, split.xs[1:-1])
        split = plan_split(kit, sheet)
    return sheet, split


def board_documents(kit: Kit) -> list[Document]:
    """The board: poster PDF and SVG, the board split over pages of the kit's paper, and, when it
    takes more than one page, the assembly map."""
    lt = lettering(kit)
    sheet, split = board_layout(kit, lt)
    poster = poster_page(kit, lt, sheet)
    trimmed = poster_page(kit, lt, sheet, bleed=0.0)  # the SVG: the finished poster (an SVG has no trim box)
    title = lt.say("doc_board", title=kit.title)
    trim = poster.trim_box
    poster_fig = _figures(kit, sheet, pages=1, paper="poster", paper_mm=[poster.width, poster.height],
                          trim_mm=[trim[2], trim[3]], bleed_mm=poster.bleed)
    svg_fig = _figures(kit, sheet, pages=1, paper="poster", paper_mm=[trimmed.width, trimmed.height])
    docs = [Document("board-poster.pdf", "board", "pdf", (poster,), title, poster_fig),
            Document("board.svg", "board", "svg", (trimmed,), title, svg_fig)]
    pages = tuple(window_page(kit, lt, sheet, split, t) for t in split.windows)
    name = f"board-{split.paper}"
    docs.append(Document(f"{name}.pdf", "board", "pdf", pages,
                         lt.say("doc_board_paper", title=kit.title, paper=split.paper), _figures(
        kit, sheet, pages=len(pages), paper=split.paper, paper_mm=[split.page_w, split.page_h],
        orientation="landscape" if split.landscape else "portrait", split=[split.cols, split.rows],
        overlap_mm=split.overlap)))
    if len(pages) > 1:
        paper = kit.print.paper
        docs.append(Document(f"{name}-assembly.pdf", "board-assembly", "pdf",
                             (assembly_page(kit, lt, sheet, split),),
                             lt.say("doc_assembly", title=kit.title, paper=split.paper),
                             {"pages": 1, "paper": split.paper, "paper_mm": [paper.width_mm, paper.height_mm],
                              "board_pages": len(pages), "split": [split.cols, split.rows]}))
    return docs
