"""The printer calibration sheet: rulers across and down the kit's paper and a 50 mm square, to be
printed at 100 % and measured, with the steps in the kit's language.

Across and down, the longest ruler that fits inside the margins (200, 180, 150, 100 or 50 mm: on
A4 portrait 180 mm across and 200 mm down) is the one to measure; a 100 mm ruler beside it, and the
square, are quick checks. The lengths are far enough apart that a measured figure tells which
ruler it was (:data:`printkit.model.CALIBRATION_RULERS_MM`). The sheet is never compensated: it
shows what the printer does, however the kit is set. Ticks every millimetre, longer every 5 and
10, numbered every 10; the two ends are marked past the ruler's line so they cannot be mistaken.
"""

from __future__ import annotations

from typing import Callable

from ..errors import PrintkitError
from ..geometry import Document, Item, Line, Page, Rect, Role, Text
from ..model import CALIBRATION_RULERS_MM, Kit
from ..records import record
from .common import INK, LABEL_EM, Lettering, footer, lettering, require_words
from .compensate import CALIBRATION_KIND
from .play.page import Area, title, wrapped

KIND = CALIBRATION_KIND
CHECK_MM = 100.0  # the shorter ruler beside the longest, across and down
SQUARE_MM = 50.0
TICKS = ((10, 5.0), (5, 3.5), (1, 2.0))  # every n mm: a tick so long
END_OVER = 3.0  # the end ticks reach past the ruler's line by this much
TICK_STROKE = 0.1
LINE_STROKE = 0.2
NUMBER_EM = LABEL_EM * 0.8
CAPTION_EM = LABEL_EM * 1.1
CAPTION_MM = 6.0  # a caption's band above a ruler or the square
PAD = 3.5  # room for a number centred on an end tick
GAP = 5.0  # between blocks
TITLE_MM = 10.0  # the title's band at the top of each page
LINE_MM = 4.6  # a line of the instructions
HEADING_MM = 6.5
MIN_TEXT_MM = 60.0  # the narrowest column the steps are written in beside the rulers down
INCH_MM = 25.4
INCH_PAPERS = ("Letter", "Legal", "Tabloid")  # papers of a country that measures in inches: an inch ruler too
INCH_TICKS = ((8, 5.0), (4, 3.5), (2, 2.8), (1, 2.0))  # every n eighths of an inch: a tick so long
MIN_INCHES = 2


@record
class Block:
    """Something placed on the sheet: its size, and its items drawn with its top-left at (x, y)."""

    width: float
    height: float
    draw: Callable[[float, float], list[Item]]


def _ticks(length: float) -> list[tuple[float, float, bool]]:
    """(position, tick length, is an end) for every millimetre of a ruler."""
    n = round(length)
    return [(float(i), next(h for every, h in TICKS if i % every == 0), i in (0, n)) for i in range(n + 1)]


def across_ruler(lt: Lettering, length: float, caption: str, bold: bool) -> Block:
    """A ruler along the page: caption, its line, ticks hanging from it, numbers under the ticks."""
    line_y = CAPTION_MM + END_OVER
    longest = max(h for _, h in TICKS)

    def draw(x: float, y: float) -> list[Item]:
        x0, base = x + PAD, y + line_y
        items: list[Item] = [_caption(lt, caption, x0, y + CAPTION_MM - 1.8, bold),
                             Line(x0, base, x0 + length, base, INK, LINE_STROKE, role=Role.PRINT, tag="ruler-line")]
        for at, h, end in _ticks(length):
            top = base - END_OVER if end else base
            items.append(Line(x0 + at, top, x0 + at, base + h, INK, LINE_STROKE if end else TICK_STROKE,
                              role=Role.PRINT, tag="ruler-end" if end else "ruler-tick"))
            if round(at) % 10 == 0:
                items.append(lt.label(x0 + at, base + longest + 3.0, f"{at:g}", NUMBER_EM, "centre",
                                      tag="ruler-number"))
        return items

    return Block(length + 2 * PAD, line_y + longest + 4.0, draw)


def inch_ruler(lt: Lettering, inches: int, caption: str) -> Block:
    """A ruler along the page in inches: ticks every eighth, longer every quarter, half and inch,
    numbered every inch, its ends marked past the line as on the millimetre rulers."""
    line_y = CAPTION_MM + END_OVER
    longest = max(h for _, h in INCH_TICKS)
    length = inches * INCH_MM

    def draw(x: float, y: float) -> list[Item]:
        x0, base = x + PAD, y + line_y
        items: list[Item] = [_caption(lt, caption, x0, y + CAPTION_MM - 1.8, False),
                             Line(x0, base, round(x0 + length, 4), base, INK, LINE_STROKE, role=Role.PRINT,
                                  tag="inch-line")]
        for i in range(inches * 8 + 1):
            at = round(x0 + i * INCH_MM / 8, 4)
            h = next(h for every, h in INCH_TICKS if i % every == 0)
            end = i in (0, inches * 8)
            items.append(Line(at, base - END_OVER if end else base, at, base + h, INK,
                              LINE_STROKE if end else TICK_STROKE, role=Role.PRINT,
                              tag="inch-end" if end else "inch-tick"))
            if i % 8 == 0:
                items.append(lt.label(at, base + longest + 3.0, str(i // 8), NUMBER_EM, "centre", tag="inch-number"))
        return items

    return Block(length + 2 * PAD, line_y + longest + 4.0, draw)


def down_ruler(lt: Lettering, length: float, caption: str, bold: bool) -> Block:
    """A ruler down the page: caption above, its line, ticks to the right, numbers beside them."""
    longest = max(h for _, h in TICKS)
    numbers = lt.width(f"{length:g}", NUMBER_EM)
    body = END_OVER + longest + 1.0 + numbers
    cap = lt.width(caption, CAPTION_EM)
    width = max(body, cap) + 1.0
    top = CAPTION_MM + 2.5

    def draw(x: float, y: float) -> list[Item]:
        x0, y0 = x + END_OVER, y + top
        items: list[Item] = [_caption(lt, caption, x, y + CAPTION_MM - 1.8, bold),
                             Line(x0, y0, x0, y0 + length, INK, LINE_STROKE, role=Role.PRINT, tag="ruler-line")]
        for at, h, end in _ticks(length):
            left = x0 - END_OVER if end else x0
            items.append(Line(left, y0 + at, x0 + h, y0 + at, INK, LINE_STROKE if end else TICK_STROKE,
                              role=Role.PRINT, tag="ruler-end" if end else "ruler-tick"))
            if round(at) % 10 == 0:
                items.append(lt.label(x0 + longest + 1.0, y0 + at + 0.9, f"{at:g}", NUMBER_EM, tag="ruler-number"))
        return items

    return Block(width, top + length + 2.0, draw)


def square(lt: Lettering) -> Block:
    caption = lt.say("square_mm", n=f"{SQUARE_MM:g}")

    def draw(x: float, y: float) -> list[Item]:
        return [_caption(lt, caption, x, y + CAPTION_MM - 1.8, False),
                Rect(x, y + CAPTION_MM, SQUARE_MM, SQUARE_MM, stroke=INK, stroke_mm=LINE_STROKE, role=Role.PRINT,
                     tag="square")]

    return Block(max(SQUARE_MM, lt.width(caption, CAPTION_EM)), CAPTION_MM + SQUARE_MM, draw)


def _caption(lt: Lettering, text: str, x: float, baseline: float, bold: bool) -> Text:
    font = lt.bold(text) if bold else lt.small(text)
    return Text(x, baseline, text, font, CAPTION_EM, INK, role=Role.PRINT, tag="caption")


def longest(room: float, size: Callable[[float], float]) -> float | None:
    """The longest calibration ruler whose block, ``size(length)`` long, fits ``room``."""
    return next((r for r in CALIBRATION_RULERS_MM if size(r) <= room + 1e-9), None)


def instructions(kit: Kit, lt: Lettering, across: float, down: float) -> list[tuple[str, str]]:
    """The steps, numbered, and the kit's compensation now: (marker, paragraph)."""
    n = {"across": f"{across:g}", "down": f"{down:g}"}
    steps = [lt.say("calibrate_print"), lt.say("calibrate_measure", **n), lt.say("calibrate_enter", **n),
             lt.say("calibrate_result"), lt.say("calibrate_off")]
    sx, sy = kit.print_scale
    now = (lt.say("calibration_none") if (sx, sy) == (1.0, 1.0)
           else lt.say("calibration_now", across=f"{sx:.4f}", down=f"{sy:.4f}"))
    return [(f"{i}.", text) for i, text in enumerate(steps, 1)] + [("", now)]


class _Sheet:
    """Pages filled from the top: a title on each, blocks placed at a running height."""

    def __init__(self, kit: Kit, lt: Lettering, area: Area):
        self.kit, self.lt, self.area = kit, lt, area
        self.pages: list[list[Item]] = []
        self.y = 0.0
        self.new_page()

    def new_page(self) -> None:
        """A page: the first with the title, the others (small paper only) with the footer alone."""
        if self.pages:
            self.pages.append([])
            self.y = self.area.top
        else:
            heading = self.lt.say("calibration_title")
            self.pages.append([title(self.lt, self.area, heading, self.area.top + 6.0)])
            self.y = self.area.top + TITLE_MM

    @property
    def room(self) -> float:
        return self.area.bottom - self.y

    def place(self, block: Block, x: float, y: float) -> None:
        self.pages[-1].extend(block.draw(x, y))

    def row(self, block: Block) -> None:
        """``block`` at the left, below what is there; on a new page if it does not fit."""
        if block.height > self.room:
            self.new_page()
        self.place(block, self.area.left, self.y)
        self.y += block.height + GAP

    def text(self, paragraphs: list[tuple[str, list[str]]], x: float, y: float, width: float) -> None:
        """The heading and the wrapped paragraphs from (x, y) down; what does not fit goes on to new
        pages at the left margin."""
        lt = self.lt
        heading = lt.say("calibrate_heading")
        if y + HEADING_MM + LINE_MM > self.area.bottom:
            self.new_page()
            x, y = self.area.left, self.y
        self.pages[-1].append(lt.label(x, y + 4.0, heading, LABEL_EM * 1.25, tag="heading"))
        y += HEADING_MM
        for marker, lines in paragraphs:
            for k, line in enumerate(lines):
                if y + LINE_MM > self.area.bottom:
                    self.new_page()
                    x, y = self.area.left, self.y
                if marker and k == 0:
                    self.pages[-1].append(lt.label(x, y + 3.2, marker, tag="step"))
                self.pages[-1].append(lt.label(x + 5.0, y + 3.2, line, tag="instruction"))
                y += LINE_MM
            y += 1.2
        self.y = max(self.y, y + GAP)


def calibration_documents(kit: Kit) -> list[Document]:
    lt = lettering(kit)
    require_words(kit, lt)
    area = Area.of(kit)
    sheet = _Sheet(kit, lt, area)
    inner = area.inner

    across = longest(inner, lambda r: r + 2 * PAD)
    if across is None:
        raise PrintkitError(f"{kit.at('print.margin_mm')}: the calibration sheet needs "
                            f"{min(CALIBRATION_RULERS_MM):g} mm across inside the margins; "
                            f"{kit.print.paper.name} paper with margins of "
                            f"{kit.print.margin_mm:g} mm leaves {inner:.1f} mm")
    sheet.row(across_ruler(lt, across, lt.say("across_mm", n=f"{across:g}"), True))

    def height(r: float) -> float:
        return down_ruler(lt, r, lt.say("down_mm", n=f"{r:g}"), True).height

    down = longest(sheet.room, height)
    if down is None:  # not below the rulers across: on a page of its own
        sheet.new_page()
        down = longest(sheet.room, height)
    if down is None:
        need = height(min(CALIBRATION_RULERS_MM))
        raise PrintkitError(f"{kit.at('print.margin_mm')}: the calibration sheet needs {need:.1f} mm down inside "
                            f"the margins, above the footer, for its shortest ruler; {kit.print.paper.name} paper "
                            f"with margins of {kit.print.margin_mm:g} mm leaves {sheet.room:.1f} mm")
    downs = [down_ruler(lt, down, lt.say("down_mm", n=f"{down:g}"), True)]
    if down > CHECK_MM:
        downs.append(down_ruler(lt, CHECK_MM, lt.say("down_mm", n=f"{CHECK_MM:g}"), False))
    column_x = area.left + sum(b.width + GAP for b in downs)
    column_w = area.right - column_x
    column: list[Block] = []
    check = across_ruler(lt, CHECK_MM, lt.say("across_mm", n=f"{CHECK_MM:g}"), False) if across > CHECK_MM else None
    if check is not None and check.width > column_w:
        sheet.row(check)  # too wide beside the rulers down: a row of its own above them
        check = None
    if check is not None:
        column.append(check)
    inch_rulers: list[int] = []
    if kit.print.paper.name in INCH_PAPERS:  # an inch ruler beside the rulers down, or a row of its own
        inches = int((column_w - 2 * PAD) // INCH_MM)
        beside = inches >= MIN_INCHES
        if not beside:
            inches = int((inner - 2 * PAD) // INCH_MM)
        ruler = inch_ruler(lt, inches, lt.say("across_in", n=inches))
        if beside:
            column.append(ruler)
        elif inches >= MIN_INCHES:
            sheet.row(ruler)
        if inches >= MIN_INCHES:
            inch_rulers.append(inches)
    box = square(lt)
    if box.width <= column_w:
        column.append(box)

    # the rulers down at the left, and beside them the shorter ruler across, the square, the steps
    top = sheet.y
    x = area.left
    for b in downs:
        sheet.place(b, x, top)
        x += b.width + GAP
    y = top
    for b in column:
        sheet.place(b, column_x, y)
        y += b.height + GAP
    sheet.y = top + max(b.height for b in downs) + GAP
    if box not in column:
        sheet.row(box)
    if column_w < MIN_TEXT_MM or box not in column:  # the steps below, the whole width
        column_x, column_w, y = area.left, area.inner, sheet.y
    width = column_w - 5.0
    steps = [(marker, wrapped(lt, text, width)) for marker, text in instructions(kit, lt, across, down)]
    sheet.text(steps, column_x, y, width)

    pages = []
    total = len(sheet.pages)
    paper = kit.print.paper
    for i, items in enumerate(sheet.pages, 1):
        items = items + footer(lt, area.width, area.height, kit.print.margin_mm, kit.title,
                               lt.say("calibration_footer"), i, total)
        pages.append(Page(area.width, area.height, tuple(items)))
    figures = {"pages": total, "paper": paper.name, "paper_mm": [paper.width_mm, paper.height_mm],
               "rulers_mm": {"across": [across] + ([CHECK_MM] if across > CHECK_MM else []),
                             "down": [down] + ([CHECK_MM] if down > CHECK_MM else [])},
               "square_mm": SQUARE_MM, "measure": {"across": across, "down": down}, "compensated": False}
    if inch_rulers:
        figures["rulers_in"] = {"across": inch_rulers}
    return [Document(f"{KIND}.pdf", KIND, "pdf", tuple(pages), lt.say("doc_calibration", title=kit.title), figures)]
